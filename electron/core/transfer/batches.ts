/**
 * Batches: one drop is one batch. When every file of a batch has settled (done, failed, refused,
 * cancelled) it is announced once: `uploads.batchSettled` and a desktop notification.
 */
import type { UploadState } from '../../../shared/contract';
import type { CoreEvents } from '../events';
import type { NoticeBoard } from '../i18n/notices';
import type { Logger } from '../ports';
import { messageOf } from './entries';
import type { JournalEntry } from './journal/entry';
import type { UploadJournal } from './journal/journal';
import { settledStates } from './state';

export interface BatchTracker {
  /** A batch being added cannot settle before all its files are in. */
  beginAdding(batchId: string): void;
  /** The batch is in: `rejected` files were refused before the journal; `added` are its entries' ids. */
  endAdding(batchId: string, added: readonly string[], rejected: number): void;
  /** Adding stopped on an error: the files already in settle the batch as usual. */
  abandonAdding(batchId: string): void;
  /** Announces the batches of these entries that have settled. */
  check(localIds: readonly string[]): void;
  /** Batches already settled when the journal was opened are not announced again. */
  settledBefore(entries: readonly JournalEntry[]): void;
  /** A retried file reopens its batch. */
  reopen(batchId: string): void;
}

export interface BatchTrackerDeps {
  journal: () => UploadJournal | undefined;
  events: CoreEvents;
  notifier: NoticeBoard;
  logger: Logger;
}

export function createBatchTracker(deps: BatchTrackerDeps): BatchTracker {
  const announced = new Set<string>();
  const adding = new Set<string>();
  const refusedBeforeJournal = new Map<string, number>();

  function announce(batchId: string, members: readonly JournalEntry[]): void {
    announced.add(batchId);
    const count = (state: UploadState): number => members.filter((entry) => entry.state === state).length;
    const done = count('done');
    const failed = count('failed');
    const rejected = count('rejected') + (refusedBeforeJournal.get(batchId) ?? 0);
    deps.events.emit('uploads.batchSettled', { batchId, done, failed, rejected });
    if (members.length === 0 || done + failed + rejected === 0) return;
    try {
      deps.notifier.notify({ kind: 'uploadsSettled', delivered: done, failed, rejected });
    } catch (error) {
      deps.logger.warn('The uploads notification could not be shown', { message: messageOf(error) });
    }
  }

  const check = (localIds: readonly string[]): void => {
    const journal = deps.journal();
    if (!journal) return;
    const batchIds = new Set(localIds.map((id) => journal.get(id)?.batchId).filter((id): id is string => id !== undefined));
    for (const batchId of batchIds) {
      if (announced.has(batchId) || adding.has(batchId)) continue;
      const members = journal.batch(batchId);
      if (members.length === 0 || !members.every((entry) => settledStates.has(entry.state))) continue;
      announce(batchId, members);
    }
  };

  return {
    beginAdding: (batchId) => adding.add(batchId),
    endAdding(batchId, added, rejected) {
      adding.delete(batchId);
      if (rejected > 0) refusedBeforeJournal.set(batchId, rejected);
      if (added.length === 0) {
        announced.add(batchId);
        deps.events.emit('uploads.batchSettled', { batchId, done: 0, failed: 0, rejected });
      } else {
        check([added[0] ?? '']);
      }
    },
    abandonAdding: (batchId) => adding.delete(batchId),
    check,
    settledBefore(entries) {
      const byBatch = new Map<string, JournalEntry[]>();
      for (const entry of entries) byBatch.set(entry.batchId, [...(byBatch.get(entry.batchId) ?? []), entry]);
      for (const [batchId, members] of byBatch) if (members.every((entry) => settledStates.has(entry.state))) announced.add(batchId);
    },
    reopen(batchId) {
      announced.delete(batchId);
      refusedBeforeJournal.delete(batchId);
    },
  };
}
