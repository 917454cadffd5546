import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../../shared/contract';
import { nodeAtomicFileSystem, syncFiles, targetOfTempName, tempNameFor, writeFileAtomic, type AtomicFileSystem } from './atomic-write';
import { readFileRef } from './file-ref';
import { defaultDownloadFolder, ensureWritableFolder } from './folders';
import crypto from 'node:crypto';
import { createFileReader, type FileReader } from './file-reader';
import { readAndHash } from './read-and-hash';
import { createWorkerWriter, createWriterThreads, shouldAddThread } from './worker-writer';

let dir: string;
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ledgerdesk-files-'));
});
afterEach(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

const enospc = (): NodeJS.ErrnoException => Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });

/** Writes the first half of the data, then fails as a full disk does. */
const fullDisk: AtomicFileSystem = {
  ...nodeAtomicFileSystem,
  async createNew(filePath) {
    const file = await nodeAtomicFileSystem.createNew(filePath);
    return {
      ...file,
      async write(data) {
        await file.write(data.subarray(0, Math.floor(data.length / 2)));
        throw enospc();
      },
    };
  },
};

describe('writeFileAtomic', () => {
  it('writes the whole file and leaves no temp file', async () => {
    const target = path.join(dir, 'a.xml');
    await writeFileAtomic(target, '<a/>');
    expect(await fs.readFile(target, 'utf8')).toBe('<a/>');
    expect(await fs.readdir(dir)).toEqual(['a.xml']);
  });

  it('replaces an existing file in one step', async () => {
    const target = path.join(dir, 'a.xml');
    await fs.writeFile(target, 'old partial cont');
    await writeFileAtomic(target, 'new');
    expect(await fs.readFile(target, 'utf8')).toBe('new');
  });

  it('on a full disk: a clear file error, the old file intact, no temp file', async () => {
    const target = path.join(dir, 'a.xml');
    await fs.writeFile(target, 'previous');
    const error = await writeFileAtomic(target, Buffer.alloc(4096, 1), fullDisk).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('file');
    expect((error as AppError).message).toMatch(/disk is full/);
    expect(await fs.readFile(target, 'utf8')).toBe('previous');
    expect(await fs.readdir(dir)).toEqual(['a.xml']);
  });

  it('names temp files so they can be recognised after a crash', () => {
    const temp = tempNameFor('2026_INV-1.xml');
    expect(temp.startsWith('.')).toBe(true);
    expect(temp.endsWith('.tmp')).toBe(true);
    expect(targetOfTempName(temp)).toBe('2026_INV-1.xml');
    expect(targetOfTempName('report.tmp')).toBeUndefined();
  });

  it('never gives two temp files the same name', () => {
    const names = new Set(Array.from({ length: 5000 }, () => tempNameFor('a.xml')));
    expect(names.size).toBe(5000);
    for (const name of names) expect(targetOfTempName(name)).toBe('a.xml');
  });
});

describe('ensureWritableFolder', () => {
  it('accepts a writable folder and leaves nothing in it', async () => {
    expect(await ensureWritableFolder(dir)).toBe(dir);
    expect(await fs.readdir(dir)).toEqual([]);
  });

  it('refuses a folder that does not exist', async () => {
    await expect(ensureWritableFolder(path.join(dir, 'missing', 'deeper'))).rejects.toMatchObject({ code: 'file', message: expect.stringMatching(/does not exist/) });
  });

  it('refuses a path under a file (ENOTDIR) and a file itself', async () => {
    const file = path.join(dir, 'plain.txt');
    await fs.writeFile(file, 'x');
    await expect(ensureWritableFolder(path.join(file, 'sub'))).rejects.toMatchObject({ code: 'file', message: expect.stringMatching(/not a folder/) });
    await expect(ensureWritableFolder(file)).rejects.toMatchObject({ code: 'file', message: expect.stringMatching(/is a file, not a folder/) });
  });

  it('creates a missing folder and its missing parents when asked, after checking the closest existing one', async () => {
    const wanted = path.join(dir, 'new', 'deeper');
    expect(await ensureWritableFolder(wanted, { create: true })).toBe(wanted);
    expect((await fs.stat(wanted)).isDirectory()).toBe(true);
    expect(await fs.readdir(dir)).toEqual(['new']);
  });

  it('creates nothing under a file, and says what to do with a reason the UI can word', async () => {
    const file = path.join(dir, 'plain.txt');
    await fs.writeFile(file, 'x');
    const wanted = path.join(file, 'sub', 'deeper');
    await expect(ensureWritableFolder(wanted, { create: true })).rejects.toMatchObject({
      code: 'file',
      message: expect.stringMatching(/^Choose another folder: part of the path .* is a file/),
      details: { userMessage: { key: 'files.folderUnderFile', params: { path: wanted } } },
    });
  });

  it('gives every refusal a reason key with its parameters', async () => {
    await expect(ensureWritableFolder(path.join(dir, 'missing'))).rejects.toMatchObject({ details: { userMessage: { key: 'files.folderMissing', params: { path: path.join(dir, 'missing') } } } });
    await expect(ensureWritableFolder('downloads')).rejects.toMatchObject({ details: { userMessage: { key: 'files.folderRelative', params: { path: 'downloads' } } } });
  });

  it('refuses a relative path', async () => {
    await expect(ensureWritableFolder('downloads')).rejects.toMatchObject({ code: 'file', message: expect.stringMatching(/full path/) });
  });
});

