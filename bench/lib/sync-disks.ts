import { spawnSync } from 'node:child_process';

/** `sync`: the system writes every file's data to its disk, so that writing back does not land in the next measure. */
export function syncDisks(): void {
  if (process.platform !== 'win32') spawnSync('sync', { stdio: 'ignore', timeout: 60_000 });
}
