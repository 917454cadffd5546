/**
 * The stylesheet renderer's worker thread: the official FatturaPA and KSeF stylesheets, compiled to
 * SEF, run by SaxonJS. Offline by construction: every HTTP(S) request and `fetch` throws in this
 * thread, and the one `document()` the KSeF shared templates make (the country list) is answered
 * from the vendored schema through SaxonJS's `documentPool`.
 */
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import { createRequire } from 'node:module';
import { parentPort } from 'node:worker_threads';
import type SaxonJSModule from 'saxon-js';
import { artefactPath } from '../engine/paths';
import { loadSef } from '../engine/sef-store';
import { KSEF_COUNTRIES_PATH, KSEF_COUNTRIES_URL } from './ksef-countries';
import type { RenderWorkerRequest, RenderWorkerResponse } from './protocol';

const port = parentPort;
if (!port) throw new Error('standards/render/worker.ts runs as a worker thread.');

const blocked = (): never => {
  throw new Error('Network access is disabled while a stylesheet runs.');
};
for (const mod of [http, https] as Array<Record<string, unknown>>) {
  mod.request = blocked;
  mod.get = blocked;
}
globalThis.fetch = blocked;

const SaxonJS = createRequire(import.meta.url)('saxon-js') as typeof SaxonJSModule;
const html5 = { method: 'html', 'html-version': 5, version: '5' };
const stylesheets = new Map<string, unknown>();
let countries: Record<string, unknown> | undefined;

const stylesheet = (sefPath: string): unknown => {
  let sef = stylesheets.get(sefPath);
  if (sef === undefined) {
    sef = loadSef(sefPath);
    stylesheets.set(sefPath, sef);
  }
  return sef;
};

const countryPool = (): Record<string, unknown> =>
  (countries ??= { [KSEF_COUNTRIES_URL]: SaxonJS.XPath.evaluate('parse-xml($t)', null, { params: { t: fs.readFileSync(artefactPath(KSEF_COUNTRIES_PATH), 'utf8') } }) });

const transform = (sefPath: string, xml: string, ksef: boolean): string => {
  const options = {
    stylesheetInternal: stylesheet(sefPath),
    sourceText: xml,
    destination: 'serialized' as const,
    outputProperties: html5,
    ...(ksef ? { stylesheetBaseURI: 'file:///ledgerdesk/standards/ksef/stylesheet/fa2styl.xsl', documentPool: countryPool() } : {}),
  };
  return String(SaxonJS.transform(options, 'sync').principalResult);
};

const send = (message: RenderWorkerResponse): void => port.postMessage(message);

port.on('message', (request: RenderWorkerRequest) => {
  if (request.type === 'warm') {
    // One transform of an empty document prepares each stylesheet's code paths; a failure here only costs the warm-up.
    for (const sefPath of request.sefPaths) {
      try {
        transform(sefPath, '<empty/>', false);
      } catch {
        /* the first real render reports it */
      }
    }
    return;
  }
  try {
    send({ id: request.id, type: 'rendered', html: transform(request.sefPath, request.xml, request.ksef) });
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    send({ id: request.id, type: 'failed', message: error instanceof Error ? error.message : String(error), ...(typeof code === 'string' ? { xsltCode: code } : {}) });
  }
});
