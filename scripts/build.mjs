#!/usr/bin/env node
/**
 * `npm run build`: bundles the Electron main process, the preload and the emulator with esbuild,
 * then builds the renderer with Vite.
 *   dist/electron/main.cjs     CommonJS, electron and electron-store (ESM-only, loaded with import()) external
 *   dist/electron/preload.cjs  ONE CommonJS file that requires only 'electron' (sandboxed preload)
 *   dist/electron/threads/     the core's worker threads (electron/core/files/threads/*.worker.ts), started by main.cjs
 *   dist/emulator/cli.mjs      the emulator, so Electron (ELECTRON_RUN_AS_NODE) and packaged apps run it without tsx
 *   dist/standards/            the standards engine's process and worker threads (scripts/standards-bundles.mjs)
 *   dist/renderer/             vite build
 * `--renderer-only`: only the renderer, and only when dist/renderer/index.html is missing or older than
 * its sources (renderer/, shared/, vite.config.ts); a fast no-op otherwise.
 * `--emulator-only`: likewise for dist/emulator/cli.mjs (sources emulator/, shared/). The two combine;
 * the e2e global setup uses both (the browser shell runs an up-to-date bundle, which starts faster than tsx).
 * The official rules' SEFs are committed (standards/sef, loaded at run time by the engine in core and
 * emulator); every mode first checks that they match standards/artefacts and refuses to build when they
 * do not (scripts/compile-standards.mjs: run `npm run standards` and commit standards/sef).
 */
import { spawn } from 'node:child_process';
import { cpSync, existsSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { staleMessage, staleTargets } from './compile-standards.mjs';
import { bundleCoreThreads } from './core-threads.mjs';
import { bundleStandards } from './standards-bundles.mjs';
import { isUpToDate } from './freshness.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const log = (line) => process.stderr.write(`[build] ${line}\n`);

const isFresh = (output, sources) => isUpToDate(join(root, output), sources.map((source) => join(root, source)));
const rendererIsFresh = () => isFresh('dist/renderer/index.html', ['renderer', 'shared', 'vite.config.ts', 'package.json']);
const emulatorIsFresh = () =>
  isFresh('dist/emulator/cli.mjs', ['emulator', 'standards/engine', 'shared', 'package.json']) &&
  ['standards-worker', 'standards-host', 'stylesheet-worker'].every((name) => isFresh(`dist/standards/${name}.mjs`, ['standards/engine', 'standards/render', 'package.json']));

const run = (command, args) =>
  new Promise((resolvePromise, reject) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0 ? resolvePromise() : reject(new Error(`${args.join(' ')} failed (${signal ?? `exit code ${code}`})`)),
    );
  });

const buildRenderer = async () => {
  log('Building the renderer (vite build)…');
  await run(process.execPath, [join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build']);
};

/** The contract's channel and event names, evaluated at build time (bundled in memory, zod and all). */
const contractNames = async (esbuild) => {
  const result = await esbuild.build({
    entryPoints: [join(root, 'shared', 'contract.ts')],
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    write: false,
    logLevel: 'silent',
  });
  const code = result.outputFiles[0].text;
  const module = await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`);
  return { channelNames: [...module.channelNames], eventNames: [...module.eventNames] };
};

/** Replaces electron/shell-common/contract-names.ts with the plain lists, keeping zod out of the preload. */
const contractNamesPlugin = (names) => ({
  name: 'contract-names',
  setup(build) {
    build.onResolve({ filter: /\/contract-names$/ }, () => ({ path: 'contract-names', namespace: 'contract-names' }));
    build.onLoad({ filter: /.*/, namespace: 'contract-names' }, () => ({
      contents: `export const channelNames = ${JSON.stringify(names.channelNames)};\nexport const eventNames = ${JSON.stringify(names.eventNames)};\n`,
      loader: 'js',
    }));
  },
});

/** Refuses a preload that would require anything but electron (the sandbox would fail at runtime). */
const checkPreloadRequires = (metafile) => {
  const output = Object.values(metafile.outputs)[0];
  const external = output.imports.filter((entry) => entry.external).map((entry) => entry.path);
  const unexpected = external.filter((path) => path !== 'electron');
  if (unexpected.length > 0) throw new Error(`The preload bundle requires ${unexpected.join(', ')}; a sandboxed preload may only require electron.`);
};

const common = { bundle: true, platform: 'node', target: 'node22', sourcemap: 'linked', logLevel: 'warning', legalComments: 'none' };

/** The emulator bundle plus the seed documents it reads from `./seed-fixtures` beside cli.mjs. */
const emulatorBundle = async (esbuild) => {
  await esbuild.build({
    ...common,
    entryPoints: [join(root, 'emulator', 'cli.ts')],
    outfile: join(root, 'dist', 'emulator', 'cli.mjs'),
    format: 'esm',
    // Packages stay in node_modules: some read their own data files next to their code (pdfkit's fonts).
    packages: 'external',
  });
  const seedFixtures = join(root, 'emulator', 'seed', 'fixtures');
  const target = join(root, 'dist', 'emulator', 'seed-fixtures');
  rmSync(target, { recursive: true, force: true });
  if (existsSync(seedFixtures)) cpSync(seedFixtures, target, { recursive: true });
};

const buildBundles = async () => {
  const esbuild = await import('esbuild');
  log('Bundling dist/electron/main.cjs, dist/electron/preload.cjs and dist/emulator/cli.mjs…');
  const names = await contractNames(esbuild);
  const [, preload] = await Promise.all([
    esbuild.build({
      ...common,
      entryPoints: [join(root, 'electron', 'main.ts')],
      outfile: join(root, 'dist', 'electron', 'main.cjs'),
      format: 'cjs',
      external: ['electron', 'electron-store'],
    }),
    esbuild.build({
      ...common,
      entryPoints: [join(root, 'electron', 'preload.ts')],
      outfile: join(root, 'dist', 'electron', 'preload.cjs'),
      format: 'cjs',
      external: ['electron'],
      plugins: [contractNamesPlugin(names)],
      metafile: true,
    }),
    emulatorBundle(esbuild),
    bundleStandards(join(root, 'dist', 'standards'), esbuild),
    bundleCoreThreads(join(root, 'dist', 'electron', 'threads'), esbuild),
  ]);
  checkPreloadRequires(preload.metafile);
};

const main = async () => {
  const args = process.argv.slice(2);
  const unknown = args.filter((arg) => arg !== '--renderer-only' && arg !== '--emulator-only');
  if (unknown.length > 0) {
    throw new Error(`Unknown option(s): ${unknown.join(' ')}. Usage: node scripts/build.mjs [--renderer-only] [--emulator-only]`);
  }
  // The compiled rules are committed (standards/sef); a build never compiles them, it refuses stale ones.
  const stale = staleTargets();
  if (stale.length > 0) throw new Error(staleMessage(stale));
  if (args.length > 0) {
    if (args.includes('--emulator-only')) {
      if (emulatorIsFresh()) log('The emulator bundle is up to date (dist/emulator/cli.mjs).');
      else {
        log('Bundling dist/emulator/cli.mjs…');
        const esbuild = await import('esbuild');
        await Promise.all([emulatorBundle(esbuild), bundleStandards(join(root, 'dist', 'standards'), esbuild)]);
      }
    }
    if (args.includes('--renderer-only')) {
      if (rendererIsFresh()) log('The renderer is up to date (dist/renderer).');
      else await buildRenderer();
    }
    return;
  }
  await buildBundles();
  await buildRenderer();
  log('Done.');
};

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    log(`Build failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
