import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DocumentRecord } from '../../../shared/contract';
import { createJournalStore, type SyncJournalEntry } from './journal';

let dir: string;
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ledgerdesk-sync-journal-'));
});
afterEach(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

const record = (uuid: string, createdAt: string): DocumentRecord => ({
  uuid,
  type: 'invoice',
  direction: 'incoming',
  format: 'xml',
  number: uuid,
  date: '2026-11-01',
  createdAt,
  downloaded: false,
  sender: { name: 'Nordic AS', identifier: '' },
  recipient: { name: 'Us', identifier: '' },
});
const pending = (uuid: string, createdAt: string): [string, SyncJournalEntry] => [uuid, { type: 'invoice', name: uuid, state: 'pending', files: [], marked: false, record: record(uuid, createdAt) }];
const file = (name: string) => ({ name, sha256: 'a'.repeat(64), size: 10 });

describe('sync journal', () => {
  it('reads back what was appended: entries, watermark, done and marked', async () => {
    const store = createJournalStore(dir);
    const journal = await store.open('rule-1', '/inbox');
    journal.listed('invoice', [pending('a', '2026-11-01T00:00:00Z'), pending('b', '2026-11-02T00:00:00Z')], '2026-11-02T00:00:00Z');
    await journal.flush();
    journal.done('a', [file('a.xml')], true);
    journal.marked(['a']);
    await journal.flush();

    const again = await store.open('rule-1', '/inbox');
    expect(again.state.watermarks).toEqual({ invoice: '2026-11-02T00:00:00Z' });
    expect(again.state.entries.a).toEqual({ type: 'invoice', name: 'a', state: 'done', files: [file('a.xml')], marked: true });
    expect(again.state.entries.b).toMatchObject({ state: 'pending', record: { uuid: 'b' } });
    expect(again.state.totalWritten).toBe(1);
  });

  it('makes entries durable up to a mark, sharing one append among flushes asked for together', async () => {
    const store = createJournalStore(dir);
    const journal = await store.open('rule-1', '/inbox');
    const flushes: Array<Promise<void>> = [];
    for (let index = 0; index < 20; index += 1) {
      journal.listed('invoice', [pending(`doc-${index}`, '2026-11-01T00:00:00Z')], undefined);
      flushes.push(journal.flush());
    }
    await Promise.all(flushes);
    const lines = (await fs.readFile(path.join(dir, 'rule-1.jsonl'), 'utf8')).trim().split('\n');
    expect(lines).toHaveLength(21);

    journal.listed('invoice', [pending('late', '2026-11-02T00:00:00Z')], undefined);
    const mark = journal.mark();
    await journal.durable(mark);
    expect((await store.open('rule-1', '/inbox')).state.entries.late).toMatchObject({ state: 'pending' });
  });

  it('keeps the lines of a flush that failed, and writes them with the next one', async () => {
    const blocked = path.join(dir, 'journals');
    const store = createJournalStore(blocked);
    const journal = await store.open('rule-1', '/inbox');
    // A file where the journals' folder should be: the append fails.
    await fs.rm(blocked, { recursive: true });
    await fs.writeFile(blocked, 'not a folder');
    journal.listed('invoice', [pending('a', '2026-11-01T00:00:00Z')], '2026-11-01T00:00:00Z');
    await expect(journal.flush()).rejects.toThrow();
    await fs.rm(blocked);
    journal.done('a', [file('a.xml')], true);
    await journal.durable(journal.mark());
    const again = await store.open('rule-1', '/inbox');
    expect(again.state.watermarks).toEqual({ invoice: '2026-11-01T00:00:00Z' });
    expect(again.state.entries.a).toMatchObject({ state: 'done', files: [file('a.xml')] });
  });

  it('ignores a last line torn by a crash, and keeps everything before it', async () => {
    const store = createJournalStore(dir);
    const journal = await store.open('rule-1', '/inbox');
    journal.listed('invoice', [pending('a', '2026-11-01T00:00:00Z')], '2026-11-01T00:00:00Z');
    await journal.flush();
    await fs.appendFile(path.join(dir, 'rule-1.jsonl'), '{"op":"done","uuid":"a","fi');

    const again = await store.open('rule-1', '/inbox');
    expect(again.state.entries.a?.state).toBe('pending');
    // The torn line is not followed by the next append: the file stays readable.
    again.done('a', [file('a.xml')], true);
    await again.flush();
    expect((await store.open('rule-1', '/inbox')).state.entries.a?.state).toBe('done');
  });

  it('starts afresh for a rule moved to another folder', async () => {
    const store = createJournalStore(dir);
    const journal = await store.open('rule-1', '/inbox');
    journal.listed('invoice', [pending('a', '2026-11-01T00:00:00Z')], '2026-11-01T00:00:00Z');
    await journal.flush();
    const moved = await store.open('rule-1', '/elsewhere');
    expect(moved.state.entries).toEqual({});
    expect(moved.state.watermarks).toEqual({});
  });

  it('reads the earlier whole-JSON journal once and replaces it', async () => {
    const legacy = { version: 1, ruleId: 'rule-1', folder: '/inbox', watermarks: { invoice: '2026-11-01T00:00:00Z' }, entries: { a: { type: 'invoice', name: 'a', state: 'done', files: [file('a.xml')], marked: false, error: { code: 'x', message: 'y' } } }, totalWritten: 1 };
    await fs.writeFile(path.join(dir, 'rule-1.json'), JSON.stringify(legacy));
    const journal = await createJournalStore(dir).open('rule-1', '/inbox');
    expect(journal.state.entries.a).toEqual({ type: 'invoice', name: 'a', state: 'done', files: [file('a.xml')], marked: false });
    expect(journal.state.watermarks).toEqual({ invoice: '2026-11-01T00:00:00Z' });
    expect((await fs.readdir(dir)).sort()).toEqual(['rule-1.jsonl']);
  });
});
