/** Download folders: checking one can really be written before any work starts, and the default one. */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { AppError, because, reason, type ErrorReason } from '../../../shared/contract';
import { errnoOf, fileError } from './atomic-write';

const folderError = (message: string, details: Record<string, unknown>, why: ErrorReason): AppError => new AppError('file', message, { details: because(why, details) });

/** Writing a probe file is the only reliable test (permissions, ACLs, read-only mounts, root). */
async function probeWritable(folder: string, notWritable: 'files.folderNotWritable' | 'files.folderParentNotWritable', shown: string): Promise<void> {
  const probe = path.join(folder, `.ledgerdesk-write-check-${crypto.randomBytes(6).toString('hex')}.tmp`);
  try {
    await fs.writeFile(probe, '', { flag: 'wx' });
  } catch (error) {
    const errno = errnoOf(error);
    if (errno === 'EROFS') {
      throw folderError(`The folder ${shown} is on a read-only disk. Choose another folder.`, { path: shown, errno }, reason('files.folderReadOnly', { path: shown }));
    }
    if (errno === 'EACCES' || errno === 'EPERM') {
      const message =
        notWritable === 'files.folderNotWritable'
          ? `The app cannot write to the folder ${shown} (permission denied). Choose another folder.`
          : `The folder ${shown} cannot be created: the app may not write in ${folder} (permission denied). Choose another folder.`;
      throw folderError(message, { path: shown, errno }, notWritable === 'files.folderNotWritable' ? reason(notWritable, { path: shown }) : reason(notWritable, { path: shown, parent: folder }));
    }
    throw fileError(error, folder);
  } finally {
    await fs.rm(probe, { force: true }).catch(() => undefined);
  }
}

/** The closest folder above `missing` that exists (the root at worst). */
async function existingAncestor(missing: string): Promise<{ folder: string; isDirectory: boolean }> {
  let current = path.dirname(missing);
  for (;;) {
    try {
      return { folder: current, isDirectory: (await fs.stat(current)).isDirectory() };
    } catch (error) {
      const parent = path.dirname(current);
      if (errnoOf(error) !== 'ENOENT' || parent === current) throw fileError(error, current);
      current = parent;
    }
  }
}

export interface EnsureFolderOptions {
  /** Create the folder (and its missing parents) when it does not exist, once the closest existing one is known writable. */
  create?: boolean;
}

/**
 * Fails with a clear `file` error unless `folder` is a folder the app can create files in. With
 * `create`, a missing folder is created, after checking its closest existing parent is writable (so
 * nothing is left half-made when it is not).
 */
export async function ensureWritableFolder(folder: string, { create = false }: EnsureFolderOptions = {}): Promise<string> {
  if (!path.isAbsolute(folder)) {
    const example = path.join(os.homedir(), 'Downloads');
    throw folderError(`Give the full path of the folder (for example ${example}); "${folder}" is relative.`, {}, reason('files.folderRelative', { path: folder, example }));
  }
  const resolved = path.resolve(folder);
  let stats;
  try {
    stats = await fs.stat(resolved);
  } catch (error) {
    const errno = errnoOf(error);
    if (errno === 'ENOTDIR') {
      throw folderError(`Choose another folder: part of the path ${resolved} is a file, not a folder.`, { path: resolved, errno }, reason('files.folderUnderFile', { path: resolved }));
    }
    if (errno !== 'ENOENT') throw fileError(error, resolved);
    if (!create) {
      throw folderError(`The folder ${resolved} does not exist. Create it or choose another one.`, { path: resolved, errno }, reason('files.folderMissing', { path: resolved }));
    }
    const ancestor = await existingAncestor(resolved);
    if (!ancestor.isDirectory) {
      throw folderError(`Choose another folder: part of the path ${resolved} is a file, not a folder.`, { path: resolved }, reason('files.folderUnderFile', { path: resolved }));
    }
    await probeWritable(ancestor.folder, 'files.folderParentNotWritable', resolved);
    try {
      await fs.mkdir(resolved, { recursive: true });
    } catch (mkdirError) {
      throw fileError(mkdirError, resolved);
    }
    return resolved;
  }
  if (!stats.isDirectory()) {
    throw folderError(`${resolved} is a file, not a folder. Choose a folder.`, { path: resolved }, reason('files.folderIsFile', { path: resolved }));
  }
  await probeWritable(resolved, 'files.folderNotWritable', resolved);
  return resolved;
}

/** `~/Downloads/Ledgerdesk`, created when missing; `<userData>/downloads` when that cannot be. */
export async function defaultDownloadFolder(userDataDir: string, home: string = os.homedir()): Promise<string> {
  const candidates = [path.join(home, 'Downloads', 'Ledgerdesk'), path.join(userDataDir, 'downloads')];
  for (const candidate of candidates) {
    try {
      await fs.mkdir(candidate, { recursive: true });
      return candidate;
    } catch {
      // Try the next one.
    }
  }
  return userDataDir;
}
