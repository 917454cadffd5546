/**
 * The official stylesheets (FatturaPA AdE 1.2.2 and 1.2.3, KSeF FA(2)) run by SaxonJS from the SEFs
 * compiled at build time (standards/sef, scripts/compile-standards.mjs), in a worker thread so a
 * long render never blocks the core. Offline by construction: in the worker every HTTP(S) request
 * and `fetch` throws; the one `document()` the KSeF shared templates make (the country list) is
 * answered from the vendored schema through SaxonJS's `documentPool`; a source with a DOCTYPE is
 * refused, so no external entity is ever read. A render that runs past its time limit is stopped
 * (the worker is replaced) and reported.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { AppError, because, reason, type StylesheetId } from '../../../shared/contract';
import type { StylesheetEngine } from './stylesheets';

const KSEF_COUNTRIES_URL = 'http://crd.gov.pl/xml/schematy/dziedzinowe/mf/2022/01/05/eD/DefinicjeTypy/KodyKrajow_v10-0E.xsd';

/** Artefact paths (as in standards/sef/manifest.json) by stylesheet and document version. */
function artefactFor(stylesheet: StylesheetId, formatLabel: string): string | null {
  const pa = formatLabel === 'FPA12';
  switch (stylesheet) {
    case 'fatturapa-ade':
      return `fatturapa/stylesheets/${pa ? 'Foglio_di_stile_fattura_PA_ver1.2.2.xsl' : 'Foglio_di_stile_fattura_ordinaria_ver1.2.2.xsl'}`;
    case 'fatturapa-ade-1.2.3':
      return `fatturapa/stylesheets/${pa ? 'Foglio_di_stile_fatturaPA_v1.2.3.xsl' : 'FoglioStileMinistero.xsl'}`;
    case 'fatturapa-asso':
      return 'fatturapa/stylesheets/FoglioStileAssoSoftware.xsl';
    case 'ksef-fa2':
      return 'ksef/stylesheet/fa2styl.xsl';
  }
}

const here = (): string => (typeof __dirname === 'string' ? __dirname : path.dirname(fileURLToPath(import.meta.url)));

/**
 * The repository (or app) folder holding standards/sef/manifest.json, searched from this module (the
 * bundle in dist/electron, inside the packaged app too), the working folder and the entry script.
 */
export function findStandardsRoot(starts: string[] = [here(), process.cwd(), path.dirname(process.argv[1] ?? process.cwd())]): string | null {
  for (const start of starts) {
    let dir = path.resolve(start);
    for (let depth = 0; depth < 5; depth += 1) {
      if (existsSync(path.join(dir, 'standards', 'sef', 'manifest.json'))) return dir;
      const parent = path.dirname(dir);
      if (parent === dir) break;
      dir = parent;
    }
  }
  return null;
}

