/**
 * Reading a file of a watched folder once, from one descriptor (issue 24, point 3): opened without
 * following a link (`O_NOFOLLOW`) and without blocking (`O_NONBLOCK`: a FIFO put in its place
 * never hangs the open), checked on that descriptor to be a regular file that is really in the
 * folder (`/proc/self/fd/N` where the system has it, and the name's inode everywhere), not open
 * for writing by any process (Linux: `/proc/<pid>/fd`), then read and hashed from it and checked
 * not to have changed while it was read. What is sent is these bytes: the path is never opened
 * again by name. Synchronous: it runs on the reading thread (`threads/file-reader.worker.ts`), and
 * on the main thread only when that thread could not start.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export interface FileInFolder {
  /** The watched folder's real path (links resolved). */
  folder: string;
  /** A plain name in it (no separator). */
  name: string;
  maxBytes: number;
}

/** Why a file was not taken: not a regular file (a link, FIFO, device…), not in the folder, still open for writing, or changed while read. */
export type NotTaken = 'notRegular' | 'outside' | 'openForWriting' | 'changed';

export type InFolderRead =
  | { kind: 'read'; bytes: Uint8Array; size: number; sha256: string; mtimeMs: number }
  | { kind: 'notTaken'; why: NotTaken }
  | { kind: 'tooLarge'; size: number }
  | { kind: 'error'; code?: string; message: string };

const { O_RDONLY, O_NOFOLLOW = 0, O_NONBLOCK = 0, O_NOCTTY = 0 } = fs.constants;
const PROC = '/proc';

const errorOf = (error: unknown): InFolderRead => {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return { kind: 'error', ...(code ? { code } : {}), message: error instanceof Error ? error.message : String(error) };
};

const inodeOf = (stats: fs.BigIntStats): string => `${stats.dev}:${stats.ino}`;

/** Whether the descriptor is the file now named `name` in `folder`, and (where the system tells) really lives there. */
function isInFolder(fd: number, file: FileInFolder, opened: fs.BigIntStats): boolean {
  const named = fs.lstatSync(path.join(file.folder, file.name), { bigint: true, throwIfNoEntry: false });
  if (!named?.isFile() || inodeOf(named) !== inodeOf(opened)) return false;
  if (process.platform !== 'linux') return true;
  try {
    return path.dirname(fs.realpathSync(`${PROC}/self/fd/${fd}`)) === file.folder;
  } catch {
    return true;
  }
}

/**
 * The inodes among `inodes` that some process holds open for writing (Linux, read from
 * `/proc/<pid>/fd` and its `fdinfo` flags; processes of other users are not visible unless the
 * app runs as root). Descriptors are matched by the path they name first (only those inside
 * `folder` are looked at further), so files on other (possibly hung) disks are never touched.
 */
export function openForWriting(folder: string, inodes: ReadonlySet<string>): Set<string> {
  const busy = new Set<string>();
  if (process.platform !== 'linux' || inodes.size === 0) return busy;
  let pids: string[];
  try {
    pids = fs.readdirSync(PROC).filter((name) => /^\d+$/.test(name));
  } catch {
    return busy;
  }
  const prefix = `${folder}${path.sep}`;
  for (const pid of pids) {
    let fds: string[];
    try {
      fds = fs.readdirSync(`${PROC}/${pid}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      try {
        if (!fs.readlinkSync(`${PROC}/${pid}/fd/${fd}`).startsWith(prefix)) continue;
        const stats = fs.statSync(`${PROC}/${pid}/fd/${fd}`, { bigint: true });
        if (!inodes.has(inodeOf(stats))) continue;
        const flags = Number.parseInt(/^flags:\s*([0-7]+)/m.exec(fs.readFileSync(`${PROC}/${pid}/fdinfo/${fd}`, 'utf8'))?.[1] ?? '0', 8);
        // O_WRONLY or O_RDWR.
        if ((flags & 3) !== 0) busy.add(inodeOf(stats));
      } catch {
        // Closed meanwhile, or not ours to see.
      }
    }
  }
  return busy;
}

interface Opened {
  fd: number;
  stats: fs.BigIntStats;
}

function openOne(file: FileInFolder): Opened | InFolderRead {
  if (file.name.includes('/') || file.name.includes(path.sep) || file.name === '..' || file.name === '.') return { kind: 'notTaken', why: 'outside' };
  let fd: number;
  try {
    fd = fs.openSync(path.join(file.folder, file.name), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY);
  } catch (error) {
    // A link where the file was (O_NOFOLLOW): never followed.
    const code = (error as NodeJS.ErrnoException).code;
    return code === 'ELOOP' || code === 'EMLINK' ? { kind: 'notTaken', why: 'notRegular' } : errorOf(error);
  }
  try {
    const stats = fs.fstatSync(fd, { bigint: true });
    if (!stats.isFile()) throw Object.assign(new Error('not a regular file'), { notTaken: 'notRegular' });
    if (!isInFolder(fd, file, stats)) throw Object.assign(new Error('not in the folder'), { notTaken: 'outside' });
    return { fd, stats };
  } catch (error) {
    fs.closeSync(fd);
    const why = (error as { notTaken?: NotTaken }).notTaken;
    return why ? { kind: 'notTaken', why } : errorOf(error);
  }
}

function readOpened({ fd, stats }: Opened, file: FileInFolder): InFolderRead {
  const size = Number(stats.size);
  if (size > file.maxBytes) return { kind: 'tooLarge', size };
  const bytes = new Uint8Array(size);
  let filled = 0;
  while (filled < size) {
    const read = fs.readSync(fd, bytes, filled, size - filled, filled);
    if (read === 0) break;
    filled += read;
  }
  const after = fs.fstatSync(fd, { bigint: true });
  // Written to while it was read: looked at again later, never sent half-written.
  if (filled !== size || after.size !== stats.size || after.mtimeNs !== stats.mtimeNs) return { kind: 'notTaken', why: 'changed' };
  return { kind: 'read', bytes, size, sha256: createHash('sha256').update(bytes).digest('hex'), mtimeMs: Number(stats.mtimeMs) };
}

/** Reads files of one folder, each from its one descriptor; files still open for writing are not read (Linux). */
export function readInFolder(files: readonly FileInFolder[]): InFolderRead[] {
  const opened = files.map(openOne);
  try {
    const byFolder = new Map<string, Set<string>>();
    opened.forEach((one, index) => {
      if (!('fd' in one)) return;
      const folder = (files[index] as FileInFolder).folder;
      const set = byFolder.get(folder) ?? new Set<string>();
      set.add(inodeOf(one.stats));
      byFolder.set(folder, set);
    });
    const busy = new Set<string>();
    for (const [folder, inodes] of byFolder) for (const inode of openForWriting(folder, inodes)) busy.add(inode);
    return opened.map((one, index) => {
      if (!('fd' in one)) return one;
      if (busy.has(inodeOf(one.stats))) return { kind: 'notTaken', why: 'openForWriting' };
      try {
        return readOpened(one, files[index] as FileInFolder);
      } catch (error) {
        return errorOf(error);
      }
    });
  } finally {
    for (const one of opened) {
      if (!('fd' in one)) continue;
      try {
        fs.closeSync(one.fd);
      } catch {
        // Closing a file only read loses nothing.
      }
    }
  }
}
