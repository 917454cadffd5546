/**
 * The standards engine's two entry points bundled with esbuild into `<outdir>/`:
 *   standards-host.mjs    the engine's own process, started by the app core (a Node child or an
 *                         Electron utility process; standards/engine/remote.ts finds it at
 *                         `../standards/` from the core's bundle)
 *   standards-worker.mjs  its validation worker threads (also started by the emulator, in its own process)
 *   stylesheet-worker.mjs its stylesheet renderer's worker thread (standards/render: the viewer's official stylesheets)
 * by scripts/build.mjs into dist/standards, and by the routes bench beside its bundled core.
 */
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const standards = join(resolve(dirname(fileURLToPath(import.meta.url)), '..'), 'standards');

export async function bundleStandards(outdir, esbuild) {
  const builder = esbuild ?? (await import('esbuild'));
  await builder.build({
    entryPoints: {
      'standards-host': join(standards, 'engine', 'host.ts'),
      'standards-worker': join(standards, 'engine', 'worker.ts'),
      'stylesheet-worker': join(standards, 'render', 'worker.ts'),
    },
    outdir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    target: 'node22',
    format: 'esm',
    sourcemap: 'linked',
    logLevel: 'warning',
    legalComments: 'none',
    // saxon-js and libxml2-wasm load their own files (the wasm binary) from node_modules.
    packages: 'external',
  });
}
