import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensurePki } from './emulator/pki';
import { bundleCoreThreads } from './scripts/core-threads.mjs';
import { seededCashRegisters } from './emulator/seed/cash-registers';
import { TEST_PKI_DIR_ENV } from './emulator/testing';

/** Issues the test emulators' PKI once for the whole run: RSA key generation dominates an emulator's start. */
export default async function setup(): Promise<() => void> {
  const dir = mkdtempSync(join(tmpdir(), 'ledgerdesk-vitest-pki-'));
  await ensurePki(dir, {
    pemSerialNumbers: seededCashRegisters.map((register) => register.pemSerialNumber),
    serverNames: ['localhost', '127.0.0.1', '::1'],
    log: () => {},
  });
  process.env[TEST_PKI_DIR_ENV] = dir;
  // The core's worker threads, bundled once: started from their sources, each would load tsx first.
  const threadsDir = mkdtempSync(join(tmpdir(), 'ledgerdesk-vitest-threads-'));
  await bundleCoreThreads(threadsDir);
  process.env.LEDGERDESK_THREADS_DIR = threadsDir;
  return () => {
    rmSync(dir, { recursive: true, force: true });
    rmSync(threadsDir, { recursive: true, force: true });
  };
}
