/**
 * `uploads.add` before anything is journaled: dropped paths (folders expanded recursively, hidden
 * files skipped) and dropped bytes (base64, or binary from the browser shell's bridge) become
 * candidate files, each checked like the service checks it (shared/validation), hashed, and, for
 * bytes, written once as a blob.
 */
import type { Dirent, Stats } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { reason, type Environment, type ErrorReason, type RejectedFile, type UploadCountry } from '../../../shared/contract';
import { formatSize } from '../files/file-ref';
import type { LocalFileRef } from '../files/file-ref';
import {
  base64DecodedLength,
  generateE2eId,
  isStandardBase64,
  maxFileBytesForUpload,
  suggestCountryFromFileName,
  firstNonPrintableAscii,
  MAX_PRINTABLE_FIELD_LENGTH,
  validateE2eId,
  validateFileName,
  type E2eIdErrorCode,
  type FileNameErrorCode,
} from '../../../shared/validation';
import { countryNames, tooLargeMessage } from './api/messages';
import { ksefCheckOfUpload } from './ksef-check';
import { hashedOf, readAndHash, type FileHashed } from '../files/read-and-hash';
import { sha256Hex } from '../files/sha256';
import type { BlobStore } from './journal/blobs';
import type { FileSource } from './journal/entry';

/**
 * A file or folder to add, as the core sees it: a path the core may read (a granted handle
 * resolved by the handler, or a core-side source such as a watched folder) or dropped bytes.
 */
export interface DroppedFile {
  file: LocalFileRef | BinaryFileRef;
  e2eId?: string;
}

/** Dropped bytes that arrived as binary (the browser shell's bridge), as a view of the call's body. */
export interface BinaryFileRef {
  kind: 'binary';
  name: string;
  data: Uint8Array;
  relativePath?: string;
}

/** One file found in what was dropped, not yet checked. */
export interface CandidateFile {
  fileName: string;
  origin: string;
  content: { kind: 'path'; path: string } | { kind: 'bytes'; base64: string } | { kind: 'binary'; data: Uint8Array };
  givenE2eId?: string;
}

export interface PreparedFile {
  fileName: string;
  origin: string;
  e2eId: string;
  sha256: string;
  size: number;
  source: FileSource;
  warning?: string;
  warningReason?: ErrorReason;
}

/** `bytes`: a dropped file's bytes (decoded and hashed here), for the send to use while they are at hand. Files on disk are hashed where they were read. */
export type Prepared = { ok: true; file: PreparedFile; bytes?: Buffer } | { ok: false; rejected: RejectedFile };

const MAX_FOLDER_DEPTH = 32;

const rejected = (fileName: string, origin: string, code: string, message: string, why?: ErrorReason): RejectedFile => ({ fileName, origin, code, message, ...(why ? { reason: why } : {}) });

interface Problem {
  message: string;
  why: ErrorReason;
}

/** `what` starts the English sentence; `where` is the path (or name) the UI's sentence names. */
function fileSystemProblem(error: unknown, what: string, where: string): Problem {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'ENOENT' || code === 'ENOTDIR') return { message: `${what} cannot be found. It may have been moved, renamed or deleted.`, why: reason('files.readMissing', { path: where }) };
  if (code === 'EACCES' || code === 'EPERM') return { message: `${what} cannot be opened: you do not have permission to read it.`, why: reason('files.readDenied', { path: where }) };
  if (code === 'EISDIR') return { message: `${what} is a folder, not a file.`, why: reason('files.pathIsFolder', { path: where }) };
  const cause = code ?? (error instanceof Error ? error.message : 'unknown problem');
  return { message: `${what} cannot be read (${cause}).`, why: reason('files.readFailed', { path: where, cause }) };
}

const refusedFor = (fileName: string, origin: string, problem: Problem): RejectedFile => rejected(fileName, origin, 'file', problem.message, problem.why);

const isHidden = (name: string): boolean => name.startsWith('.');

