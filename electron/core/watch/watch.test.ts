import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ChannelName, ErrorReason, UploadEntry } from '../../../shared/contract';
import { createActivityLog } from '../activity/log';
import { createCoreEvents } from '../events';
import { createFileReader } from '../files/file-reader';
import { readInFolder } from '../files/read-in-folder';
import type { Invoke } from '../handlers';
import { nodeAtomicFileSystem } from '../files/atomic-write';
import { MemoryLogger, MemorySettingsStore } from '../testing/memory-ports';
import { canMount, restrictedFolder, type RestrictedFolder, type RestrictionMechanism } from '../testing/restricted-folder';
import type { WatchFileSystem } from './folder-fs';
import { createWatchService, type WatchService } from './service';

let work: string;
let watched: string;
let services: WatchService[] = [];
// The core's reading thread, as the app passes it.
const reader = createFileReader();
afterAll(() => reader.close());

beforeEach(async () => {
  work = await fs.mkdtemp(path.join(os.tmpdir(), 'ledgerdesk-watch-'));
  watched = path.join(work, 'outbox');
  await fs.mkdir(watched);
});
afterEach(async () => {
  await Promise.all(services.map((service) => service.dispose()));
  services = [];
  await fs.rm(work, { recursive: true, force: true });
});

/** The upload service as the watched folder sees it: `uploads.add` journals files (their bytes), `uploads.list` lists them. */
class FakeUploads {
  readonly entries: UploadEntry[] = [];
  /** Files handed over, by content hash: more than one means sent twice. */
  readonly added = new Map<string, number>();
  /** What was handed over for each name (the bytes the upload would send). */
  readonly contents = new Map<string, string>();

  invoke: Invoke = (async (channel: ChannelName, input: never) => {
    if (channel === 'uploads.list') return this.entries;
    if (channel !== 'uploads.add') throw new Error(`unexpected ${channel}`);
    const { files } = input as { files: Array<{ file: { kind: 'binary'; name: string; data: Uint8Array } }> };
    const out: UploadEntry[] = [];
    const rejected = [];
    for (const { file } of files) {
      expect(file.kind).toBe('binary');
      const bytes = Buffer.from(file.data);
      const sha256 = crypto.createHash('sha256').update(bytes).digest('hex');
      if (file.name.includes('bad')) {
        rejected.push({ fileName: file.name, origin: file.name, code: 'validation', message: 'The file name has no known extension.' });
        continue;
      }
      this.added.set(sha256, (this.added.get(sha256) ?? 0) + 1);
      this.contents.set(file.name, bytes.toString('utf8'));
      const entry = { localId: `l${this.entries.length + 1}`, sha256, fileName: file.name, e2eId: `E2E-${this.entries.length + 1}`, state: 'queued', size: bytes.length } as UploadEntry;
      this.entries.push(entry);
      out.push(entry);
    }
    return { batchId: 'b', entries: out, rejected };
  }) as Invoke;

  finish(fileName: string, state: 'done' | 'failed', message?: string, why?: ErrorReason): UploadEntry {
    const entry = this.entries.find((candidate) => candidate.fileName === fileName);
    if (!entry) throw new Error(`${fileName} was not added`);
    entry.state = state;
    if (message) entry.error = { code: 'validation', message, ...(why ? { reason: why } : {}) };
    return entry;
  }
}

function makeWatch(settings = new MemorySettingsStore(), uploads?: FakeUploads, fileSystem?: WatchFileSystem) {
  const fake = uploads ?? new FakeUploads();
  const logger = new MemoryLogger();
  const watch = createWatchService({
    invoke: fake.invoke,
    reader,
    settings,
    events: createCoreEvents(logger),
    logger,
    activity: createActivityLog({ folder: path.join(work, 'activity'), settings, logger, who: () => ({ profile: 'Local emulator', user: null }) }),
    journalPath: path.join(work, 'user-data', 'watch', 'journal.json'),
    stableMs: 150,
    rescanMs: 200,
    ...(fileSystem ? { fileSystem } : {}),
  });
  services.push(watch);
  return { watch, uploads: fake, settings };
}

