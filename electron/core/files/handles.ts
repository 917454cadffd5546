/**
 * Granted file handles (DESIGN §1): the renderer never names a path. The shell (Electron's
 * preload, through main) or the core itself (native dialogs, the default download folder) grants a
 * file or folder to one window; the renderer gets an opaque handle that expires, and every channel
 * that reads or writes a file resolves it here, for that window only. See ./README.md.
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { AppError, because, reason, type ErrorReason, type GrantedFile } from '../../../shared/contract';
import type { Clock } from '../ports';

/** `read`: the app may read it (dropped, picked, opened). `write`: it may create files in it (a destination folder). */
export type GrantAccess = 'read' | 'write';

export interface GrantOptions {
  access: GrantAccess;
  /** Defaults to the registry's lifetime. */
  ttlMs?: number;
}

/** A handle resolved for its owner: the real location, for the core's eyes only. */
export interface ResolvedFile {
  path: string;
  kind: 'file' | 'folder';
  name: string;
}

export interface FileHandles {
  /**
   * Grants each path to `owner` (a window). Only absolute paths of existing files or folders are
   * granted; anything else grants nothing (`null` at its place).
   */
  grant(paths: readonly string[], owner: string, options: GrantOptions): Promise<Array<GrantedFile | null>>;
  /**
   * The location behind `handle` (with `subpath` inside a folder handle), if `owner` holds it
   * with `access` and it has not expired; otherwise a `forbidden` AppError that quotes no path.
   */
  resolve(ref: { handle: string; subpath?: string | undefined }, owner: string, access: GrantAccess): Promise<ResolvedFile>;
  /** Forgets every grant of `owner` (its window closed). */
  revokeOwner(owner: string): void;
}

interface Grant {
  owner: string;
  path: string;
  kind: 'file' | 'folder';
  access: GrantAccess;
  expiresAt: number;
}

/** Long enough to fill in an upload batch or a download dialog; a stale handle is simply granted again. */
export const DEFAULT_HANDLE_TTL_MS = 60 * 60 * 1000;
/** Live grants at most (a 5 000-file drop fits many times over); the oldest go first. */
const MAX_GRANTS = 100_000;

const refused = (message: string, why: ErrorReason): AppError => new AppError('forbidden', message, { details: because(why) });

const unknownHandle = (): AppError =>
  refused('The app does not recognise this file (its permission is unknown, expired or belongs to another window). Drop or choose the file again.', reason('files.handleUnknown'));

/** A relative, `/`-separated path with no empty, `.` or `..` part, or null. */
function safeSubpath(subpath: string): string[] | null {
  if (subpath.includes('\0') || subpath.includes('\\') || subpath.startsWith('/') || /^[A-Za-z]:/.test(subpath)) return null;
  const parts = subpath.split('/');
  return parts.every((part) => part !== '' && part !== '.' && part !== '..') ? parts : null;
}

const isInside = (folder: string, candidate: string): boolean => {
  const relative = path.relative(folder, candidate);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
};

export function createFileHandles(options: { clock: Pick<Clock, 'now'>; ttlMs?: number }): FileHandles {
  const { clock } = options;
  const ttl = options.ttlMs ?? DEFAULT_HANDLE_TTL_MS;
  // Insertion order is grant order, so the oldest are first when the registry is full.
  const grants = new Map<string, Grant>();

  const prune = (): void => {
    const now = clock.now();
    for (const [handle, grant] of grants) if (grant.expiresAt <= now) grants.delete(handle);
    for (const handle of grants.keys()) {
      if (grants.size <= MAX_GRANTS) break;
      grants.delete(handle);
    }
  };

  const grantOne = async (filePath: string, owner: string, grantOptions: GrantOptions): Promise<GrantedFile | null> => {
    if (typeof filePath !== 'string' || filePath === '' || !path.isAbsolute(filePath) || filePath.includes('\0')) return null;
    const resolved = path.resolve(filePath);
    let stats;
    try {
      stats = await fs.stat(resolved);
    } catch {
      return null;
    }
    const kind = stats.isDirectory() ? 'folder' : stats.isFile() ? 'file' : undefined;
    if (kind === undefined) return null;
    const handle = `fh_${crypto.randomBytes(18).toString('base64url')}`;
    grants.set(handle, { owner, path: resolved, kind, access: grantOptions.access, expiresAt: clock.now() + (grantOptions.ttlMs ?? ttl) });
    return { handle, kind, name: path.basename(resolved) || resolved, label: resolved, ...(kind === 'file' ? { size: stats.size } : {}) };
  };

  return {
    async grant(paths, owner, grantOptions) {
      const granted = await Promise.all(paths.map((filePath) => grantOne(filePath, owner, grantOptions)));
      prune();
      return granted;
    },

    async resolve(ref, owner, access) {
      const grant = grants.get(ref.handle);
      if (grant === undefined || grant.owner !== owner) throw unknownHandle();
      if (grant.expiresAt <= clock.now()) {
        grants.delete(ref.handle);
        throw refused('The permission for this file has expired. Drop or choose the file again.', reason('files.handleExpired'));
      }
      if (grant.access !== access) {
        throw access === 'write'
          ? refused('This file was granted for reading only; choose a folder to save into.', reason('files.handleReadOnly'))
          : refused('This folder was granted as a place to save files, not to read from. Choose the file to open.', reason('files.handleWriteOnly'));
      }
      if (ref.subpath === undefined) return { path: grant.path, kind: grant.kind, name: path.basename(grant.path) || grant.path };
      if (grant.kind !== 'folder') throw refused('A file inside a handle can only be named for a folder handle.', reason('files.handleNotFolder'));
      const parts = safeSubpath(ref.subpath);
      if (parts === null) throw refused('A file inside a granted folder must be named by a relative path without ".." parts.', reason('files.handleBadSubpath'));
      const target = path.join(grant.path, ...parts);
      // A link inside the folder must not lead out of it.
      let real: string;
      let realFolder: string;
      try {
        [real, realFolder] = await Promise.all([fs.realpath(target), fs.realpath(grant.path)]);
      } catch {
        throw new AppError('file', `${parts.join('/')} cannot be found in the folder ${path.basename(grant.path)}. It may have been moved or deleted.`, {
          details: because(reason('files.handleMissing', { name: parts.join('/'), folder: path.basename(grant.path) })),
        });
      }
      if (!isInside(realFolder, real)) throw refused(`${parts.join('/')} leads outside the granted folder and cannot be used.`, reason('files.handleOutside', { name: parts.join('/') }));
      const stats = await fs.stat(real);
      return { path: target, kind: stats.isDirectory() ? 'folder' : 'file', name: parts[parts.length - 1] ?? '' };
    },

    revokeOwner(owner) {
      for (const [handle, grant] of grants) if (grant.owner === owner) grants.delete(handle);
    },
  };
}