describe('defaultDownloadFolder', () => {
  it('creates ~/Downloads/Ledgerdesk', async () => {
    const folder = await defaultDownloadFolder(path.join(dir, 'user-data'), dir);
    expect(folder).toBe(path.join(dir, 'Downloads', 'Ledgerdesk'));
    expect((await fs.stat(folder)).isDirectory()).toBe(true);
  });

  it('falls back to the user-data folder when the home folder cannot hold it', async () => {
    const home = path.join(dir, 'home-is-a-file');
    await fs.writeFile(home, '');
    const folder = await defaultDownloadFolder(path.join(dir, 'user-data'), home);
    expect(folder).toBe(path.join(dir, 'user-data', 'downloads'));
  });
});

describe('readFileRef', () => {
  it('refuses a 200 MiB file before reading it, naming the limit', async () => {
    const big = path.join(dir, 'huge.xml');
    await fs.writeFile(big, '');
    await fs.truncate(big, 200 * 1024 * 1024);
    await expect(readFileRef({ kind: 'path', path: big }, { maxBytes: 50 * 1024 * 1024, what: 'document' })).rejects.toMatchObject({
      code: 'too_large',
      message: '"huge.xml" is 200 MiB; the largest document the app sends is 50 MiB.',
    });
  });

  it('refuses oversized base64 bytes before decoding them', async () => {
    const base64 = 'A'.repeat(4 * 1024 * 1024);
    await expect(readFileRef({ kind: 'bytes', name: 'big.xml', base64 }, { maxBytes: 1024 * 1024, what: 'document' })).rejects.toMatchObject({ code: 'too_large' });
  });

  it('reads a path and decodes bytes', async () => {
    const file = path.join(dir, 'a.xml');
    await fs.writeFile(file, '<a/>');
    expect((await readFileRef({ kind: 'path', path: file }, { maxBytes: 100, what: 'document' })).bytes.toString()).toBe('<a/>');
    const fromBytes = await readFileRef({ kind: 'bytes', name: 'b.xml', base64: Buffer.from('<b/>').toString('base64') }, { maxBytes: 100, what: 'document' });
    expect(fromBytes).toMatchObject({ name: 'b.xml' });
    expect(fromBytes.bytes.toString()).toBe('<b/>');
  });

  it('says clearly when the file is missing, a folder, or not intact base64', async () => {
    await expect(readFileRef({ kind: 'path', path: path.join(dir, 'nope.xml') }, { maxBytes: 100, what: 'document' })).rejects.toMatchObject({ code: 'file', message: expect.stringMatching(/does not exist/) });
    await expect(readFileRef({ kind: 'path', path: dir }, { maxBytes: 100, what: 'document' })).rejects.toMatchObject({ code: 'file', message: expect.stringMatching(/not a file/) });
    await expect(readFileRef({ kind: 'bytes', name: 'c.xml', base64: 'abc-_' }, { maxBytes: 100, what: 'document' })).rejects.toMatchObject({ code: 'bad_request' });
  });
});

