/** Reading an entry's bytes back at send time, by reference, and checking they are still the file that was added. */
import fs from 'node:fs/promises';
import type { EntryError } from './api/messages';
import type { BlobStore } from './journal/blobs';
import type { JournalEntry } from './journal/entry';
import { sha256Hex } from '../files/sha256';

export type ReadBytes = { ok: true; bytes: Buffer } | { ok: false; error: EntryError };

export async function readEntryBytes(entry: JournalEntry, blobs: BlobStore): Promise<ReadBytes> {
  let bytes: Buffer;
  try {
    bytes = entry.source.kind === 'path' ? await fs.readFile(entry.source.path) : await blobs.read(entry.source.sha256);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (entry.source.kind === 'blob') {
      return { ok: false, error: { code: 'file', message: `The copy of ${entry.fileName} kept for sending is gone. Add the file again.` } };
    }
    const message =
      code === 'ENOENT'
        ? `${entry.fileName} can no longer be found at ${entry.source.path}. It may have been moved or deleted: put it back and retry, or add it again.`
        : `${entry.fileName} cannot be read at ${entry.source.path} (${code ?? 'unknown problem'}). Check the file and retry.`;
    return { ok: false, error: { code: 'file', message } };
  }
  if (bytes.length !== entry.size || sha256Hex(bytes) !== entry.sha256) {
    return {
      ok: false,
      error: { code: 'file', message: `${entry.fileName} changed after it was added, so it was not sent. Retry to send the file as it is now.` },
    };
  }
  return { ok: true, bytes };
}
