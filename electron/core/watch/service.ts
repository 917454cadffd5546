/**
 * Watched upload folders (one per country): chokidar reports a file as it appears or changes, and
 * it is picked up once it has been left alone for a while (its modification time that old, or
 * seen unchanged that long: `DEFAULT_SETTLE_MS`), is not held open for writing by any process
 * (where the system tells: Linux), and its size and time did not change while it was read; so a partial
 * copy is never sent, while a file moved in whole (as file managers and sync tools finish a copy)
 * goes at once. Each file is opened once, without following a link or waiting on a FIFO, checked
 * on that descriptor to be a regular file of the folder, and read and hashed from it on the core's
 * reading thread (`files/read-in-folder.ts`); those bytes are what is sent (`uploads.add` keeps
 * them as a blob): the path is never opened again by name. The content hash enters the watch
 * journal, then the upload journal through `uploads.add`; when its upload is delivered it moves to `sent/`,
 * when refused or failed to `failed/` with a `.txt` saying why and what to do. A rescan every
 * half minute catches what the watcher missed (the machine slept, the folder came back).
 */
import path from 'node:path';
import fs from 'node:fs/promises';
import chokidar, { type FSWatcher } from 'chokidar';
import { AppError, because, reason, reasonOf, type ErrorReason, type UploadCountry, type UploadEntry, type WatchedFileEvent, type WatchedFolder, type WatchedFolderStatus } from '../../../shared/contract';
import { backgroundRecorder, type ActivityLog } from '../activity/log';
import type { CoreEvents } from '../events';
import type { FileReader } from '../files/file-reader';
import type { FileInFolder, InFolderRead } from '../files/read-in-folder';
import { maxFileBytesForUpload } from '../../../shared/validation';
import type { Invoke } from '../handlers';
import type { Logger, SettingsStore } from '../ports';
import { checkWatchedFolder, errnoBehind, nodeWatchFileSystem, notWritableMessage, notWritableStatusReason, type WatchFileSystem } from './folder-fs';
import { loadWatchJournal, saveWatchJournal, type WatchJournal, type WatchedFileRecord } from './journal';
import { FAILED, moveInto, SENT, writeFailureNote } from './moves';
import { formatSize } from '../files/file-ref';

const SETTINGS_KEY = 'watch.folders';
/**
 * How long a file must have been left alone (by its time, or as seen here) before it is read: 1 s
 * where a writer still holding it open is seen (Linux), 2 s elsewhere, where a paused copy is
 * caught only by this window.
 */
export const DEFAULT_SETTLE_MS = process.platform === 'linux' ? 1_000 : 2_000;
/** Bytes read and held at once for one hand-over (files of up to 5 MiB each). */
const READ_BYTES = 32 * 1024 * 1024;
/** A burst's first hand-over to the uploads, and the largest (each a watch-journal save and an `uploads.add`). */
const FIRST_HAND_OVER = 12;
const MAX_HAND_OVER = 192;
const IGNORED_NAME = /^\.|\.(tmp|part|partial|crdownload|download|swp)$|~$|^(desktop\.ini|thumbs\.db)$/i;

export interface WatchServiceDeps {
  invoke: Invoke;
  /** The core's reading thread: files are opened, checked and read there, from one descriptor each. */
  reader?: Pick<FileReader, 'readInFolder'>;
  settings: SettingsStore;
  events: CoreEvents;
  logger: Logger;
  activity: ActivityLog;
  journalPath: string;
  /** How long a file must have been left alone before it is picked up (default `DEFAULT_SETTLE_MS`). */
  stableMs?: number;
  rescanMs?: number;
  /** The watched folders' file operations (tests inject read-only and full disks, locked files). */
  fileSystem?: WatchFileSystem;
}

export interface WatchService {
  statuses(): WatchedFolderStatus[];
  save(input: { country: UploadCountry; folder?: string; e2eIdTemplate: string; paused: boolean }): Promise<WatchedFolderStatus>;
  remove(country: UploadCountry): Promise<boolean>;
  setPaused(country: UploadCountry, paused: boolean): Promise<WatchedFolderStatus>;
  /** Starts watching (the core's start). */
  start(): Promise<void>;
  /** Settles picked-up files whose uploads changed. */
  uploadsChanged(entries: readonly UploadEntry[]): void;
  dispose(): Promise<void>;
}