const until = async (check: () => boolean | Promise<boolean>, what: string, ms = 8_000): Promise<void> => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};
/** The app's writability probe, written (through an atomic write's own temp file, `.<probe>.<id>.tmp`) and removed at each look. */
const isProbe = (name: string): boolean => /^\.{1,2}ledgerdesk-write-check\./.test(path.basename(name));
const list = async (folder: string): Promise<string[]> => (await fs.readdir(folder).catch(() => [])).filter((name) => !isProbe(name)).sort();

describe('watched folder', () => {
  it('sends a copied file once, when its copy is complete, and moves it to sent/ when delivered', async () => {
    const { watch, uploads } = makeWatch();
    await watch.start();
    await watch.save({ country: 'IT', folder: watched, e2eIdTemplate: 'LD-{file}', paused: false });
    // A copy in two parts with a pause: the first part alone must never be sent.
    const handle = await fs.open(path.join(watched, 'IT01234567890_00001.xml'), 'w');
    await handle.write('<FatturaElettronica>part one');
    await new Promise((resolve) => setTimeout(resolve, 60));
    await handle.write(' and the rest</FatturaElettronica>');
    await handle.close();
    await until(() => uploads.entries.length === 1, 'the file to be added');
    const whole = crypto.createHash('sha256').update('<FatturaElettronica>part one and the rest</FatturaElettronica>').digest('hex');
    expect([...uploads.added.entries()]).toEqual([[whole, 1]]);

    watch.uploadsChanged([uploads.finish('IT01234567890_00001.xml', 'done')]);
    await until(async () => (await list(path.join(watched, 'sent'))).length === 1, 'the move to sent/');
    expect(await list(watched)).toEqual(['sent']);
    expect(watch.statuses()[0]).toMatchObject({ sent: 1, inFlight: 0, failed: 0 });
  });

  it('sends a file whose time is in the future (another machine’s clock) once it stops changing', async () => {
    const { watch, uploads } = makeWatch();
    await watch.start();
    await watch.save({ country: 'IT', folder: watched, e2eIdTemplate: 'LD-{file}', paused: false });
    const staged = path.join(work, 'IT01234567890_00009.xml');
    await fs.writeFile(staged, '<FatturaElettronica>from a server whose clock is ahead</FatturaElettronica>');
    const anHourAhead = new Date(Date.now() + 3_600_000);
    await fs.utimes(staged, anHourAhead, anHourAhead);
    await fs.rename(staged, path.join(watched, 'IT01234567890_00009.xml'));
    await until(() => uploads.entries.length === 1, 'the file to be added', 3_000);
    expect([...uploads.added.values()]).toEqual([1]);
  });

  it('puts a refused or failed file in failed/ with a note that says why and what to do', async () => {
    const { watch, uploads } = makeWatch();
    await watch.start();
    await watch.save({ country: 'IT', folder: watched, e2eIdTemplate: 'LD-{file}', paused: false });
    await fs.writeFile(path.join(watched, 'bad-name'), 'x');
    await fs.writeFile(path.join(watched, 'IT1_2.xml'), '<a/>');
    await until(async () => (await list(path.join(watched, 'failed'))).includes('bad-name.txt') && uploads.entries.length === 1, 'the refusal');
    const note = await fs.readFile(path.join(watched, 'failed', 'bad-name.txt'), 'utf8');
    expect(note).toContain('bad-name was not sent.');
    expect(note).toContain('Why: The file name has no known extension.');
    expect(note).toContain('What to do: correct the file (or its name) and copy it into the watched folder again.');

    const notProcessed = { key: 'uploads.notProcessedSaid' as const, params: { name: 'IT1_2.xml', said: 'missing VAT number' } };
    watch.uploadsChanged([uploads.finish('IT1_2.xml', 'failed', 'The destination refused the invoice: missing VAT number.', notProcessed)]);
    await until(async () => (await list(path.join(watched, 'failed'))).includes('IT1_2.xml.txt'), 'the failure note');
    expect(await fs.readFile(path.join(watched, 'failed', 'IT1_2.xml.txt'), 'utf8')).toContain('Why: The destination refused the invoice: missing VAT number.');
    // The file's note stays English; the status the app shows carries the upload's reason.
    expect(watch.statuses()[0]?.recent.find((event) => event.fileName === 'IT1_2.xml' && event.state === 'failed')?.reason).toEqual(notProcessed);
  });

  it('gives an upload that ended without an error of its own a reason the app words', async () => {
    const { watch, uploads } = makeWatch();
    await watch.start();
    await watch.save({ country: 'IT', folder: watched, e2eIdTemplate: 'LD-{file}', paused: false });
    await fs.writeFile(path.join(watched, 'IT1_3.xml'), '<a/>');
    await until(() => uploads.entries.length === 1, 'the file to be added');
    watch.uploadsChanged([uploads.finish('IT1_3.xml', 'failed')]);
    await until(async () => (await list(path.join(watched, 'failed'))).includes('IT1_3.xml.txt'), 'the failure note');
    expect(await fs.readFile(path.join(watched, 'failed', 'IT1_3.xml.txt'), 'utf8')).toContain('Why: the upload ended as failed.');
    expect(watch.statuses()[0]?.recent.find((event) => event.fileName === 'IT1_3.xml' && event.state === 'failed')?.reason).toEqual({ key: 'folders.itemEndedFailed', params: {} });
  });

  it('shows each file once among the latest files, at its latest state', async () => {
    const { watch, uploads } = makeWatch();
    await watch.start();
    await watch.save({ country: 'IT', folder: watched, e2eIdTemplate: 'LD-{file}', paused: false });
    await fs.writeFile(path.join(watched, 'IT1_4.xml'), '<a/>');
    await until(() => uploads.entries.length === 1, 'the file to be added');
    await until(() => watch.statuses()[0]?.recent.some((event) => event.fileName === 'IT1_4.xml') === true, 'the file in the status');
    watch.uploadsChanged([uploads.finish('IT1_4.xml', 'done')]);
    await until(async () => (await list(path.join(watched, 'sent'))).includes('IT1_4.xml'), 'the file in sent/');
    expect(watch.statuses()[0]?.recent.filter((event) => event.fileName === 'IT1_4.xml').map((event) => event.state)).toEqual(['sent']);
  });

  it('never sends the same content twice, renamed or after a restart', async () => {
    const settings = new MemorySettingsStore();
    const first = makeWatch(settings);
    await first.watch.start();
    await first.watch.save({ country: 'PL', folder: watched, e2eIdTemplate: 'LD-{file}', paused: false });
    await fs.writeFile(path.join(watched, 'a.xml'), '<Faktura>1</Faktura>');
    await until(() => first.uploads.entries.length === 1, 'the first add');
    first.watch.uploadsChanged([first.uploads.finish('a.xml', 'done')]);
    await until(async () => (await list(path.join(watched, 'sent'))).includes('a.xml'), 'sent');

    await first.watch.dispose();
    // The same content under another name, while the app was closed.
    await fs.writeFile(path.join(watched, 'copy of a.xml'), '<Faktura>1</Faktura>');
    const second = makeWatch(settings, first.uploads);
    await second.watch.start();
    await until(async () => (await list(path.join(watched, 'sent'))).includes('copy of a.xml.txt'), 'the duplicate put aside');
    expect(first.uploads.entries).toHaveLength(1);
    expect(await fs.readFile(path.join(watched, 'sent', 'copy of a.xml.txt'), 'utf8')).toContain('the same content was already sent as a.xml');
  });

  it('settles after a restart what was handed over before it', async () => {
    const settings = new MemorySettingsStore();
    const first = makeWatch(settings);
    await first.watch.start();
    await first.watch.save({ country: 'IT', folder: watched, e2eIdTemplate: 'LD-{file}', paused: false });
    await fs.writeFile(path.join(watched, 'b.xml'), '<b/>');
    await until(() => first.uploads.entries.length === 1, 'the add');
    await first.watch.dispose();
    // Delivered while the app was closed.
    first.uploads.finish('b.xml', 'done');
    const second = makeWatch(settings, first.uploads);
    await second.watch.start();
    await until(async () => (await list(path.join(watched, 'sent'))).includes('b.xml'), 'the move after restart');
    expect(first.uploads.entries).toHaveLength(1);
  });

  it('sends each of many files copied at once exactly once', async () => {
    const { watch, uploads } = makeWatch();
    await watch.start();
    await watch.save({ country: 'IT', folder: watched, e2eIdTemplate: 'LD-{file}', paused: false });
    await Promise.all(Array.from({ length: 120 }, (_, index) => fs.writeFile(path.join(watched, `f${index}.xml`), `<n>${index}</n>`)));
    await until(() => uploads.entries.length >= 120, 'every file', 15_000);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(uploads.entries).toHaveLength(120);
    expect([...uploads.added.values()].every((count) => count === 1)).toBe(true);
  });

  it('pauses, and says so when the folder is gone', async () => {
    const { watch, uploads } = makeWatch();
    await watch.start();
    await watch.save({ country: 'IT', folder: watched, e2eIdTemplate: 'LD-{file}', paused: true });
    await fs.writeFile(path.join(watched, 'c.xml'), '<c/>');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(uploads.entries).toHaveLength(0);
    expect(watch.statuses()[0]?.state).toBe('paused');
    await watch.setPaused('IT', false);
    await until(() => uploads.entries.length === 1, 'the file after resuming');

    await fs.rm(watched, { recursive: true });
    await until(() => watch.statuses()[0]?.state === 'error', 'the error');
    expect(watch.statuses()[0]?.message).toBe(`The watched folder ${watched} is not there any more (moved, renamed, or on a drive that is not connected). Reconnect it or choose it again.`);
    expect(watch.statuses()[0]?.reason).toEqual({ key: 'folders.watchGone', params: { path: watched } });
  });
});

