#!/usr/bin/env node
/**
 * `npm run standards`: compiles every vendored XSLT under standards/artefacts/ (the Schematron rule
 * sets and the FatturaPA/KSeF stylesheets) to a SaxonJS SEF with xslt3, into standards/sef/.
 * SaxonJS never compiles at run time: the engine and the viewer only load these SEFs.
 *
 * The SEFs are **committed** (brotli-compressed, 0.8 MB for 41 MB of JSON), so a fresh clone, the
 * packaged app, the emulator, the tests and the benches have the official rules from the first start
 * without compiling anything (standards/README.md, "Why the compiled rules are shipped").
 * Whoever changes an artefact, a compile target or the xslt3 version runs this script and commits
 * standards/sef; `standards/engine/sef-store.test.ts` fails until they do.
 *
 * Cached by content: each SEF is recompiled only when the SHA-256 of its inputs (the stylesheet, the
 * modules it imports, the catalog, the xslt3 version and the export options) changed.
 *
 * Output: standards/sef/<artefact path with .xsl/.xslt replaced by .sef.json.br>, and
 * standards/sef/manifest.json = { "<artefact path>": { "sef", "inputHash", "sha256", "contentHash" } }:
 * `sha256` is the SHA-256 of the decompressed SEF (checked every time it is loaded: a truncated or
 * damaged file is refused with a plain message), `contentHash` the same without what differs between two
 * compiles (`buildDateTime`, the checksum `Σ`, the temp folder's name), which shows a compile reproducible.
 * `--force` recompiles everything; `--quiet` prints nothing when all SEFs are cached; `--check` compiles
 * nothing and exits 1, naming them, when SEFs are missing or stale.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlibConstants } from 'node:zlib';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { derivePatternGuards } from './derive-pattern-guards.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const artefactsDir = join(root, 'standards', 'artefacts');
export const sefDir = join(root, 'standards', 'sef');
const manifestPath = join(sefDir, 'manifest.json');
const xslt3Cli = join(root, 'node_modules', 'xslt3', 'xslt3.js');
const log = (line) => process.stderr.write(`[standards] ${line}\n`);

/** peppol/<release>/xslt/**.xslt, relative to standards/artefacts/, sorted. */
function schematronXslts() {
  const found = [];
  const walk = (relativeDir) => {
    for (const entry of readdirSync(join(artefactsDir, relativeDir), { withFileTypes: true })) {
      const path = `${relativeDir}/${entry.name}`;
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.xslt')) found.push(path);
    }
  };
  for (const release of readdirSync(join(artefactsDir, 'peppol'), { withFileTypes: true })) {
    if (release.isDirectory() && existsSync(join(artefactsDir, 'peppol', release.name, 'xslt'))) walk(`peppol/${release.name}/xslt`);
  }
  return found.sort();
}

/**
 * What is compiled. `imports` are the stylesheet's modules that xslt3 must read too (they are part of
 * the cache key). `catalog` names the vendored OASIS catalog whose rewriteURI entries map an absolute
 * `xsl:import` URL to the local copy (xslt3 has no catalog support and must not go to the network).
 */
export const compileTargets = [
  // Every Schematron XSLT of every vendored Peppol/EHF release (peppol/<release>/xslt/**): adding a release
  // is its folder (plus its entry in standards/engine/calendar.ts), never an edit of this list.
  ...schematronXslts().map((xsl) => ({ xsl })),
  ...[
    'Foglio_di_stile_fattura_ordinaria_ver1.2.2.xsl',
    'Foglio_di_stile_fattura_ordinaria_ver1.2.3.xsl',
    'Foglio_di_stile_fattura_PA_ver1.2.2.xsl',
    'Foglio_di_stile_fatturaPA_v1.2.3.xsl',
    'FoglioStileMinistero.xsl',
    'Foglio_di_stile_VFSM10_v1.0.2.xsl',
    // Not FoglioStileAssoSoftware.xsl: SaxonJS refuses it (XTSE0090, an xsl:call-template with a select
    // attribute on line 236, a static error in XSLT 1.0 as well that xsltproc lets through).
  ].map((name) => ({ xsl: `fatturapa/stylesheets/${name}` })),
  {
    xsl: 'ksef/stylesheet/fa2styl.xsl',
    imports: ['ksef/stylesheet/WspolneSzablonyWizualizacji_v12-0E.xsl'],
    catalog: 'ksef/catalog.xml',
  },
];

