/**
 * The pattern guards derived from the compiled rules at build time (scripts/derive-pattern-guards.mjs,
 * standards/sef/guards.json): for a pattern with a guard, the guard is a condition without which no rule
 * of the pattern can match, evaluated once per document; when it is false the pattern cannot report
 * anything and is skipped. A layer whose SEF changed since the guards were derived, a missing or
 * unreadable guards file, or a pattern without a guard: the pattern runs.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { standardsDir } from './paths';

const guardsFileSchema = z.object({
  version: z.literal(1),
  layers: z.record(z.string(), z.object({ sefSha256: z.string(), patterns: z.record(z.string(), z.string().nullable()) })),
});
type GuardsFile = z.infer<typeof guardsFileSchema>;

let loaded: GuardsFile | null | undefined;

const guardsFile = (): GuardsFile | null => {
  if (loaded !== undefined) return loaded;
  const path = join(standardsDir(), 'sef', 'guards.json');
  try {
    loaded = existsSync(path) ? guardsFileSchema.parse(JSON.parse(readFileSync(path, 'utf8'))) : null;
  } catch {
    loaded = null;
  }
  return loaded;
};

/** The guard of one pattern (`mode`) of the layer `xslt`, when it was derived from this very SEF (`sefSha256`). */
export const patternGuard = (xslt: string, sefSha256: string, mode: string): string | undefined => {
  const layer = guardsFile()?.layers[xslt];
  if (!layer || layer.sefSha256 !== sefSha256) return undefined;
  return layer.patterns[mode] ?? undefined;
};
