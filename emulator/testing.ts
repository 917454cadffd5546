import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EmulatorOptions } from './context';
import { ensurePki } from './pki';
import { seededCashRegisters } from './seed/cash-registers';
import { startEmulator, type EmulatorHooks, type RunningEmulator } from './server';

export interface TestEmulator extends RunningEmulator {
  /** Logs in with a demo account (by name) and returns the bearer token. */
  login(accountName?: string, environment?: 'sandbox' | 'production'): Promise<string>;
}

/** Set by vitest's global setup: a PKI issued once for the whole test run. */
export const TEST_PKI_DIR_ENV = 'LEDGERDESK_TEST_PKI_DIR';

let sharedPkiDir: Promise<string> | undefined;

/** One PKI for all test emulators: the run's (global setup), else this process's, issued once and removed at exit. */
function testPkiDir(): Promise<string> {
  const runWide = process.env[TEST_PKI_DIR_ENV];
  if (runWide) return Promise.resolve(runWide);
  sharedPkiDir ??= (async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ledgerdesk-emulator-test-pki-'));
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    await ensurePki(dir, {
      pemSerialNumbers: seededCashRegisters.map((register) => register.pemSerialNumber),
      serverNames: ['localhost', '127.0.0.1', '::1'],
      log: () => {},
    });
    return dir;
  })();
  return sharedPkiDir;
}

/**
 * An emulator for vitest files: free loopback ports, no data dir, quiet logs
 * (set EMULATOR_TEST_LOG=1 to see them). Close it in `afterAll`.
 */
export async function startTestEmulator(overrides: Partial<EmulatorOptions> = {}, hooks: EmulatorHooks = {}): Promise<TestEmulator> {
  const usesDefaultHost = overrides.host === undefined || overrides.host === '127.0.0.1';
  const running = await startEmulator(
    { port: 0, host: '127.0.0.1', dataDir: null, processingDelayMs: 50, ...overrides },
    {
      log: process.env.EMULATOR_TEST_LOG ? undefined : () => {},
      ...(usesDefaultHost && overrides.dataDir == null ? { pkiDir: await testPkiDir() } : {}),
      ...hooks,
    },
  );
  return {
    ...running,
    async login(accountName = 'full', environment = 'sandbox') {
      const account = running.context.accounts.find((candidate) => candidate.name === accountName);
      if (!account) {
        throw new Error(`No demo account named "${accountName}"; known: ${running.context.accounts.map((a) => a.name).join(', ')}.`);
      }
      const response = await fetch(`${running.urls.authUrl}/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: account.email, password: account.password, environment }),
      });
      const body = (await response.json()) as { token?: unknown };
      if (response.status !== 200 || typeof body.token !== 'string') {
        throw new Error(`Login as "${accountName}" failed: ${response.status} ${JSON.stringify(body)}`);
      }
      return body.token;
    },
  };
}
