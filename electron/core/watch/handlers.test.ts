/**
 * `watch.save` through the core's dispatch: the folder to watch (read, sent and emptied by the
 * app) must be a folder granted for reading by the host's dialog; the page can never name one by
 * typing its path, in either shell.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCoreApp, type CoreAppWithServices } from '../app';
import { createMemoryPorts } from '../testing/memory-ports';

let work: string;
let app: CoreAppWithServices | undefined;

beforeEach(async () => {
  work = await fs.mkdtemp(path.join(os.tmpdir(), 'ledgerdesk-watch-save-'));
  await fs.mkdir(path.join(work, 'outbox'));
});
afterEach(async () => {
  await app?.dispose();
  app = undefined;
  await fs.rm(work, { recursive: true, force: true });
});

const context = { caller: 'test', window: 'browser' };

describe.each(['browser', 'electron'] as const)('watch.save in the %s shell', (shell) => {
  const makeApp = (): CoreAppWithServices => {
    app = createCoreApp({ ...createMemoryPorts({ userDataDir: path.join(work, 'user-data') }), shell }, { emulator: { autoStart: false } });
    return app;
  };

  it('refuses a typed path: the page cannot name a folder for the app to read and empty', async () => {
    const core = makeApp();
    const answer = await core.handle('watch.save', { country: 'IT', folder: { kind: 'typed', path: path.join(work, 'outbox') }, e2eIdTemplate: 'LD-{file}' }, context);
    expect(answer).toMatchObject({ ok: false, error: { code: 'forbidden', details: { userMessage: { key: 'folders.watchNeedsDialog' } } } });
    expect(await core.handle('watch.folders', undefined, context)).toEqual({ ok: true, value: [] });
  });

  it('refuses a folder granted only for writing into (a download folder)', async () => {
    const core = makeApp();
    const [granted] = await core.services.files.grant([path.join(work, 'outbox')], 'browser', { access: 'write' });
    const answer = await core.handle('watch.save', { country: 'IT', folder: { kind: 'handle', handle: granted?.handle }, e2eIdTemplate: 'LD-{file}' }, context);
    expect(answer).toMatchObject({ ok: false, error: { code: 'forbidden', details: { userMessage: { key: 'files.handleWriteOnly' } } } });
  });

  it('watches a folder chosen in the host’s dialog (granted for reading)', async () => {
    const core = makeApp();
    const [granted] = await core.grantFiles([path.join(work, 'outbox')], 'browser');
    const answer = await core.handle('watch.save', { country: 'IT', folder: { kind: 'handle', handle: granted?.handle }, e2eIdTemplate: 'LD-{file}' }, context);
    expect(answer).toMatchObject({ ok: true, value: { country: 'IT', folder: path.join(work, 'outbox'), state: 'watching' } });
  });
});
