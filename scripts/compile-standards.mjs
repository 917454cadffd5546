#!/usr/bin/env node
/**
 * `npm run standards`: compiles every vendored XSLT under standards/artefacts/ (the Schematron rule
 * sets and the FatturaPA/KSeF stylesheets) to a SaxonJS SEF with xslt3, into standards/sef/.
 * SaxonJS never compiles at run time: the engine and the viewer only load these SEFs.
 *
 * Cached by content: each SEF is recompiled only when the SHA-256 of its inputs (the stylesheet, the
 * modules it imports, the xslt3 version and the export options) changed, so repeated runs are free.
 * `npm test` (vitest's global setup), `npm run build` and the e2e build (`scripts/build.mjs` in every
 * mode) call it, so a fresh clone has the SEFs without a separate step.
 *
 * Output: standards/sef/<artefact path with .xsl/.xslt replaced by .sef.json>, and
 * standards/sef/manifest.json = { "<artefact path>": { "sef": "<sef path>", "inputHash": "…" } }.
 * `--force` recompiles everything; `--quiet` prints nothing when all SEFs are cached.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
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

/**
 * What is compiled. `imports` are the stylesheet's modules that xslt3 must read too (they are part of
 * the cache key). `catalog` names the vendored OASIS catalog whose rewriteURI entries map an absolute
 * `xsl:import` URL to the local copy (xslt3 has no catalog support and must not go to the network).
 */
export const compileTargets = [
  ...[
    'CEN-EN16931-UBL',
    'PEPPOL-EN16931-UBL',
    'PEPPOLBIS-T01',
    'PEPPOLBIS-T76',
    'PEPPOLBIS-T16',
    'PEPPOLBIS-T111',
    'PEPPOLBIS-T71',
  ].map((name) => ({ xsl: `peppol/2026.5/xslt/${name}.xslt` })),
  ...[
    'forward-billing-3.0/FORWARD-BILLING-CEN-EN16931-UBL',
    'forward-billing-3.0/FORWARD-BILLING-PEPPOL-EN16931-UBL',
    'ordering-3.0/EHF-ORDER-3.0',
    'ordering-3.0/EHF-ORDER-RESPONSE-3.0',
    'despatch-advice-3.0/EHF-DESPATCH-ADVICE-3.0',
    'advanced-ordering-3.0/EHF-P09-3.0-ORDER-INITIATION',
    'advanced-ordering-3.0/EHF-P09-3.0-ORDER-RESPONSE',
  ].map((name) => ({ xsl: `peppol/ehf-g3-2023-02/xslt/${name}.xslt` })),
  ...[
    'Foglio_di_stile_fattura_ordinaria_ver1.2.2.xsl',
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

/** standards/artefacts/<a>.xslt → standards/sef/<a>.sef.json (relative to the repository root). */
export const sefPathFor = (xsl) => `standards/sef/${xsl.replace(/\.xslt?$/, '.sef.json')}`;

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

const readManifest = () => {
  try {
    return JSON.parse(readFileSync(manifestPath, 'utf8'));
  } catch {
    return {};
  }
};

/** The catalog's rewriteURI entries as [absolute URL prefix, local folder file: URL]. */
const catalogRewrites = (catalog) => {
  const text = readFileSync(join(artefactsDir, catalog), 'utf8');
  const base = dirname(join(artefactsDir, catalog));
  return [...text.matchAll(/<rewriteURI\s+uriStartString="([^"]+)"\s+rewritePrefix="([^"]+)"/g)].map(([, from, to]) => [
    from,
    pathToFileURL(join(base, to)).href.replace(/\/?$/, '/'),
  ]);
};

/**
 * The file xslt3 reads: the vendored file itself, or (when a catalog applies) a copy in a temp folder
 * whose import URLs the catalog rewrote to file: URLs. The vendored file is never changed.
 */
const stagedStylesheet = (target, tempRoot) => {
  const source = join(artefactsDir, target.xsl);
  if (!target.catalog) return source;
  let text = readFileSync(source, 'utf8');
  for (const [from, to] of catalogRewrites(target.catalog)) text = text.split(`href="${from}`).join(`href="${to}`);
  const staged = join(tempRoot, target.xsl);
  mkdirSync(dirname(staged), { recursive: true });
  writeFileSync(staged, text);
  return staged;
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

/** Compiles what is missing or stale; returns { compiled, cached, seconds }. */
export const compileStandards = async ({ force = false, quiet = false } = {}) => {
  const started = performance.now();
  const version = xslt3Version();
  const manifest = readManifest();
  const stale = compileTargets.filter((target) => {
    const entry = manifest[target.xsl];
    return force || !entry || entry.inputHash !== inputHash(target, version) || !existsSync(join(root, entry.sef));
  });
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
      const partial = `${out}.partial`;
      await runXslt3(stagedStylesheet(target, tempRoot), partial);
      renameSync(partial, out);
      manifest[target.xsl] = { sef, inputHash: inputHash(target, version) };
      mkdirSync(sefDir, { recursive: true });
      writeFileSync(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`);
    });
  } finally {
    rmSync(tempRoot, { recursive: true, force: true });
  }
  const seconds = (performance.now() - started) / 1000;
  log(`Compiled ${stale.length} SEFs in ${seconds.toFixed(1)} s.`);
  derivePatternGuards({ quiet });
  return { compiled: stale.length, cached: compileTargets.length - stale.length, seconds };
};

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const unknown = args.filter((arg) => arg !== '--force' && arg !== '--quiet');
  if (unknown.length > 0) {
    log(`Unknown option(s): ${unknown.join(' ')}. Usage: node scripts/compile-standards.mjs [--force] [--quiet]`);
    process.exit(2);
  }
  compileStandards({ force: args.includes('--force'), quiet: args.includes('--quiet') }).catch((error) => {
    log(error instanceof Error ? error.message : String(error));
    process.exit(1);
  });
}