describe('createWorkerWriter', () => {
  it('writes files atomically from worker threads and reports failures as file errors', async () => {
    const writer = createWorkerWriter({ maxThreads: 2 });
    try {
      await Promise.all(Array.from({ length: 20 }, (_, index) => writer.write(path.join(dir, `f${index}.xml`), Buffer.from(`<f n="${index}"/>`))));
      expect((await fs.readdir(dir)).sort()).toHaveLength(20);
      expect(await fs.readFile(path.join(dir, 'f7.xml'), 'utf8')).toBe('<f n="7"/>');
      await expect(writer.write(path.join(dir, 'missing', 'a.xml'), Buffer.from('x'))).rejects.toMatchObject({ code: 'file', message: expect.stringMatching(/does not exist/) });
      await expect(writer.write(dir, Buffer.from('x'))).rejects.toMatchObject({ code: 'file' });
      expect((await fs.readdir(dir)).filter((name) => name.endsWith('.tmp'))).toEqual([]);
    } finally {
      await writer.close();
    }
  });

  it('flushes written files in a batch and names the ones that could not be flushed', async () => {
    const writer = createWorkerWriter({ maxThreads: 2 });
    try {
      const written = Array.from({ length: 6 }, (_, index) => path.join(dir, `f${index}.xml`));
      await Promise.all(written.map((target) => writer.write(target, Buffer.from('<f/>'))));
      const missing = path.join(dir, 'never-written.xml');
      const failures = await writer.persist([...written, missing]);
      expect([...failures.keys()]).toEqual([missing]);
      expect(failures.get(missing)).toMatchObject({ code: 'file' });
      expect(await fs.readFile(path.join(dir, 'f5.xml'), 'utf8')).toBe('<f/>');
    } finally {
      await writer.close();
    }
  });
});

describe('shouldAddThread: more writer threads only for a disk that makes them wait', () => {
  const now = 1_000;
  it('starts the first thread, and another when every busy one waits on a slow flush', () => {
    expect(shouldAddThread([], now)).toBe(true);
    expect(shouldAddThread([{ oldestSentAt: now - 40, last: { busyMs: 120, flushMs: 100 } }], now)).toBe(true);
  });

  it('adds none while the processor, not the disk, makes batches slow, or before a batch has shown which', () => {
    expect(shouldAddThread([{ oldestSentAt: now - 40, last: { busyMs: 120, flushMs: 5 } }], now)).toBe(false);
    expect(shouldAddThread([{ oldestSentAt: now - 40 }], now)).toBe(false);
    expect(shouldAddThread([{ oldestSentAt: now - 5, last: { busyMs: 120, flushMs: 100 } }], now)).toBe(false);
    expect(shouldAddThread([{ oldestSentAt: now - 40, last: { busyMs: 120, flushMs: 100 } }, { oldestSentAt: now - 40, last: { busyMs: 50, flushMs: 1 } }], now)).toBe(false);
  });
});

