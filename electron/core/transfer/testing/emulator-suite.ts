/**
 * One emulator for a test file's uploads tests: started before them, signed in as the "full"
 * account, every service made by `uploads()` closed after each test, temp folders removed at the
 * end. Call at the top level of a test file with `() => startTestEmulator(…)` (the test file
 * imports the emulator; the core's own modules never do).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { createTestUploads, demoAccountUser, type TestUploads, type TestUploadsOptions } from './harness';

/** What the suite needs of the test emulator. */
export interface SuiteEmulator {
  urls: { transferUrl: string };
  context: { accounts: ReadonlyArray<{ name: string; uid: string; email: string }> };
  login(account: string): Promise<string>;
  close(): Promise<void>;
}

export interface EmulatorSuite<E extends SuiteEmulator> {
  readonly emulator: E;
  readonly token: string;
  readonly user: { uid: string; email: string };
  tempDir(): string;
  uploads(options?: Partial<TestUploadsOptions>): TestUploads;
}

export function uploadsOnEmulator<E extends SuiteEmulator>(start: () => Promise<E>): EmulatorSuite<E> {
  let emulator: E | undefined;
  let token = '';
  let user = { uid: '', email: '' };
  const open: TestUploads[] = [];
  const dirs: string[] = [];
  const running = (): E => {
    if (!emulator) throw new Error('The emulator is not started yet.');
    return emulator;
  };

  beforeAll(async () => {
    emulator = await start();
    token = await emulator.login('full');
    user = demoAccountUser(emulator.context.accounts, 'full');
  });
  afterEach(async () => {
    await Promise.all(open.splice(0).map((t) => t.close()));
  });
  afterAll(async () => {
    await emulator?.close();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  const suite: EmulatorSuite<E> = {
    get emulator() {
      return running();
    },
    get token() {
      return token;
    },
    get user() {
      return user;
    },
    tempDir() {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerdesk-uploads-'));
      dirs.push(dir);
      return dir;
    },
    uploads(options = {}) {
      const instance = createTestUploads({ transferUrl: running().urls.transferUrl, userDataDir: suite.tempDir(), token, user, ...options });
      open.push(instance);
      return instance;
    },
  };
  return suite;
}
