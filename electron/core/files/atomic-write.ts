/**
 * Writing a file so that readers only ever see the old content or the whole new one: a temp file
 * in the same folder, fsync, rename over the target. On any failure the temp file is removed, so
 * no partial file is ever left behind (disk full included).
 *
 * Writers of many files may defer the fsync (`durable: false`) and make a whole batch durable at
 * once with `syncFiles`: parallel fsyncs share journal commits, one per file in turn do not.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { AppError, type ErrorReasonKey } from '../../../shared/contract';
import { tempNameFor } from './temp-names';

export { targetOfTempName, tempNameFor } from './temp-names';

export interface WritableFile {
  write(data: Uint8Array): Promise<void>;
  sync(): Promise<void>;
  close(): Promise<void>;
}

/** The few file operations an atomic write needs; tests inject failing ones (ENOSPC). */
export interface AtomicFileSystem {
  /** Creates a new file; fails if it exists. */
  createNew(filePath: string): Promise<WritableFile>;
  rename(from: string, to: string): Promise<void>;
  remove(filePath: string): Promise<void>;
  /** Flushes an existing file's data to the disk. */
  syncFile(filePath: string): Promise<void>;
}

/** The node file system, new files made with `mode`. */
const nodeFileSystemMaking = (mode: number): AtomicFileSystem => ({
  async createNew(filePath) {
    const handle = await fs.open(filePath, 'wx', mode);
    return {
      async write(data) {
        let offset = 0;
        while (offset < data.length) {
          const { bytesWritten } = await handle.write(data, offset, data.length - offset);
          offset += bytesWritten;
        }
      },
      sync: () => handle.sync(),
      close: () => handle.close(),
    };
  },
  rename: (from, to) => fs.rename(from, to),
  remove: (filePath) => fs.rm(filePath, { force: true }),
  async syncFile(filePath) {
    // Writable: Windows flushes only handles opened for writing.
    const handle = await fs.open(filePath, 'r+');
    try {
      await handle.datasync();
    } finally {
      await handle.close();
    }
  },
});

/** Files the user reads (downloads, exports): the system's usual modes. */
export const nodeAtomicFileSystem: AtomicFileSystem = nodeFileSystemMaking(0o644);
/** The app's own journals in the user-data folder: the user's only (0600). */
export const privateAtomicFileSystem: AtomicFileSystem = nodeFileSystemMaking(0o600);

export interface AtomicWriteOptions {
  /** False: the caller makes the file durable later with `syncFiles` (default true: fsync before the rename). */
  durable?: boolean;
}

export async function writeFileAtomic(
  target: string,
  data: Uint8Array | string,
  fileSystem: AtomicFileSystem = nodeAtomicFileSystem,
  options: AtomicWriteOptions = {},
): Promise<void> {
  const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
  const temp = path.join(path.dirname(target), tempNameFor(path.basename(target)));
  let file: WritableFile | undefined;
  try {
    file = await fileSystem.createNew(temp);
    await file.write(bytes);
    if (options.durable !== false) await file.sync();
    const opened = file;
    file = undefined;
    await opened.close();
    await fileSystem.rename(temp, target);
  } catch (error) {
    if (file) await file.close().catch(() => undefined);
    await fileSystem.remove(temp).catch(() => undefined);
    throw fileError(error, target);
  }
}

/**
 * Makes files written with `durable: false` durable: their data (in parallel) and then their
 * folders' entries (the renames). Returns the files that could not be flushed, with the reason.
 */
export async function syncFiles(filePaths: readonly string[], fileSystem: AtomicFileSystem = nodeAtomicFileSystem, parallel = 16): Promise<Map<string, AppError>> {
  const failures = new Map<string, AppError>();
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.max(1, Math.min(parallel, filePaths.length)) }, async () => {
      for (let index = next++; index < filePaths.length; index = next++) {
        const filePath = filePaths[index] as string;
        await fileSystem.syncFile(filePath).catch((error: unknown) => failures.set(filePath, fileError(error, filePath)));
      }
    }),
  );
  await syncFolders(filePaths.map((filePath) => path.dirname(filePath)));
  return failures;
}

/** Flushes folder entries (renames) where the system allows it; Windows cannot open a folder, and does not need to. */
export async function syncFolders(folders: Iterable<string>): Promise<void> {
  if (process.platform === 'win32') return;
  await Promise.all(
    [...new Set(folders)].map(async (folder) => {
      const handle = await fs.open(folder, 'r').catch(() => undefined);
      if (!handle) return;
      await handle.sync().catch(() => undefined);
      await handle.close().catch(() => undefined);
    }),
  );
}

const DISK_FULL_CODES = new Set(['ENOSPC', 'EDQUOT']);

/** ENOSPC or EDQUOT, raw or already wrapped by `fileError`. */
export function isDiskFull(error: unknown): boolean {
  const errno = error instanceof AppError ? (error.details as { errno?: unknown } | undefined)?.errno : errnoOf(error);
  return typeof errno === 'string' && DISK_FULL_CODES.has(errno);
}

export function errnoOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** A file-system failure → a `file` AppError that names the path and says what to do. */
export function fileError(error: unknown, filePath: string): AppError {
  if (error instanceof AppError) return error;
  const errno = errnoOf(error);
  const where = filePath;
  const [key, message] = ((): [ErrorReasonKey, string] => {
    switch (errno) {
      case 'ENOSPC':
        return ['files.diskFull', `The disk is full: there is no space left to write ${where}.`];
      case 'EDQUOT':
        return ['files.quotaFull', `Your disk quota is used up: ${where} cannot be written.`];
      case 'EACCES':
      case 'EPERM':
        return ['files.writeDenied', `The app is not allowed to write ${where} (permission denied).`];
      case 'EROFS':
        return ['files.readOnlyDisk', `${where} is on a read-only disk.`];
      case 'ENOENT':
        return ['files.folderGone', `The folder of ${where} does not exist (any more).`];
      case 'ENOTDIR':
        return ['files.pathUnderFile', `Part of the path ${where} is a file, not a folder.`];
      case 'ENAMETOOLONG':
        return ['files.pathTooLong', `The path ${where} is too long for this system.`];
      case 'EISDIR':
        return ['files.pathIsFolder', `${where} is a folder, not a file.`];
      default:
        return ['files.writeFailed', `${where} could not be written: ${error instanceof Error ? error.message : String(error)}`];
    }
  })();
  const cause = error instanceof Error ? error.message : String(error);
  return new AppError('file', message, {
    details: { path: filePath, ...(errno ? { errno } : {}), userMessage: { key, params: { path: filePath, ...(key === 'files.writeFailed' ? { cause } : {}) } } },
    cause: error,
  });
}
