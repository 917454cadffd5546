/**
 * Reading a file the renderer handed over: a granted handle (resolved for the calling window into
 * a path the core reads) or base64 bytes (the browser shell). The size is checked BEFORE anything
 * is read or decoded.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { AppError, because, fileBytesSchema, reason, type DestinationFolder, type FileRef } from '../../../shared/contract';
import { describeBase64Problem } from '../../../shared/validation/base64';
import { ownerOf, type CallContext } from '../app-types';
import { errnoOf } from './atomic-write';
import type { FileHandles } from './handles';

/** A file as the core reads it: a handle already resolved to its path, or bytes. Never taken from the renderer as such. */
export const localFileRefSchema = z.discriminatedUnion('kind', [z.object({ kind: z.literal('path'), path: z.string().min(1).max(4096) }), fileBytesSchema]);
export type LocalFileRef = z.infer<typeof localFileRefSchema>;

/** Resolves a handle for the calling window (read access); bytes pass through. Refuses unknown, expired or foreign handles. */
export async function resolveFileRef(ref: FileRef, files: FileHandles, context: CallContext): Promise<LocalFileRef> {
  if (ref.kind === 'bytes') return ref;
  const resolved = await files.resolve(ref, ownerOf(context), 'read');
  if (resolved.kind !== 'file') throw new AppError('file', `${resolved.name} is a folder; choose a file.`, { details: because(reason('files.chooseFileNotFolder', { name: resolved.name })) });
  return { kind: 'path', path: resolved.path };
}

export interface LoadedFile {
  name: string;
  bytes: Buffer;
}

export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 102.4) / 10} KiB`;
  if (bytes < 1024 ** 3) return `${Math.round(bytes / (1024 * 102.4)) / 10} MiB`;
  return `${Math.round(bytes / (1024 ** 2 * 102.4)) / 10} GiB`;
}

function tooLarge(name: string, size: number, maxBytes: number, what: string): AppError {
  return new AppError('too_large', `"${name}" is ${formatSize(size)}; the largest ${what} the app sends is ${formatSize(maxBytes)}.`, {
    details: because(reason('files.tooLarge', { name, size: formatSize(size), limit: formatSize(maxBytes) }), { size, limit: maxBytes }),
  });
}

/**
 * The folder to write into: a handle granted for writing, or in the browser shell (no native
 * dialog) a typed path; Electron refuses typed paths (README: "Destination folders").
 */
export async function resolveDestination(folder: DestinationFolder, host: { files: FileHandles; ports: { shell: 'electron' | 'browser' } }, context: CallContext): Promise<string> {
  if (folder.kind === 'typed') {
    if (host.ports.shell !== 'browser') throw new AppError('forbidden', 'Choose the folder with "Browse…"; typed folders are accepted only in the browser version of the app.', { details: because(reason('files.typedFolderRefused')) });
    return folder.path;
  }
  const resolved = await host.files.resolve(folder, ownerOf(context), 'write');
  if (resolved.kind !== 'folder') throw new AppError('file', `${resolved.name} is a file, not a folder. Choose a folder.`, { details: because(reason('files.chooseFolderNotFile', { name: resolved.name })) });
  return resolved.path;
}

export async function readFileRef(ref: LocalFileRef, options: { maxBytes: number; what: string }): Promise<LoadedFile> {
  if (ref.kind === 'bytes') {
    // 4 base64 characters carry 3 bytes: the size is known without decoding.
    const size = Math.floor((ref.base64.length * 3) / 4);
    if (size > options.maxBytes) throw tooLarge(ref.name, size, options.maxBytes, options.what);
    const problem = describeBase64Problem(ref.base64);
    if (problem) throw new AppError('bad_request', `"${ref.name}" did not arrive intact: ${problem}`, { details: because(reason('files.damagedInTransit', { name: ref.name })) });
    return { name: ref.name, bytes: Buffer.from(ref.base64, 'base64') };
  }
  const filePath = ref.path;
  const name = path.basename(filePath);
  let stats;
  try {
    stats = await fs.stat(filePath);
  } catch (error) {
    throw unreadable(filePath, error);
  }
  if (!stats.isFile()) throw new AppError('file', `${filePath} is not a file.`, { details: because(reason('files.notAFile', { path: filePath }), { path: filePath }) });
  if (stats.size > options.maxBytes) throw tooLarge(name, stats.size, options.maxBytes, options.what);
  try {
    const bytes = await fs.readFile(filePath);
    // The file may have grown between the check and the read.
    if (bytes.length > options.maxBytes) throw tooLarge(name, bytes.length, options.maxBytes, options.what);
    return { name, bytes };
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw unreadable(filePath, error);
  }
}

function unreadable(filePath: string, error: unknown): AppError {
  const errno = errnoOf(error);
  const words =
    errno === 'ENOENT'
      ? 'it does not exist (was it moved or deleted?)'
      : errno === 'EACCES' || errno === 'EPERM'
        ? 'permission denied'
        : errno === 'EISDIR'
          ? 'it is a folder'
          : error instanceof Error
            ? error.message
            : String(error);
  const why =
    errno === 'ENOENT'
      ? reason('files.readMissing', { path: filePath })
      : errno === 'EACCES' || errno === 'EPERM'
        ? reason('files.readDenied', { path: filePath })
        : errno === 'EISDIR'
          ? reason('files.pathIsFolder', { path: filePath })
          : reason('files.readFailed', { path: filePath, cause: errno ?? (error instanceof Error ? error.message : String(error)) });
  return new AppError('file', `Cannot read ${filePath}: ${words}.`, { details: because(why, { path: filePath, ...(errno ? { errno } : {}) }), cause: error });
}
