/** Writing one document's files (source, PDF) into the folder, or recognising them as already there. */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { AtomicWriter } from '../../files/worker-writer';
import type { WrittenFile } from './job';
import { hashFile, sha256Hex } from '../../files/sha256';


/** True when `filePath` is a file of exactly this size and sha256 (a partial or different file is not). */
export async function fileMatches(filePath: string, expected: { sha256: string; size: number }): Promise<boolean> {
  try {
    const stats = await fs.stat(filePath);
    if (!stats.isFile() || stats.size !== expected.size) return false;
  } catch {
    return false;
  }
  try {
    const { sha256 } = await hashFile(filePath);
    return sha256 === expected.sha256;
  } catch {
    return false;
  }
}

export interface FileToWrite {
  name: string;
  bytes: Uint8Array;
}

/**
 * Writes each file unless an identical one is there; says whether anything was written.
 * `mayExist` answers from a listing of the folder, sparing a stat per new file.
 */
export async function writeDocumentFiles(
  folder: string,
  files: readonly FileToWrite[],
  writer: AtomicWriter,
  mayExist: (name: string) => boolean = () => true,
): Promise<{ files: WrittenFile[]; wrote: boolean }> {
  const out: WrittenFile[] = [];
  let wrote = false;
  for (const file of files) {
    const target = path.join(folder, file.name);
    const size = file.bytes.length;
    if (mayExist(file.name)) {
      const record = { name: file.name, sha256: sha256Hex(file.bytes), size };
      if (!(await fileMatches(target, record))) {
        await writer.write(target, file.bytes);
        wrote = true;
      }
      out.push(record);
    } else {
      // The writer hashes the bytes where it writes them, off this thread.
      const written = await writer.write(target, file.bytes);
      out.push({ name: file.name, sha256: written.sha256, size });
      wrote = true;
    }
  }
  return { files: out, wrote };
}

/** True when every file recorded for a document is still on disk, unchanged. */
export async function recordedFilesIntact(folder: string, files: readonly WrittenFile[]): Promise<boolean> {
  if (files.length === 0) return false;
  for (const file of files) if (!(await fileMatches(path.join(folder, file.name), file))) return false;
  return true;
}

/** Names in the folder now, compared without case (Windows and macOS folders ignore it). */
export async function folderNames(folder: string): Promise<(name: string) => boolean> {
  let names: string[];
  try {
    names = await fs.readdir(folder);
  } catch {
    return () => true;
  }
  const lower = new Set(names.map((name) => name.toLowerCase()));
  return (name) => lower.has(name.toLowerCase());
}
