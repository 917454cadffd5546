import { describe, expect, it } from 'vitest';
import { makeEntry } from '../test/entries';
import { BatchSummaries, type BatchSummary } from './batch-summaries';
import { explainEntry } from './explain';
import { countByFilter, mergeEntries, sortEntries, visibleEntries } from './list-view';
import { matchesFilter, progressStep, statusOf } from './status';

describe('status of an upload', () => {
  it('shows each journal state as one pill, tracking as processing and uncertain as needing attention', () => {
    expect(statusOf({ state: 'tracking' })).toBe('processing');
    expect(statusOf({ state: 'done' })).toBe('delivered');
    expect(statusOf({ state: 'uncertain' })).toBe('uncertain');
  });

  it('moves the progress bar with the server status and fills it when delivered', () => {
    expect(progressStep({ state: 'queued' })).toBe(0);
    expect(progressStep({ state: 'sending' })).toBe(1);
    expect(progressStep({ state: 'accepted', serverStatus: 'pending' })).toBe(2);
    expect(progressStep({ state: 'tracking', serverStatus: 'sent' })).toBe(4);
    expect(progressStep({ state: 'done', serverStatus: 'delivered' })).toBe(5);
  });

  it('groups states into the tabs like the core does', () => {
    expect(matchesFilter({ state: 'uncertain' }, 'active')).toBe(true);
    expect(matchesFilter({ state: 'rejected' }, 'failed')).toBe(true);
    expect(matchesFilter({ state: 'cancelled' }, 'active')).toBe(false);
    expect(matchesFilter({ state: 'cancelled' }, 'all')).toBe(true);
  });
});

describe('live list', () => {
  it('merges pushed changes and never lets an older copy replace a newer one', () => {
    const entry = makeEntry({ state: 'tracking', updatedAt: '2026-03-01T10:00:05.000Z' });
    const newer = { ...entry, state: 'done' as const, updatedAt: '2026-03-01T10:00:09.000Z' };
    const list = mergeEntries([entry], [newer]);
    expect(list[0]?.state).toBe('done');
    expect(mergeEntries(list, [entry])[0]?.state).toBe('done');
  });

  it('adds new entries newest batch first, folder order inside a batch', () => {
    const old = makeEntry({ batchId: 'b1', createdAt: '2026-03-01T09:00:00.000Z', origin: 'z.xml' });
    const b = makeEntry({ batchId: 'b2', createdAt: '2026-03-01T10:00:00.000Z', origin: 'folder/file-10.xml' });
    const a = makeEntry({ batchId: 'b2', createdAt: '2026-03-01T10:00:00.000Z', origin: 'folder/file-9.xml' });
    expect(mergeEntries([old], [b, a]).map((e) => e.origin)).toEqual(['folder/file-9.xml', 'folder/file-10.xml', 'z.xml']);
  });

  it("keeps a changed entry in its place and sorts a list in the core's order once", () => {
    const older = makeEntry({ batchId: 'b1', createdAt: '2026-03-01T09:00:00.000Z', origin: 'x.xml' });
    const second = makeEntry({ batchId: 'b2', createdAt: '2026-03-01T10:00:00.000Z', origin: 'f/file-10.xml' });
    const first = makeEntry({ batchId: 'b2', createdAt: '2026-03-01T10:00:00.000Z', origin: 'f/file-9.xml' });
    // The core lists newest first, in the order it journaled them: not the folder order shown.
    const sorted = sortEntries([second, first, older]);
    expect(sorted.map((e) => e.origin)).toEqual(['f/file-9.xml', 'f/file-10.xml', 'x.xml']);
    expect(sortEntries(sorted)).toBe(sorted);
    const sending = { ...second, state: 'sending' as const, updatedAt: '2026-03-01T10:00:01.000Z' };
    const merged = mergeEntries(sorted, [sending]);
    expect(merged.map((e) => [e.origin, e.state])).toEqual([
      ['f/file-9.xml', 'queued'],
      ['f/file-10.xml', 'sending'],
      ['x.xml', 'queued'],
    ]);
    expect(sorted[1]?.state).toBe('queued');
    // Nothing newer: the very same list (no re-render).
    expect(mergeEntries(merged, [second])).toBe(merged);
    // Changes and new entries in one go, a newer copy winning over an older one in the same batch of changes.
    const added = makeEntry({ batchId: 'b3', createdAt: '2026-03-01T11:00:00.000Z', origin: 'new.xml' });
    const addedLater = { ...added, state: 'sending' as const, updatedAt: '2026-03-01T11:00:02.000Z' };
    expect(mergeEntries(merged, [addedLater, added, { ...older, state: 'done' as const, updatedAt: '2026-03-01T12:00:00.000Z' }]).map((e) => [e.origin, e.state])).toEqual([
      ['new.xml', 'sending'],
      ['f/file-9.xml', 'queued'],
      ['f/file-10.xml', 'sending'],
      ['x.xml', 'done'],
    ]);
  });

  it('filters by tab and searches file names and End-to-end IDs, counting per tab', () => {
    const entries = [
      makeEntry({ fileName: 'alpha.xml', e2eId: 'ID-1', state: 'done' }),
      makeEntry({ fileName: 'beta.csv', e2eId: 'ID-2', state: 'rejected' }),
      makeEntry({ fileName: 'gamma.json', e2eId: 'special-3', state: 'sending' }),
    ];
    expect(visibleEntries(entries, 'failed', '').map((e) => e.fileName)).toEqual(['beta.csv']);
    expect(visibleEntries(entries, 'all', 'SPECIAL').map((e) => e.fileName)).toEqual(['gamma.json']);
    expect(countByFilter(entries)).toEqual({ all: 3, active: 1, failed: 1, done: 1 });
    expect(countByFilter(entries, 'id-')).toEqual({ all: 2, active: 0, failed: 1, done: 1 });
  });
});