/** Expands dropped items into files: folders recursively (hidden entries skipped), at most `maxFiles`. */
/** `limitInMessage`: the limit to name when files are left out (when this is the rest of a drop whose first part was expanded apart). */
export async function expandDroppedFiles(
  dropped: readonly DroppedFile[],
  maxFiles: number,
  limitInMessage = maxFiles,
): Promise<{ files: CandidateFile[]; rejected: RejectedFile[] }> {
  const files: CandidateFile[] = [];
  const refused: RejectedFile[] = [];
  let overflow = 0;
  const add = (file: CandidateFile): void => {
    if (files.length < maxFiles) files.push(file);
    else overflow += 1;
  };

  const walk = async (dir: string, depth: number): Promise<void> => {
    let entries: Dirent[];
    try {
      entries = await fs.readdir(dir, { withFileTypes: true });
    } catch (error) {
      refused.push(refusedFor(path.basename(dir), dir, fileSystemProblem(error, `The folder ${dir}`, dir)));
      return;
    }
    entries.sort((a, b) => a.name.localeCompare(b.name));
    for (const entry of entries) {
      if (isHidden(entry.name)) continue;
      const full = path.join(dir, entry.name);
      let isDirectory = entry.isDirectory();
      let isFile = entry.isFile();
      if (entry.isSymbolicLink()) {
        try {
          const target = await fs.stat(full);
          isDirectory = target.isDirectory();
          isFile = target.isFile();
        } catch (error) {
          refused.push(refusedFor(entry.name, full, fileSystemProblem(error, `The link ${entry.name}`, full)));
          continue;
        }
        if (isDirectory) {
          refused.push(rejected(entry.name, full, 'file', `${entry.name} is a link to a folder and was skipped. Drop the folder itself to send its files.`, reason('uploads.linkToFolder', { name: entry.name })));
          continue;
        }
      }
      if (isDirectory) {
        if (depth >= MAX_FOLDER_DEPTH) {
          refused.push(rejected(entry.name, full, 'file', `${full} is nested too deeply (more than ${MAX_FOLDER_DEPTH} folders) and was skipped.`, reason('uploads.nestedTooDeep', { path: full, max: MAX_FOLDER_DEPTH })));
        } else {
          await walk(full, depth + 1);
        }
      } else if (isFile) {
        add({ fileName: entry.name, origin: full, content: { kind: 'path', path: full } });
      } else {
        refused.push(rejected(entry.name, full, 'file', `${entry.name} is not a regular file (a device, socket or pipe) and cannot be sent.`, reason('uploads.notRegularFile', { name: entry.name })));
      }
    }
  };

  // The dropped paths are looked at together (each look is a trip through the thread pool), then taken in order.
  const stats = await Promise.all(
    dropped.map((item) =>
      item.file.kind === 'path' ? fs.stat(item.file.path).then((stat): Stats | { error: unknown } => stat, (error: unknown) => ({ error })) : undefined,
    ),
  );
  for (const [index, item] of dropped.entries()) {
    const ref = item.file;
    if (ref.kind === 'bytes' || ref.kind === 'binary') {
      const origin = ref.relativePath ?? ref.name;
      // Inside a dropped folder, hidden files are skipped as on disk.
      if (ref.relativePath && ref.relativePath.split(/[\\/]/).some(isHidden)) continue;
      const content = ref.kind === 'bytes' ? { kind: 'bytes' as const, base64: ref.base64 } : { kind: 'binary' as const, data: ref.data };
      add({ fileName: ref.name, origin, content, ...(item.e2eId !== undefined ? { givenE2eId: item.e2eId } : {}) });
      continue;
    }
    const name = path.basename(ref.path) || ref.path;
    const stat = stats[index];
    if (!stat || 'error' in stat) {
      refused.push(refusedFor(name, ref.path, fileSystemProblem(stat?.error, ref.path, ref.path)));
      continue;
    }
    if (stat.isDirectory()) {
      if (item.e2eId !== undefined) {
        refused.push(rejected(name, ref.path, 'validation', `An End-to-end ID can be given for a single file, not for the folder ${name}. Drop the folder without an ID to have one generated for each file.`, reason('uploads.e2eIdForFolder', { name })));
        continue;
      }
      await walk(ref.path, 0);
    } else if (stat.isFile()) {
      add({ fileName: name, origin: ref.path, content: { kind: 'path', path: ref.path }, ...(item.e2eId !== undefined ? { givenE2eId: item.e2eId } : {}) });
    } else {
      refused.push(rejected(name, ref.path, 'file', `${name} is not a regular file (a device, socket or pipe) and cannot be sent.`, reason('uploads.notRegularFile', { name })));
    }
  }
  if (overflow > 0) {
    refused.push(rejected(`${overflow} more files`, '', 'bad_request', `Only ${limitInMessage} files can be added at once; ${overflow} more were left out. Add them in another batch.`, reason('uploads.tooManyAtOnce', { limit: limitInMessage, overflow })));
  }
  return { files, rejected: refused };
}

