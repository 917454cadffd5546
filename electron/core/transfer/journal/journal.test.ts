import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryLogger } from '../../testing/memory-ports';
import { transition } from '../state';
import { BlobStore } from './blobs';
import type { JournalEntry } from './entry';
import { JOURNAL_FILE_NAME, UploadJournal } from './journal';

const dirs: string[] = [];
const journals: UploadJournal[] = [];
const NOW = Date.parse('2026-10-01T09:00:00Z');

afterEach(async () => {
  await Promise.all(journals.splice(0).map((j) => j.close().catch(() => undefined)));
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerdesk-journal-'));
  dirs.push(dir);
  return dir;
}

async function openAt(dir: string, options: { now?: number; retentionMs?: number; lazyWriteMs?: number } = {}): Promise<{ journal: UploadJournal; logger: MemoryLogger }> {
  const logger = new MemoryLogger();
  const journal = await UploadJournal.open({
    dir,
    logger,
    now: () => options.now ?? NOW,
    ...(options.retentionMs ? { retentionMs: options.retentionMs } : {}),
    ...(options.lazyWriteMs ? { lazyWriteMs: options.lazyWriteMs } : {}),
  });
  journals.push(journal);
  return { journal, logger };
}

function entry(localId: string, overrides: Partial<JournalEntry> = {}): JournalEntry {
  const at = new Date(NOW).toISOString();
  return {
    localId,
    batchId: 'b1',
    profileId: 'p',
    origin: `${localId}.xml`,
    fileName: `${localId}.xml`,
    source: { kind: 'blob', sha256: 'c'.repeat(64) },
    sha256: 'c'.repeat(64),
    size: 5,
    country: 'PL',
    e2eId: `E-${localId}`,
    state: 'queued',
    previousUploadIds: [],
    history: [{ at, state: 'queued' }],
    sendAttempts: 0,
    autoResends: 0,
    notFoundResends: 0,
    adoptedAfterUncertain: false,
    createdAt: at,
    updatedAt: at,
    ...overrides,
  };
}

const journalFile = (dir: string): string => path.join(dir, JOURNAL_FILE_NAME);

describe('upload journal', () => {
  it('keeps the last version of each entry across a restart, in the order they were added', async () => {
    const dir = tempDir();
    const { journal } = await openAt(dir);
    await journal.put([entry('a'), entry('b')], { durable: true });
    const sending = transition(entry('a'), 'sending', {}, new Date(NOW + 1000));
    await journal.put([sending], { durable: true });
    await journal.close();
    const { journal: reopened } = await openAt(dir);
    expect(reopened.entries().map((e) => [e.localId, e.state])).toEqual([
      ['a', 'sending'],
      ['b', 'queued'],
    ]);
    expect(reopened.get('a')?.history.map((h) => h.state)).toEqual(['queued', 'sending']);
  });

  it('lists the files waiting to be sent in the order they started waiting, also after a restart', async () => {
    const dir = tempDir();
    const { journal } = await openAt(dir);
    await journal.put([entry('a'), entry('b'), entry('c')], { durable: true });
    const ids = (j: UploadJournal): string[] => [...j.queued()].map((e) => e.localId);
    expect(ids(journal)).toEqual(['a', 'b', 'c']);
    const sendingA = transition(entry('a'), 'sending', {}, new Date(NOW + 1000));
    await journal.put([sendingA], { durable: true });
    expect(ids(journal)).toEqual(['b', 'c']);
    // Sent back to the queue (e.g. after a 401): it waits behind the others.
    await journal.put([transition(sendingA, 'queued', {}, new Date(NOW + 2000))], { durable: true });
    // A change that keeps an entry queued keeps its place.
    await journal.put([{ ...entry('b'), warning: 'waiting' }], { durable: true });
    expect(ids(journal)).toEqual(['b', 'c', 'a']);
    await journal.close();
    const { journal: reopened } = await openAt(dir);
    expect(ids(reopened).sort()).toEqual(['a', 'b', 'c']);
  });

  it('survives a torn last line (a crash mid-write): the entry keeps its previous state and the file is repaired', async () => {
    const dir = tempDir();
    const { journal } = await openAt(dir);
    await journal.put([entry('a')], { durable: true });
    await journal.close();
    // The `sending` line was being written when the process died: only its first half reached the disk.
    const sendingLine = JSON.stringify({ v: 1, entry: transition(entry('a'), 'sending', {}, new Date(NOW)) });
    fs.appendFileSync(journalFile(dir), sendingLine.slice(0, Math.floor(sendingLine.length / 2)));

    const { journal: reopened, logger } = await openAt(dir);
    expect(reopened.report.tornTail).toBe(true);
    expect(reopened.get('a')?.state).toBe('queued');
    expect(logger.text()).toContain('cut short');
    // Appending after the repair does not glue onto the torn half.
    await reopened.put([entry('b')], { durable: true });
    await reopened.close();
    const { journal: third } = await openAt(dir);
    expect(third.report).toMatchObject({ tornTail: false, damagedLines: 0, entries: 2 });
  });

  it('skips damaged lines in the middle and lines of an unknown shape, and says so', async () => {
    const dir = tempDir();
    const good = JSON.stringify({ v: 1, entry: entry('a') });
    fs.writeFileSync(journalFile(dir), `${good}\nnot json at all\n{"v":1,"entry":{"localId":"x"}}\n${JSON.stringify({ v: 1, entry: entry('b') })}\n`);
    const { journal, logger } = await openAt(dir);
    expect(journal.entries().map((e) => e.localId)).toEqual(['a', 'b']);
    expect(journal.report.damagedLines).toBe(2);
    expect(logger.text()).toContain('unreadable lines were skipped');
  });

  it('compacts on open: one line per entry, finished entries past retention dropped', async () => {
    const dir = tempDir();
    const { journal } = await openAt(dir);
    const old = new Date(NOW - 40 * 24 * 3600_000).toISOString();
    await journal.put([entry('old', { state: 'done', updatedAt: old }), entry('oldQueued', { updatedAt: old }), entry('new')], { durable: false });
    for (let i = 0; i < 5; i += 1) await journal.put([transition(entry('new'), 'queued', { note: `n${i}` }, new Date(NOW))], { durable: false });
    await journal.close();
    expect(fs.readFileSync(journalFile(dir), 'utf8').trim().split('\n')).toHaveLength(8);
    const { journal: reopened } = await openAt(dir);
    expect(reopened.report.pruned).toBe(1);
    // Unfinished work is never dropped, however old.
    expect(reopened.entries().map((e) => e.localId)).toEqual(['oldQueued', 'new']);
    expect(fs.readFileSync(journalFile(dir), 'utf8').trim().split('\n')).toHaveLength(2);
    expect(fs.statSync(journalFile(dir)).mode & 0o777).toBe(0o600);
  });

  it('lets a change that need not be durable wait for the next durable one, or a moment, never losing it on close', async () => {
    const dir = tempDir();
    const { journal } = await openAt(dir);
    const file = path.join(dir, JOURNAL_FILE_NAME);
    const lines = (): string[] => fs.readFileSync(file, 'utf8').split('\n').filter(Boolean);
    await journal.put([entry('a')], { durable: true });
    const written = lines().length;
    const lazy = journal.put([transition(entry('a'), 'sending', {}, new Date(NOW))], { durable: false });
    expect(lines()).toHaveLength(written);
    await journal.put([entry('b')], { durable: true });
    await lazy;
    expect(lines()).toHaveLength(written + 2);
    // Alone, it is written within a moment.
    await journal.put([transition(entry('b'), 'sending', {}, new Date(NOW))], { durable: false });
    expect(lines()).toHaveLength(written + 3);
    // And on close.
    void journal.put([{ ...entry('c') }], { durable: false });
    await journal.close();
    expect(lines()).toHaveLength(written + 4);
  });

  it('a change that need not be durable, made while a durable write is under way, waits for the next durable one instead of a disk flush of its own', async () => {
    const dir = tempDir();
    // Its moment is far away: only a durable write (or a flush) can take it.
    const { journal } = await openAt(dir, { lazyWriteMs: 60_000 });
    const file = path.join(dir, JOURNAL_FILE_NAME);
    const ids = (): string[] =>
      fs
        .readFileSync(file, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => (JSON.parse(line) as { entry: JournalEntry }).entry)
        .map(({ localId, state }) => `${localId}:${state}`);
    const first = journal.put([entry('a')], { durable: true });
    const lazy = journal.put([transition(entry('a'), 'sending', {}, new Date(NOW))], { durable: false });
    await first;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(ids()).toEqual(['a:queued']);
    await journal.put([entry('b')], { durable: true });
    await lazy;
    expect(ids()).toEqual(['a:queued', 'a:sending', 'b:queued']);
    void journal.put([transition(entry('b'), 'sending', {}, new Date(NOW))], { durable: false });
    await journal.flush();
    expect(ids()).toEqual(['a:queued', 'a:sending', 'b:queued', 'b:sending']);
  });

  it('writes waiting changes at once when asked to flush, and flushing with nothing waiting returns', async () => {
    const dir = tempDir();
    const { journal } = await openAt(dir);
    const file = path.join(dir, JOURNAL_FILE_NAME);
    await journal.flush();
    void journal.put([entry('a')], { durable: false });
    void journal.put([entry('b')], { durable: false });
    expect(fs.readFileSync(file, 'utf8')).not.toContain('"localId":"a"');
    // Without the flush they would only be written after their lazy moment (100 ms).
    await journal.flush();
    const text = fs.readFileSync(file, 'utf8');
    expect(text).toContain('"localId":"a"');
    expect(text).toContain('"localId":"b"');
  });

  it('keeps writing after a waiting change was taken by a durable write before its moment came', async () => {
    const dir = tempDir();
    const { journal } = await openAt(dir);
    // A durable write under way takes the waiting change along…
    const durable = journal.put([entry('a')], { durable: true });
    const waiting = journal.put([entry('b')], { durable: false });
    await Promise.all([durable, waiting]);
    // The waiting change's moment passes with nothing left to write…
    await new Promise((resolve) => setTimeout(resolve, 250));
    // …and a durable change must still reach the disk (it used to wait forever).
    const later = journal.put([entry('c')], { durable: true });
    const outcome = await Promise.race([later.then(() => 'written'), new Promise((resolve) => setTimeout(() => resolve('stuck'), 3_000))]);
    expect(outcome).toBe('written');
    expect(fs.readFileSync(path.join(dir, JOURNAL_FILE_NAME), 'utf8')).toContain('"localId":"c"');
  });

  it('writes every change of many concurrent puts (grouped writes) in order', async () => {
    const dir = tempDir();
    const { journal } = await openAt(dir);
    const puts: Promise<void>[] = [];
    for (let i = 0; i < 50; i += 1) {
      puts.push(journal.put([entry(`e${i}`)], { durable: i % 7 === 0 }));
      puts.push(journal.put([transition(entry(`e${i}`), 'sending', {}, new Date(NOW))], { durable: true }));
    }
    await Promise.all(puts);
    await journal.close();
    const { journal: reopened } = await openAt(dir);
    expect(reopened.entries()).toHaveLength(50);
    expect(reopened.entries().every((e) => e.state === 'sending')).toBe(true);
  });
});

describe('upload journal in a long session', () => {
  it('rewrites itself compactly while running, without losing the latest versions', async () => {
    const dir = tempDir();
    const { journal } = await openAt(dir);
    let current = entry('long');
    const puts: Promise<void>[] = [];
    for (let i = 0; i < 2_100; i += 1) {
      current = transition(current, 'queued', { note: `n${i}` }, new Date(NOW));
      // Only the last few history items matter here; keep the lines small.
      current = { ...current, history: current.history.slice(-2) };
      puts.push(journal.put([current, entry(`other${i % 3}`)], { durable: i % 500 === 0 }));
    }
    await Promise.all(puts);
    await journal.close();
    const lines = fs.readFileSync(journalFile(dir), 'utf8').trim().split('\n');
    expect(lines.length).toBeLessThan(2 * 2_100);
    const { journal: reopened } = await openAt(dir);
    expect(reopened.get('long')?.history.at(-1)?.note).toBe('n2099');
    expect(reopened.entries()).toHaveLength(4);
  });
});

describe('upload blobs', () => {
  it('keeps bytes once per content and removes those no entry needs', async () => {
    const dir = tempDir();
    const blobs = new BlobStore(path.join(dir, 'blobs'));
    const keep = 'a'.repeat(64);
    const drop = 'b'.repeat(64);
    await blobs.put(keep, Buffer.from('keep'));
    await blobs.put(keep, Buffer.from('keep'));
    await blobs.put(drop, Buffer.from('drop'));
    fs.writeFileSync(path.join(dir, 'blobs', `${drop}.123.tmp`), 'half written');
    expect((await blobs.read(keep)).toString()).toBe('keep');
    expect(await blobs.keepOnly(new Set([keep]))).toBe(2);
    expect(fs.readdirSync(path.join(dir, 'blobs'))).toEqual([keep]);
    expect(() => blobs.pathOf('../../etc/passwd')).toThrow();
  });

  it('flushes its folder after puts, and does not fail before the first put made it', async () => {
    const dir = tempDir();
    const blobs = new BlobStore(path.join(dir, 'blobs'));
    await expect(blobs.syncFolder()).resolves.toBeUndefined();
    await blobs.put('c'.repeat(64), Buffer.from('kept'));
    await expect(blobs.syncFolder()).resolves.toBeUndefined();
    expect(fs.readdirSync(path.join(dir, 'blobs'))).toEqual(['c'.repeat(64)]);
  });
});
