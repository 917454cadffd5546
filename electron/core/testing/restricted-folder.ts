/**
 * A folder that refuses writes the way a real one does (read-only disk, full disk), for tests that
 * run as an administrator, whom permission bits do not stop. Where the system lets the tests mount
 * (root on Linux), the folder is a real tmpfs of 1 MiB, remounted read-only or filled up; elsewhere
 * the same failures are injected at the write boundary (an `AtomicFileSystem`), so each test
 * asserts the same in both and is never skipped.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { nodeAtomicFileSystem, type AtomicFileSystem } from '../files/atomic-write';

const run = promisify(execFile);

export type RestrictionMechanism = 'mount' | 'injected';

export interface RestrictedFolder {
  path: string;
  mechanism: RestrictionMechanism;
  /** What the code under test writes through: undefined with a real mount (the node file system is the real thing). */
  fileSystem: AtomicFileSystem | undefined;
  /** Makes a folder inside it as the disk would (refused when read-only or full; an existing one is fine). */
  makeFolder(folder: string): Promise<void>;
  readOnly(): Promise<void>;
  /** Leaves about `freeBytes` of room: the next writes run out of space part way. */
  fill(freeBytes: number): Promise<void>;
  /** Writable again, with room. */
  restore(): Promise<void>;
  dispose(): Promise<void>;
}

const errnoError = (code: string, message: string): NodeJS.ErrnoException => Object.assign(new Error(`${code}: ${message}`), { code });

/** Whether this process may mount a tmpfs (tried once, on a scratch folder). */
let mountAllowed: Promise<boolean> | undefined;
export function canMount(scratch: string): Promise<boolean> {
  mountAllowed ??= (async () => {
    if (process.platform !== 'linux') return false;
    const probe = path.join(scratch, '.mount-probe');
    await fs.mkdir(probe, { recursive: true });
    try {
      await run('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', probe]);
      await run('umount', [probe]);
      return true;
    } catch {
      return false;
    } finally {
      await fs.rm(probe, { recursive: true, force: true });
    }
  })();
  return mountAllowed;
}

/** `<disk>/inbox`, on a disk of its own (a mount at `disk`) or on the usual one with failures injected. */
export async function restrictedFolder(disk: string, mechanism: RestrictionMechanism): Promise<RestrictedFolder> {
  await fs.mkdir(disk, { recursive: true });
  if (mechanism === 'mount') await run('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', disk]);
  const folder = path.join(disk, 'inbox');
  await fs.mkdir(folder);
  return mechanism === 'mount' ? mountedFolder(disk, folder) : injectedFolder(folder);
}

function mountedFolder(disk: string, folder: string): RestrictedFolder {
  // Beside the folder, on the same small disk.
  const filler = path.join(disk, 'filler');
  let mounted = true;
  return {
    path: folder,
    mechanism: 'mount',
    fileSystem: undefined,
    makeFolder: makeFolderOnDisk,
    readOnly: async () => {
      await run('mount', ['-o', 'remount,ro', disk]);
    },
    async fill(freeBytes) {
      const { bavail, bsize } = await fs.statfs(disk);
      await fs.writeFile(filler, Buffer.alloc(Math.max(0, bavail * bsize - freeBytes)));
    },
    async restore() {
      await run('mount', ['-o', 'remount,rw', disk]);
      await fs.rm(filler, { force: true });
    },
    async dispose() {
      if (!mounted) return;
      mounted = false;
      await run('umount', [disk]).catch(() => run('umount', ['-l', disk]));
    },
  };
}

async function makeFolderOnDisk(folder: string): Promise<void> {
  try {
    await fs.mkdir(folder);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
}

function injectedFolder(folder: string): RestrictedFolder {
  let readOnly = false;
  /** Bytes that may still be written; undefined: no limit. */
  let room: number | undefined;
  /** In the folder or a folder inside it (a watched folder's sent/ and failed/). */
  const inside = (filePath: string): boolean => {
    const relative = path.relative(folder, path.dirname(filePath));
    return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
  };
  const fileSystem: AtomicFileSystem = {
    ...nodeAtomicFileSystem,
    async createNew(filePath) {
      if (inside(filePath) && readOnly) throw errnoError('EROFS', `read-only file system, open '${filePath}'`);
      if (inside(filePath) && room !== undefined && room <= 0) throw errnoError('ENOSPC', `no space left on device, open '${filePath}'`);
      const file = await nodeAtomicFileSystem.createNew(filePath);
      if (!inside(filePath)) return file;
      return {
        ...file,
        async write(data) {
          if (room !== undefined && data.length > room) {
            // As a disk does: what fits is written, then the write fails.
            await file.write(data.subarray(0, room));
            room = 0;
            throw errnoError('ENOSPC', 'no space left on device, write');
          }
          if (room !== undefined) room -= data.length;
          await file.write(data);
        },
      };
    },
    async rename(from, to) {
      if (readOnly && (inside(from) || inside(to))) throw errnoError('EROFS', `read-only file system, rename '${from}' -> '${to}'`);
      await nodeAtomicFileSystem.rename(from, to);
    },
  };
  return {
    path: folder,
    mechanism: 'injected',
    fileSystem,
    async makeFolder(made) {
      if (inside(made) && readOnly) throw errnoError('EROFS', `read-only file system, mkdir '${made}'`);
      if (inside(made) && room !== undefined && room <= 0) {
        const exists = await fs.stat(made).then(() => true, () => false);
        if (!exists) throw errnoError('ENOSPC', `no space left on device, mkdir '${made}'`);
      }
      await makeFolderOnDisk(made);
    },
    readOnly: () => {
      readOnly = true;
      return Promise.resolve();
    },
    fill: (freeBytes) => {
      room = freeBytes;
      return Promise.resolve();
    },
    restore: () => {
      readOnly = false;
      room = undefined;
      return Promise.resolve();
    },
    dispose: () => Promise.resolve(),
  };
}
