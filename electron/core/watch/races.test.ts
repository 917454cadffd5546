/**
 * Watched-folder races (issue 24, point 3): a name swapped between a regular file and a link to a
 * file outside the folder never sends the outside file; files replaced by FIFOs during the settle
 * wait neither stop the watch nor hang quitting; a copy paused mid-way is not sent half-written.
 */
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ChannelName, UploadEntry } from '../../../shared/contract';
import { createActivityLog } from '../activity/log';
import { createCoreEvents } from '../events';
import { createFileReader } from '../files/file-reader';
import { createFileHandles } from '../files/handles';
import { readInFolder } from '../files/read-in-folder';
import type { Invoke } from '../handlers';
import { MemoryLogger, MemorySettingsStore } from '../testing/memory-ports';
import { createWatchService, type WatchService } from './service';

const reader = createFileReader();
afterAll(() => reader.close());

let work: string;
let watched: string;
let services: WatchService[] = [];

beforeEach(async () => {
  work = await fs.mkdtemp(path.join(os.tmpdir(), 'ledgerdesk-watch-races-'));
  watched = path.join(work, 'outbox');
  await fs.mkdir(watched);
});
afterEach(async () => {
  await Promise.all(services.map((service) => service.dispose()));
  services = [];
  await fs.rm(work, { recursive: true, force: true });
});

/** What `uploads.add` received: each file's name and content, in order. */
function start(stableMs = 150) {
  const handed: Array<{ name: string; text: string }> = [];
  const entries: UploadEntry[] = [];
  // A folder handle (how the watch handed files over before) is read by path, as the upload intake read it.
  const handles = createFileHandles({ clock: { now: () => Date.now() } });
  const invoke = (async (channel: ChannelName, input: never) => {
    if (channel === 'uploads.list') return entries;
    const { files } = input as { files: Array<{ file: { kind: 'binary'; name: string; data: Uint8Array } | { kind: 'handle'; handle: string; subpath: string } }> };
    const out = [];
    for (const { file } of files) {
      const [name, data] = file.kind === 'binary' ? [file.name, file.data] : await handles.resolve(file, 'core', 'read').then(async (resolved) => {
              // The intake read it a moment later, on its reading thread, by path.
              await pause(5);
              return [resolved.name, await fs.readFile(resolved.path)] as const;
            });
      handed.push({ name, text: Buffer.from(data).toString('utf8') });
      const entry = { localId: `l${entries.length + 1}`, sha256: crypto.createHash('sha256').update(data).digest('hex'), fileName: name, e2eId: 'E', state: 'queued', size: data.length } as UploadEntry;
      entries.push(entry);
      out.push(entry);
    }
    return { batchId: 'b', entries: out, rejected: [] };
  }) as Invoke;
  const settings = new MemorySettingsStore();
  const logger = new MemoryLogger();
  const deps = {
    invoke,
    reader,
    // What the watch took before it read files itself (kept so that these tests also run against that code).
    files: handles,
    settings,
    events: createCoreEvents(logger),
    logger,
    activity: createActivityLog({ folder: path.join(work, 'activity'), settings, logger, who: () => ({ profile: 'p', user: null }) }),
    journalPath: path.join(work, 'user-data', 'watch', 'journal.json'),
    stableMs,
    rescanMs: 200,
  };
  const watch = createWatchService(deps);
  services.push(watch);
  return { watch, handed };
}

const until = async (check: () => boolean | Promise<boolean>, what: string, ms = 15_000): Promise<void> => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};
const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
const mkfifo = (at: string): void => {
  execFileSync('mkfifo', [at]);
};

const SECRET = '-----BEGIN PRIVATE KEY----- outside the watched folder -----END PRIVATE KEY-----';

