import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { allScripts, initialScripts, pdfJsBuild } from './renderer-assets';

/** A miniature Vite build: entry + modulepreload, a static import, a lazy page and a lazy pdf.js chunk. */
function writeBuild(dir: string, entryImportsPdf = false): void {
  fs.mkdirSync(path.join(dir, 'assets'), { recursive: true });
  const files: Record<string, string> = {
    'index.html': `<!doctype html><html><head>
      <script type="module" crossorigin src="./assets/index-a1.js"></script>
      <link rel="modulepreload" crossorigin href="./assets/i18n-b2.js">
      <link rel="stylesheet" crossorigin href="./assets/index-c3.css"></head><body></body></html>`,
    'assets/index-a1.js': `import{a as b}from"./i18n-b2.js";import"./shared-d4.js";${entryImportsPdf ? 'import"./pdf-e5.js";' : ''}const p=()=>import("./DocumentsPage-f6.js");b(p);`,
    'assets/i18n-b2.js': 'export const a=(x)=>x;'.repeat(50),
    'assets/shared-d4.js': 'export const s=1;',
    'assets/DocumentsPage-f6.js': 'const v=()=>import("./pdf-e5.js");export{v};',
    'assets/pdf-e5.js': 'class InvalidPDFException extends Error{}const k="pdfjs_internal_id_";function gd(){}export{gd as getDocument,k as GlobalWorkerOptions};',
    'assets/pdf.worker.min-g7.mjs': 'class InvalidPDFException extends Error{}',
    'assets/index-c3.css': 'body{}',
  };
  for (const [file, body] of Object.entries(files)) fs.writeFileSync(path.join(dir, file), body);
}

describe('the renderer build as the bench reads it', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerdesk-bench-assets-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('counts the entry, its modulepreloads and their static imports as initial JS, not lazy chunks', () => {
    writeBuild(dir);
    const initial = initialScripts(dir);
    expect(initial.map((asset) => asset.file)).toEqual(['assets/i18n-b2.js', 'assets/index-a1.js', 'assets/shared-d4.js']);
    expect(initial.every((asset) => asset.gzipBytes > 0 && asset.gzipBytes <= asset.bytes + 32)).toBe(true);
    expect(initial.some((asset) => asset.containsPdfJs)).toBe(false);
  });

  it('notices pdf.js when the entry imports it statically', () => {
    writeBuild(dir, true);
    expect(initialScripts(dir).find((asset) => asset.file === 'assets/pdf-e5.js')?.containsPdfJs).toBe(true);
  });

  it('finds the pdf.js library chunk and its worker among all chunks', () => {
    writeBuild(dir);
    expect(allScripts(dir).filter((asset) => asset.containsPdfJs).map((asset) => asset.file)).toEqual(['assets/pdf-e5.js', 'assets/pdf.worker.min-g7.mjs']);
    expect(pdfJsBuild(dir)).toEqual({ library: 'assets/pdf-e5.js', worker: 'assets/pdf.worker.min-g7.mjs' });
  });

  it('says the renderer is not built when index.html is missing', () => {
    expect(() => initialScripts(dir)).toThrow(/index\.html is missing: the renderer is not built/);
  });
});