export interface PrepareContext {
  country: UploadCountry;
  e2eIdTemplate: string;
  now: Date;
  /** Position of the file in its batch, from 1 (the template's `{n}`). */
  counter: number;
  random: () => number;
  blobs: BlobStore;
  /** The file already read (off the main thread) with at least its own limit; read here otherwise. */
  read?: FileHashed;
  /** The active profile's environment (KSeF's checks differ between TEST and production). */
  environment?: Environment;
}

/** Checks one candidate like the service would, hashes it and keeps dropped bytes as a blob. */
export async function prepareFile(candidate: CandidateFile, context: PrepareContext): Promise<Prepared> {
  const { fileName, origin } = candidate;
  const refuse = (code: string, message: string, why?: ErrorReason): Prepared => ({ ok: false, rejected: rejected(fileName, origin, code, message, why) });
  const empty = (): Prepared => refuse('validation', `${fileName} is empty. Choose a file that has content.`, reason('uploads.empty', { name: fileName }));
  const tooLarge = (size: number): Prepared =>
    refuse('too_large', tooLargeMessage(fileName, size), reason('uploads.tooLarge', { name: fileName, size: formatSize(size), limit: formatSize(limit) }));

  const nameCheck = validateFileName(fileName);
  if (!nameCheck.ok) return refuse('validation', `${fileName}: ${nameCheck.message}`, fileNameReason(nameCheck.code, fileName));

  let e2eId: string;
  if (candidate.givenE2eId !== undefined) {
    const check = validateE2eId(candidate.givenE2eId);
    if (!check.ok) return refuse('validation', `${fileName}: ${check.message}`, e2eIdReason(check.code, fileName, candidate.givenE2eId));
    e2eId = candidate.givenE2eId;
  } else {
    e2eId = generateE2eId(context.e2eIdTemplate, { now: context.now, fileName, counter: context.counter, random: context.random });
  }
  const limit = maxFileBytesForUpload(fileName, e2eId);

  // Poland: KSeF's acceptance pre-checks, before anything is kept (a refusal leaves nothing behind).
  let ksefWarning: { message: string; why: ErrorReason } | undefined;
  const ksefRefusal = async (content: Uint8Array | { path: string }): Promise<Prepared | undefined> => {
    if (context.country !== 'PL') return undefined;
    const check = await ksefCheckOfUpload(fileName, content, context.environment, context.now);
    ksefWarning = check.warning;
    return check.refusal ? refuse('validation', check.refusal.message, check.refusal.why) : undefined;
  };

  let sha256: string;
  let size: number;
  let source: FileSource;
  let bytes: Buffer | undefined;
  if (candidate.content.kind === 'bytes' || candidate.content.kind === 'binary') {
    const { content } = candidate;
    if (content.kind === 'bytes' && !isStandardBase64(content.base64)) return refuse('file', `${fileName} arrived damaged and could not be read. Add it again.`, reason('files.damagedInTransit', { name: fileName }));
    size = content.kind === 'bytes' ? base64DecodedLength(content.base64) : content.data.byteLength;
    if (size === 0) return empty();
    if (size > limit) return tooLarge(size);
    // Binary bytes are used where they arrived (a view of the bridge's request body): no copy.
    bytes = content.kind === 'bytes' ? Buffer.from(content.base64, 'base64') : Buffer.from(content.data.buffer, content.data.byteOffset, content.data.byteLength);
    sha256 = sha256Hex(bytes);
    const refusedByKsef = await ksefRefusal(bytes);
    if (refusedByKsef) return refusedByKsef;
    try {
      await context.blobs.put(sha256, bytes);
    } catch (error) {
      const problem = fileSystemProblem(error, 'the app data folder', fileName);
      const cause = (error as NodeJS.ErrnoException | undefined)?.code ?? problem.message;
      return refuse('file', `${fileName} could not be kept for sending: ${problem.message} Check the free disk space and add it again.`, reason('uploads.keepFailed', { name: fileName, cause }));
    }
    source = { kind: 'blob', sha256 };
  } else {
    const filePath = candidate.content.path;
    let read = context.read ?? hashedOf(await readAndHash({ path: filePath, maxBytes: limit }));
    // Read ahead against the largest limit the name allows: its End-to-end ID may leave less room.
    if (read.kind === 'hashed' && read.size > limit) read = { kind: 'tooLarge', size: read.size };
    if (read.kind === 'error') {
      const problem = fileSystemProblem(read.error, filePath, filePath);
      return refuse('file', problem.message, problem.why);
    }
    if (read.kind === 'tooLarge') return tooLarge(read.size);
    sha256 = read.sha256;
    size = read.size;
    if (size === 0) return empty();
    if (size > limit) return tooLarge(size);
    const refusedByKsef = await ksefRefusal({ path: filePath });
    if (refusedByKsef) return refusedByKsef;
    source = { kind: 'path', path: filePath };
  }

  const suggested = suggestCountryFromFileName(fileName);
  const nameWarning =
    suggested && suggested !== context.country
      ? `The name of ${fileName} looks like a document for ${countryNames[suggested]}, but it is being sent to ${countryNames[context.country]}. Cancel it while it is queued if that is wrong.`
      : undefined;
  const warning = ksefWarning?.message ?? nameWarning;
  const warningReason = ksefWarning?.why ?? (nameWarning && suggested ? reason('uploads.warnOtherCountryName', { name: fileName, suggested, country: context.country }) : undefined);
  return { ok: true, file: { fileName, origin, e2eId, sha256, size, source, ...(warning ? { warning } : {}), ...(warningReason ? { warningReason } : {}) }, ...(bytes ? { bytes } : {}) };
}

