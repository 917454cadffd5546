/**
 * Reading a file to send it on the main thread: its size first, through the same handle as the
 * read, nothing read when it is too large, and the SHA-256 of exactly the bytes read. The file
 * reader's thread does the same for batches (`file-reader.ts`); this is its fallback.
 */
import fs from 'node:fs/promises';
import { sha256Hex } from './sha256';

export interface FileToRead {
  path: string;
  /** Files larger than this are not read: their size is reported instead. */
  maxBytes: number;
}

export type FileRead =
  | { kind: 'read'; bytes: Buffer; sha256: string }
  | { kind: 'tooLarge'; size: number }
  /** An `Error` with the system's `code` (ENOENT, EACCES, EISDIR…). */
  | { kind: 'error'; error: NodeJS.ErrnoException };

const errorOf = (code: string, message: string): NodeJS.ErrnoException => Object.assign(new Error(message), { code });

export async function readAndHash(file: FileToRead): Promise<FileRead> {
  let handle: fs.FileHandle | undefined;
  try {
    handle = await fs.open(file.path, 'r');
    const stat = await handle.stat();
    if (stat.isDirectory()) return { kind: 'error', error: errorOf('EISDIR', 'EISDIR: illegal operation on a directory, read') };
    if (stat.size > file.maxBytes) return { kind: 'tooLarge', size: stat.size };
    // Not zero-filled: every byte is read into it, and a short read is cut off below.
    const bytes = Buffer.allocUnsafeSlow(stat.size);
    let filled = 0;
    while (filled < bytes.length) {
      const { bytesRead } = await handle.read(bytes, filled, bytes.length - filled, filled);
      // Shorter than it said: it is being rewritten. What was read (and hashed) is what is sent.
      if (bytesRead === 0) break;
      filled += bytesRead;
    }
    const kept = filled === bytes.length ? bytes : bytes.subarray(0, filled);
    return { kind: 'read', bytes: kept, sha256: sha256Hex(kept) };
  } catch (error) {
    return { kind: 'error', error: error as NodeJS.ErrnoException };
  } finally {
    await handle?.close().catch(() => undefined);
  }
}
