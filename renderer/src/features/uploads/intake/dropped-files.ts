/**
 * Files the user dropped or picked, with their folder-relative paths. Folders are walked with
 * `webkitGetAsEntry()`; hidden files inside folders are skipped as the core does on disk.
 */
import type { UploadFolderListing } from '../../../../../shared/contract';

/**
 * A file of a folder chosen in the native dialog (Electron; the browser shell's scripted dialogs):
 * the core listed it (`uploads.listFolder`) and holds the folder's grant. The page never had its
 * bytes, only what the listing says; it is sent as `{kind: 'handle', handle, subpath}`.
 */
export interface FolderGrantedFile {
  kind: 'inGrantedFolder';
  handle: string;
  subpath: string;
  name: string;
  size: number;
  lastModified: number;
}

/** What a batch holds for a file: the `File` dropped or picked on the page, or a file of a granted folder. */
export type PickedFile = File | FolderGrantedFile;

export const isInGrantedFolder = (file: PickedFile): file is FolderGrantedFile => !(file instanceof Blob) && file.kind === 'inGrantedFolder';

export interface DroppedFile {
  file: PickedFile;
  /** `folder/sub/name.xml` for files from a folder, else just the name. */
  relativePath: string;
}

export interface CollectedFiles {
  files: DroppedFile[];
  /** Hidden files (names starting with ".") left out of dropped folders. */
  skippedHidden: number;
  /** Entries that could not be read (e.g. a folder the system refused to list). */
  unreadable: string[];
}

/** The most files taken from one drop, as `uploads.add` accepts. */
export const MAX_FILES_PER_DROP = 5000;

const isHiddenPath = (relativePath: string): boolean => relativePath.split('/').some((part) => part.startsWith('.'));

/** Whether a drag carries files (and not text or a link), so the drop zone only reacts to files. */
export function dragHasFiles(dataTransfer: DataTransfer | null): boolean {
  return dataTransfer !== null && Array.from(dataTransfer.types).includes('Files');
}

/** A granted folder's files as the core listed them (`uploads.listFolder`), with the folder's name before each sub-path as a picked folder has. */
export function collectFromListing(handle: string, listing: UploadFolderListing): CollectedFiles {
  const files = listing.files.slice(0, MAX_FILES_PER_DROP).map(({ subpath, name, size, modifiedMs }) => ({
    file: { kind: 'inGrantedFolder' as const, handle, subpath, name, size, lastModified: modifiedMs },
    relativePath: `${listing.name}/${subpath}`,
  }));
  return { files, skippedHidden: listing.skippedHidden, unreadable: listing.unreadable.map((relative) => (relative === '.' ? listing.name : `${listing.name}/${relative}`)) };
}

/** Files picked with an `<input type="file">` (with `webkitdirectory` they carry `webkitRelativePath`). */
export function collectFromFileList(list: FileList | readonly File[]): CollectedFiles {
  const result: CollectedFiles = { files: [], skippedHidden: 0, unreadable: [] };
  for (const file of Array.from(list)) {
    const relativePath = file.webkitRelativePath || file.name;
    if (file.webkitRelativePath && isHiddenPath(relativePath)) {
      result.skippedHidden += 1;
      continue;
    }
    if (result.files.length < MAX_FILES_PER_DROP) result.files.push({ file, relativePath });
  }
  return result;
}

interface Grabbed {
  entry: FileSystemEntry | null;
  file: File | null;
}

/**
 * Must be called synchronously inside the drop handler: the items are only readable during the
 * event. Returns a promise for the files, folders walked.
 */
export function collectFromDataTransfer(dataTransfer: DataTransfer): Promise<CollectedFiles> {
  const grabbed: Grabbed[] = [];
  const items = Array.from(dataTransfer.items ?? []).filter((item) => item.kind === 'file');
  if (items.length > 0) {
    for (const item of items) {
      // Drops built by scripts (and some platforms) have no file-system entry: fall back to the File.
      const entry = typeof item.webkitGetAsEntry === 'function' ? item.webkitGetAsEntry() : null;
      grabbed.push({ entry, file: item.getAsFile() });
    }
  } else {
    for (const file of Array.from(dataTransfer.files ?? [])) grabbed.push({ entry: null, file });
  }
  return walkGrabbed(grabbed);
}

async function walkGrabbed(grabbed: readonly Grabbed[]): Promise<CollectedFiles> {
  const result: CollectedFiles = { files: [], skippedHidden: 0, unreadable: [] };
  const add = (file: File, relativePath: string): void => {
    if (result.files.length < MAX_FILES_PER_DROP) result.files.push({ file, relativePath });
  };
  for (const { entry, file } of grabbed) {
    if (entry?.isDirectory) {
      await walkDirectory(entry as FileSystemDirectoryEntry, result, add);
    } else if (entry?.isFile) {
      const read = await readFileEntry(entry as FileSystemFileEntry).catch(() => file);
      if (read) add(read, read.name);
      else result.unreadable.push(entry.name);
    } else if (file) {
      add(file, file.name);
    }
  }
  return result;
}

const relativeOf = (entry: FileSystemEntry): string => entry.fullPath.replace(/^\/+/, '') || entry.name;

async function walkDirectory(root: FileSystemDirectoryEntry, result: CollectedFiles, add: (file: File, path: string) => void): Promise<void> {
  const pending: FileSystemDirectoryEntry[] = [root];
  while (pending.length > 0 && result.files.length < MAX_FILES_PER_DROP) {
    const directory = pending.shift()!;
    let children: FileSystemEntry[];
    try {
      children = await readAllEntries(directory);
    } catch {
      result.unreadable.push(relativeOf(directory));
      continue;
    }
    children.sort((a, b) => a.name.localeCompare(b.name, undefined, { numeric: true }));
    for (const child of children) {
      if (child.name.startsWith('.')) {
        result.skippedHidden += 1;
        continue;
      }
      if (child.isDirectory) {
        pending.push(child as FileSystemDirectoryEntry);
      } else if (child.isFile) {
        try {
          add(await readFileEntry(child as FileSystemFileEntry), relativeOf(child));
        } catch {
          result.unreadable.push(relativeOf(child));
        }
      }
    }
  }
}

/** `readEntries` answers in batches (about 100 at a time) until it answers an empty one. */
async function readAllEntries(directory: FileSystemDirectoryEntry): Promise<FileSystemEntry[]> {
  const reader = directory.createReader();
  const all: FileSystemEntry[] = [];
  for (;;) {
    const batch = await new Promise<FileSystemEntry[]>((resolve, reject) => reader.readEntries(resolve, reject));
    if (batch.length === 0) return all;
    all.push(...batch);
  }
}

function readFileEntry(entry: FileSystemFileEntry): Promise<File> {
  return new Promise((resolve, reject) => entry.file(resolve, reject));
}
