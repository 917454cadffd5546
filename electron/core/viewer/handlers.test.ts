import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fixtureBytes } from '../../../emulator/documents/test-support/fixtures';
import { createCoreApp, type CoreAppWithServices } from '../app';
import { createMemoryPorts } from '../testing/memory-ports';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerdesk-viewer-'));
let app: CoreAppWithServices | undefined;
afterAll(async () => {
  await app?.dispose();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('viewer.open with a granted handle (Electron: main reads the file the user picked)', () => {
  it('opens the file for the window it was granted to, and refuses it elsewhere and as a path', async () => {
    app = createCoreApp(createMemoryPorts(), { emulator: { autoStart: false } });
    const file = path.join(dir, 'order.xml');
    fs.writeFileSync(file, fixtureBytes('poacc-upgrade-3/Order_Example.xml'));
    const [granted] = await app.grantFiles([file], 'electron:1');
    const open = (window: string) => app?.handle('viewer.open', { handle: { kind: 'handle', handle: granted?.handle ?? '' } }, { caller: 'ipc:app://ledgerdesk/', window });
    const opened = await open('electron:1');
    expect(opened).toMatchObject({ ok: true, value: { fileName: 'order.xml', documents: [{ family: 'ubl', formatLabel: 'Order' }] } });
    await expect(open('electron:2')).resolves.toMatchObject({ ok: false, error: { code: 'forbidden', message: expect.stringMatching(/Drop or choose the file again/) } });
    const byPath = await app.handle('viewer.open', { handle: { kind: 'path', path: file } }, { caller: 'ipc:app://ledgerdesk/', window: 'electron:1' });
    expect(byPath).toMatchObject({ ok: false, error: { code: 'bad_request' } });
  });
});
