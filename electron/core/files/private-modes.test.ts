import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCoreApp, type CoreAppWithServices } from '../app';
import { createMemoryPorts } from '../testing/memory-ports';
import { createActivityLog } from '../activity/log';
import { createJournalStore } from '../sync/journal';
import { MemoryLogger, MemorySettingsStore } from '../testing/memory-ports';
import { saveWatchJournal } from '../watch/journal';
import { tightenUserDataModes } from './private-modes';

let work: string;
let userData: string;
let apps: CoreAppWithServices[] = [];

beforeEach(async () => {
  work = await fs.mkdtemp(path.join(os.tmpdir(), 'ledgerdesk-modes-'));
  userData = path.join(work, 'user-data');
});
afterEach(async () => {
  await Promise.all(apps.map((app) => app.dispose()));
  apps = [];
  await fs.rm(work, { recursive: true, force: true });
});

const modeOf = async (relative: string): Promise<string> => `0${((await fs.lstat(path.join(userData, relative))).mode & 0o777).toString(8)}`;

/** A user-data folder as an older version, a backup or a copy left it: readable by everybody. */
async function looseUserData(): Promise<void> {
  await fs.mkdir(path.join(userData, 'activity'), { recursive: true, mode: 0o755 });
  await fs.mkdir(path.join(userData, 'sync'), { mode: 0o755 });
  await fs.mkdir(path.join(userData, 'watch'), { mode: 0o777 });
  await fs.mkdir(path.join(userData, 'emulator'), { mode: 0o755 });
  await fs.chmod(userData, 0o755);
  for (const [file, mode] of [
    ['activity/activity.log', 0o644],
    ['sync/rule-1.jsonl', 0o644],
    ['watch/journal.json', 0o666],
    ['config.json', 0o644],
    ['emulator/state.json', 0o644],
  ] as const) {
    await fs.writeFile(path.join(userData, file), file === 'watch/journal.json' ? '{"version":1,"files":{}}' : '');
    await fs.chmod(path.join(userData, file), mode);
  }
  await fs.writeFile(path.join(work, 'outside.txt'), 'not the app’s');
  await fs.chmod(path.join(work, 'outside.txt'), 0o644);
  await fs.symlink(path.join(work, 'outside.txt'), path.join(userData, 'sync', 'link.jsonl'));
}

describe.skipIf(process.platform === 'win32')('user-data folder modes', () => {
  it('tightens a loose user-data folder at start, says so once (log and notice), and leaves links and the emulator’s data alone', async () => {
    await looseUserData();
    const ports = createMemoryPorts({ userDataDir: userData });
    const app = createCoreApp(ports, { emulator: { autoStart: false } });
    apps.push(app);
    await app.start();

    expect(await modeOf('.')).toBe('0700');
    expect(await modeOf('activity')).toBe('0700');
    expect(await modeOf('watch')).toBe('0700');
    expect(await modeOf('activity/activity.log')).toBe('0600');
    expect(await modeOf('sync/rule-1.jsonl')).toBe('0600');
    expect(await modeOf('watch/journal.json')).toBe('0600');
    expect(await modeOf('config.json')).toBe('0600');
    // Not a journal of the app's: under a 0700 folder, left as the emulator wrote it.
    expect(await modeOf('emulator/state.json')).toBe('0644');
    // A link is never followed: the file it names keeps its mode.
    expect(((await fs.stat(path.join(work, 'outside.txt'))).mode & 0o777).toString(8)).toBe('644');

    expect(ports.notifier.sent).toEqual([{ title: 'App data folder made private', body: expect.stringContaining(userData) as string }]);
    const said = ports.logger.entries.filter((entry) => entry.message.startsWith('The app data folder could be read by other users'));
    expect(said).toHaveLength(1);
    expect(said[0]?.fields).toMatchObject({ folder: userData, count: 8 });

    // The next start finds nothing to tighten and says nothing.
    await app.dispose();
    apps = [];
    const again = createMemoryPorts({ userDataDir: userData });
    const second = createCoreApp(again, { emulator: { autoStart: false } });
    apps.push(second);
    await second.start();
    expect(again.notifier.sent).toEqual([]);
  });

  it('finds nothing to tighten in a folder the app made itself: its journals are written 0600 in 0700 folders', async () => {
    await fs.mkdir(userData, { mode: 0o700 });
    await saveWatchJournal(path.join(userData, 'watch', 'journal.json'), { version: 1, files: {} });
    const settings = new MemorySettingsStore();
    const logger = new MemoryLogger();
    const activity = createActivityLog({ folder: path.join(userData, 'activity'), settings, logger, who: () => ({ profile: 'p', user: null }) });
    await activity.record({ action: 'sync.ruleSaved', target: 'rule-1', detail: '' });
    const journals = createJournalStore(path.join(userData, 'sync'));
    const opened = await journals.open('rule-1', path.join(work, 'inbox'));
    opened.marked(['u1']);
    await opened.flush();
    expect(await modeOf('watch/journal.json')).toBe('0600');
    expect(await fs.readdir(path.join(userData, 'sync'))).toHaveLength(1);
    expect(await fs.readdir(path.join(userData, 'activity'))).not.toHaveLength(0);
    expect((await tightenUserDataModes(userData)).items).toEqual([]);
  });
});
