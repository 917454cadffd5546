/**
 * Whether a build output is newer than its sources: used by `scripts/build.mjs` and by the shells
 * (which rebuild the emulator bundle when it is stale).
 */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** The newest modification time (ms) of a file or of anything under a folder; 0 when it does not exist. */
export const newestMtime = (path) => {
  let stats;
  try {
    stats = statSync(path);
  } catch {
    return 0;
  }
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry.startsWith('.')) continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
};

/** True when `output` exists and is at least as new as every source. */
export const isUpToDate = (output, sources) => {
  const builtAt = newestMtime(output);
  return builtAt > 0 && sources.every((source) => newestMtime(source) <= builtAt);
};