describe('createWorkerWriter: batches and threads', () => {
  const sha256 = (text: string): string => crypto.createHash('sha256').update(text).digest('hex');

  it('writes hundreds of files asked for at once, each whole and under its own name, and gives each one its hash', async () => {
    const writer = createWorkerWriter({ maxThreads: 2 });
    try {
      const contents = Array.from({ length: 300 }, (_, index) => `<doc n="${index}">${'x'.repeat(index * 7)}</doc>`);
      // A view into a larger buffer: only the viewed bytes may reach the file.
      const views = contents.map((text) => Buffer.from(`JUNK${text}JUNK`).subarray(4, 4 + Buffer.byteLength(text)));
      const results = await Promise.all(views.map((bytes, index) => writer.write(path.join(dir, `d${index}.xml`), bytes)));
      expect(results.map((result) => result.sha256)).toEqual(contents.map(sha256));
      const names = await fs.readdir(dir);
      expect(names).toHaveLength(300);
      expect(names.filter((name) => name.endsWith('.tmp'))).toEqual([]);
      expect(await fs.readFile(path.join(dir, 'd299.xml'), 'utf8')).toBe(contents[299]);
      expect(await writer.persist(names.map((name) => path.join(dir, name)))).toEqual(new Map());
    } finally {
      await writer.close();
    }
  });

  it('hands its thread to the next writer, and a kept thread that ended is not handed out', async () => {
    const threads = createWriterThreads();
    try {
      const first = createWorkerWriter({ threads });
      await first.write(path.join(dir, 'one.xml'), Buffer.from('<one/>'));
      await first.close();
      const kept = threads.take();
      expect(kept).toBeDefined();
      threads.give(kept!);

      const second = createWorkerWriter({ threads });
      await second.write(path.join(dir, 'two.xml'), Buffer.from('<two/>'));
      await second.close();
      expect(await fs.readFile(path.join(dir, 'two.xml'), 'utf8')).toBe('<two/>');

      const again = threads.take();
      expect(again).toBe(kept);
      threads.give(again!);
      await again!.terminate();
      expect(threads.take()).toBeUndefined();

      // With no thread kept, a new one starts.
      const third = createWorkerWriter({ threads });
      await third.write(path.join(dir, 'three.xml'), Buffer.from('<three/>'));
      await third.close();
      expect(await fs.readFile(path.join(dir, 'three.xml'), 'utf8')).toBe('<three/>');
    } finally {
      await threads.dispose();
    }
  });

  it('holds writes back for company until told the last ones are coming, then writes each at once', async () => {
    const writer = createWorkerWriter({ batchDelayMs: 60_000 });
    try {
      // The first write goes as soon as the thread is up; the thread is idle afterwards.
      writer.warm();
      await writer.write(path.join(dir, 'primer.xml'), Buffer.from('<primer/>'));
      const first = writer.write(path.join(dir, 'first.xml'), Buffer.from('<first/>'));
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await fs.readdir(dir)).toEqual(['primer.xml']);
      writer.finishing();
      expect(await first).toEqual({ sha256: sha256('<first/>') });
      // Asked for afterwards: not held for the minute either.
      await writer.write(path.join(dir, 'last.xml'), Buffer.from('<last/>'));
      expect((await fs.readdir(dir)).sort()).toEqual(['first.xml', 'last.xml', 'primer.xml']);
      expect(await fs.readFile(path.join(dir, 'last.xml'), 'utf8')).toBe('<last/>');
    } finally {
      await writer.close();
    }
  });

  it('refuses writes after it is closed', async () => {
    const writer = createWorkerWriter();
    await writer.close();
    await expect(writer.write(path.join(dir, 'late.xml'), Buffer.from('x'))).rejects.toMatchObject({ code: 'internal' });
    expect(await fs.readdir(dir)).toEqual([]);
  });
});

describe('readAndHash', () => {
  it('reads a file whole with the hash of what it read, and does not read one over the limit', async () => {
    const file = path.join(dir, 'a.xml');
    await fs.writeFile(file, '<a>12345</a>');
    expect(await readAndHash({ path: file, maxBytes: 100 })).toEqual({
      kind: 'read',
      bytes: Buffer.from('<a>12345</a>'),
      sha256: crypto.createHash('sha256').update('<a>12345</a>').digest('hex'),
    });
    expect(await readAndHash({ path: file, maxBytes: 5 })).toEqual({ kind: 'tooLarge', size: 12 });
  });

  it('says why a path cannot be read: missing, or a folder', async () => {
    expect(await readAndHash({ path: path.join(dir, 'nope.xml'), maxBytes: 100 })).toMatchObject({ kind: 'error', error: { code: 'ENOENT' } });
    expect(await readAndHash({ path: dir, maxBytes: 100 })).toMatchObject({ kind: 'error', error: { code: 'EISDIR' } });
  });
});

