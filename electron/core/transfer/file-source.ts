/**
 * Reading entries' bytes back at send time, by reference, and checking they are still the files
 * that were added. Files on disk and kept copies (blobs) alike are read and hashed by the file
 * reader, many in one go, off the main thread.
 */
import type { FileReader } from '../files/file-reader';
import type { FileRead } from '../files/read-and-hash';
import type { EntryError } from './api/messages';
import type { BlobStore } from './journal/blobs';
import type { JournalEntry } from './journal/entry';

export type ReadBytes = { ok: true; bytes: Buffer } | { ok: false; error: EntryError };

const changed = (entry: JournalEntry): ReadBytes => ({
  ok: false,
  error: { code: 'file', message: `${entry.fileName} changed after it was added, so it was not sent. Retry to send the file as it is now.` },
});

function unreadable(entry: JournalEntry, code: string | undefined): ReadBytes {
  if (entry.source.kind === 'blob') {
    return { ok: false, error: { code: 'file', message: `The copy of ${entry.fileName} kept for sending is gone. Add the file again.` } };
  }
  const message =
    code === 'ENOENT'
      ? `${entry.fileName} can no longer be found at ${entry.source.path}. It may have been moved or deleted: put it back and retry, or add it again.`
      : `${entry.fileName} cannot be read at ${entry.source.path} (${code ?? 'unknown problem'}). Check the file and retry.`;
  return { ok: false, error: { code: 'file', message } };
}

function checked(entry: JournalEntry, read: FileRead | undefined): ReadBytes {
  if (!read) return unreadable(entry, undefined);
  if (read.kind === 'error') return unreadable(entry, read.error.code);
  // Grown past the size it had when added: changed, and not worth reading.
  if (read.kind === 'tooLarge') return changed(entry);
  if (read.bytes.length !== entry.size || read.sha256 !== entry.sha256) return changed(entry);
  return { ok: true, bytes: read.bytes };
}

export async function readEntriesBytes(entries: readonly JournalEntry[], blobs: BlobStore, reader: Pick<FileReader, 'readMany'>): Promise<ReadBytes[]> {
  const reads = await reader.readMany(
    entries.map((entry) => ({ path: entry.source.kind === 'path' ? entry.source.path : blobs.pathOf(entry.source.sha256), maxBytes: entry.size })),
  );
  return entries.map((entry, index) => checked(entry, reads[index]));
}
