/**
 * What the watched folder does to the user's files, behind one seam: reading files (each from one
 * descriptor, `files/read-in-folder.ts`; the core passes its reading thread's),
 * making `sent/` and `failed/`, moving a file there, writing the `.txt` note and probing that the
 * folder takes writes. The app uses the node file system; tests inject a read-only or full disk
 * or a locked file (and, where they may mount, use a real small tmpfs through the node one).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { AppError, because, reason, type ErrorReason } from '../../../shared/contract';
import { errnoOf, isDiskFull, nodeAtomicFileSystem, tempNameFor, type AtomicFileSystem } from '../files/atomic-write';
import { readInFolder, type FileInFolder, type InFolderRead } from '../files/read-in-folder';

export interface WatchFileSystem {
  /** Creating, renaming and removing files (notes are written atomically through it). */
  files: AtomicFileSystem;
  /** Makes one folder (its parent must exist: a watched folder that is gone is never made again); an existing one is fine. */
  makeFolder(folder: string): Promise<void>;
  /** Opens each file once (no link followed, no FIFO waited on), checks it and reads it from that descriptor. */
  read(files: readonly FileInFolder[]): Promise<InFolderRead[]>;
}

export const nodeWatchFileSystem: WatchFileSystem = {
  files: nodeAtomicFileSystem,
  async makeFolder(folder) {
    try {
      await fs.mkdir(folder);
    } catch (error) {
      if (errnoOf(error) !== 'EEXIST') throw error;
    }
  },
  // On the calling thread; the core passes its reading thread instead (`WatchServiceDeps.reader`).
  read: (files) => Promise.resolve(readInFolder(files)),
};

const WRITE_PROBE = '.ledgerdesk-write-check';

/** The errno behind a raw error or a `file` AppError made from one. */
export function errnoBehind(error: unknown): string | undefined {
  if (error instanceof AppError) {
    const errno = (error.details as { errno?: unknown } | undefined)?.errno;
    return typeof errno === 'string' ? errno : undefined;
  }
  return errnoOf(error);
}

export const folderGoneMessage = (folder: string): string =>
  `The watched folder ${folder} is not there any more (moved, renamed, or on a drive that is not connected). Reconnect it or choose it again.`;

/** Why the folder does not take writes, in words that say what to do; files waiting to be put aside are named by count. */
export function notWritableMessage(folder: string, error: unknown): string {
  const errno = errnoBehind(error);
  if (errno === 'ENOENT') return folderGoneMessage(folder);
  if (isDiskFull(error)) return `The disk of ${folder} is full: the app cannot move files into sent/ or failed/ or write the notes that say why a file failed. Free some space; nothing is sent twice meanwhile.`;
  if (errno === 'EROFS') return `${folder} is on a read-only disk: the app cannot move files into sent/ or failed/ or write their notes. Make it writable; nothing is sent twice meanwhile.`;
  if (errno === 'EACCES' || errno === 'EPERM') return `The app is not allowed to write in ${folder} (no permission): it cannot move files into sent/ or failed/ or write their notes. Make it writable; nothing is sent twice meanwhile.`;
  return `The app cannot write in ${folder} (${errno ?? (error instanceof Error ? error.message : String(error))}): files cannot be moved into sent/ or failed/. Check the folder; nothing is sent twice meanwhile.`;
}

/** Why settled files cannot be put aside, as a reason the UI words in the user's language. */
export function notWritableStatusReason(folder: string, error: unknown): ErrorReason {
  const errno = errnoBehind(error);
  if (errno === 'ENOENT') return reason('folders.watchGone', { path: folder });
  if (isDiskFull(error)) return reason('folders.putAsideDiskFull', { path: folder });
  if (errno === 'EROFS') return reason('folders.putAsideReadOnly', { path: folder });
  if (errno === 'EACCES' || errno === 'EPERM') return reason('folders.putAsideDenied', { path: folder });
  return reason('folders.putAsideFailed', { path: folder, cause: errno ?? (error instanceof Error ? error.message : String(error)) });
}

/**
 * The folder is there, is a folder, and (`probe`) takes a file really written and removed
 * (permission bits say nothing for an administrator, a read-only disk or a full one).
 */
export async function checkWatchedFolder(folder: string, fileSystem: WatchFileSystem, options: { probe: boolean } = { probe: true }): Promise<void> {
  let stats;
  try {
    stats = await fs.stat(folder);
  } catch {
    throw new AppError('file', folderGoneMessage(folder), { details: because(reason('folders.watchGone', { path: folder }), { path: folder, errno: 'ENOENT' }) });
  }
  if (!stats.isDirectory()) throw new AppError('file', `${folder} is a file, not a folder.`, { details: because(reason('folders.watchIsFile', { path: folder }), { path: folder, errno: 'ENOTDIR' }) });
  if (!options.probe) return;
  const probe = path.join(folder, tempNameFor(WRITE_PROBE));
  try {
    const file = await fileSystem.files.createNew(probe);
    await file.close();
  } catch (error) {
    await fileSystem.files.remove(probe).catch(() => undefined);
    const errno = errnoBehind(error);
    throw new AppError('file', notWritableMessage(folder, error), {
      details: because(notWritableStatusReason(folder, error), { path: folder, ...(errno ? { errno } : {}) }),
      cause: error,
    });
  }
  await fileSystem.files.remove(probe).catch(() => undefined);
}
