import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { UploadEntry } from '../../../../../shared/contract';
import { makeEntry } from '../test/entries';
import { applyChangedEntries, createChangeBuffer, uploadsListKey } from './uploads-cache';

/** A window whose frames and timers run when the test says so. */
function fakeWindow() {
  const frames = new Map<number, () => void>();
  const timers = new Map<number, () => void>();
  let next = 0;
  return {
    frames,
    timers,
    win: {
      requestAnimationFrame: (callback: FrameRequestCallback) => (frames.set(++next, () => callback(0)), next),
      cancelAnimationFrame: (id: number) => void frames.delete(id),
      setTimeout: ((callback: () => void) => (timers.set(++next, callback), next)) as unknown as Window['setTimeout'],
      clearTimeout: ((id: number) => void timers.delete(id)) as Window['clearTimeout'],
    },
  };
}

describe('uploads.changed events during a big drop', () => {
  it('are applied to the list together, once per frame', () => {
    const { frames, timers, win } = fakeWindow();
    const applied: UploadEntry[][] = [];
    const buffer = createChangeBuffer((entries) => applied.push(entries), win);
    const [a, b, c] = [makeEntry(), makeEntry(), makeEntry()];
    buffer.push([a!]);
    buffer.push([b!, c!]);
    expect(applied).toHaveLength(0);
    expect(frames.size).toBe(1);
    [...frames.values()][0]!();
    expect(applied).toEqual([[a, b, c]]);
    // The hidden-page timer was cancelled with it: nothing is applied twice.
    expect(timers.size).toBe(0);
  });

  it('are applied by a timer when the page draws no frames (hidden)', () => {
    const { timers, win } = fakeWindow();
    const applied: UploadEntry[][] = [];
    const buffer = createChangeBuffer((entries) => applied.push(entries), win);
    const entry = makeEntry();
    buffer.push([entry]);
    [...timers.values()][0]!();
    expect(applied).toEqual([[entry]]);
  });

  it('announce what changed status and leave the cached list alone when nothing is newer', () => {
    const queryClient = new QueryClient();
    const entry = makeEntry({ state: 'accepted', updatedAt: '2026-03-01T10:00:05.000Z' });
    queryClient.setQueryData(uploadsListKey, [entry]);
    const done = { ...entry, state: 'done' as const, updatedAt: '2026-03-01T10:00:09.000Z' };
    expect(applyChangedEntries(queryClient, [done]).map((change) => change.status)).toEqual(['delivered']);
    const list = queryClient.getQueryData<UploadEntry[]>(uploadsListKey);
    expect(applyChangedEntries(queryClient, [entry])).toEqual([]);
    expect(queryClient.getQueryData(uploadsListKey)).toBe(list);
  });
});
