/** Messages between the reading thread (`file-reader.worker.ts`) and `../file-reader.ts`. */
import type { FileInFolder, NotTaken } from '../read-in-folder';
import type { FileToRead, FileToTake } from '../read-and-hash';

export type ThreadError = { kind: 'error'; code?: string; message: string };
type Unread = { kind: 'tooLarge'; size: number } | ThreadError;

export type ThreadHashed = { kind: 'hashed'; size: number; sha256: string } | Unread;
export type ThreadTaken = { kind: 'base64'; base64: string; size: number; sha256: string } | { kind: 'bytes'; buffer: ArrayBuffer; size: number; sha256: string } | Unread;

/** A watched folder's file read from one descriptor (`../read-in-folder.ts`); the bytes are moved, not copied. */
export type ThreadInFolder = { kind: 'read'; buffer: ArrayBuffer; size: number; sha256: string; mtimeMs: number } | { kind: 'notTaken'; why: NotTaken } | Unread;

export type ReaderRequest = { id: number; op: 'hash'; files: FileToRead[] } | { id: number; op: 'take'; files: FileToTake[] } | { id: number; op: 'inFolder'; files: FileInFolder[] };
export type ReaderResponse = { id: number; results: ThreadHashed[] | ThreadTaken[] | ThreadInFolder[] };
