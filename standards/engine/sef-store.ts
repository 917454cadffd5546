/**
 * The compiled official rules and stylesheets (standards/sef): brotli-compressed SEFs, committed with
 * the sources and listed in `manifest.json` with the SHA-256 of each decompressed file
 * (scripts/compile-standards.mjs writes both). Every SEF is loaded through here and checked against
 * its hash, so a missing, truncated or damaged file is a plain `CompiledRulesUnavailable`, never a
 * JSON or SaxonJS error in the middle of a validation.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { z } from 'zod';
import { standardsDir } from './paths';

const manifestSchema = z.record(
  z.string(),
  z.object({
    /** The compressed SEF, relative to the repository (or app) root: `standards/sef/….sef.json.br`. */
    sef: z.string(),
    inputHash: z.string(),
    /** SHA-256 of the decompressed SEF. */
    sha256: z.string().regex(/^[0-9a-f]{64}$/),
    contentHash: z.string(),
  }),
);
export type SefManifest = z.infer<typeof manifestSchema>;

export type CompiledRulesProblem = 'missing' | 'damaged';

/** A compiled rule set or stylesheet that cannot be used; `code` travels across the engine's process. */
export class CompiledRulesUnavailable extends Error {
  readonly code = 'rules_unavailable';
  constructor(
    /** The artefact whose SEF it is (e.g. `peppol/2026.5/xslt/CEN-EN16931-UBL.xslt`), or `manifest.json`. */
    readonly artefact: string,
    readonly problem: CompiledRulesProblem,
    message: string,
  ) {
    super(message);
    this.name = 'CompiledRulesUnavailable';
  }
}

const manifestFile = (): string => join(standardsDir(), 'sef', 'manifest.json');
const appRoot = (): string => dirname(standardsDir());

let manifest: SefManifest | undefined;

/** The manifest, read once. */
export const sefManifest = (): SefManifest => {
  if (manifest) return manifest;
  let text: string;
  try {
    text = readFileSync(manifestFile(), 'utf8');
  } catch {
    throw new CompiledRulesUnavailable('manifest.json', 'missing', `The list of compiled official rules (${manifestFile()}) is missing.`);
  }
  try {
    return (manifest = manifestSchema.parse(JSON.parse(text)));
  } catch {
    throw new CompiledRulesUnavailable('manifest.json', 'damaged', `The list of compiled official rules (${manifestFile()}) is damaged.`);
  }
};

/** Where an artefact's compiled SEF is, by the manifest (undefined when it is not compiled). */
export const sefFileOf = (artefact: string): string | undefined => {
  const entry = sefManifest()[artefact];
  return entry ? join(appRoot(), entry.sef) : undefined;
};

const artefactOfFile = (file: string): [string, SefManifest[string]] | undefined => {
  const wanted = resolve(file);
  return Object.entries(sefManifest()).find(([, entry]) => resolve(appRoot(), entry.sef) === wanted);
};

/** Reads, decompresses and checks one SEF (named by its file, as the manifest lists it); returns SaxonJS's `stylesheetInternal`. */
export const loadSef = (file: string): unknown => {
  const listed = artefactOfFile(file);
  if (!listed) throw new CompiledRulesUnavailable(file, 'missing', `${file} is not among the compiled official rules (standards/sef/manifest.json).`);
  const [artefact, entry] = listed;
  return loadCheckedSef(file, artefact, entry.sha256);
};

/** Reads a compressed SEF and checks it against the SHA-256 of its decompressed text. */
export const loadCheckedSef = (file: string, artefact: string, sha256: string): unknown => {
  let compressed: Buffer;
  try {
    compressed = readFileSync(file);
  } catch {
    throw new CompiledRulesUnavailable(artefact, 'missing', `The compiled official rules for ${artefact} are missing (${file}).`);
  }
  const damaged = (): CompiledRulesUnavailable =>
    new CompiledRulesUnavailable(artefact, 'damaged', `The compiled official rules for ${artefact} are damaged (${file} does not match its SHA-256 in the manifest).`);
  let text: Buffer;
  try {
    text = brotliDecompressSync(compressed);
  } catch {
    throw damaged();
  }
  if (createHash('sha256').update(text).digest('hex') !== sha256) throw damaged();
  return JSON.parse(text.toString('utf8')) as unknown;
};
