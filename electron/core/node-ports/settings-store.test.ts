import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createCoreApp } from '../app';
import { MemoryLogger } from '../testing/memory-ports';
import { createNodePorts } from '.';
import { ConfSettingsStore } from './settings-store';

const tempDir = (): string => fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerdesk-settings-'));

describe('ConfSettingsStore', () => {
  it('keeps values in a JSON file in the given folder, keys with dots included', () => {
    const dir = tempDir();
    const store = new ConfSettingsStore({ cwd: dir, logger: new MemoryLogger() });
    store.set('uploads.journal', { entries: 2 });
    expect(new ConfSettingsStore({ cwd: dir, logger: new MemoryLogger() }).get('uploads.journal')).toEqual({ entries: 2 });
    store.delete('uploads.journal');
    expect(store.get('uploads.journal')).toBeUndefined();
    expect(JSON.parse(fs.readFileSync(path.join(dir, 'settings.json'), 'utf8'))).toEqual({});
  });

  it('sets an unreadable file aside with a warning and starts from defaults', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'settings.json'), '{"preferences": {"theme": "dark"');
    const logger = new MemoryLogger();
    const store = new ConfSettingsStore({ cwd: dir, logger });
    expect(store.get('preferences')).toBeUndefined();
    expect(logger.entries.some((e) => e.level === 'warn' && e.message.includes('could not be read'))).toBe(true);
    expect(fs.readdirSync(dir).some((name) => name.startsWith('settings.json.unreadable-'))).toBe(true);
    store.set('preferences', { theme: 'light' });
    expect(store.get('preferences')).toEqual({ theme: 'light' });
  });

  it('lets the app start on a corrupt settings file with the built-in profiles', async () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'settings.json'), 'garbage');
    const logger = new MemoryLogger();
    const app = createCoreApp(createNodePorts({ userDataDir: dir, emulatorLaunch: { command: 'false', args: [] }, shell: 'browser', logger }), {
      emulator: { autoStart: false },
    });
    const result = await app.handle('profiles.list', {}, { caller: 'test' });
    expect(result).toMatchObject({ ok: true, value: { activeId: 'local-emulator' } });
    if (result.ok) expect((result.value as { profiles: unknown[] }).profiles).toHaveLength(3);
    await app.dispose();
  });
});