describe('createFileReader', () => {
  const sha256 = (text: string): string => crypto.createHash('sha256').update(text).digest('hex');

  /** A started reader for the test, closed afterwards whatever happens. */
  async function withReader(test: (reader: FileReader) => Promise<void>): Promise<void> {
    const reader = createFileReader();
    try {
      await reader.start();
      await test(reader);
    } finally {
      await reader.close();
    }
  }

  it('hashes many files in one go on its thread, hands each over as it was, and says why the others could not be read', async () => {
    await withReader(async (reader) => {
      const names = Array.from({ length: 40 }, (_, index) => `f${index}.xml`);
      for (const [index, name] of names.entries()) await fs.writeFile(path.join(dir, name), `<f n="${index}"/>`);
      await fs.writeFile(path.join(dir, 'big.xml'), 'x'.repeat(500));
      const hashed = await reader.hashMany([
        ...names.map((name) => ({ path: path.join(dir, name), maxBytes: 100 })),
        { path: path.join(dir, 'big.xml'), maxBytes: 100 },
        { path: path.join(dir, 'missing.xml'), maxBytes: 100 },
        { path: dir, maxBytes: 100 },
      ]);
      expect(hashed).toHaveLength(43);
      expect(hashed[7]).toEqual({ kind: 'hashed', size: 10, sha256: sha256('<f n="7"/>') });
      expect(hashed[40]).toEqual({ kind: 'tooLarge', size: 500 });
      expect(hashed[41]).toMatchObject({ kind: 'error', error: { code: 'ENOENT' } });
      expect(hashed[42]).toMatchObject({ kind: 'error', error: { code: 'EISDIR' } });
      const taken = await reader.takeMany(names.map((name) => ({ path: path.join(dir, name), maxBytes: 100, base64UpTo: 100 })));
      expect(taken.map((item) => (item.kind === 'base64' ? Buffer.from(item.base64, 'base64').toString() : item.kind))).toEqual(names.map((_, index) => `<f n="${index}"/>`));
    });
  });

  it('hands over each file as it is at its turn, with the hash of exactly those bytes, so a caller sees that it changed', async () => {
    await withReader(async (reader) => {
      const file = (name: string): string => path.join(dir, name);
      await fs.writeFile(file('a.xml'), '<a>one</a>');
      await fs.writeFile(file('b.xml'), '<b>one</b>');
      const hashed = await reader.hashMany([{ path: file('a.xml'), maxBytes: 100 }, { path: file('b.xml'), maxBytes: 100 }]);
      expect(hashed).toEqual([
        { kind: 'hashed', size: 10, sha256: sha256('<a>one</a>') },
        { kind: 'hashed', size: 10, sha256: sha256('<b>one</b>') },
      ]);
      await fs.writeFile(file('b.xml'), '<b>two!</b>');
      const taken = await reader.takeMany([
        { path: file('a.xml'), maxBytes: 100, base64UpTo: 100 },
        { path: file('b.xml'), maxBytes: 100, base64UpTo: 5 },
        { path: file('b.xml'), maxBytes: 10, base64UpTo: 100 },
        { path: file('gone.xml'), maxBytes: 100, base64UpTo: 100 },
      ]);
      expect(taken[0]).toEqual({ kind: 'base64', base64: Buffer.from('<a>one</a>').toString('base64'), size: 10, sha256: sha256('<a>one</a>') });
      // Larger than base64UpTo: as bytes; rewritten since it was hashed: the hash of what is there now.
      expect(taken[1]).toEqual({ kind: 'bytes', bytes: Buffer.from('<b>two!</b>'), size: 11, sha256: sha256('<b>two!</b>') });
      // Grown past the size it had: not read.
      expect(taken[2]).toEqual({ kind: 'tooLarge', size: 11 });
      expect(taken[3]).toMatchObject({ kind: 'error', error: { code: 'ENOENT' } });
    });
  });

  it('without its thread it hashes and hands over on the main thread', async () => {
    const reader = createFileReader();
    await reader.start();
    await reader.close();
    const late = path.join(dir, 'late.xml');
    await fs.writeFile(late, '<late/>');
    expect(await reader.hashMany([{ path: late, maxBytes: 100 }])).toEqual([{ kind: 'hashed', size: 7, sha256: sha256('<late/>') }]);
    expect(await reader.takeMany([{ path: late, maxBytes: 100, base64UpTo: 3 }])).toEqual([{ kind: 'bytes', bytes: Buffer.from('<late/>'), size: 7, sha256: sha256('<late/>') }]);
  });
});

describe('syncFiles', () => {
  it('flushes every file it can and reports each failure as a file error', async () => {
    const good = path.join(dir, 'good.xml');
    await writeFileAtomic(good, '<a/>', nodeAtomicFileSystem, { durable: false });
    const bad = path.join(dir, 'bad.xml');
    await fs.writeFile(bad, 'x');
    const failing: AtomicFileSystem = {
      ...nodeAtomicFileSystem,
      syncFile: async (filePath) => (filePath === bad ? Promise.reject(enospc()) : nodeAtomicFileSystem.syncFile(filePath)),
    };
    const failures = await syncFiles([good, bad], failing);
    expect([...failures.keys()]).toEqual([bad]);
    expect(failures.get(bad)?.message).toMatch(/disk is full/);
  });
});
