/** The live list kept in the react-query cache: merging pushed changes, ordering, filtering, searching. */
import type { UploadEntry } from '../../../../../shared/contract';
import { matchesFilter, uploadFilters, type UploadFilter } from './status';

/** Newest batch first; inside a batch, by where the file came from (folder order). */
export function compareEntries(a: UploadEntry, b: UploadEntry): number {
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? 1 : -1;
  if (a.batchId !== b.batchId) return a.batchId < b.batchId ? 1 : -1;
  return a.origin.localeCompare(b.origin, undefined, { numeric: true }) || a.localId.localeCompare(b.localId);
}

/**
 * Applies changed entries to a list. An older copy of an entry never replaces a newer one
 * (events and call answers may cross on the way).
 */
export function mergeEntries(current: readonly UploadEntry[], changed: readonly UploadEntry[]): UploadEntry[] {
  if (changed.length === 0) return current as UploadEntry[];
  const byId = new Map(current.map((entry) => [entry.localId, entry]));
  let touched = false;
  for (const entry of changed) {
    const existing = byId.get(entry.localId);
    if (existing && isOlder(entry, existing)) continue;
    byId.set(entry.localId, entry);
    touched = true;
  }
  return touched ? [...byId.values()].sort(compareEntries) : (current as UploadEntry[]);
}

function isOlder(candidate: UploadEntry, existing: UploadEntry): boolean {
  if (candidate.updatedAt !== existing.updatedAt) return candidate.updatedAt < existing.updatedAt;
  return candidate.history.length < existing.history.length;
}

/** Case-insensitive match on the file name, its folder path or the End-to-end ID. */
export function matchesSearch(entry: UploadEntry, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (needle === '') return true;
  return (
    entry.fileName.toLowerCase().includes(needle) ||
    entry.origin.toLowerCase().includes(needle) ||
    entry.e2eId.toLowerCase().includes(needle) ||
    (entry.uploadId?.toLowerCase().includes(needle) ?? false)
  );
}

export function visibleEntries(entries: readonly UploadEntry[], filter: UploadFilter, search: string): UploadEntry[] {
  return entries.filter((entry) => matchesFilter(entry, filter) && matchesSearch(entry, search));
}

export type FilterCounts = Record<UploadFilter, number>;

export function countByFilter(entries: readonly UploadEntry[], search = ''): FilterCounts {
  const counts: FilterCounts = { all: 0, active: 0, failed: 0, done: 0 };
  for (const entry of entries) {
    if (!matchesSearch(entry, search)) continue;
    for (const filter of uploadFilters) if (matchesFilter(entry, filter)) counts[filter] += 1;
  }
  return counts;
}
