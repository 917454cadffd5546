/** Moving a watched file to sent/ or failed/ (never over another file), with a note beside failures. */
import fs from 'node:fs/promises';
import path from 'node:path';
import { writeFileAtomic } from '../files/atomic-write';

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

/** Moves the file into `<watched>/<sub>/`; returns where it went, or undefined when it was gone. */
export async function moveInto(filePath: string, sub: typeof SENT | typeof FAILED): Promise<string | undefined> {
  const folder = path.join(path.dirname(filePath), sub);
  await fs.mkdir(folder, { recursive: true });
  const target = await freeTarget(folder, path.basename(filePath));
  try {
    await fs.rename(filePath, target);
    return target;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
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

/** `<file>.txt` beside the failed file: why, and what to do. */
export async function writeFailureNote(movedTo: string, note: FailureNote): Promise<void> {
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
  await writeFileAtomic(`${movedTo}.txt`, lines.join('\r\n'));
}
