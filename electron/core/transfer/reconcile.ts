/**
 * What to do with an entry whose send is uncertain (a 503, a broken connection, or the app
 * stopping mid-send), from what the service says it holds under the entry's End-to-end ID. This
 * is the spec's 503 rule, applied to crashes too:
 * - an upload `ingested` or later → adopt it, never resend;
 * - an upload still `pending` → adopt it and warn: the first request may still finish; never resend;
 * - only `failed` uploads → resend automatically once; after that the user decides (Retry);
 * - nothing → the service never kept the file: resend (a bounded number of times).
 * Several uploads under one End-to-end ID → the non-failed one is adopted.
 */
import type { ServerUpload, ServerUploadStatus } from '../../../shared/contract';
import type { JournalEntry } from './journal/entry';

export const MAX_AUTO_RESENDS_AFTER_FAILED = 1;
export const MAX_AUTO_RESENDS_NOT_FOUND = 5;

export type ReconcileDecision =
  | { kind: 'adopt'; upload: ServerUpload; pending: boolean; otherCopies: number }
  | { kind: 'resend'; reason: 'failed' | 'not_found'; failedUploadIds: string[] }
  | { kind: 'give_up'; reason: 'failed' | 'not_found'; failedUploads: ServerUpload[] };

const progress: Record<ServerUploadStatus, number> = { pending: 0, ingested: 1, processing: 2, sent: 3, delivered: 4, failed: -1 };

/** The uploads that may be this entry's: its receipt id, or the same file name and size, and not another entry's. */
export function candidatesFor(entry: JournalEntry, found: readonly ServerUpload[], claimedByOthers: ReadonlySet<string>): ServerUpload[] {
  const unique = new Map<string, ServerUpload>();
  for (const upload of found) unique.set(upload.id, upload);
  return [...unique.values()].filter(
    (upload) =>
      !claimedByOthers.has(upload.id) &&
      !entry.previousUploadIds.includes(upload.id) &&
      (upload.id === entry.uploadId || (upload.file_name === entry.fileName && upload.size === entry.size)),
  );
}

export function decideReconciliation(entry: JournalEntry, candidates: readonly ServerUpload[]): ReconcileDecision {
  const alive = candidates.filter((upload) => upload.status !== 'failed');
  if (alive.length > 0) {
    const chosen =
      alive.find((upload) => upload.id === entry.uploadId) ??
      [...alive].sort((a, b) => progress[b.status] - progress[a.status] || b.created_at.localeCompare(a.created_at))[0];
    if (chosen) return { kind: 'adopt', upload: chosen, pending: chosen.status === 'pending', otherCopies: alive.length - 1 };
  }
  const failed = candidates.filter((upload) => upload.status === 'failed');
  if (failed.length > 0) {
    return entry.autoResends < MAX_AUTO_RESENDS_AFTER_FAILED
      ? { kind: 'resend', reason: 'failed', failedUploadIds: failed.map((upload) => upload.id) }
      : { kind: 'give_up', reason: 'failed', failedUploads: failed };
  }
  return entry.notFoundResends < MAX_AUTO_RESENDS_NOT_FOUND
    ? { kind: 'resend', reason: 'not_found', failedUploadIds: [] }
    : { kind: 'give_up', reason: 'not_found', failedUploads: [] };
}
