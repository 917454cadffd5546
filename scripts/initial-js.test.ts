/**
 * Issue 27's guard: what the renderer loads before anything is lazily imported (the entry chunk and
 * its static imports, from Vite's manifest) stays within 150 KB gzip, and holds no language's
 * strings but the default one's. The renderer is built here, into a temporary folder, so the guard
 * judges the sources as they are, whatever state dist/ is in. Timings stay in the bench (bench/inbox.ts).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { resources } from '../renderer/src/i18n/all-catalogs';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const INITIAL_JS_BUDGET_BYTES = 150 * 1024;
const DEFAULT_LANGUAGE = 'en';
/** Where each language's aggregate of strings lives (manifest keys are relative to Vite's root, renderer/). */
const catalogSource = (language: string) => `src/i18n/${language}.ts`;

const manifestSchema = z.record(
  z.string(),
  z.object({
    file: z.string(),
    src: z.string().optional(),
    isEntry: z.boolean().optional(),
    isDynamicEntry: z.boolean().optional(),
    imports: z.array(z.string()).optional(),
    dynamicImports: z.array(z.string()).optional(),
  }),
);
type Manifest = z.infer<typeof manifestSchema>;

/** The entry's manifest key and every chunk it imports statically, transitively. */
function staticGraph(manifest: Manifest): string[] {
  const entries = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  expect(entries).toEqual(['index.html']);
  const seen = new Set<string>();
  const pending = [...entries];
  while (pending.length > 0) {
    const key = pending.pop() as string;
    if (seen.has(key)) continue;
    seen.add(key);
    pending.push(...(manifest[key]?.imports ?? []));
  }
  return [...seen];
}

type Tree = { [key: string]: string | Tree };
const leaves = (tree: Tree): string[] => Object.values(tree).flatMap((value) => (typeof value === 'string' ? [value] : leaves(value)));

/**
 * Sentences only this language has (in no other language's strings), long enough to be unmistakable,
 * and written the same in source and bundle (no quotes, backslashes or template syntax to escape).
 */
function telltales(language: keyof typeof resources): string[] {
  const others = new Set(Object.entries(resources).flatMap(([other, tree]) => (other === language ? [] : leaves(tree as Tree))));
  return leaves(resources[language] as Tree).filter((text) => text.length >= 40 && !others.has(text) && !/[`'"\\$\n]/.test(text));
}

/**
 * `vite build` as `npm run build:renderer` runs it, in a process of its own: inside Vitest,
 * NODE_ENV is "test", which would bundle React's development build.
 */
function buildRenderer(into: string): Promise<void> {
  const env = { ...process.env };
  delete env.NODE_ENV;
  delete env.VITEST;
  const vite = join(repoRoot, 'node_modules', 'vite', 'bin', 'vite.js');
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [vite, 'build', '--outDir', into, '--emptyOutDir', '--logLevel', 'error'], { cwd: repoRoot, env, stdio: ['ignore', 'ignore', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code, signal) => (code === 0 ? resolvePromise() : reject(new Error(`vite build failed (${signal ?? `exit code ${code}`}): ${errors}`))));
  });
}

let outDir = '';
let manifest: Manifest = {};
let initial: { key: string; file: string; gzipBytes: number; text: string }[] = [];

beforeAll(async () => {
  outDir = mkdtempSync(join(tmpdir(), 'ledgerdesk-initial-js-'));
  await buildRenderer(outDir);
  manifest = manifestSchema.parse(JSON.parse(readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8')));
  initial = staticGraph(manifest).map((key) => {
    const file = (manifest[key] as Manifest[string]).file;
    const body = readFileSync(join(outDir, file));
    return { key, file, gzipBytes: gzipSync(body).length, text: body.toString('utf8') };
  });
}, 180_000);

afterAll(() => {
  if (outDir) rmSync(outDir, { recursive: true, force: true });
});

describe('the initial JS (entry chunk and its static imports)', () => {
  it('is at most 150 KB gzip', () => {
    const sizes = initial.map(({ file, gzipBytes }) => `${file} ${(gzipBytes / 1024).toFixed(1)} KB`);
    const total = initial.reduce((sum, { gzipBytes }) => sum + gzipBytes, 0);
    expect(total, `initial JS: ${sizes.join(', ')}`).toBeLessThanOrEqual(INITIAL_JS_BUDGET_BYTES);
  });

  const otherLanguages = (Object.keys(resources) as (keyof typeof resources)[]).filter((language) => language !== DEFAULT_LANGUAGE);

  it.each(otherLanguages)('does not hold the %s strings, which are a chunk loaded on demand', (language) => {
    // The language is its own lazily loaded chunk…
    expect(manifest[catalogSource(language)]?.isDynamicEntry).toBe(true);
    expect(initial.map(({ key }) => key)).not.toContain(catalogSource(language));
    // …and none of its sentences were bundled into the first chunks some other way.
    const sentences = telltales(language);
    expect(sentences.length).toBeGreaterThan(50);
    const found = sentences.filter((sentence) => initial.some(({ text }) => text.includes(sentence)));
    expect(found, `${language} strings in the initial JS`).toEqual([]);
  });

  it('can see a language that is bundled: its sentences are in its own chunk', () => {
    const chunk = readFileSync(join(outDir, (manifest[catalogSource('pl')] as Manifest[string]).file), 'utf8');
    const sentences = telltales('pl');
    expect(sentences.filter((sentence) => chunk.includes(sentence)).length).toBe(sentences.length);
  });
});