// A real read-only or full disk where the tests may mount one (root on Linux, as in CI), and the same failures injected at the file-system seam everywhere.
const mechanisms: RestrictionMechanism[] = ['injected', ...((await canMount(os.tmpdir())) ? (['mount'] as const) : [])];

describe.each(mechanisms)('watched folder on a disk that refuses writes, goes away or locks a file (%s)', (mechanism) => {
  let restricted: RestrictedFolder | undefined;
  afterEach(async () => {
    await Promise.all(services.map((service) => service.dispose()));
    services = [];
    await restricted?.dispose();
    restricted = undefined;
  });

  /** Files another program holds open without sharing (Windows): reading them fails until released. */
  const locked = new Set<string>();
  const seam = (disk: RestrictedFolder): WatchFileSystem => ({
    files: disk.fileSystem ?? nodeAtomicFileSystem,
    makeFolder: (folder) => disk.makeFolder(folder),
    read: (files) =>
      Promise.resolve(
        files.map((file) => (locked.has(file.name) ? { kind: 'error' as const, code: 'EBUSY', message: `EBUSY: resource busy or locked, open '${file.name}'` } : (readInFolder([file])[0] as ReturnType<typeof readInFolder>[number]))),
      ),
  });

  async function watchOn(): Promise<{ watch: WatchService; uploads: FakeUploads; folder: string }> {
    restricted = await restrictedFolder(path.join(work, 'disk'), mechanism);
    const { watch, uploads } = makeWatch(new MemorySettingsStore(), undefined, seam(restricted));
    await watch.start();
    await watch.save({ country: 'IT', folder: restricted.path, e2eIdTemplate: 'LD-{file}', paused: false });
    return { watch, uploads, folder: restricted.path };
  }

  /**
   * No temp file and no partial note left anywhere under the folder. A retry in flight holds its temp
   * file for a moment before the full disk refuses it and it is removed: what must never happen is one
   * that stays, so this waits for the folder to show none rather than reading it at one instant.
   */
  async function expectNothingHalfWritten(folder: string): Promise<void> {
    const temps = async () => (await fs.readdir(folder, { recursive: true })).filter((name) => path.basename(name).endsWith('.tmp') && !isProbe(name));
    await until(async () => (await temps()).length === 0, 'no temp file left behind');
  }

  it('says the folder is read-only, keeps a delivered file without sending it again, and moves it to sent/ once writable', async () => {
    const { watch, uploads, folder } = await watchOn();
    await fs.writeFile(path.join(folder, 'IT1_ro.xml'), '<ro/>');
    await until(() => uploads.entries.length === 1, 'the add');
    await restricted?.readOnly();

    watch.uploadsChanged([uploads.finish('IT1_ro.xml', 'done')]);
    await until(() => watch.statuses()[0]?.state === 'error', 'the error in the status');
    expect(watch.statuses()[0]?.message).toBe(`${folder} is on a read-only disk: the app cannot move files into sent/ or failed/ or write their notes. Make it writable; nothing is sent twice meanwhile.`);
    expect(watch.statuses()[0]?.reason).toEqual({ key: 'folders.putAsideReadOnly', params: { path: folder } });
    // Several looks at the folder later: still there, still sent once.
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(await list(folder)).toEqual(['IT1_ro.xml']);
    expect(uploads.entries).toHaveLength(1);
    expect(watch.statuses()[0]).toMatchObject({ sent: 1, inFlight: 0 });

    await restricted?.restore();
    await until(async () => (await list(path.join(folder, 'sent'))).includes('IT1_ro.xml'), 'the move to sent/');
    await until(() => watch.statuses()[0]?.state === 'watching', 'the status back to watching');
    expect(watch.statuses()[0]?.message).toBeUndefined();
    expect(await list(folder)).toEqual(['sent']);
    expect([...uploads.added.values()]).toEqual([1]);
  });

  it('cannot write a failure note on a read-only folder: the file waits, and gets its note once writable', async () => {
    const { watch, uploads, folder } = await watchOn();
    await fs.writeFile(path.join(folder, 'IT1_refused.xml'), '<refused/>');
    await until(() => uploads.entries.length === 1, 'the add');
    await restricted?.readOnly();
    watch.uploadsChanged([uploads.finish('IT1_refused.xml', 'failed', 'The destination refused the invoice: missing VAT number.')]);
    await until(() => watch.statuses()[0]?.state === 'error', 'the error in the status');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await list(folder)).toEqual(['IT1_refused.xml']);
    expect(uploads.entries).toHaveLength(1);

    await restricted?.restore();
    await until(async () => (await list(path.join(folder, 'failed'))).includes('IT1_refused.xml.txt'), 'the note');
    expect(await list(path.join(folder, 'failed'))).toEqual(['IT1_refused.xml', 'IT1_refused.xml.txt']);
    expect(await fs.readFile(path.join(folder, 'failed', 'IT1_refused.xml.txt'), 'utf8')).toContain('Why: The destination refused the invoice: missing VAT number.');
    await until(() => watch.statuses()[0]?.state === 'watching', 'the status back to watching');
    expect([...uploads.added.values()]).toEqual([1]);
  });

  it('says the disk is full, writes no half note, sends nothing twice, and writes the note once there is room', async () => {
    const { watch, uploads, folder } = await watchOn();
    await fs.writeFile(path.join(folder, 'IT1_full.xml'), '<full/>');
    await until(() => uploads.entries.length === 1, 'the add');
    await fs.mkdir(path.join(folder, 'failed'));
    await restricted?.fill(0);
    watch.uploadsChanged([uploads.finish('IT1_full.xml', 'failed', 'The file is not a valid FatturaPA.')]);
    await until(() => watch.statuses()[0]?.state === 'error', 'the error in the status');
    expect(watch.statuses()[0]?.message).toBe(`The disk of ${folder} is full: the app cannot move files into sent/ or failed/ or write the notes that say why a file failed. Free some space; nothing is sent twice meanwhile.`);
    expect(watch.statuses()[0]?.reason).toEqual({ key: 'folders.putAsideDiskFull', params: { path: folder } });
    await new Promise((resolve) => setTimeout(resolve, 500));
    await expectNothingHalfWritten(folder);
    expect((await list(path.join(folder, 'failed'))).filter((name) => name.endsWith('.txt'))).toEqual([]);
    expect(uploads.entries).toHaveLength(1);

    await restricted?.restore();
    await until(async () => (await list(path.join(folder, 'failed'))).includes('IT1_full.xml.txt'), 'the note');
    expect(await fs.readFile(path.join(folder, 'failed', 'IT1_full.xml.txt'), 'utf8')).toContain('Why: The file is not a valid FatturaPA.');
    await until(() => watch.statuses()[0]?.state === 'watching', 'the status back to watching');
    await expectNothingHalfWritten(folder);
    expect([...uploads.added.values()]).toEqual([1]);
  });

  it('says the folder is gone without making it again, and puts the delivered file aside when it is back', async () => {
    const { watch, uploads, folder } = await watchOn();
    await fs.writeFile(path.join(folder, 'IT1_gone.xml'), '<gone/>');
    await until(() => uploads.entries.length === 1, 'the add');
    // The drive is unplugged: the folder and its file go away together (moved aside on the same disk).
    const away = path.join(path.dirname(folder), 'away');
    await fs.rename(folder, away);
    watch.uploadsChanged([uploads.finish('IT1_gone.xml', 'done')]);
    await until(() => watch.statuses()[0]?.message?.includes('is not there any more') === true, 'the error in the status');
    expect(watch.statuses()[0]).toMatchObject({ state: 'error', sent: 1 });
    await new Promise((resolve) => setTimeout(resolve, 500));
    await expect(fs.stat(folder)).rejects.toMatchObject({ code: 'ENOENT' });

    await fs.rename(away, folder);
    await until(async () => (await list(path.join(folder, 'sent'))).includes('IT1_gone.xml'), 'the move to sent/ once back');
    await until(() => watch.statuses()[0]?.state === 'watching', 'the status back to watching');
    expect([...uploads.added.values()]).toEqual([1]);
  });

  it('waits for a locked file, says so, and sends it once when it is released', async () => {
    const { watch, uploads, folder } = await watchOn();
    locked.add('IT1_locked.xml');
    await fs.writeFile(path.join(folder, 'IT1_locked.xml'), '<locked/>');
    await until(() => watch.statuses()[0]?.recent.some((event) => event.fileName === 'IT1_locked.xml') === true, 'the locked file in the status');
    expect(watch.statuses()[0]?.recent[0]).toMatchObject({ fileName: 'IT1_locked.xml', state: 'failed', message: 'Cannot be read yet (locked by another program); not sent yet, tried again shortly.' , reason: { key: 'folders.itemLocked', params: {} } });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(uploads.entries).toHaveLength(0);
    // Said once, however many looks.
    expect(watch.statuses()[0]?.recent.filter((event) => event.fileName === 'IT1_locked.xml')).toHaveLength(1);

    locked.delete('IT1_locked.xml');
    await until(() => uploads.entries.length === 1, 'the add once released');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect([...uploads.added.values()]).toEqual([1]);
  });
});
