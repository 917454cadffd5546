/**
 * The live list in the react-query cache: one `uploads.list` call for everything, in display order
 * (filters and search are applied here, the core has none, so a pushed change never leaves a
 * filtered copy stale), kept fresh by `uploads.changed` events and by the answers of add / retry /
 * cancel.
 */
import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { UploadEntry } from '../../../../../shared/contract';
import type { AppError } from '../../../../../shared/contract/errors';
import { bridge } from '../../../bridge';
import { bridgeKeys, useBridgeQuery } from '../../../bridge/queries';
import { mergeEntries, sortEntries } from '../model/list-view';
import { announcedStatuses, statusOf, type StatusKey } from '../model/status';

export const allUploadsInput = {};
export const uploadsListKey = bridgeKeys.call('uploads.list', allUploadsInput);

/** The list sorted once when it arrives: changes are then put in place (mergeEntries), never re-sorted whole. */
export const useUploadsList = () =>
  useQuery<UploadEntry[], AppError>({
    queryKey: uploadsListKey,
    queryFn: async () => sortEntries(await bridge.invoke('uploads.list', allUploadsInput)),
    staleTime: Infinity,
  });

export const useUploadPreferences = () => useBridgeQuery('uploads.preferences', undefined, { staleTime: Infinity });

export interface StatusChange {
  entry: UploadEntry;
  status: StatusKey;
}

/**
 * Puts changed entries into the cached list and returns the status changes worth announcing.
 * Before the list has loaded there is nothing to merge into: it is fetched again instead, so a
 * change that crossed the first answer is not lost.
 */
export function applyChangedEntries(queryClient: QueryClient, changed: readonly UploadEntry[]): StatusChange[] {
  const current = queryClient.getQueryData<UploadEntry[]>(uploadsListKey);
  if (!current) {
    void queryClient.invalidateQueries({ queryKey: uploadsListKey });
    return [];
  }
  const merged = mergeEntries(current, changed);
  if (merged === current) return [];
  queryClient.setQueryData(uploadsListKey, merged);
  const wanted = new Set(changed.map((entry) => entry.localId));
  const before = new Map<string, StatusKey>();
  for (const entry of current) if (wanted.has(entry.localId)) before.set(entry.localId, statusOf(entry));
  const changes: StatusChange[] = [];
  for (const entry of merged) {
    if (!wanted.has(entry.localId)) continue;
    const status = statusOf(entry);
    if (before.get(entry.localId) !== status && announcedStatuses.has(status)) changes.push({ entry, status });
  }
  return changes;
}

/**
 * Collects `uploads.changed` events and applies them together once per frame: during a big drop
 * the core reports thousands of entries a second, and a cache update (and the list's render) per
 * event kept the page busy. A timer stands in for the frame when the page is hidden (no frames).
 */
export function createChangeBuffer(apply: (entries: UploadEntry[]) => void, win: Pick<Window, 'requestAnimationFrame' | 'cancelAnimationFrame' | 'setTimeout' | 'clearTimeout'> = window, hiddenDelayMs = 100) {
  let pending: UploadEntry[] = [];
  let frame: number | null = null;
  let timer: number | null = null;
  const flush = () => {
    if (frame !== null) win.cancelAnimationFrame(frame);
    if (timer !== null) win.clearTimeout(timer);
    frame = null;
    timer = null;
    const entries = pending;
    pending = [];
    if (entries.length > 0) apply(entries);
  };
  return {
    push(entries: readonly UploadEntry[]) {
      for (const entry of entries) pending.push(entry);
      if (frame === null && typeof win.requestAnimationFrame === 'function') frame = win.requestAnimationFrame(flush);
      if (timer === null) timer = win.setTimeout(flush, hiddenDelayMs);
    },
    /** Applies what is waiting now (before the component goes away). */
    flush,
  };
}
