/** Moving a watched file to sent/ or failed/ (never over another file), with a note beside failures. */
import fs from 'node:fs/promises';
import path from 'node:path';
import { writeFileAtomic } from '../files/atomic-write';
import { errnoBehind, nodeWatchFileSystem, type WatchFileSystem } from './folder-fs';

export const SENT = 'sent';
export const FAILED = 'failed';

async function freeTarget(folder: string, name: string): Promise<string> {
  const extension = path.extname(name);
  const base = name.slice(0, name.length - extension.length);
  for (let counter = 1; ; counter += 1) {
    const candidate = path.join(folder, counter === 1 ? name : `${base} (${counter})${extension}`);
    try {
      await fs.lstat(candidate);
    } catch {
      return candidate;
    }
  }
}

/**
 * Moves the file into `<watched>/<sub>/`; returns where it went, or undefined when the file was
 * gone (the user took it away). Throws when the folder does not take the move (read-only, full,
 * gone: then the sub-folder cannot be made, and the watched folder is never made again).
 */
export async function moveInto(filePath: string, sub: typeof SENT | typeof FAILED, fileSystem: WatchFileSystem = nodeWatchFileSystem): Promise<string | undefined> {
  const watched = path.dirname(filePath);
  try {
    await fs.lstat(filePath);
  } catch (error) {
    if (errnoBehind(error) !== 'ENOENT') throw error;
    // Gone with its folder: the move waits for the folder; gone alone: nothing to move.
    await fs.stat(watched);
    return undefined;
  }
  const folder = path.join(watched, sub);
  await fileSystem.makeFolder(folder);
  const target = await freeTarget(folder, path.basename(filePath));
  try {
    await fileSystem.files.rename(filePath, target);
    return target;
  } catch (error) {
    if (errnoBehind(error) === 'ENOENT' && (await fs.stat(watched).then(() => true, () => false))) return undefined;
    throw error;
  }
}

export interface FailureNote {
  fileName: string;
  why: string;
  whatToDo: string;
  e2eId?: string;
  at: Date;
}

/** `<file>.txt` beside the failed file: why, and what to do (written whole or not at all). */
export async function writeFailureNote(movedTo: string, note: FailureNote, fileSystem: WatchFileSystem = nodeWatchFileSystem): Promise<void> {
  const lines = [
    `${note.fileName} was not sent.`,
    '',
    `Why: ${note.why}`,
    `What to do: ${note.whatToDo}`,
    '',
    `When: ${note.at.toISOString()}`,
    ...(note.e2eId ? [`End-to-end ID: ${note.e2eId}`] : []),
    '',
  ];
  await writeFileAtomic(`${movedTo}.txt`, lines.join('\r\n'), fileSystem.files);
}