describe.skipIf(process.platform === 'win32')('watched folder races', () => {
  it('never sends the file outside the folder that a link swapped in for a regular file names', async () => {
    const outside = path.join(work, 'id_key.xml');
    await fs.writeFile(outside, SECRET);
    const old = new Date(Date.now() - 3_600_000);
    await fs.utimes(outside, old, old);
    const { watch, handed } = start();
    await watch.start();
    await watch.save({ country: 'IT', folder: watched, e2eIdTemplate: 'LD-{file}', paused: false });
    const staging = path.join(work, 'staging');
    await fs.mkdir(staging);
    const name = path.join(watched, 'IT01234567890_00077.xml');
    // For a while the name is a regular file one moment and a link to the outside file the next.
    const end = Date.now() + 2_000;
    for (let round = 0; Date.now() < end; round += 1) {
      const regular = path.join(staging, `r${round}`);
      await fs.writeFile(regular, `<FatturaElettronica>${round}</FatturaElettronica>`);
      await fs.utimes(regular, old, old);
      await fs.rename(regular, name);
      await pause(5);
      const link = path.join(staging, `l${round}`);
      await fs.symlink(outside, link);
      await fs.rename(link, name);
      await pause(5);
    }
    await fs.writeFile(path.join(staging, 'last'), '<FatturaElettronica>last</FatturaElettronica>');
    await fs.rename(path.join(staging, 'last'), name);
    await until(() => handed.some((file) => file.text.includes('last')), 'the last regular file to be sent');
    expect(handed.length).toBeGreaterThan(0);
    expect(handed.filter((file) => file.text.includes('PRIVATE KEY'))).toEqual([]);
  });

  it('reads a link or a FIFO put in a file’s place as never to send, without following or waiting on it', async () => {
    await fs.writeFile(path.join(work, 'outside.xml'), SECRET);
    await fs.symlink(path.join(work, 'outside.xml'), path.join(watched, 'link.xml'));
    mkfifo(path.join(watched, 'pipe.xml'));
    await fs.writeFile(path.join(watched, 'real.xml'), '<a/>');
    const folder = await fs.realpath(watched);
    const reads = readInFolder(['link.xml', 'pipe.xml', 'real.xml'].map((name) => ({ folder, name, maxBytes: 1_000_000 })));
    expect(reads.map((read) => (read.kind === 'notTaken' ? read.why : read.kind))).toEqual(['notRegular', 'notRegular', 'read']);
  });

  it('keeps watching, and quits at once, when fresh files are replaced by FIFOs while they settle', async () => {
    const { watch, handed } = start(400);
    await watch.start();
    await watch.save({ country: 'IT', folder: watched, e2eIdTemplate: 'LD-{file}', paused: false });
    // FIFOs made aside first, so that each swap is one rename.
    const fifos = path.join(work, 'fifos');
    await fs.mkdir(fifos);
    for (let index = 0; index < 8; index += 1) mkfifo(path.join(fifos, `f${index}.xml`));
    for (let index = 0; index < 8; index += 1) await fs.writeFile(path.join(watched, `f${index}.xml`), `<n>${index}</n>`);
    // Within the settle wait, each becomes a FIFO that nothing ever writes to.
    for (let index = 0; index < 8; index += 1) await fs.rename(path.join(fifos, `f${index}.xml`), path.join(watched, `f${index}.xml`));
    await pause(1_500);
    // A file read before its swap (on a very slow machine) is sent as the regular file it was; nothing else is.
    expect(handed.every((file) => /^<n>\d<\/n>$/.test(file.text))).toBe(true);
    // Still watching: a regular file copied in afterwards is sent.
    await fs.writeFile(path.join(watched, 'after.xml'), '<after/>');
    await until(() => handed.some((file) => file.name === 'after.xml'), 'the file after the FIFOs');
    expect(watch.statuses()[0]?.state).toBe('watching');
    // Quitting does not hang on any FIFO (the guard only stops a hang from hiding).
    const stopped = await Promise.race([watch.dispose().then(() => 'stopped'), pause(10_000).then(() => 'hung')]);
    expect(stopped).toBe('stopped');
  });

  it.skipIf(process.platform !== 'linux')('does not send a copy whose writer paused 1.5 s half way, and sends it whole once closed', async () => {
    const { watch, handed } = start();
    await watch.start();
    await watch.save({ country: 'IT', folder: watched, e2eIdTemplate: 'LD-{file}', paused: false });
    const handle = await fs.open(path.join(watched, 'IT01234567890_00088.xml'), 'w');
    await handle.write('<FatturaElettronica>the first half');
    await pause(1_500);
    expect(handed).toEqual([]);
    await handle.write(' and the second half</FatturaElettronica>');
    await handle.close();
    await until(() => handed.length === 1, 'the whole file to be sent');
    await pause(400);
    expect(handed).toEqual([{ name: 'IT01234567890_00088.xml', text: '<FatturaElettronica>the first half and the second half</FatturaElettronica>' }]);
  });
});
