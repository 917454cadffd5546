/**
 * Reading a file to send it on the main thread: its size first, through the same handle as the
 * read, nothing read when it is too large, and the SHA-256 of exactly the bytes read. The reading
 * thread does the same for batches (`threads/file-reader.worker.ts`); this is its fallback.
 */
import fs from 'node:fs/promises';
import { sha256Hex } from './sha256';

export interface FileToRead {
  path: string;
  /** Files larger than this are not read: their size is reported instead. */
  maxBytes: number;
}

type Unread =
  | { kind: 'tooLarge'; size: number }
  /** An `Error` with the system's `code` (ENOENT, EACCES, EISDIR…). */
  | { kind: 'error'; error: NodeJS.ErrnoException };

export type FileRead = { kind: 'read'; bytes: Buffer; sha256: string } | Unread;

/** A file read and hashed; its bytes were let go (they are read again at their turn to be sent). */
export type FileHashed = { kind: 'hashed'; size: number; sha256: string } | Unread;

/** A file's content to send: small files as base64 text, larger ones as bytes; with the hash of exactly those bytes. */
export type FileContent = ({ kind: 'base64'; base64: string } | { kind: 'bytes'; bytes: Buffer }) & { size: number; sha256: string };

export type FileTaken = FileContent | Unread;

/** A file to read again and hand over at its turn to be sent. */
export interface FileToTake extends FileToRead {
  /** Up to this many bytes the content comes as base64 text; larger files come as bytes. */
  base64UpTo: number;
}

export function hashedOf(read: FileRead): FileHashed {
  return read.kind === 'read' ? { kind: 'hashed', size: read.bytes.length, sha256: read.sha256 } : read;
}

export function takenOf(read: FileRead, base64UpTo: number): FileTaken {
  if (read.kind !== 'read') return read;
  const { bytes, sha256 } = read;
  return bytes.length <= base64UpTo ? { kind: 'base64', base64: bytes.toString('base64'), size: bytes.length, sha256 } : { kind: 'bytes', bytes, size: bytes.length, sha256 };
}

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
