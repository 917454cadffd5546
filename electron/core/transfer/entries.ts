/**
 * The one way entries change: transitions applied to the journal (each only from the states it
 * expects), announced on the change feed, and a finished entry's kept copy released.
 */
import { AppError, because, reason, type UploadState } from '../../../shared/contract';
import type { Logger } from '../ports';
import type { ChangeFeed } from './change-feed';
import type { BlobStore } from './journal/blobs';
import type { JournalEntry } from './journal/entry';
import type { UploadJournal } from './journal/journal';
import { bytesNeededStates, transition, type TransitionChanges } from './state';

/** A transition to apply (see `applyAll`). */
export interface EntryChange {
  localId: string;
  from: readonly UploadState[];
  next: UploadState;
  changes: TransitionChanges;
}

export interface EntryStore {
  /** The open journal; `internal` before the service has started. */
  journal(): UploadJournal;
  /**
   * Applies transitions with one journal write, each only if its entry is still in one of its
   * `from` states (another task may have moved it meanwhile; it is then `undefined` in the
   * result). Resolves once written, and on disk when `durable`; non-durable write failures are
   * logged (the next start reconciles whatever the file says).
   */
  applyAll(changes: readonly EntryChange[], options?: { durable: boolean }): Promise<Array<JournalEntry | undefined>>;
  apply(localId: string, from: readonly UploadState[], next: UploadState, changes: TransitionChanges, options?: { durable: boolean }): Promise<JournalEntry | undefined>;
  /** Deletes the kept copy of a finished entry unless another entry still needs the same content. */
  releaseBlob(entry: JournalEntry): Promise<void>;
}

export interface EntryStoreDeps {
  journal: () => UploadJournal | undefined;
  feed: Pick<ChangeFeed, 'changed'>;
  blobs: BlobStore;
  logger: Logger;
  now: () => Date;
}

export const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

export function createEntryStore(deps: EntryStoreDeps): EntryStore {
  const { logger } = deps;
  const journal = (): UploadJournal => {
    const open = deps.journal();
    if (!open) throw new AppError('internal', 'The upload journal is not open yet.', { details: because(reason('uploads.journalNotOpen')) });
    return open;
  };

  const applyAll: EntryStore['applyAll'] = async (changes, options = { durable: false }) => {
    const at = deps.now();
    const results = changes.map(({ localId, from, next, changes: fields }) => {
      const current = journal().get(localId);
      return current && from.includes(current.state) ? transition(current, next, fields, at) : undefined;
    });
    const updated = results.filter((entry): entry is JournalEntry => entry !== undefined);
    const written = journal().put(updated, options);
    deps.feed.changed(updated.map((entry) => entry.localId));
    if (options.durable) {
      await written;
    } else {
      written.catch((error: unknown) => logger.error('Upload journal: a change could not be written', { localIds: updated.map((entry) => entry.localId), message: messageOf(error) }));
    }
    return results;
  };

  return {
    journal,
    applyAll,
    apply: async (localId, from, next, changes, options) => (await applyAll([{ localId, from, next, changes }], options))[0],
    async releaseBlob(entry) {
      if (entry.source.kind !== 'blob') return;
      const sha = entry.source.sha256;
      const stillNeeded = journal()
        .blobUsers(sha)
        .some((other) => other.localId !== entry.localId && bytesNeededStates.has(other.state));
      if (stillNeeded) return;
      await deps.blobs.delete(sha).catch((error: unknown) => logger.warn('Upload blob could not be deleted', { message: messageOf(error) }));
    },
  };
}