describe('explaining an upload by the spec error table', () => {
  it('401: the file waits for a new sign-in', () => {
    const entry = makeEntry({ state: 'queued', warningCode: 'sign_in', warning: 'Your sign-in has expired. Sign in again: the file stays queued and is sent as soon as you are back.' });
    expect(explainEntry(entry)).toMatchObject({ key: 'signInAgain', tone: 'warning' });
  });

  it('400 with field messages keeps each field', () => {
    const entry = makeEntry({ state: 'rejected', error: { code: 'validation', message: 'refused', fieldErrors: { fileName: 'bad name' } } });
    expect(explainEntry(entry)).toEqual({ key: 'fieldErrors', tone: 'error', fields: [{ field: 'fileName', message: 'bad name' }] });
  });

  it.each([
    ['forbidden', 'forbidden'],
    ['conflict', 'notConfigured'],
    ['too_large', 'tooLarge'],
    ['bad_response', 'refused'],
  ] as const)('a refusal with code %s reads as %s, with the core sentence as detail', (code, key) => {
    const entry = makeEntry({ state: 'rejected', error: { code, message: 'What the core said.' } });
    expect(explainEntry(entry)).toEqual({ key, tone: 'error', detail: 'What the core said.' });
  });

  it('503: says the app is checking, and a pending adopted upload must not be resent', () => {
    expect(explainEntry(makeEntry({ state: 'uncertain', warning: 'Checking by End-to-end ID.' }))).toMatchObject({ key: 'checking', detail: 'Checking by End-to-end ID.' });
    expect(explainEntry(makeEntry({ state: 'tracking', warning: 'Do not send it again.' }))).toMatchObject({ key: 'notConfirmed' });
  });

  it('processing failures and missing files have their own words; a plain delivery has none', () => {
    expect(explainEntry(makeEntry({ state: 'failed', error: { code: 'validation', message: 'not XML' } }))?.key).toBe('processingFailed');
    expect(explainEntry(makeEntry({ state: 'failed', error: { code: 'file', message: 'gone' } }))?.key).toBe('unreadable');
    expect(explainEntry(makeEntry({ state: 'done' }))).toBeNull();
  });
});

describe('batch summaries', () => {
  it('adds up the core batches of one user batch and reports once', () => {
    const seen: BatchSummary[] = [];
    const summaries = new BatchSummaries((summary) => seen.push(summary));
    summaries.beginSend();
    summaries.settled('b1', { done: 2, failed: 0, rejected: 0 }); // arrives before the add answer
    summaries.endSend(['b1', 'b2'], 1);
    expect(seen).toEqual([]);
    summaries.settled('b2', { done: 1, failed: 1, rejected: 0 });
    expect(seen).toEqual([{ done: 3, failed: 1, rejected: 0, notSent: 1 }]);
  });

  it('reports a batch of an earlier run on its own', () => {
    const seen: BatchSummary[] = [];
    new BatchSummaries((summary) => seen.push(summary)).settled('old', { done: 4, failed: 0, rejected: 1 });
    expect(seen).toEqual([{ done: 4, failed: 0, rejected: 1, notSent: 0 }]);
  });
});
