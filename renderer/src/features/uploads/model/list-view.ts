/** The live list kept in the react-query cache: merging pushed changes, ordering, filtering, searching. */
import type { UploadEntry } from '../../../../../shared/contract';
import { matchesFilter, uploadFilters, type UploadFilter } from './status';

/** One collator for every comparison: `localeCompare` with options builds one per call (far slower in a sort of thousands). */
const folderOrder = new Intl.Collator(undefined, { numeric: true });
const plainOrder = new Intl.Collator();

/** Newest batch first; inside a batch, by where the file came from (folder order). */
export function compareEntries(a: UploadEntry, b: UploadEntry): number {
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? 1 : -1;
  if (a.batchId !== b.batchId) return a.batchId < b.batchId ? 1 : -1;
  return folderOrder.compare(a.origin, b.origin) || plainOrder.compare(a.localId, b.localId);
}

const isSorted = (entries: readonly UploadEntry[]): boolean => entries.every((entry, index) => index === 0 || compareEntries(entries[index - 1]!, entry) <= 0);

/** The list in display order; the same array when it already is. */
export function sortEntries(entries: readonly UploadEntry[]): UploadEntry[] {
  return isSorted(entries) ? (entries as UploadEntry[]) : [...entries].sort(compareEntries);
}

/** Two lists in display order → one, in one pass. */
function mergeSorted(a: readonly UploadEntry[], b: readonly UploadEntry[]): UploadEntry[] {
  const out: UploadEntry[] = new Array<UploadEntry>(a.length + b.length);
  let i = 0;
  let j = 0;
  let k = 0;
  while (i < a.length && j < b.length) out[k++] = compareEntries(a[i]!, b[j]!) <= 0 ? a[i++]! : b[j++]!;
  while (i < a.length) out[k++] = a[i++]!;
  while (j < b.length) out[k++] = b[j++]!;
  return out;
}

/**
 * Applies changed entries to a list, in display order. An older copy of an entry never replaces a
 * newer one (events and call answers may cross on the way). An entry's place does not change (what
 * orders the list is fixed when it is added), so a changed entry is replaced where it is and only
 * new entries are sorted in: thousands of entries change during a big drop, several times a
 * second, and re-sorting the whole list each time kept the page's main thread busy for seconds.
 */
export function mergeEntries(current: readonly UploadEntry[], changed: readonly UploadEntry[]): UploadEntry[] {
  if (changed.length === 0) return current as UploadEntry[];
  const base = sortEntries(current);
  const positions = new Map<string, number>();
  base.forEach((entry, index) => positions.set(entry.localId, index));
  let next: UploadEntry[] | null = base === current ? null : base;
  const added = new Map<string, UploadEntry>();
  let moved = false;
  for (const entry of changed) {
    const at = positions.get(entry.localId);
    if (at === undefined) {
      const prior = added.get(entry.localId);
      if (!prior || !isOlder(entry, prior)) added.set(entry.localId, entry);
      continue;
    }
    const existing = (next ?? base)[at]!;
    if (isOlder(entry, existing)) continue;
    next ??= base.slice();
    next[at] = entry;
    moved ||= compareEntries(existing, entry) !== 0;
  }
  if (moved) next = [...(next ?? base)].sort(compareEntries);
  if (added.size > 0) return mergeSorted(next ?? base, [...added.values()].sort(compareEntries));
  return next ?? (current as UploadEntry[]);
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