interface Watch {
  config: WatchedFolder;
  watcher?: FSWatcher;
  rescan?: NodeJS.Timeout;
  queue: Set<string>;
  flushTimer?: NodeJS.Timeout;
  /** Files still being written: one look later each, however many changes they report. */
  waiting: Map<string, NodeJS.Timeout>;
  /** Size and time of files still being written, when first seen so. */
  seen: Map<string, { size: number; mtimeMs: number; at: number }>;
  /** The folder's real path (links resolved): a file read must be in it. */
  real?: string;
  state: WatchedFolderStatus['state'];
  message?: string;
  /** What the UI shows for `message`, in its language. */
  reason?: ErrorReason;
  /** Settled files could not be put aside (sent/, failed/, their notes): why, until they are. */
  putAsideProblem?: string;
  putAsideReason?: ErrorReason;
  recent: WatchedFileEvent[];
}

export function createWatchService(deps: WatchServiceDeps): WatchService {
  const stableMs = deps.stableMs ?? DEFAULT_SETTLE_MS;
  const fileSystem = deps.fileSystem ?? (deps.reader ? { ...nodeWatchFileSystem, read: (files: readonly FileInFolder[]) => (deps.reader as Pick<FileReader, 'readInFolder'>).readInFolder(files) } : nodeWatchFileSystem);
  const checkFolder = (folder: string, options?: { probe: boolean }): Promise<void> => checkWatchedFolder(folder, fileSystem, options);
  const watches = new Map<UploadCountry, Watch>();
  let journal: WatchJournal | undefined;
  let saving: Promise<void> = Promise.resolve();
  let working: Promise<void> = Promise.resolve();
  let disposed = false;
  // Activity lines are written in the background; disposing waits for them (nothing is written after it).
  const activity = backgroundRecorder(deps.activity);

  const configs = (): WatchedFolder[] => deps.settings.get<WatchedFolder[]>(SETTINGS_KEY) ?? [];
  const journalNow = async (): Promise<WatchJournal> => (journal ??= await loadWatchJournal(deps.journalPath));
  const save = (): Promise<void> => {
    const snapshot = journal;
    saving = saving.then(() => (snapshot ? saveWatchJournal(deps.journalPath, snapshot) : undefined));
    return saving;
  };
  /** One batch at a time: two batches must not both decide a file is new. */
  const serial = (work: () => Promise<void>): Promise<void> => {
    working = working.then(work).catch((error: unknown) => deps.logger.warn('Watched folder: a step failed', { message: error instanceof Error ? error.message : String(error) }));
    return working;
  };

  const statusOf = (config: WatchedFolder): WatchedFolderStatus => {
    const watch = watches.get(config.country);
    const records = Object.values(journal?.files ?? {}).filter((record) => record.country === config.country);
    const message = watch?.message ?? watch?.putAsideProblem;
    const why = watch?.message !== undefined ? watch.reason : watch?.putAsideReason;
    return {
      ...config,
      state: config.paused ? 'paused' : watch?.putAsideProblem ? 'error' : (watch?.state ?? 'watching'),
      ...(message && !config.paused ? { message, ...(why ? { reason: why } : {}) } : {}),
      inFlight: records.filter((record) => record.state === 'queued' || record.state === 'sending').length,
      sent: records.filter((record) => record.state === 'sent').length,
      failed: records.filter((record) => record.state === 'failed').length,
      recent: watch?.recent ?? [],
    };
  };
  const setProblem = (watch: Watch, message: string, why: ErrorReason | undefined): void => {
    watch.state = 'error';
    watch.message = message;
    if (why) watch.reason = why;
    else delete watch.reason;
  };
  const emit = (): void => deps.events.emit('watch.changed', { statuses: configs().map(statusOf) });

  const note = (country: UploadCountry, event: Omit<WatchedFileEvent, 'at'>): void => {
    const watch = watches.get(country);
    if (!watch) return;
    // Looked at again and again (a locked file): said once.
    const last = watch.recent[0];
    if (last && last.fileName === event.fileName && last.state === event.state && last.message === event.message) return;
    // One line per file, at its latest state: "Sending" under "Sent" read as a second copy on its way.
    watch.recent = [{ ...event, at: new Date().toISOString() }, ...watch.recent.filter((earlier) => earlier.fileName !== event.fileName)].slice(0, 20);
  };

  async function startWatch(config: WatchedFolder): Promise<void> {
    await stopWatch(config.country);
    const earlier = watches.get(config.country);
    const watch: Watch = {
      config,
      queue: new Set(),
      waiting: new Map(),
      seen: new Map(),
      state: 'watching',
      recent: earlier?.recent ?? [],
      ...(earlier?.putAsideProblem ? { putAsideProblem: earlier.putAsideProblem, ...(earlier.putAsideReason ? { putAsideReason: earlier.putAsideReason } : {}) } : {}),
    };
    watches.set(config.country, watch);
    if (config.paused || disposed) return;
    try {
      await checkFolder(config.folder);
      watch.real = await fs.realpath(config.folder);
    } catch (error) {
      setProblem(watch, (error as Error).message, reasonOf((error as AppError).details));
    }
    // No awaitWriteFinish: its size polling adds its whole threshold to every file, even one moved in whole; `stableHash` decides.
    const watcher = chokidar.watch(config.folder, {
      depth: 0,
      ignoreInitial: false,
      ignored: (candidate, stats) => candidate !== config.folder && (IGNORED_NAME.test(path.basename(candidate)) || (stats ? !stats.isFile() : false)),
    });
    watch.watcher = watcher;
    watcher.on('add', (filePath) => enqueue(watch, filePath));
    watcher.on('change', (filePath) => enqueue(watch, filePath));
    watcher.on('error', (error) => {
      watch.state = 'error';
      const said = error instanceof Error ? error.message : String(error);
      setProblem(watch, `Watching ${config.folder} failed: ${said}`, reason('folders.watchFailed', { path: config.folder, said }));
      emit();
    });
    watch.rescan = setInterval(() => void rescan(watch), deps.rescanMs ?? 30_000);
    watch.rescan.unref();
  }

  async function stopWatch(country: UploadCountry): Promise<void> {
    const watch = watches.get(country);
    if (!watch) return;
    if (watch.rescan) clearInterval(watch.rescan);
    if (watch.flushTimer) clearTimeout(watch.flushTimer);
    for (const timer of watch.waiting.values()) clearTimeout(timer);
    watch.waiting.clear();
    await watch.watcher?.close();
    delete watch.watcher;
  }

  function enqueue(watch: Watch, filePath: string): void {
    if (path.dirname(filePath) !== watch.config.folder || IGNORED_NAME.test(path.basename(filePath))) return;
    // A later look is already planned for a file still being written.
    if (watch.waiting.has(filePath)) return;
    watch.queue.add(filePath);
    // Files copied together go to the upload journal together.
    watch.flushTimer ??= setTimeout(() => {
      delete watch.flushTimer;
      void serial(() => flush(watch));
    }, 50);
  }

  function later(watch: Watch, filePath: string, ms: number): void {
    if (watch.waiting.has(filePath)) return;
    const timer = setTimeout(() => {
      watch.waiting.delete(filePath);
      enqueue(watch, filePath);
    }, ms);
    timer.unref();
    watch.waiting.set(filePath, timer);
  }

  /** What the watcher may have missed: every file now in the folder that is not settled yet. */
  async function rescan(watch: Watch): Promise<void> {
    let names: string[];
    try {
      // A real write only when it tells something: after an error, or with settled files waiting to be put aside (not a file in the user's folder every look).
      const waiting = Object.values(journal?.files ?? {}).some((record) => record.country === watch.config.country && record.pending);
      await checkFolder(watch.config.folder, { probe: watch.state === 'error' || waiting || watch.putAsideProblem !== undefined });
      names = await fs.readdir(watch.config.folder);
      if (watch.state === 'error') {
        watch.state = 'watching';
        delete watch.message;
        delete watch.reason;
        await startWatch(watch.config);
        await serial(() => putAsideWaiting(watch.config.country));
        emit();
        return;
      }
    } catch (error) {
      if (watch.state !== 'error' || watch.message !== (error as Error).message) {
        setProblem(watch, (error as Error).message, reasonOf((error as AppError).details));
        emit();
      }
      return;
    }
    await serial(() => putAsideWaiting(watch.config.country));
    for (const name of names) {
      const filePath = path.join(watch.config.folder, name);
      if (IGNORED_NAME.test(name)) continue;
      // Links, FIFOs and devices are never taken (nor followed).
      const first = await fs.lstat(filePath).catch(() => undefined);
      if (!first?.isFile()) continue;
      // Size-stable only: a copy still growing waits for the next look.
      if (Date.now() - first.mtimeMs < stableMs) continue;
      enqueue(watch, filePath);
    }
  }

  /** Whether the file has been left alone long enough to be read; if not, it is looked at again later. Its size when it is. */
  async function quiet(watch: Watch, filePath: string): Promise<number | undefined> {
    let before;
    try {
      before = await fs.lstat(filePath);
    } catch (error) {
      cannotRead(watch, filePath, error);
      return undefined;
    }
    if (!before.isFile()) {
      if (!before.isDirectory()) notTaken(watch, filePath, 'notRegular');
      return undefined;
    }
    const now = Date.now();
    // Left alone long enough: by its modification time, or (a time in the future, from another machine's clock) as seen unchanged here.
    const seen = watch.seen.get(filePath);
    const unchangedFor = seen && seen.size === before.size && seen.mtimeMs === before.mtimeMs ? now - seen.at : 0;
    const quietFor = Math.max(now - before.mtimeMs, unchangedFor);
    if (quietFor < stableMs) {
      if (unchangedFor === 0) watch.seen.set(filePath, { size: before.size, mtimeMs: before.mtimeMs, at: now });
      later(watch, filePath, Math.min(stableMs, Math.max(20, stableMs - quietFor)));
      return undefined;
    }
    watch.seen.delete(filePath);
    return before.size;
  }

  function cannotRead(watch: Watch, filePath: string, error: unknown): void {
    const code = (error as NodeJS.ErrnoException | undefined)?.code;
    watch.seen.delete(filePath);
    // Gone: nothing to do. Locked or unreadable for now: the rescan tries again.
    if (code === 'ENOENT') return;
    note(watch.config.country, {
      fileName: path.basename(filePath),
      state: 'failed',
      message: `Cannot be read yet (${code === 'EBUSY' || code === 'EAGAIN' ? 'locked by another program' : (code ?? 'error')}); not sent yet, tried again shortly.`,
      reason: code === 'EBUSY' || code === 'EAGAIN' ? reason('folders.itemLocked') : reason('folders.itemUnreadable', { code: code ?? 'error' }),
    });
    emit();
  }

  /** A link, FIFO or device in the folder (or a name that leads out of it): never sent, said once. */
  function notTaken(watch: Watch, filePath: string, why: 'notRegular' | 'outside' | 'openForWriting'): void {
    const words =
      why === 'openForWriting'
        ? { message: 'Still open for writing by another program; sent once it is closed.', reason: reason('folders.itemStillWritten') }
        : { message: 'Not a regular file of the folder (a link, pipe or device); never sent.', reason: reason('folders.itemNotRegular') };
    note(watch.config.country, { fileName: path.basename(filePath), state: 'failed', ...words });
    emit();
  }

  /** A file larger than any upload: put in failed/ with a note, never read whole. */
  async function refuseTooLarge(watch: Watch, filePath: string, size: number): Promise<void> {
    const name = path.basename(filePath);
    const limit = maxFileBytesForUpload(name);
    const message = `${name} is ${formatSize(size)}; the largest file the service takes is ${formatSize(limit)}.`;
    try {
      const movedTo = await moveInto(filePath, FAILED, fileSystem);
      if (movedTo) await writeFailureNote(movedTo, { fileName: name, why: message, whatToDo: 'split the document or send it another way (SFTP).', at: new Date() }, fileSystem);
    } catch (error) {
      watch.putAsideProblem = notWritableMessage(watch.config.folder, error);
      watch.putAsideReason = notWritableStatusReason(watch.config.folder, error);
    }
    note(watch.config.country, { fileName: name, state: 'failed', message, reason: reason('uploads.tooLarge', { name, size: formatSize(size), limit: formatSize(limit) }) });
  }

  /**
   * Reads settled files, each from one descriptor (on the reading thread): what was read, or
   * undefined for a file not taken now (looked at again later, or said and never sent).
   */
  async function readSettled(watch: Watch, paths: readonly string[]): Promise<Array<{ sha256: string; bytes: Uint8Array } | undefined>> {
    const folder = watch.real ?? watch.config.folder;
    const reads: InFolderRead[] = await fileSystem.read(paths.map((filePath): FileInFolder => ({ folder, name: path.basename(filePath), maxBytes: maxFileBytesForUpload(path.basename(filePath)) })));
    const out: Array<{ sha256: string; bytes: Uint8Array } | undefined> = [];
    for (const [index, filePath] of paths.entries()) {
      const read = reads[index];
      if (read?.kind === 'read') {
        out.push({ sha256: read.sha256, bytes: read.bytes });
        continue;
      }
      out.push(undefined);
      if (!read) continue;
      if (read.kind === 'tooLarge') await refuseTooLarge(watch, filePath, read.size);
      else if (read.kind === 'error') cannotRead(watch, filePath, Object.assign(new Error(read.message), read.code ? { code: read.code } : {}));
      else if (read.why === 'changed') later(watch, filePath, stableMs);
      else {
        if (read.why === 'openForWriting') later(watch, filePath, stableMs);
        notTaken(watch, filePath, read.why);
      }
    }
    return out;
  }

  async function flush(watch: Watch): Promise<void> {
    const paths = [...watch.queue];
    watch.queue.clear();
    // Already taken by the flush before this one: nothing to do, nothing to announce.
    if (paths.length === 0) return;
    // A burst is handed over in growing chunks: the first files are on the wire while the rest are still being hashed.
    for (let start = 0, size = FIRST_HAND_OVER; start < paths.length; start += size, size = Math.min(2 * size, MAX_HAND_OVER)) {
      await handOver(watch, paths.slice(start, start + size));
    }
  }

  async function handOver(watch: Watch, paths: readonly string[]): Promise<void> {
    // Looked at together, then read in groups that hold at most READ_BYTES at once.
    const sizes = await Promise.all(paths.map((filePath) => quiet(watch, filePath)));
    let group: string[] = [];
    let bytes = 0;
    for (const [index, filePath] of paths.entries()) {
      const size = sizes[index];
      if (size === undefined) continue;
      if (group.length > 0 && bytes + size > READ_BYTES) {
        await readAndHandOver(watch, group);
        group = [];
        bytes = 0;
      }
      group.push(filePath);
      bytes += size;
    }
    if (group.length > 0) await readAndHandOver(watch, group);
    else emit();
  }

  async function readAndHandOver(watch: Watch, paths: readonly string[]): Promise<void> {
    const book = await journalNow();
    const toSend: Array<{ filePath: string; sha256: string; bytes: Uint8Array }> = [];
    const hashedAll = await readSettled(watch, paths);
    for (const [index, filePath] of paths.entries()) {
      const hashed = hashedAll[index];
      if (!hashed) continue;
      const known = book.files[hashed.sha256];
      if (known && (known.state === 'queued' || known.state === 'sending')) continue;
      // Settled, still waiting to be put aside where it is: never sent again.
      if (known?.pending === 'move' && known.path === filePath) continue;
      if (known?.state === 'sent') {
        try {
          const movedTo = await moveInto(filePath, SENT, fileSystem);
          if (movedTo) {
            await writeFailureNote(
              movedTo,
              {
                fileName: path.basename(filePath),
                why: `the same content was already sent as ${known.fileName} on ${known.at}${known.e2eId ? ` (End-to-end ID ${known.e2eId})` : ''}.`,
                whatToDo: 'nothing: it was not sent again. If it really is a new document, change it and copy it in again.',
                at: new Date(),
              },
              fileSystem,
            );
            note(watch.config.country, { fileName: path.basename(filePath), state: 'duplicate', message: `Already sent as ${known.fileName}; not sent again.`, reason: reason('folders.itemDuplicate', { name: known.fileName }) });
          }
        } catch (error) {
          // Left where it is: the next look tries again, and never sends it.
          watch.putAsideProblem = notWritableMessage(watch.config.folder, error);
          watch.putAsideReason = notWritableStatusReason(watch.config.folder, error);
          note(watch.config.country, {
            fileName: path.basename(filePath),
            state: 'duplicate',
            message: `Already sent as ${known.fileName}; not sent again (it stays in the folder until it can be moved to sent/).`,
            reason: reason('folders.itemDuplicateStays', { name: known.fileName }),
          });
        }
        continue;
      }
      if (toSend.some((item) => item.sha256 === hashed.sha256)) continue;
      toSend.push({ filePath, sha256: hashed.sha256, bytes: hashed.bytes });
    }
    if (toSend.length === 0) {
      emit();
      return;
    }
    const now = new Date().toISOString();
    for (const { filePath, sha256 } of toSend) {
      book.files[sha256] = { country: watch.config.country, fileName: path.basename(filePath), path: filePath, state: 'queued', at: now };
    }
    // On disk before the upload journal hears of them: a crash now finds them queued, not lost and not sent twice.
    await save();
    await send(watch, toSend);
  }

  async function send(watch: Watch, items: ReadonlyArray<{ filePath: string; sha256: string; bytes: Uint8Array }>): Promise<void> {
    const book = await journalNow();
    let result;
    try {
      // The bytes read from the file's one descriptor: the upload keeps and sends these, never the path.
      result = await deps.invoke('uploads.add', {
        files: items.map(({ filePath, bytes }) => ({ file: { kind: 'binary' as const, name: path.basename(filePath), data: bytes } })),
        country: watch.config.country,
        e2eIdTemplate: watch.config.e2eIdTemplate,
      });
    } catch (error) {
      // Not journaled for sending: they stay queued and the next look hands them over again.
      for (const { sha256 } of items) delete book.files[sha256];
      await save();
      const said = error instanceof Error ? error.message : String(error);
      watch.message = `Handing files to the uploads failed: ${said}`;
      const why = reasonOf((error as AppError).details);
      if (why) watch.reason = why;
      else watch.reason = reason('folders.watchHandOverFailed', { said });
      emit();
      return;
    }
    const byName = new Map(items.map((item) => [path.basename(item.filePath), item]));
    for (const entry of result.entries) {
      const item = byName.get(entry.fileName);
      if (!item) continue;
      const record = book.files[item.sha256];
      if (!record) continue;
      if (entry.sha256 !== item.sha256) {
        // Changed between our look and the upload's: the upload's content is what is sent.
        delete book.files[item.sha256];
        book.files[entry.sha256] = record;
      }
      record.state = 'sending';
      record.localId = entry.localId;
      record.e2eId = entry.e2eId;
      note(watch.config.country, { fileName: record.fileName, state: 'sending' });
    }
    for (const refused of result.rejected) {
      const item = byName.get(refused.fileName);
      const record = item ? book.files[item.sha256] : undefined;
      if (!item || !record) continue;
      await settle(item.sha256, record, {
        ok: false,
        why: refused.message,
        whatToDo: 'correct the file (or its name) and copy it into the watched folder again.',
        ...(refused.reason ? { reason: refused.reason } : {}),
      });
    }
    await save();
    activity.record({
      action: 'watch.file',
      target: watch.config.folder,
      detail: `${result.entries.length} file(s) picked up for ${watch.config.country}${result.rejected.length > 0 ? `, ${result.rejected.length} refused by the checks` : ''}`,
      outcome: result.rejected.length > 0 ? 'failed' : 'ok',
    });
    emit();
  }

  async function settle(sha256: string, record: WatchedFileRecord, outcome: { ok: true } | { ok: false; why: string; whatToDo: string; reason?: ErrorReason }): Promise<void> {
    record.state = outcome.ok ? 'sent' : 'failed';
    record.at = new Date().toISOString();
    if (!outcome.ok) {
      record.message = outcome.why;
      record.whatToDo = outcome.whatToDo;
    }
    record.pending = 'move';
    await putAside(sha256, record);
    note(record.country, { fileName: record.fileName, state: outcome.ok ? 'sent' : 'failed', ...(outcome.ok ? {} : { message: outcome.why, ...(outcome.reason ? { reason: outcome.reason } : {}) }) });
  }

  /**
   * A settled file to sent/ or failed/ (with its note): what cannot be done now (read-only, full
   * or gone folder) stays `pending` in the journal, said in the status, and is tried again at the
   * next look; the file is never sent again meanwhile. Returns whether it is done.
   */
  async function putAside(sha256: string, record: WatchedFileRecord): Promise<boolean> {
    const failed = record.state === 'failed';
    const watch = watches.get(record.country);
    try {
      if (record.pending === 'move') {
        const movedTo = await moveInto(record.path, failed ? FAILED : SENT, fileSystem);
        if (movedTo) record.movedTo = movedTo;
        else delete record.movedTo;
        record.pending = failed && movedTo ? 'note' : undefined;
      }
      if (record.pending === 'note' && record.movedTo) {
        await writeFailureNote(
          record.movedTo,
          { fileName: record.fileName, why: record.message ?? 'it was not delivered.', whatToDo: record.whatToDo ?? 'copy it into the watched folder again to send it once more.', at: new Date(record.at), ...(record.e2eId ? { e2eId: record.e2eId } : {}) },
          fileSystem,
        );
      }
      delete record.pending;
      delete record.whatToDo;
      return true;
    } catch (error) {
      deps.logger.warn('Watched folder: putting a settled file aside failed', { sha256, errno: errnoBehind(error) ?? null, message: error instanceof Error ? error.message : String(error) });
      if (watch) {
        watch.putAsideProblem = notWritableMessage(path.dirname(record.path), error);
        watch.putAsideReason = notWritableStatusReason(path.dirname(record.path), error);
      }
      return false;
    }
  }

  /** Settled files of one folder still to put aside: tried again (after the folder came back or became writable). */
  async function putAsideWaiting(country: UploadCountry): Promise<void> {
    const book = await journalNow();
    const watch = watches.get(country);
    // Files of a folder no longer watched for this country wait until it is watched again.
    const waiting = Object.entries(book.files).filter(([, record]) => record.country === country && record.pending && watch && path.dirname(record.path) === watch.config.folder);
    if (waiting.length === 0) {
      if (watch?.putAsideProblem) {
        delete watch.putAsideProblem;
        delete watch.putAsideReason;
        emit();
      }
      return;
    }
    let done = 0;
    for (const [sha, record] of waiting) {
      if (await putAside(sha, record)) done += 1;
      else break;
    }
    if (done === waiting.length && watch) {
      delete watch.putAsideProblem;
      delete watch.putAsideReason;
    }
    if (done > 0) await save();
    emit();
  }

  function uploadsChanged(entries: readonly UploadEntry[]): void {
    const settled = entries.filter((entry) => ['done', 'failed', 'rejected', 'cancelled'].includes(entry.state));
    if (settled.length === 0) return;
    // After any hand-over under way, so that the files it hands over are known by their upload.
    void serial(async () => {
      const book = await journalNow();
      const byLocalId = new Map(
        Object.entries(book.files)
          .filter(([, record]) => record.state === 'sending' && record.localId)
          .map(([sha, record]) => [record.localId as string, { sha, record }]),
      );
      let changed = false;
      for (const entry of settled) {
        const found = byLocalId.get(entry.localId);
        if (!found || found.record.state !== 'sending') continue;
        changed = true;
        if (entry.state === 'done') await settle(found.sha, found.record, { ok: true });
        else {
          await settle(found.sha, found.record, {
            ok: false,
            why: entry.state === 'cancelled' ? 'the upload was cancelled in the Uploads screen.' : (entry.error?.message ?? `the upload ended as ${entry.state}.`),
            reason: entry.state === 'cancelled' ? reason('folders.itemCancelled') : (entry.error?.reason ?? (entry.error ? undefined : endedWithoutError(entry.state))),
            whatToDo:
              entry.state === 'rejected'
                ? 'correct what the service names and copy the file into the watched folder again.'
                : 'look the file up in the Uploads screen; copy it into the watched folder again to send it once more.',
          });
        }
      }
      if (!changed) return;
      await save();
      emit();
    });
  }

  /** After a restart: files handed over before it are settled from the upload journal, or sent if they never reached it. */
  async function reconcile(): Promise<UploadEntry[]> {
    const book = await journalNow();
    const open = Object.entries(book.files).filter(([, record]) => record.state === 'queued' || record.state === 'sending');
    if (open.length === 0) return [];
    const uploads = await deps.invoke('uploads.list', {});
    const bySha = new Map(uploads.map((entry) => [entry.sha256, entry]));
    const byLocalId = new Map(uploads.map((entry) => [entry.localId, entry]));
    for (const [sha, record] of open) {
      const entry = (record.localId ? byLocalId.get(record.localId) : undefined) ?? bySha.get(sha);
      if (entry) {
        record.state = 'sending';
        record.localId = entry.localId;
        record.e2eId = entry.e2eId;
      } else {
        // Never reached the upload journal: the next look at the folder sends it.
        delete book.files[sha];
      }
    }
    await save();
    return uploads;
  }

  return {
    statuses: () => configs().map(statusOf),
    async save(input) {
      const existing = configs().find((config) => config.country === input.country);
      const folder = input.folder ?? existing?.folder;
      if (!folder) throw new AppError('validation', 'Choose the folder to watch.', { details: because(reason('folders.watchChooseFolder')) });
      await checkFolder(folder);
      const other = configs().find((config) => config.country !== input.country && path.resolve(config.folder) === path.resolve(folder));
      if (other) {
        throw new AppError('conflict', `${folder} is already watched for ${other.country}. One folder sends to one country: choose another folder.`, {
          details: because(reason('folders.watchTaken', { path: folder, country: other.country })),
        });
      }
      const config: WatchedFolder = { country: input.country, folder, e2eIdTemplate: input.e2eIdTemplate, paused: input.paused };
      deps.settings.set(SETTINGS_KEY, [...configs().filter((candidate) => candidate.country !== input.country), config]);
      await journalNow();
      await startWatch(config);
      activity.record({ action: 'watch.folderSaved', target: folder, detail: `${config.country}${config.paused ? ', paused' : ''}` });
      emit();
      return statusOf(config);
    },
    async remove(country) {
      const before = configs();
      if (!before.some((config) => config.country === country)) return false;
      await stopWatch(country);
      watches.delete(country);
      deps.settings.set(SETTINGS_KEY, before.filter((config) => config.country !== country));
      emit();
      return true;
    },
    async setPaused(country, paused) {
      const config = configs().find((candidate) => candidate.country === country);
      if (!config) throw new AppError('not_found', `No folder is watched for ${country}.`, { details: because(reason('folders.watchUnknown', { country })) });
      const updated = { ...config, paused };
      deps.settings.set(SETTINGS_KEY, configs().map((candidate) => (candidate.country === country ? updated : candidate)));
      if (paused) await stopWatch(country);
      else await startWatch(updated);
      activity.record({ action: 'watch.folderSaved', target: config.folder, detail: paused ? 'paused' : 'resumed' });
      emit();
      return statusOf(updated);
    },
    async start() {
      await journalNow();
      const uploads = await reconcile().catch((error: unknown) => {
        deps.logger.warn('Watched folder: reconciling after start failed', { message: String(error) });
        return [];
      });
      uploadsChanged(uploads);
      for (const config of configs()) await startWatch(config);
      // Nothing to announce when no folder is watched (the event reaches every window).
      if (configs().length > 0) emit();
    },
    uploadsChanged,
    async dispose() {
      disposed = true;
      for (const country of [...watches.keys()]) await stopWatch(country);
      await working;
      await saving;
      await activity.settled();
    },
  };
}

/** An upload that ended without an error of its own (an old journal's entry): what its end means. */
function endedWithoutError(state: UploadEntry['state']): ErrorReason {
  return state === 'rejected' ? reason('folders.itemEndedRefused') : reason('folders.itemEndedFailed');
}
