/**
 * Where a core worker thread's code is: the bundle beside dist/electron/main.cjs
 * (`threads/<name>.cjs`, built by scripts/build.mjs), or in the folder LEDGERDESK_THREADS_DIR
 * names (the vitest global setup bundles them there; a packaged app ignores it: dev-overrides.ts); else, when the core runs from its sources
 * (tsx), the TypeScript source loaded through tsx by `dev-loader.mjs`.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';
import { devOverride } from '../../dev-overrides';

/** The worker sources in this folder, by bundle name. */
export type ThreadName = 'file-reader' | 'atomic-writer' | 'file-opener';

const here = (): string => (typeof __dirname === 'string' ? __dirname : dirname(fileURLToPath(import.meta.url)));

/** A folder of bundled threads to use instead of the sources' (set by the vitest global setup). */
export const THREADS_DIR_ENV = 'LEDGERDESK_THREADS_DIR';

/** The bundle a thread starts from, or null when it must start from its TypeScript source. */
export const threadBundle = (name: ThreadName): string | null => {
  const bundled = join(devOverride(THREADS_DIR_ENV) ?? join(here(), 'threads'), `${name}.cjs`);
  return existsSync(bundled) ? bundled : null;
};

export function startThread(name: ThreadName, options: Omit<WorkerOptions, 'eval' | 'argv'> = {}): Worker {
  const bundled = threadBundle(name);
  if (bundled) return new Worker(bundled, options);
  const source = join(here(), `${name}.worker.ts`);
  return new Worker(join(here(), 'dev-loader.mjs'), { ...options, argv: [source] });
}
