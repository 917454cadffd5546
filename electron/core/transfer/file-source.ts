/**
 * Entries' content at send time, when their bytes are not in hand: the files read again by
 * reference (paths, or the kept copies of dropped bytes), many in one go on the reading thread,
 * and checked to be still the files that were added. Small files come back as base64 text,
 * encoded there.
 */
import { reason } from '../../../shared/contract';
import type { FileReader } from '../files/file-reader';
import type { FileTaken } from '../files/read-and-hash';
import type { EntryError } from './api/messages';
import { WHOLE_BODY_MAX_BYTES, type UploadContent } from './api/upload-body';
import type { BlobStore } from './journal/blobs';
import type { JournalEntry } from './journal/entry';

export type ReadContent = { ok: true; content: UploadContent } | { ok: false; error: EntryError };

const changed = (entry: JournalEntry): ReadContent => ({
  ok: false,
  error: {
    code: 'file',
    message: `${entry.fileName} changed after it was added, so it was not sent. Retry to send the file as it is now.`,
    reason: reason('uploads.changedSinceAdded', { name: entry.fileName }),
  },
});

function unreadable(entry: JournalEntry, code: string | undefined): ReadContent {
  if (entry.source.kind === 'blob') {
    return { ok: false, error: { code: 'file', message: `The copy of ${entry.fileName} kept for sending is gone. Add the file again.`, reason: reason('uploads.copyGone', { name: entry.fileName }) } };
  }
  const message =
    code === 'ENOENT'
      ? `${entry.fileName} can no longer be found at ${entry.source.path}. It may have been moved or deleted: put it back and retry, or add it again.`
      : `${entry.fileName} cannot be read at ${entry.source.path} (${code ?? 'unknown problem'}). Check the file and retry.`;
  const why =
    code === 'ENOENT'
      ? reason('uploads.sourceGoneAt', { name: entry.fileName, path: entry.source.path })
      : reason('uploads.sourceUnreadableAt', { name: entry.fileName, path: entry.source.path, cause: code ?? '?' });
  return { ok: false, error: { code: 'file', message, reason: why } };
}

function checked(entry: JournalEntry, read: FileTaken | undefined): ReadContent {
  if (!read) return unreadable(entry, undefined);
  if (read.kind === 'error') return unreadable(entry, read.error.code);
  // Grown past the size it had when added: changed, and not worth reading.
  if (read.kind === 'tooLarge') return changed(entry);
  if (read.size !== entry.size || read.sha256 !== entry.sha256) return changed(entry);
  return { ok: true, content: read };
}

/** Reads the entries' files (or kept copies) again, many at once on the reading thread, each checked against its size and hash. */
export async function takeEntriesContent(entries: readonly JournalEntry[], blobs: BlobStore, reader: Pick<FileReader, 'takeMany'>): Promise<ReadContent[]> {
  const reads = await reader.takeMany(
    entries.map((entry) => ({
      path: entry.source.kind === 'path' ? entry.source.path : blobs.pathOf(entry.source.sha256),
      maxBytes: entry.size,
      base64UpTo: WHOLE_BODY_MAX_BYTES,
    })),
  );
  return entries.map((entry, index) => checked(entry, reads[index]));
}
