/**
 * The official stylesheets (FatturaPA AdE: ordinary 1.2.3, PA 1.2.2; KSeF FA(2)) run by SaxonJS from the SEFs
 * compiled at build time (standards/sef, scripts/compile-standards.mjs), by the stylesheet renderer
 * (standards/render) in the engine's process (standards/engine/remote.ts), never in the core's: a
 * long render never blocks the core, and SaxonJS's memory is not the core's. Offline by
 * construction: in the renderer's worker every HTTP(S) request and `fetch` throws; the KSeF
 * country list is answered from the vendored schema; a source with a DOCTYPE is refused here,
 * before it leaves the core, so no external entity is ever read. A render that runs past its time
 * limit is stopped (the worker is replaced) and reported.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { AppError, because, reason, type StylesheetId } from '../../../shared/contract';
import { createProcessStylesheetRenderer } from '../../../standards/engine/remote';
import { DEFAULT_RENDER_TIMEOUT_MS, RenderFailure, type StylesheetRenderer } from '../../../standards/render/renderer';
import type { StylesheetEngine } from './stylesheets';

/** Artefact paths (as in standards/sef/manifest.json) by stylesheet and document version. */
function artefactFor(stylesheet: StylesheetId, formatLabel: string): string | null {
  const pa = formatLabel === 'FPA12';
  switch (stylesheet) {
    // AdE's sheets: the ordinary 1.2.3; for PA documents the PA 1.2.2 by default (1.2.3 drops its TD28 and DataOraConsegna).
    case 'fatturapa-ade':
      return `fatturapa/stylesheets/${pa ? 'Foglio_di_stile_fattura_PA_ver1.2.2.xsl' : 'Foglio_di_stile_fattura_ordinaria_ver1.2.3.xsl'}`;
    // AdE's PA sheet 1.2.3 (verified against ph-fatturapa's text, standards/artefacts/fatturapa/README.md): names RF20.
    case 'fatturapa-ade-1.2.3':
      return pa ? 'fatturapa/stylesheets/Foglio_di_stile_fatturaPA_v1.2.3.xsl' : null;
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

export interface XsltStylesheetEngine extends StylesheetEngine {
  /** Starts the renderer and loads SaxonJS and the FatturaPA/KSeF stylesheets in it, so the first document renders warm; once per engine. */
  warm(): void;
  close(): Promise<void>;
}

export interface XsltEngineOptions {
  timeoutMs?: number;
  /** The renderer to run the stylesheets in (the core passes the one in its engine process); default: one in a process of its own, closed with this engine. */
  renderer?: StylesheetRenderer;
}

const seconds = (ms: number): number => Math.max(1, Math.round(ms / 1000));

/** The renderer's failure in the user's terms; the engine's own words may quote the document, so the user gets its error code only. */
const asAppError = (error: unknown, timeoutMs: number): unknown => {
  if (!(error instanceof RenderFailure)) return error;
  switch (error.code) {
    case 'timeout':
      return new AppError('timeout', `The stylesheet took longer than ${seconds(timeoutMs)} s and was stopped.`, { details: because(reason('viewer.stylesheetTimeout', { seconds: seconds(timeoutMs) })) });
    case 'stylesheet':
      if (error.xsltCode === 'rules_unavailable') {
        return new AppError('unavailable', `The compiled stylesheet cannot be used: ${error.message}`, { details: because(reason('viewer.stylesheetDamaged')) });
      }
      return new AppError('validation', `The stylesheet stopped with an error${error.xsltCode ? ` (${error.xsltCode})` : ''}: ${error.message}`, { details: because(reason('viewer.stylesheetFailed', { code: error.xsltCode ?? '?' })) });
    case 'engine':
      return new AppError('internal', `The stylesheet engine failed: ${error.message}`, { details: because(reason('viewer.engineFailed')) });
  }
};

export function createXsltStylesheetEngine(root: string, options: XsltEngineOptions = {}): XsltStylesheetEngine {
  const timeoutMs = options.timeoutMs ?? DEFAULT_RENDER_TIMEOUT_MS;
  const manifest = JSON.parse(readFileSync(path.join(root, 'standards', 'sef', 'manifest.json'), 'utf8')) as Record<string, { sef: string }>;
  const renderer = options.renderer ?? createProcessStylesheetRenderer();
  let warmed = false;
  let closed = false;

  return {
    warm() {
      if (warmed) return;
      warmed = true;
      const sefs = ['fatturapa-ade', 'ksef-fa2'].flatMap((sheet) =>
        ['FPA12', 'FPR12'].map((label) => artefactFor(sheet as StylesheetId, label)),
      );
      renderer.warm([...new Set(sefs)].flatMap((artefact) => (artefact && manifest[artefact] ? [path.join(root, manifest[artefact].sef)] : [])));
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
    async render(xml, stylesheet, formatLabel) {
      const artefact = artefactFor(stylesheet, formatLabel);
      const entry = artefact ? manifest[artefact] : undefined;
      if (!artefact || !entry) throw new AppError('unavailable', `The stylesheet ${stylesheet} is not available in this build.`, { details: because(reason('viewer.stylesheetMissing', { stylesheet })) });
      if (/<!DOCTYPE/i.test(xml.slice(0, xml.search(/<[A-Za-z_]/) + 1 || 4096))) {
        throw new AppError('validation', 'This document declares a DTD (<!DOCTYPE …>): stylesheets are not applied to it, so that no external entity is ever read.', { details: because(reason('viewer.dtdRefused')) });
      }
      if (closed) throw new AppError('unavailable', 'The viewer was closed.', { details: because(reason('viewer.closed')) });
      try {
        return await renderer.render({ sefPath: path.join(root, entry.sef), xml, ksef: stylesheet === 'ksef-fa2', timeoutMs });
      } catch (error) {
        throw asAppError(error, timeoutMs);
      }
    },
    async close() {
      closed = true;
      if (!options.renderer) await renderer.close();
    },
  };
}