// Plain CommonJS evaluated by the worker (no loader or bundler involved).
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const fs = require('node:fs');
const blocked = () => { throw new Error('Network access is disabled while a stylesheet runs.'); };
for (const name of ['http', 'https', 'node:http', 'node:https']) {
  const mod = require(name);
  mod.request = blocked;
  mod.get = blocked;
}
globalThis.fetch = blocked;
const SaxonJS = require(workerData.saxonPath);
const stylesheets = new Map();
let pool = null;
const countries = () => {
  if (!pool) pool = { [workerData.countriesUrl]: SaxonJS.XPath.evaluate('parse-xml($t)', null, { params: { t: fs.readFileSync(workerData.countriesPath, 'utf8') } }) };
  return pool;
};
parentPort.on('message', ({ id, sefPath, xml, ksef, warm }) => {
  if (warm) {
    // Loads the stylesheets ahead of the first document, off the core's thread.
    for (const path of warm) {
      try {
        if (!stylesheets.has(path)) stylesheets.set(path, JSON.parse(fs.readFileSync(path, 'utf8')));
        // One transform of an empty document prepares the stylesheet's code paths.
        SaxonJS.transform({ stylesheetInternal: stylesheets.get(path), sourceText: '<empty/>', destination: 'serialized', outputProperties: { method: 'html', 'html-version': 5, version: '5' } }, 'sync');
      } catch {}
    }
    return;
  }
  try {
    let sef = stylesheets.get(sefPath);
    if (!sef) {
      sef = JSON.parse(fs.readFileSync(sefPath, 'utf8'));
      stylesheets.set(sefPath, sef);
    }
    const options = { stylesheetInternal: sef, sourceText: xml, destination: 'serialized', outputProperties: { method: 'html', 'html-version': 5, version: '5' } };
    if (ksef) {
      options.stylesheetBaseURI = 'file:///ledgerdesk/standards/ksef/stylesheet/fa2styl.xsl';
      options.documentPool = countries();
    }
    const result = SaxonJS.transform(options, 'sync');
    parentPort.postMessage({ id, html: String(result.principalResult) });
  } catch (error) {
    parentPort.postMessage({ id, error: (error && (error.message || String(error))) || 'unknown error', code: error && error.code });
  }
});
`;

interface Pending {
  resolve(html: string): void;
  reject(error: AppError): void;
  timer: NodeJS.Timeout;
}

export interface XsltStylesheetEngine extends StylesheetEngine {
  /** Starts the worker and loads SaxonJS and the FatturaPA/KSeF stylesheets in it, so the first document renders warm; once per engine. */
  warm(): void;
  close(): Promise<void>;
}

export function createXsltStylesheetEngine(root: string, options: { timeoutMs?: number } = {}): XsltStylesheetEngine {
  const timeoutMs = options.timeoutMs ?? 30_000;
  const manifest = JSON.parse(readFileSync(path.join(root, 'standards', 'sef', 'manifest.json'), 'utf8')) as Record<string, { sef: string }>;
  const saxonPath = createRequire(path.join(root, 'package.json')).resolve('saxon-js');
  const countriesPath = path.join(root, 'standards', 'artefacts', 'ksef', 'xsd', 'bazowe', 'KodyKrajow_v10-0E.xsd');
  let worker: Worker | null = null;
  let nextId = 1;
  const pending = new Map<number, Pending>();

  const failAll = (error: AppError) => {
    for (const [id, entry] of pending) {
      clearTimeout(entry.timer);
      entry.reject(error);
      pending.delete(id);
    }
  };
  const start = (): Worker => {
    if (worker) return worker;
    const created = new Worker(WORKER_SOURCE, { eval: true, workerData: { saxonPath, countriesPath, countriesUrl: KSEF_COUNTRIES_URL } });
    created.unref();
    created.on('message', (message: { id: number; html?: string; error?: string; code?: string }) => {
      const entry = pending.get(message.id);
      if (!entry) return;
      pending.delete(message.id);
      clearTimeout(entry.timer);
      if (message.html !== undefined) entry.resolve(message.html);
      // The engine's words may quote the document: the user gets its error code only.
      else entry.reject(new AppError('validation', `The stylesheet stopped with an error${message.code ? ` (${message.code})` : ''}: ${message.error ?? 'unknown error'}`, { details: because(reason('viewer.stylesheetFailed', { code: message.code ?? '?' })) }));
    });
    created.on('error', (error) => {
      worker = null;
      failAll(new AppError('internal', `The stylesheet engine failed: ${error.message}`, { details: because(reason('viewer.engineFailed')) }));
    });
    created.on('exit', () => {
      if (worker === created) worker = null;
    });
    worker = created;
    return created;
  };

  let warmed = false;

  return {
    warm() {
      if (warmed) return;
      warmed = true;
      const sefs = ['fatturapa-ade', 'ksef-fa2'].flatMap((sheet) =>
        ['FPA12', 'FPR12'].map((label) => artefactFor(sheet as StylesheetId, label)),
      );
      const paths = [...new Set(sefs)].flatMap((artefact) => (artefact && manifest[artefact] ? [path.join(root, manifest[artefact].sef)] : []));
      start().postMessage({ warm: paths });
    },
    supports(stylesheet, formatLabel) {
      const artefact = artefactFor(stylesheet, formatLabel);
      return artefact !== null && manifest[artefact] !== undefined && existsSync(path.join(root, manifest[artefact].sef));
    },
    unavailableReason(stylesheet, formatLabel) {
      // scripts/compile-standards.mjs leaves the AssoSoftware sheet out: SaxonJS refuses it (XTSE0090, standards/README.md).
      const artefact = artefactFor(stylesheet, formatLabel);
      return stylesheet === 'fatturapa-asso' && (!artefact || !manifest[artefact]) ? 'not-compiled' : 'missing';
    },
    render(xml, stylesheet, formatLabel) {
      const artefact = artefactFor(stylesheet, formatLabel);
      const entry = artefact ? manifest[artefact] : undefined;
      if (!artefact || !entry) return Promise.reject(new AppError('unavailable', `The stylesheet ${stylesheet} is not available in this build.`, { details: because(reason('viewer.stylesheetMissing', { stylesheet })) }));
      if (/<!DOCTYPE/i.test(xml.slice(0, xml.search(/<[A-Za-z_]/) + 1 || 4096))) {
        return Promise.reject(
          new AppError('validation', 'This document declares a DTD (<!DOCTYPE …>): stylesheets are not applied to it, so that no external entity is ever read.', { details: because(reason('viewer.dtdRefused')) }),
        );
      }
      const id = nextId++;
      const target = start();
      return new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => {
          pending.delete(id);
          // A stuck transform cannot be interrupted: replace the worker.
          if (worker === target) worker = null;
          void target.terminate();
          failAll(new AppError('timeout', `The stylesheet took longer than ${Math.round(timeoutMs / 1000)} s and was stopped.`, { details: because(reason('viewer.stylesheetTimeout', { seconds: Math.round(timeoutMs / 1000) })) }));
          reject(new AppError('timeout', `The stylesheet took longer than ${Math.round(timeoutMs / 1000)} s and was stopped.`, { details: because(reason('viewer.stylesheetTimeout', { seconds: Math.round(timeoutMs / 1000) })) }));
        }, timeoutMs);
        pending.set(id, { resolve, reject, timer });
        target.postMessage({ id, sefPath: path.join(root, entry.sef), xml, ksef: stylesheet === 'ksef-fa2' });
      });
    },
    async close() {
      failAll(new AppError('unavailable', 'The viewer was closed.', { details: because(reason('viewer.closed')) }));
      await worker?.terminate();
      worker = null;
    },
  };
}
