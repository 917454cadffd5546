/**
 * The files of a granted folder's subtree, listed by the core (`uploads.listFolder`): what a
 * native folder dialog's choice holds, without Chromium filling an `<input webkitdirectory>` with
 * thousands of `File`s on the page's thread. Folders are read as streams (`opendir`, a few dozen
 * entries per step) and the files' sizes asked in groups, so the listing never holds the event
 * loop; it stops as soon as the folder proves too big. Hidden entries are skipped (as a drop
 * skips them); a sub-folder that cannot be read is reported and the rest listed.
 */
import type { Dir, Stats } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { AppError, because, reason } from '../../../shared/contract';

export interface ListedFile {
  /** `/`-separated, relative to the chosen folder: what `{kind: 'handle', subpath}` names. */
  subpath: string;
  name: string;
  size: number;
  modifiedMs: number;
}

export interface FolderListing {
  files: ListedFile[];
  /** Hidden files and folders (names starting with "."), left out. */
  skippedHidden: number;
  /** Sub-folders (and links) that could not be read, relative to the chosen folder; the rest was listed. */
  unreadable: string[];
}

export interface ListFolderOptions {
  /** More files than this and the folder is refused as a whole (`uploads.folderTooManyFiles`). */
  maxFiles: number;
  /** The folder's name, for the refusal (the path stays in the core). */
  folderName: string;
  /** How folders are opened (tests make one fail). */
  openDir?: (dir: string) => Promise<Dir>;
}

/** Deeper than this is surely not a batch of invoices (and guards against loops through odd mounts). */
export const MAX_LISTING_DEPTH = 32;
/** Sizes asked at once: enough to keep the thread pool busy without queueing thousands of requests. */
const STATS_AT_ONCE = 32;

const isHidden = (name: string): boolean => name.startsWith('.');

export function folderTooManyFiles(folderName: string, maxFiles: number): AppError {
  return new AppError('too_large', `The folder ${folderName} holds more than ${maxFiles} files; the app adds at most ${maxFiles} at once. Choose a folder inside it, or send the files in several batches.`, {
    details: because(reason('uploads.folderTooManyFiles', { name: folderName, limit: maxFiles })),
  });
}

export async function listFolderFiles(root: string, options: ListFolderOptions): Promise<FolderListing> {
  const openDir = options.openDir ?? ((dir: string) => fs.opendir(dir, { bufferSize: 64 }));
  const listing: FolderListing = { files: [], skippedHidden: 0, unreadable: [] };
  // The files in the order they are offered; their sizes are asked once the walk is done (and the folder known not too big).
  const found: Array<{ full: string; subpath: string; name: string }> = [];

  const walk = async (dir: string, relative: string, depth: number): Promise<void> => {
    let handle: Dir;
    try {
      handle = await openDir(dir);
    } catch {
      listing.unreadable.push(relative || '.');
      return;
    }
    const folders: Array<{ full: string; relative: string }> = [];
    const files: Array<{ full: string; subpath: string; name: string }> = [];
    try {
      for await (const entry of handle) {
        if (isHidden(entry.name)) {
          listing.skippedHidden += 1;
          continue;
        }
        const full = path.join(dir, entry.name);
        const subpath = relative ? `${relative}/${entry.name}` : entry.name;
        let isDirectory = entry.isDirectory();
        let isFile = entry.isFile();
        if (entry.isSymbolicLink()) {
          // A link to a file is offered (the add refuses one that leads out of the folder); a link to a folder is not followed.
          const target = await fs.stat(full).catch(() => null);
          isFile = target?.isFile() ?? false;
          isDirectory = false;
          if (!isFile) {
            listing.unreadable.push(subpath);
            continue;
          }
        }
        if (isDirectory) {
          folders.push({ full, relative: subpath });
        } else if (isFile) {
          if (found.length + files.length >= options.maxFiles) throw folderTooManyFiles(options.folderName, options.maxFiles);
          files.push({ full, subpath, name: entry.name });
        }
      }
    } catch (error) {
      if (error instanceof AppError) throw error;
      // The folder failed part-way: what was read is kept, the folder reported.
      listing.unreadable.push(relative || '.');
    }
    // Names in the order a person sorts them (invoice-2 before invoice-10), files before sub-folders.
    found.push(...files.sort((a, b) => collator.compare(a.subpath, b.subpath)));
    for (const folder of folders.sort((a, b) => collator.compare(a.relative, b.relative))) {
      if (depth >= MAX_LISTING_DEPTH) listing.unreadable.push(folder.relative);
      else await walk(folder.full, folder.relative, depth + 1);
    }
  };

  await walk(root, '', 0);
  // Sizes and dates, STATS_AT_ONCE asked at a time (each a trip through the thread pool).
  const stats = new Array<Stats | null>(found.length);
  let next = 0;
  const asker = async (): Promise<void> => {
    for (let index = next++; index < found.length; index = next++) stats[index] = await fs.stat(found[index]?.full ?? '').catch(() => null);
  };
  await Promise.all(Array.from({ length: Math.min(STATS_AT_ONCE, found.length) }, asker));
  listing.files = found.map((file, index) => {
    const stat = stats[index];
    // Gone or unreadable since it was listed: still offered, and the add explains.
    return { subpath: file.subpath, name: file.name, size: stat?.size ?? 0, modifiedMs: stat ? Math.round(stat.mtimeMs) : 0 };
  });
  return listing;
}

const collator = new Intl.Collator(undefined, { numeric: true });
