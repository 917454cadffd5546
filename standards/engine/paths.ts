/**
 * Where the vendored artefacts (standards/artefacts) and their compiled SEFs (standards/sef) are:
 * found by walking up from this module, which works from the sources (tsx, vitest) and from the
 * bundles in dist/ and inside a packaged app's app.asar alike. No environment variable can move it:
 * the rules a packaged app runs are the ones it ships (docs/security.md).
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = (): string =>
  typeof __dirname === 'string' ? __dirname : dirname(fileURLToPath(import.meta.url));

let cached: string | undefined;

/** The folder holding `artefacts/` and `sef/`. */
export const standardsDir = (): string => {
  if (cached) return cached;
  for (let dir = here(); ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'standards', 'artefacts'))) return (cached = join(dir, 'standards'));
    if (dirname(dir) === dir) throw new Error('The standards artefacts (standards/artefacts) were not found above the engine.');
  }
};

/**
 * Tests only: the standards folder of a made-up installation (e.g. a release added in a temporary
 * copy). Code calls it before the engine reads anything; no environment variable can.
 */
export const useStandardsDirForTests = (dir: string): void => {
  cached = dir;
};

export const artefactPath = (relative: string): string => join(standardsDir(), 'artefacts', relative);

/** standards/sef/<artefact with .xsl/.xslt replaced by .sef.json.br>, as scripts/compile-standards.mjs writes it. */
export const sefPath = (xslt: string): string => join(standardsDir(), 'sef', xslt.replace(/\.xslt?$/, '.sef.json.br'));
