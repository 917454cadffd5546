/** Download folders: checking one can really be written before any work starts, and the default one. */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { AppError } from '../../../shared/contract';
import { errnoOf, fileError } from './atomic-write';

/**
 * Fails with a clear `file` error unless `folder` is an existing folder the app can create files
 * in. Writing a probe file is the only reliable test (permissions, ACLs, read-only mounts, root).
 */
export async function ensureWritableFolder(folder: string): Promise<string> {
  if (!path.isAbsolute(folder)) {
    throw new AppError('file', `Give the full path of the folder (for example ${path.join(os.homedir(), 'Downloads')}); "${folder}" is relative.`);
  }
  const resolved = path.resolve(folder);
  let stats;
  try {
    stats = await fs.stat(resolved);
  } catch (error) {
    const errno = errnoOf(error);
    if (errno === 'ENOENT') throw new AppError('file', `The folder ${resolved} does not exist. Create it or choose another one.`, { details: { path: resolved, errno } });
    if (errno === 'ENOTDIR') throw new AppError('file', `${resolved} is not a folder: part of its path is a file.`, { details: { path: resolved, errno } });
    throw fileError(error, resolved);
  }
  if (!stats.isDirectory()) throw new AppError('file', `${resolved} is a file, not a folder. Choose a folder.`, { details: { path: resolved } });
  const probe = path.join(resolved, `.ledgerdesk-write-check-${crypto.randomBytes(6).toString('hex')}.tmp`);
  try {
    await fs.writeFile(probe, '', { flag: 'wx' });
  } catch (error) {
    const errno = errnoOf(error);
    if (errno === 'EACCES' || errno === 'EPERM' || errno === 'EROFS') {
      throw new AppError('file', `The app cannot write to the folder ${resolved} (${errno === 'EROFS' ? 'read-only disk' : 'permission denied'}). Choose another folder.`, {
        details: { path: resolved, errno },
      });
    }
    throw fileError(error, resolved);
  } finally {
    await fs.rm(probe, { force: true }).catch(() => undefined);
  }
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
