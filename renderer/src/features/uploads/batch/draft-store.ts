/**
 * The batch being prepared (files dropped, not sent yet). UI state only (zustand, DESIGN §7): it
 * survives moving between pages, so a drop on another page lands here.
 */
import { create } from 'zustand';
import type { UploadCountry } from '../../../../../shared/contract';
import { bridge } from '../../../bridge';
import { isInGrantedFolder, type CollectedFiles, type FolderGrantedFile, type PickedFile } from '../intake/dropped-files';

export interface DraftFile {
  id: string;
  /** The page's `File`, or a file of a folder the core listed (its bytes never on the page). */
  file: PickedFile;
  /**
   * The file's name and size, read from it once: the batch is re-checked on every change, and a
   * `File` answers each `.name` through the browser's code with a new string.
   */
  name: string;
  size: number;
  relativePath: string;
  /** Fixed random numbers for the template's {rand}, so the preview does not change as you type. */
  randoms: number[];
  /** SHA-256 (hex) of the content, read only when another file of the batch has the same size (by the core, for a granted folder's file). */
  sha256?: string;
}

export interface BatchDraft {
  files: DraftFile[];
  skippedHidden: number;
  unreadable: string[];
  /** null: not chosen yet (the suggestion from the file names, or the remembered country). */
  country: UploadCountry | null;
  /** null: the remembered template. */
  template: string | null;
  /** End-to-end IDs typed for single files, by draft file id. */
  overrides: Record<string, string>;
  /** When the batch was started: the time used by {date} and {time}. */
  createdAt: number;
}

interface DraftState {
  draft: BatchDraft | null;
  /** Bumps on each drop so the panel can move focus to itself. */
  dropCount: number;
}

export const useDraftStore = create<DraftState>(() => ({ draft: null, dropCount: 0 }));

let counter = 0;
const randomsFor = (): number[] => Array.from({ length: 8 }, () => Math.random());
/** The same file dropped twice: same place, size and modification time. */
const fileKey = (file: PickedFile, relativePath: string): string => `${relativePath}\u0000${file.size}\u0000${file.lastModified}`;

/** Adds dropped or picked files to the batch (starting one if needed); the same file twice is kept once. */
export function addToDraft(collected: CollectedFiles, now: number = Date.now()): void {
  useDraftStore.setState((state) => {
    const base: BatchDraft = state.draft ?? {
      files: [],
      skippedHidden: 0,
      unreadable: [],
      country: null,
      template: null,
      overrides: {},
      createdAt: now,
    };
    const files = [...base.files];
    const known = new Set(files.map((existing) => fileKey(existing.file, existing.relativePath)));
    for (const { file, relativePath } of collected.files) {
      const key = fileKey(file, relativePath);
      if (known.has(key)) continue;
      known.add(key);
      files.push({ id: `draft-${++counter}`, file, name: file.name, size: file.size, relativePath, randoms: randomsFor() });
    }
    return {
      dropCount: state.dropCount + 1,
      draft: {
        ...base,
        files,
        skippedHidden: base.skippedHidden + collected.skippedHidden,
        unreadable: [...base.unreadable, ...collected.unreadable],
      },
    };
  });
  void hashLookalikes();
}

/** Files whose size and date are taken per step (see addToDraftInSteps). */
export const METADATA_STEP = 64;

const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

/** Asks a File for its size and date (the browser keeps them once asked). */
const readMetadata = (file: PickedFile): number => file.size + file.lastModified;

/**
 * addToDraft for a drop or pick of any size. A file picked from a folder learns its size and date
 * from the system the first time it is asked, synchronously (Chromium asks the browser process
 * for each one): asking for 5 000 at once held the page for seconds. They are asked here in steps,
 * the page free to draw between them, and then kept by the File for every later look.
 */
export async function addToDraftInSteps(collected: CollectedFiles, yieldToPage: () => Promise<void> = nextTask): Promise<void> {
  for (let start = 0; start < collected.files.length; start += METADATA_STEP) {
    if (start > 0) await yieldToPage();
    for (const { file } of collected.files.slice(start, start + METADATA_STEP)) readMetadata(file);
  }
  addToDraft(collected);
}

/** Hex SHA-256 of a file's bytes (Web Crypto: the renderer has no Node). */
export async function contentHash(file: Blob): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', await file.arrayBuffer());
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Hashes found are put into the draft together, at most this often: each update re-checks the whole batch. */
export const HASH_UPDATE_EVERY_MS = 250;

/** Bumped when hashing must stop: the batch was sent or cleared (a copy no longer matters to it). */
let hashingGeneration = 0;

export function stopHashing(): void {
  hashingGeneration += 1;
}

/** Draft files a run of `hashLookalikes` has taken on and not finished, with the run's generation (a stopped run's files may be taken on again). */
const beingHashed = new Map<string, number>();

/** Hashes of files of one granted folder, by sub-path, in their order (`null`: not readable); the core reads them. */
export type FolderHasher = (handle: string, subpaths: readonly string[]) => Promise<Array<string | null>>;

const hashInGrantedFolder: FolderHasher = async (handle, subpaths) =>
  (await bridge.invoke('uploads.hashFolderFiles', { folder: { kind: 'handle', handle }, subpaths: [...subpaths] })).sha256;

/**
 * Files of a granted folder hashed by the core in one call at most: few enough that a call in
 * flight when Upload is pressed holds the core's reading thread for a few milliseconds only.
 */
export const FOLDER_HASH_FILES = 64;
export const FOLDER_HASH_BYTES = 4 * 1024 * 1024;