/** standards/artefacts/<a>.xslt → standards/sef/<a>.sef.json.br (relative to the repository root). */
export const sefPathFor = (xsl) => `standards/sef/${xsl.replace(/\.xslt?$/, '.sef.json.br')}`;

const sha256 = (data) => createHash('sha256').update(data).digest('hex');

/** The SEF's hash without what differs between two compiles of the same input: build time, checksum, the temp folder's name. */
export const sefContentHash = (sefText) =>
  sha256(
    sefText
      .replace(/"buildDateTime":"[^"]*"/, '"buildDateTime":""')
      .replace(/"\u03a3":"[0-9a-f]+"\}\s*$/, '"\u03a3":""}')
      .replaceAll(/file:\/\/\/[^"]*?\/ledgerdesk-sef-[A-Za-z0-9]+\//g, 'file:///ledgerdesk-sef/'),
  );

/** Brotli quality 9: the CEN layer (6.8 MB) to 83 KB in a quarter of a second (quality 11: 75 KB in 14 s). */
const compress = (text) =>
  brotliCompressSync(Buffer.from(text, 'utf8'), {
    params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 9, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(text) },
  });

const exportOptions = ['-nogo', '-relocate:on'];

const xslt3Version = () => JSON.parse(readFileSync(join(root, 'node_modules', 'xslt3', 'package.json'), 'utf8')).version;

const inputHash = (target, version) => {
  const hash = createHash('sha256');
  hash.update(`xslt3 ${version}\n${exportOptions.join(' ')}\n`);
  for (const file of [target.xsl, ...(target.imports ?? []), ...(target.catalog ? [target.catalog] : [])]) {
    hash.update(`${file}\n`);
    hash.update(readFileSync(join(artefactsDir, file)));
  }
  return hash.digest('hex');
};

const sortedByKey = (object) => Object.fromEntries(Object.entries(object).sort(([a], [b]) => a.localeCompare(b)));

export const readManifest = () => {
  try {
    return JSON.parse(readFileSync(manifestPath, 'utf8'));
  } catch {
    return {};
  }
};

/** The catalog's rewriteURI entries as [absolute URL prefix, file: URL of that folder's copy under `stageRoot`]. */
const catalogRewrites = (catalog, stageRoot) => {
  const text = readFileSync(join(artefactsDir, catalog), 'utf8');
  const base = dirname(join(stageRoot, catalog));
  return [...text.matchAll(/<rewriteURI\s+uriStartString="([^"]+)"\s+rewritePrefix="([^"]+)"/g)].map(([, from, to]) => [
    from,
    pathToFileURL(join(base, to)).href.replace(/\/?$/, '/'),
  ]);
};

/**
 * The file xslt3 reads: a copy of the stylesheet (and of the modules it imports) in a temp folder, so
 * that the absolute file: URLs xslt3 writes into the SEF (each module's static base URI) name that
 * folder, never the checkout (see `sefContentHash`). Where a catalog applies, the copy's import URLs
 * are rewritten to the imported modules' copies. The vendored files are never changed.
 */
const stagedStylesheet = (target, tempRoot) => {
  const stage = (relativePath, content) => {
    const staged = join(tempRoot, relativePath);
    mkdirSync(dirname(staged), { recursive: true });
    writeFileSync(staged, content);
    return staged;
  };
  for (const imported of target.imports ?? []) stage(imported, readFileSync(join(artefactsDir, imported)));
  const source = readFileSync(join(artefactsDir, target.xsl));
  if (!target.catalog) return stage(target.xsl, source);
  let text = source.toString('utf8');
  for (const [from, to] of catalogRewrites(target.catalog, tempRoot)) text = text.split(`href="${from}`).join(`href="${to}`);
  return stage(target.xsl, text);
};

const runXslt3 = (xsl, out) =>
  new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [xslt3Cli, `-xsl:${xsl}`, `-export:${out}`, ...exportOptions], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolvePromise() : reject(new Error(`xslt3 could not compile ${relative(root, xsl)}:\n${stderr.trim()}`)),
    );
  });

