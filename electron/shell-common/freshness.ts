import { readdirSync, statSync } from 'node:fs';

/** The newest modification time (ms) of a file or of anything under a folder; 0 when it does not exist. */
export const newestMtime = (path: string): number => {
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
    newest = Math.max(newest, newestMtime(`${path}/${entry}`));
  }
  return newest;
};

/** True when `output` exists and is at least as new as every source. */
export const isUpToDate = (output: string, sources: readonly string[]): boolean => {
  const builtAt = newestMtime(output);
  return builtAt > 0 && sources.every((source) => newestMtime(source) <= builtAt);
};
