/**
 * The core's worker threads as the product starts them: bundled JavaScript (scripts/core-threads.mjs,
 * as scripts/build.mjs and the vitest global setup do), not the TypeScript sources loaded through tsx
 * in every thread (docs/performance.md, "Benches start the core's threads bundled").
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { THREADS_DIR_ENV } from '../../electron/core/files/threads/thread-entry';
import { bundleCoreThreads } from '../../scripts/core-threads.mjs';

let bundled: Promise<void> | undefined;

/** Bundles the threads once per process into a temporary folder (removed at exit) and points the core at it. */
export function useBundledThreads(): Promise<void> {
  bundled ??= (async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerdesk-bench-threads-'));
    await bundleCoreThreads(dir);
    process.env[THREADS_DIR_ENV] = dir;
    process.once('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
  })();
  return bundled;
}
