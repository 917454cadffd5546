import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fixtureBytes } from '../../../emulator/documents/test-support/fixtures';
import type { EngineChannel } from '../../../standards/engine/host-protocol';
import { forkNodeEngineProcess } from '../../../standards/engine/remote';
import { createCoreApp, type CoreAppWithServices } from '../app';
import { createMemoryPorts, type MemoryLogger } from '../testing/memory-ports';
import { isProcessAlive } from '../testing/processes';

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

describe("the official stylesheets and validation share one engine process, never the core's", () => {
  it('renders and validates in one child process; a render running when it dies fails plainly, and the next one starts a new process', async () => {
    const launched: EngineChannel[] = [];
    const ports = {
      ...createMemoryPorts(),
      engineProcess: (entry: string) => {
        const channel = forkNodeEngineProcess(entry);
        launched.push(channel);
        return channel;
      },
    };
    const core = createCoreApp(ports, { emulator: { autoStart: false } });
    try {
      const ctx = { caller: 'test' };
      const fattura = fixtureBytes('ph-fatturapa/IT01234567890_FPR01.xml');
      const opened = await core.handle('viewer.open', { name: 'IT01234567890_FPR01.xml', base64: fattura.toString('base64') }, ctx);
      if (!opened.ok) throw new Error(opened.error.message);
      const { id } = opened.value as { id: string };
      const rendered = await core.handle('viewer.render', { id, index: 0, stylesheet: 'fatturapa-ade' }, ctx);
      expect(rendered).toMatchObject({ ok: true, value: { html: expect.stringContaining('SOCIETA') } });
      const validated = await core.handle('standards.validate', { file: { kind: 'bytes', name: 'IT01234567890_FPR01.xml', base64: fattura.toString('base64') }, schemaOnly: true }, ctx);
      expect(validated).toMatchObject({ ok: true, value: { kind: 'fatturapa', valid: true } });
      expect(launched).toHaveLength(1);
      expect(launched[0]?.pid).not.toBe(process.pid);

      const pa = await core.handle('viewer.open', { name: 'IT01234567890_FPA01.xml', base64: fixtureBytes('ph-fatturapa/IT01234567890_FPA01.xml').toString('base64') }, ctx);
      if (!pa.ok) throw new Error(pa.error.message);
      const running = core.handle('viewer.render', { id: (pa.value as { id: string }).id, index: 0, stylesheet: 'fatturapa-ade-1.2.3' }, ctx);
      launched[0]?.kill();
      const failed = await running;
      expect(failed).toMatchObject({ ok: false, error: { code: 'internal', message: expect.stringMatching(/stylesheet engine/) } });
      expect((ports.logger as MemoryLogger).entries).toContainEqual(expect.objectContaining({ level: 'warn', message: expect.stringMatching(/engine process .* ended/) }));
      await expect(core.handle('viewer.render', { id, index: 0, stylesheet: 'fatturapa-ade' }, ctx)).resolves.toMatchObject({ ok: true });
      expect(launched).toHaveLength(2);
    } finally {
      await core.dispose();
    }
    // Ended with the core.
    expect(launched.every((channel) => channel.pid !== undefined && !isProcessAlive(channel.pid))).toBe(true);
  }, 120_000);
});
