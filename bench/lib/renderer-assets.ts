import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { repoRoot } from '../../e2e/shell-choice';

export const rendererDir = path.join(repoRoot, 'dist', 'renderer');

/** Strings only pdf.js itself contains (its exception class and private-field prefix), not code that merely calls it. */
const pdfJsMarkers = ['InvalidPDFException', 'pdfjs_internal_'];

export interface RendererAsset {
  /** Path relative to dist/renderer, e.g. "assets/index-abc.js". */
  file: string;
  bytes: number;
  gzipBytes: number;
  containsPdfJs: boolean;
}

const readAsset = (dir: string, file: string): RendererAsset => {
  const body = fs.readFileSync(path.join(dir, file));
  const text = body.toString('utf8');
  return { file, bytes: body.length, gzipBytes: gzipSync(body).length, containsPdfJs: pdfJsMarkers.some((marker) => text.includes(marker)) };
};

/** `./assets/x.js` from index.html or a chunk → `assets/x.js`; only files inside dist/renderer. */
const localFile = (reference: string, from: string): string | null => {
  if (/^[a-z]+:|^\/\//i.test(reference)) return null;
  const resolved = path.posix.normalize(path.posix.join(path.posix.dirname(from), reference));
  return resolved.startsWith('..') ? null : resolved;
};

/** Static imports of an ES module chunk (`import … from"./x.js"`, `import"./x.js"`), not dynamic `import("…")`. */
const staticImports = (code: string): string[] =>
  [...code.matchAll(/(?:^|[;\s}])import\s*(?:[\w$*{}\s,]+?\s*from\s*)?["']([^"']+\.m?js)["']/g)].map((match) => match[1] as string);

/**
 * The JS a first start loads before anything is lazily imported: the entry script(s) and
 * modulepreloads of dist/renderer/index.html, plus whatever those import statically.
 */
export function initialScripts(dir = rendererDir): RendererAsset[] {
  const indexPath = path.join(dir, 'index.html');
  if (!fs.existsSync(indexPath)) throw new Error(`${indexPath} is missing: the renderer is not built.`);
  const html = fs.readFileSync(indexPath, 'utf8');
  const roots = [
    ...[...html.matchAll(/<script\b[^>]*\btype=["']module["'][^>]*\bsrc=["']([^"']+)["']/g)].map((match) => match[1] as string),
    ...[...html.matchAll(/<link\b[^>]*\brel=["']modulepreload["'][^>]*\bhref=["']([^"']+)["']/g)].map((match) => match[1] as string),
  ];
  if (roots.length === 0) throw new Error(`${indexPath} has no module script: cannot tell which JS loads first.`);
  const seen = new Set<string>();
  const pending = roots.map((reference) => localFile(reference, 'index.html')).filter((file): file is string => file !== null);
  while (pending.length > 0) {
    const file = pending.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    const code = fs.readFileSync(path.join(dir, file), 'utf8');
    for (const reference of staticImports(code)) {
      const imported = localFile(reference, file);
      if (imported !== null && !seen.has(imported)) pending.push(imported);
    }
  }
  return [...seen].sort().map((file) => readAsset(dir, file));
}

/** Every JS file of the build (chunks and workers). */
export function allScripts(dir = rendererDir): RendererAsset[] {
  return fs
    .readdirSync(path.join(dir, 'assets'))
    .filter((name) => /\.m?js$/.test(name))
    .sort()
    .map((name) => readAsset(dir, `assets/${name}`));
}

export interface PdfJsBuild {
  /** The lazily loaded pdf.js library chunk, as the viewer imports it. */
  library: string;
  /** pdf.js's worker, as the viewer's GlobalWorkerOptions.workerSrc points to it. */
  worker: string;
}

/** The app's own pdf.js chunk and worker in dist/renderer (the exact bytes that ship). */
export function pdfJsBuild(dir = rendererDir): PdfJsBuild {
  const scripts = allScripts(dir);
  const worker = scripts.find((asset) => /\/pdf\.worker(\.min)?-[\w-]+\.mjs$/.test(asset.file));
  const library = scripts.find((asset) => asset !== worker && asset.containsPdfJs && /export\s*\{[^}]*\bgetDocument\b/.test(fs.readFileSync(path.join(dir, asset.file), 'utf8')));
  if (!worker || !library) throw new Error(`pdf.js's chunk or worker is not in ${dir}/assets: is the PDF viewer still lazily importing pdfjs-dist?`);
  return { library: library.file, worker: worker.file };
}
