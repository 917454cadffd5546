/**
 * The core's worker threads (electron/core/files/threads/*.worker.ts) bundled with esbuild into
 * `<outdir>/<name>.cjs`: by scripts/build.mjs beside dist/electron/main.cjs, and by the vitest
 * global setup into a temporary folder named by LEDGERDESK_THREADS_DIR (so tests do not load tsx
 * in every thread they start). electron/core/files/threads/thread-entry.ts finds them.
 */
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const threads = join(root, 'electron', 'core', 'files', 'threads');

export const coreThreadNames = ['file-reader', 'atomic-writer', 'file-opener'];

export async function bundleCoreThreads(outdir, esbuild) {
  const builder = esbuild ?? (await import('esbuild'));
  await builder.build({
    entryPoints: Object.fromEntries(coreThreadNames.map((name) => [name, join(threads, `${name}.worker.ts`)])),
    outdir,
    outExtension: { '.js': '.cjs' },
    bundle: true,
    platform: 'node',
    target: 'node22',
    format: 'cjs',
    sourcemap: 'linked',
    logLevel: 'warning',
    legalComments: 'none',
  });
}
