/**
 * The live list in the react-query cache: one `uploads.list` call for everything (filters and
 * search are applied here, the core has none, so a pushed change never leaves a filtered copy stale), kept fresh by
 * `uploads.changed` events and by the answers of add / retry / cancel.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { UploadEntry } from '../../../../../shared/contract';
import { bridgeKeys, useBridgeQuery } from '../../../bridge/queries';
import { mergeEntries } from '../model/list-view';
import { announcedStatuses, statusOf, type StatusKey } from '../model/status';

export const allUploadsInput = {};
export const uploadsListKey = bridgeKeys.call('uploads.list', allUploadsInput);

export const useUploadsList = () => useBridgeQuery('uploads.list', allUploadsInput, { staleTime: Infinity });

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
  const before = new Map(current.map((entry) => [entry.localId, statusOf(entry)]));
  const merged = mergeEntries(current, changed);
  if (merged !== current) queryClient.setQueryData(uploadsListKey, merged);
  const after = new Map(merged.map((entry) => [entry.localId, entry]));
  const changes: StatusChange[] = [];
  for (const { localId } of changed) {
    const entry = after.get(localId);
    if (!entry) continue;
    const status = statusOf(entry);
    if (before.get(localId) !== status && announcedStatuses.has(status)) changes.push({ entry, status });
  }
  return changes;
}
