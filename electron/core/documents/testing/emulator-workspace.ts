/**
 * What the documents tests that talk to the emulator share: the emulator with a signed-in "full"
 * account and an HTTP client, started once per file, and a fresh work folder per test, removed
 * after `beforeRemove` (disposing the services that write in it). The test file starts the
 * emulator (`start`): only tests may import it.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { createTestHttp, type TestHttp } from './http';

/** What the workspace needs of the test emulator. */
export interface WorkspaceEmulator {
  urls: { documentsUrl: string };
  login(account: 'full'): Promise<string>;
  close(): Promise<void>;
}

export interface EmulatorWorkspace<E extends WorkspaceEmulator> {
  readonly emulator: E;
  /** Bearer token of the "full" demo account. */
  readonly token: string;
  readonly client: TestHttp;
  /** This test's own folder. */
  readonly work: string;
  /** A new folder in `work`. */
  folder(name: string): Promise<string>;
}

export function useEmulatorWorkspace<E extends WorkspaceEmulator>(options: { start: () => Promise<E>; prefix: string; beforeRemove?: () => Promise<void> }): EmulatorWorkspace<E> {
  let emulator: E | undefined;
  let token: string | undefined;
  let client: TestHttp | undefined;
  let work: string | undefined;
  const ready = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`The test workspace's ${what} is not ready (used outside a test?).`);
    return value;
  };
  beforeAll(async () => {
    emulator = await options.start();
    token = await emulator.login('full');
    client = createTestHttp();
  });
  afterAll(async () => {
    await client?.close();
    await emulator?.close();
  });
  beforeEach(async () => {
    work = await fs.mkdtemp(path.join(os.tmpdir(), options.prefix));
  });
  afterEach(async () => {
    await options.beforeRemove?.();
    if (work) await fs.rm(work, { recursive: true, force: true });
  });
  return {
    get emulator() {
      return ready(emulator, 'emulator');
    },
    get token() {
      return ready(token, 'token');
    },
    get client() {
      return ready(client, 'HTTP client');
    },
    get work() {
      return ready(work, 'work folder');
    },
    async folder(name) {
      const dir = path.join(ready(work, 'work folder'), name);
      await fs.mkdir(dir, { recursive: true });
      return dir;
    },
  };
}