const inPool = async (items, concurrency, work) => {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
};

/** The targets whose SEF is missing, stale (inputs changed) or not in the manifest's current shape. */
export const staleTargets = (manifest = readManifest(), version = xslt3Version()) =>
  compileTargets.filter((target) => {
    const entry = manifest[target.xsl];
    return !entry || !entry.sha256 || entry.sef !== sefPathFor(target.xsl) || entry.inputHash !== inputHash(target, version) || !existsSync(join(root, entry.sef));
  });

/** Runs xslt3 on one target and returns the SEF's text, as xslt3 wrote it (its checksum covers the text). */
export const exportSef = async (target, tempRoot) => {
  const exported = join(tempRoot, `${target.xsl}.sef.json`);
  mkdirSync(dirname(exported), { recursive: true });
  await runXslt3(stagedStylesheet(target, tempRoot), exported);
  return readFileSync(exported, 'utf8');
};

/** Compiles what is missing or stale; returns { compiled, cached, seconds }. */
export const compileStandards = async ({ force = false, quiet = false } = {}) => {
  const started = performance.now();
  const version = xslt3Version();
  const manifest = readManifest();
  const stale = force ? compileTargets : staleTargets(manifest, version);
  if (stale.length === 0) {
    if (!quiet) log(`All ${compileTargets.length} SEFs are up to date (standards/sef).`);
    derivePatternGuards({ quiet });
    return { compiled: 0, cached: compileTargets.length, seconds: 0 };
  }
  log(`Compiling ${stale.length} of ${compileTargets.length} XSLTs to SEF with xslt3 ${version}…`);
  const tempRoot = mkdtempSync(join(tmpdir(), 'ledgerdesk-sef-'));
  try {
    // Largest first: the two CEN layers take most of the time, and started last they would run alone on one core at the end.
    const largestFirst = [...stale].sort((a, b) => statSync(join(artefactsDir, b.xsl)).size - statSync(join(artefactsDir, a.xsl)).size);
    await inPool(largestFirst, Math.max(1, availableParallelism()), async (target) => {
      const sef = sefPathFor(target.xsl);
      const out = join(root, sef);
      mkdirSync(dirname(out), { recursive: true });
      const text = await exportSef(target, tempRoot);
      const partial = `${out}.partial`;
      writeFileSync(partial, compress(text));
      renameSync(partial, out);
      manifest[target.xsl] = { sef, inputHash: inputHash(target, version), sha256: sha256(Buffer.from(text, 'utf8')), contentHash: sefContentHash(text) };
      mkdirSync(sefDir, { recursive: true });
      writeFileSync(manifestPath, `${JSON.stringify(sortedByKey(manifest), null, 2)}\n`);
    });
  } finally {
    rmSync(tempRoot, { recursive: true, force: true });
  }
  const seconds = (performance.now() - started) / 1000;
  log(`Compiled ${stale.length} SEFs in ${seconds.toFixed(1)} s.`);
  derivePatternGuards({ quiet });
  return { compiled: stale.length, cached: compileTargets.length - stale.length, seconds };
};

/** What to tell whoever finds the committed SEFs out of date with the artefacts (a developer, never a user). */
export const staleMessage = (stale) =>
  `The compiled rules in standards/sef are out of date with standards/artefacts for ${stale.map((target) => target.xsl).join(', ')}: ` +
  'run "npm run standards" and commit standards/sef.';

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const unknown = args.filter((arg) => arg !== '--force' && arg !== '--quiet' && arg !== '--check');
  if (unknown.length > 0) {
    log(`Unknown option(s): ${unknown.join(' ')}. Usage: node scripts/compile-standards.mjs [--force] [--quiet] [--check]`);
    process.exit(2);
  }
  if (args.includes('--check')) {
    const stale = staleTargets();
    if (stale.length > 0) {
      log(staleMessage(stale));
      process.exit(1);
    }
    if (!args.includes('--quiet')) log(`All ${compileTargets.length} SEFs are up to date (standards/sef).`);
    process.exit(0);
  }
  compileStandards({ force: args.includes('--force'), quiet: args.includes('--quiet') }).catch((error) => {
    log(error instanceof Error ? error.message : String(error));
    process.exit(1);
  });
}
