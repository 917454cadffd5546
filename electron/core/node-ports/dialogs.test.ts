/** The browser shell's scripted dialogs (tests and benches only): answers from a file, granted like Electron's native choices. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createCoreApp, type CoreAppWithServices } from '../app';
import { createMemoryPorts } from '../testing/memory-ports';
import { createScriptedDialogs } from './dialogs';

let dir: string;
let app: CoreAppWithServices | undefined;
const browser = { caller: 'bridge', window: 'browser' };

const setup = (scripted: boolean): { core: CoreAppWithServices; answers: string; folder: string } => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerdesk-scripted-'));
  const folder = path.join(dir, 'picked');
  fs.mkdirSync(folder);
  fs.writeFileSync(path.join(folder, 'a.xml'), '<a/>');
  const answers = path.join(dir, 'answers.json');
  fs.writeFileSync(answers, JSON.stringify({ chooseFolder: folder }));
  const ports = createMemoryPorts({ userDataDir: path.join(dir, 'data') });
  if (scripted) ports.dialogs = createScriptedDialogs(answers);
  app = createCoreApp(ports, { emulator: { autoStart: false } });
  return { core: app, answers, folder };
};

afterEach(async () => {
  await app?.dispose();
  app = undefined;
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('scripted dialogs', () => {
  it('make the browser shell answer a folder dialog as Electron does: supported, the choice granted as a handle for reading its files', async () => {
    const { core, answers, folder } = setup(true);
    await expect(core.handle('app.info', undefined, browser)).resolves.toMatchObject({ ok: true, value: { shell: 'browser', nativeDialogs: true } });
    const chosen = await core.handle('dialogs.chooseFolder', { purpose: 'open' }, browser);
    expect(chosen).toMatchObject({ ok: true, value: { supported: true, folder: { kind: 'folder', name: 'picked', label: folder } } });
    if (!chosen.ok) return;
    const handle = (chosen.value as { folder: { handle: string } }).folder.handle;
    await expect(core.handle('uploads.listFolder', { folder: { kind: 'handle', handle } }, browser)).resolves.toMatchObject({ ok: true, value: { files: [{ subpath: 'a.xml', size: 4 }] } });
    // Answers are read at each dialog: a cancelled one next.
    fs.writeFileSync(answers, JSON.stringify({ chooseFolder: null }));
    await expect(core.handle('dialogs.chooseFolder', { purpose: 'open' }, browser)).resolves.toEqual({ ok: true, value: { supported: true, folder: null } });
  });

  it('are off unless switched on: the browser shell then has no dialogs', async () => {
    const { core } = setup(false);
    await expect(core.handle('app.info', undefined, browser)).resolves.toMatchObject({ ok: true, value: { nativeDialogs: false } });
    await expect(core.handle('dialogs.chooseFolder', { purpose: 'open' }, browser)).resolves.toEqual({ ok: true, value: { supported: false, folder: null } });
  });

  it('fail loudly on a malformed answers file instead of answering "cancelled"', async () => {
    const { core, answers } = setup(true);
    fs.writeFileSync(answers, JSON.stringify({ chooseFolder: 'relative/folder' }));
    const result = await core.handle('dialogs.chooseFolder', { purpose: 'open' }, browser);
    expect(result).toMatchObject({ ok: false });
  });
});