const positionOfOddCharacter = (value: string): number => (firstNonPrintableAscii(value)?.index ?? 0) + 1;

/** A file name the service would refuse, as a reason (the check's English stays the log's message). */
function fileNameReason(code: FileNameErrorCode, name: string): ErrorReason {
  switch (code) {
    case 'not_a_string':
    case 'empty':
      return reason('uploads.nameOnlyExtension', { name });
    case 'too_long':
      return reason('uploads.nameTooLong', { name, length: name.length, max: MAX_PRINTABLE_FIELD_LENGTH });
    case 'non_printable':
      return reason('uploads.nameNotPlain', { name, position: positionOfOddCharacter(name) });
    case 'path_separator':
      return reason('uploads.namePathSeparator', { name });
    case 'unknown_extension':
      return reason('uploads.nameUnknownExtension', { name });
  }
}

/** An End-to-end ID the service would refuse, as a reason. */
function e2eIdReason(code: E2eIdErrorCode, name: string, id: string): ErrorReason {
  switch (code) {
    case 'not_a_string':
    case 'empty':
      return reason('uploads.e2eIdEmpty', { name });
    case 'too_long':
      return reason('uploads.e2eIdTooLong', { name, length: id.length, max: MAX_PRINTABLE_FIELD_LENGTH });
    case 'non_printable':
      return reason('uploads.e2eIdNotPlain', { name, position: positionOfOddCharacter(id) });
    case 'surrounding_space':
      return reason('uploads.e2eIdSpaces', { name });
  }
}
