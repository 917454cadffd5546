/**
 * A ZIP written as a stream (fflate) to a hidden temp file beside the target, renamed into place
 * once complete and flushed: a crash or a full disk never leaves a half ZIP under the real name.
 * Compressed formats (PDF) are stored; text is deflated.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import { fileError, syncFolders, tempNameFor } from '../files/atomic-write';

export interface ZipFileWriter {
  add(name: string, bytes: Uint8Array, options?: { store?: boolean }): void;
  /** Finishes the archive and moves it to its name; returns its size. */
  finish(): Promise<number>;
  /** Removes the temp file (after a failure or a cancel). */
  abort(): Promise<void>;
}

export async function createZipFile(target: string): Promise<ZipFileWriter> {
  const temp = path.join(path.dirname(target), tempNameFor(path.basename(target)));
  let handle: fs.FileHandle;
  try {
    handle = await fs.open(temp, 'wx', 0o644);
  } catch (error) {
    throw fileError(error, target);
  }
  let size = 0;
  let writing: Promise<void> = Promise.resolve();
  let failure: unknown;
  let ended: () => void = () => undefined;
  const done = new Promise<void>((resolve) => {
    ended = resolve;
  });
  const zip = new Zip((error, chunk, final) => {
    if (error) failure ??= error;
    else {
      writing = writing.then(async () => {
        if (failure) return;
        try {
          await handle.write(chunk);
          size += chunk.length;
        } catch (writeError) {
          failure ??= writeError;
        }
      });
    }
    if (final || error) void writing.then(ended);
  });
  const cleanUp = async (): Promise<void> => {
    await handle.close().catch(() => undefined);
    await fs.rm(temp, { force: true }).catch(() => undefined);
  };

  return {
    add(name, bytes, options) {
      const entry = options?.store ? new ZipPassThrough(name) : new ZipDeflate(name, { level: 6 });
      zip.add(entry);
      entry.push(bytes, true);
    },
    async finish() {
      zip.end();
      await done;
      await writing;
      if (failure) {
        await cleanUp();
        throw fileError(failure, target);
      }
      try {
        await handle.sync();
        await handle.close();
        await fs.rename(temp, target);
        await syncFolders([path.dirname(target)]);
      } catch (error) {
        await cleanUp();
        throw fileError(error, target);
      }
      return size;
    },
    async abort() {
      zip.terminate();
      await writing;
      await cleanUp();
    },
  };
}

/** `name.zip`, or `name (2).zip` … when that is taken. */
export async function freeName(folder: string, base: string, extension: string): Promise<string> {
  for (let counter = 1; ; counter += 1) {
    const name = counter === 1 ? `${base}${extension}` : `${base} (${counter})${extension}`;
    try {
      await fs.access(path.join(folder, name));
    } catch {
      return name;
    }
  }
}