/** The calls for a granted folder's files: by folder, at most FOLDER_HASH_FILES files and FOLDER_HASH_BYTES bytes each (one file always fits). */
export function planFolderHashCalls(files: readonly DraftFile[]): Array<{ handle: string; files: DraftFile[] }> {
  const calls: Array<{ handle: string; files: DraftFile[]; bytes: number }> = [];
  const open = new Map<string, { handle: string; files: DraftFile[]; bytes: number }>();
  for (const file of files) {
    if (!isInGrantedFolder(file.file)) continue;
    const handle = file.file.handle;
    let call = open.get(handle);
    if (!call || call.files.length >= FOLDER_HASH_FILES || call.bytes + file.size > FOLDER_HASH_BYTES) {
      call = { handle, files: [], bytes: 0 };
      open.set(handle, call);
      calls.push(call);
    }
    call.files.push(file);
    call.bytes += file.size;
  }
  return calls.map(({ handle, files: inCall }) => ({ handle, files: inCall }));
}

/**
 * Hashes the files of the batch that could be copies of one another (same size, content not read
 * yet), so the batch can say two files are one document. Files of a unique size are never read.
 * Files on the page are hashed here (Web Crypto); files of a folder chosen in the dialog, whose
 * bytes the page never has, are hashed by the core (`uploads.hashFolderFiles`, many per call, one
 * call at a time), so no file is read twice on the page and a big folder costs a few calls, not
 * one per file. The hashes go into the draft in groups (one update per HASH_UPDATE_EVERY_MS or
 * more), not one by one: an update per file made a 2 000-file drop rebuild the batch's 2 000 rows
 * 2 000 times. Hashing stops when the batch is sent or cleared (`stopHashing`): it would only
 * compete with the sending for the page's thread and the core's reading thread.
 */
export async function hashLookalikes(
  hash: (file: Blob) => Promise<string> = contentHash,
  now: () => number = () => performance.now(),
  hashInFolder: FolderHasher = hashInGrantedFolder,
): Promise<void> {
  const files = useDraftStore.getState().draft?.files ?? [];
  const sizes = new Map<number, number>();
  for (const file of files) sizes.set(file.size, (sizes.get(file.size) ?? 0) + 1);
  const generation = hashingGeneration;
  // A file another run is hashing (an earlier drop's) is left to it: nothing is read twice.
  const pending = files.filter((file) => file.sha256 === undefined && beingHashed.get(file.id) !== generation && file.size > 0 && (sizes.get(file.size) ?? 0) > 1);
  for (const file of pending) beingHashed.set(file.id, generation);
  const stopped = (): boolean => generation !== hashingGeneration;
  // A bigger batch costs more to re-check: its updates come less often (a 5 000-file batch: every 1.25 s).
  const every = Math.max(HASH_UPDATE_EVERY_MS, files.length / 4);
  let found = new Map<string, string>();
  let lastUpdate = now();
  const apply = () => {
    if (found.size === 0) return;
    const hashes = found;
    found = new Map();
    lastUpdate = now();
    updateDraft((draft) => ({ ...draft, files: draft.files.map((candidate) => (hashes.has(candidate.id) ? { ...candidate, sha256: hashes.get(candidate.id) } : candidate)) }));
  };
  const onPage = async (): Promise<void> => {
    for (const file of pending) {
      if (stopped()) return;
      if (isInGrantedFolder(file.file)) continue;
      try {
        const sha256 = await hash(file.file);
        if (stopped()) return;
        found.set(file.id, sha256);
      } catch {
        continue; // An unreadable file is reported when it is sent; a copy cannot be told then.
      }
      if (now() - lastUpdate >= every) apply();
    }
  };
  const inFolders = async (): Promise<void> => {
    for (const call of planFolderHashCalls(pending)) {
      if (stopped()) return;
      let hashes: Array<string | null>;
      try {
        hashes = await hashInFolder(call.handle, call.files.map((file) => (file.file as FolderGrantedFile).subpath));
      } catch {
        continue; // The folder's grant expired, say: copies among these files cannot be told.
      }
      if (stopped()) return;
      call.files.forEach((file, index) => {
        const sha256 = hashes[index];
        if (sha256) found.set(file.id, sha256);
      });
      if (now() - lastUpdate >= every) apply();
    }
  };
  try {
    await Promise.all([onPage(), inFolders()]);
    if (!stopped()) apply();
  } finally {
    for (const file of pending) if (beingHashed.get(file.id) === generation) beingHashed.delete(file.id);
  }
}

const updateDraft = (change: (draft: BatchDraft) => BatchDraft | null): void =>
  useDraftStore.setState((state) => (state.draft ? { draft: change(state.draft) } : state));

export function removeFromDraft(ids: readonly string[]): void {
  const remove = new Set(ids);
  updateDraft((draft) => {
    const files = draft.files.filter((file) => !remove.has(file.id));
    if (files.length === 0 && draft.unreadable.length === 0) return null;
    const overrides = Object.fromEntries(Object.entries(draft.overrides).filter(([id]) => !remove.has(id)));
    return { ...draft, files, overrides };
  });
}

export function setDraftCountry(country: UploadCountry): void {
  updateDraft((draft) => ({ ...draft, country }));
}

export function setDraftTemplate(template: string): void {
  updateDraft((draft) => ({ ...draft, template }));
}

/** `null` goes back to the ID made from the template. */
export function setDraftOverride(id: string, value: string | null): void {
  updateDraft((draft) => {
    const overrides = { ...draft.overrides };
    if (value === null) delete overrides[id];
    else overrides[id] = value;
    return { ...draft, overrides };
  });
}

export function clearDraft(): void {
  stopHashing();
  useDraftStore.setState({ draft: null });
}
