/**
 * What the user does to one entry: Retry (failed or refused only; a file on disk is sent as it is
 * now, under the same End-to-end ID) and Cancel (only while queued: nothing has left the app).
 */
import fs from 'node:fs/promises';
import { AppError, because, reason, type UploadEntry, type UploadState } from '../../../shared/contract';
import { maxFileBytesForUpload } from '../../../shared/validation';
import { formatSize } from '../files/file-ref';
import { hashFile } from '../files/sha256';
import type { AccountRules } from './accounts';
import { tooLargeMessage } from './api/messages';
import type { BatchTracker } from './batches';
import { messageOf, type EntryStore } from './entries';
import type { BlobStore } from './journal/blobs';
import type { JournalEntry } from './journal/entry';
import { canRetry } from './state';

export interface EntryActionsDeps {
  store: EntryStore;
  accounts: AccountRules;
  batches: BatchTracker;
  blobs: BlobStore;
  activeProfileId: () => string;
  /** Forgets the bytes kept for a cancelled entry. */
  forget(localId: string): void;
  /** A retried entry is queued: send it. */
  requeued(): void;
}

const stateWords: Record<UploadState, string> = {
  queued: 'waiting to be sent',
  sending: 'being sent',
  accepted: 'accepted by the service',
  tracking: 'being processed by the service',
  done: 'delivered',
  failed: 'failed',
  rejected: 'refused by the service',
  uncertain: 'being checked with the service',
  cancelled: 'cancelled',
};

function whyNoRetry(entry: JournalEntry): string {
  switch (entry.state) {
    case 'done':
      return `${entry.fileName} was delivered; sending it again would create a duplicate.`;
    case 'cancelled':
      return `${entry.fileName} was cancelled; add the file again to send it.`;
    case 'uncertain':
      return `The app is still checking whether ${entry.fileName} arrived. It sends the file again by itself only if the service does not have it.`;
    case 'tracking':
    case 'accepted':
      return `The service has ${entry.fileName} (${entry.serverStatus ?? 'pending'}); sending it again would create a duplicate.`;
    default:
      return `${entry.fileName} is ${stateWords[entry.state]}; there is nothing to retry.`;
  }
}

/** The file as it is now: its hash and size, or the reason it cannot be sent. */
async function currentContent(entry: JournalEntry, blobs: BlobStore): Promise<{ sha256: string; size: number }> {
  if (entry.source.kind === 'blob') {
    try {
      await fs.access(blobs.pathOf(entry.source.sha256));
    } catch {
      throw new AppError('file', `The copy of ${entry.fileName} kept for sending is gone. Add the file again.`, { details: because(reason('uploads.copyGone', { name: entry.fileName })) });
    }
    return { sha256: entry.sha256, size: entry.size };
  }
  let now: { sha256: string; size: number };
  try {
    now = await hashFile(entry.source.path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new AppError(
      'file',
      code === 'ENOENT'
        ? `${entry.fileName} can no longer be found at ${entry.source.path}. Put it back, or add it again.`
        : `${entry.fileName} cannot be read at ${entry.source.path} (${code ?? messageOf(error)}).`,
      { details: because(code === 'ENOENT' ? reason('uploads.sourceGone', { name: entry.fileName }) : reason('uploads.sourceUnreadable', { name: entry.fileName, cause: code ?? messageOf(error) })) },
    );
  }
  if (now.size === 0) throw new AppError('validation', `${entry.fileName} is now empty. Choose a file that has content.`, { details: because(reason('uploads.nowEmpty', { name: entry.fileName })) });
  if (now.size > maxFileBytesForUpload(entry.fileName, entry.e2eId)) {
    const limit = formatSize(maxFileBytesForUpload(entry.fileName, entry.e2eId));
    throw new AppError('too_large', tooLargeMessage(entry.fileName, now.size), { details: because(reason('uploads.tooLarge', { name: entry.fileName, size: formatSize(now.size), limit })) });
  }
  return now;
}

export function createEntryActions(deps: EntryActionsDeps): { retry(localId: string): Promise<UploadEntry>; cancel(localId: string): Promise<UploadEntry> } {
  const { store, accounts } = deps;

  const entryOfActiveProfile = (localId: string): JournalEntry => {
    const entry = store.journal().get(localId);
    if (!entry || entry.profileId !== deps.activeProfileId()) {
      throw new AppError('not_found', 'This upload is not in the list of the active profile any more. Refresh the list.', { details: because(reason('uploads.notInList')) });
    }
    return entry;
  };

  return {
    async retry(localId) {
      const entry = entryOfActiveProfile(localId);
      if (!canRetry(entry)) throw new AppError('conflict', whyNoRetry(entry), { details: because(reason('uploads.notRetryable', { name: entry.fileName })) });
      const account = accounts.currentAccount();
      if (entry.accountUid && account && entry.accountUid !== account.uid) {
        throw new AppError('forbidden', `${entry.fileName} was sent by ${entry.accountEmail ?? 'another account'}. Sign in with that account to retry it.`, {
          details: because(reason('uploads.otherAccount', { name: entry.fileName, account: entry.accountEmail ?? '?' })),
        });
      }
      const { sha256, size } = await currentContent(entry, deps.blobs);
      const queued = await store.apply(
        localId,
        ['failed', 'rejected'],
        'queued',
        {
          sha256,
          size,
          error: undefined,
          warning: undefined,
          uploadId: undefined,
          serverStatus: undefined,
          previousUploadIds: entry.uploadId ? [...entry.previousUploadIds, entry.uploadId] : entry.previousUploadIds,
          autoResends: 0,
          notFoundResends: 0,
          adoptedAfterUncertain: false,
          note: 'Retried by you',
          noteReason: reason('uploads.noteRetried'),
        },
        { durable: true },
      );
      if (!queued) throw new AppError('conflict', whyNoRetry(store.journal().get(localId) ?? entry), { details: because(reason('uploads.notRetryable', { name: entry.fileName })) });
      deps.batches.reopen(queued.batchId);
      deps.requeued();
      return accounts.view(queued);
    },

    async cancel(localId) {
      const entry = entryOfActiveProfile(localId);
      const cancelled = await store.apply(localId, ['queued'], 'cancelled', { warning: undefined, note: 'Cancelled by you', noteReason: reason('uploads.noteCancelled') }, { durable: true });
      if (!cancelled) {
        throw new AppError('conflict', `${entry.fileName} can no longer be cancelled: it is ${stateWords[store.journal().get(localId)?.state ?? entry.state]}.`, {
          details: because(reason('uploads.notCancellable', { name: entry.fileName })),
        });
      }
      deps.forget(localId);
      await store.releaseBlob(cancelled);
      return accounts.view(cancelled);
    },
  };
}
