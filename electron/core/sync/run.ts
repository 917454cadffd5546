/**
 * One run of a sync rule: list what is new since the rule's watermark (one request per type when
 * nothing is), journal it and download it page by page while the rest is listed (verified,
 * atomic, durable before it counts as saved), then mark it downloaded if the rule says so.
 * Documents that failed stay pending for the next run.
 */
import { setMaxListeners } from 'node:events';
import fs from 'node:fs/promises';
import path from 'node:path';
import { AppError, because, isAppError, reason, type DocumentFilters, type DocumentRecord, type DocumentType, type ErrorReason, type SyncRule, type SyncRunCounts } from '../../../shared/contract';
import { baseNameFor, EXTENSION_ROOM, MAX_FILE_NAME, sanitizeFileName, truncateName } from '../../../shared/documents/file-name-template';
import type { DocumentsApi } from '../documents/api';
import { folderNames, writeDocumentFiles, type FileToWrite } from '../documents/bulk/document-files';
import { describeFailure, isCancellation, stopsTheJob } from '../documents/bulk/failures';
import { createWriteQueue } from '../documents/bulk/write-queue';
import { isSendableType } from '../documents/paths';
import { detectSourceFormat, sourceExtension } from '../documents/source-view';
import { errnoOf, fileError, isDiskFull, nodeAtomicFileSystem, targetOfTempName, tempNameFor, type AtomicFileSystem } from '../files/atomic-write';
import { createInThreadWriter, createWorkerWriter, type WriterThreads } from '../files/worker-writer';
import type { JournalStore, SyncJournal, SyncJournalEntry } from './journal';

const PAGE_SIZE = 30;
const MARK_BATCH = 100;
const PERSIST_BATCH = 100;
/** Nobody watches a sync file by file: its writes gather longer (see createWorkerWriter). */
const WRITE_BATCH_DELAY_MS = 25;
const EXTENSIONS = ['.xml', '.json', '.pdf', '.meta.json'];
/** The name of the file written and removed to learn whether the folder takes files. */
const WRITE_PROBE = '.ledgerdesk-write-check';

/** A document to download: its id, its journal entry, and the journal's mark its files wait for. */
type Listed = [uuid: string, entry: SyncJournalEntry, journaled: number];

export interface SyncRunDeps {
  api: DocumentsApi;
  journals: JournalStore;
  writerThreads?: WriterThreads;
  /** Tests inject a failing file system (disk full, read-only): the folder check and the writes go through it. */
  fileSystem?: AtomicFileSystem;
  concurrency?: number;
  signal: AbortSignal;
}

export interface SyncRunResult {
  counts: SyncRunCounts;
  /** Documents whose files were written for the first time this run. */
  newRecords: DocumentRecord[];
  failures: Array<{ type: DocumentType; uuid: string; number: string; message: string; reason?: ErrorReason }>;
  pending: number;
  totalWritten: number;
}

export async function checkSyncFolder(folder: string, fileSystem: AtomicFileSystem = nodeAtomicFileSystem): Promise<void> {
  let stats;
  try {
    stats = await fs.stat(folder);
  } catch {
    throw new AppError('file', `The folder ${folder} is not there any more (moved, renamed, or on a drive that is not connected). Reconnect it or choose the folder again.`, {
      details: because(reason('folders.syncGone', { path: folder }), { path: folder, errno: 'ENOENT' }),
    });
  }
  if (!stats.isDirectory()) throw new AppError('file', `${folder} is a file, not a folder. Choose a folder for this rule.`, {
      details: because(reason('folders.syncIsFile', { path: folder }), { path: folder, errno: 'ENOTDIR' }),
    });
  // A file really written and removed: permission bits say nothing for an administrator, a read-only disk or a full one.
  const probe = path.join(folder, tempNameFor(WRITE_PROBE));
  try {
    const file = await fileSystem.createNew(probe);
    await file.close();
  } catch (error) {
    await fileSystem.remove(probe).catch(() => undefined);
    throw folderNotWritable(folder, error);
  }
  await fileSystem.remove(probe).catch(() => undefined);
}

function folderNotWritable(folder: string, error: unknown): AppError {
  const errno = errnoOf(error);
  const details = { path: folder, ...(errno ? { errno } : {}) };
  if (errno === 'EROFS') return new AppError('file', `${folder} is on a read-only disk: the app cannot save documents there. Make it writable or choose another folder.`, { details: because(reason('folders.syncReadOnly', { path: folder }), details), cause: error });
  if (errno === 'EACCES' || errno === 'EPERM') return new AppError('file', `The app is not allowed to write in ${folder} (no permission). Make it writable or choose another folder.`, { details: because(reason('folders.syncDenied', { path: folder }), details), cause: error });
  if (isDiskFull(error)) return new AppError('file', `The disk of ${folder} is full: there is no space left to save documents. Free some space; the rule goes on where it stopped.`, { details: because(reason('folders.syncDiskFull', { path: folder }), details), cause: error });
  return fileError(error, folder);
}

export async function runSyncRule(rule: SyncRule, deps: SyncRunDeps): Promise<SyncRunResult> {
  const { api, signal } = deps;
  await checkSyncFolder(rule.folder, deps.fileSystem);
  const opened = await deps.journals.open(rule.id, rule.folder);
  const journal = opened.state;
  const counts: SyncRunCounts = { written: 0, skipped: 0, failed: 0, marked: 0, listRequests: 0 };
  const failures: SyncRunResult['failures'] = [];
  const newRecords: DocumentRecord[] = [];
  const onDisk = await folderNames(rule.folder);
  const taken = new Set(Object.values(journal.entries).map((entry) => entry.name.toLowerCase()));
  await removeLeftoverTemps(rule.folder, journal);

  const writer = deps.fileSystem ? createInThreadWriter(deps.fileSystem) : createWorkerWriter({ batchDelayMs: WRITE_BATCH_DELAY_MS, ...(deps.writerThreads ? { threads: deps.writerThreads } : {}) });
  let stopError: unknown;
  try {
    // Documents left pending by an earlier run first, then each page of the listing as soon as it is journaled.
    const queue: Listed[] = Object.entries(journal.entries)
      .filter(([, entry]) => entry.state === 'pending')
      .map(([uuid, entry]) => [uuid, entry, 0]);
    if (queue.length > 0) writer.warm();
    let handedOut = 0;
    let listing = true;
    const waiting: Array<() => void> = [];
    const wake = (): void => {
      for (const resolve of waiting.splice(0)) resolve();
    };
    let batch: Array<{ uuid: string; entry: SyncJournalEntry; files: FileToWrite[]; written: Awaited<ReturnType<typeof writeDocumentFiles>> }> = [];
    let persisting: Promise<void> = Promise.resolve();
    const persist = (): Promise<void> => {
      const items = batch;
      batch = [];
      persisting = persisting.then(async () => {
        if (items.length === 0) return;
        const unflushed = await writer.persist(items.flatMap((item) => item.written.files.map((file) => path.join(rule.folder, file.name))));
        for (const item of items) {
          const failed = item.written.files.find((file) => unflushed.has(path.join(rule.folder, file.name)));
          if (failed) {
            fail(item.uuid, item.entry, unflushed.get(path.join(rule.folder, failed.name)));
            continue;
          }
          const record = item.entry.record;
          opened.done(item.uuid, item.written.files, item.written.wrote);
          if (item.written.wrote) {
            counts.written += 1;
            if (record) newRecords.push(record);
          } else counts.skipped += 1;
        }
        await opened.flush();
      });
      return persisting;
    };
    const fail = (uuid: string, entry: SyncJournalEntry, error: unknown): void => {
      const failure = describeFailure(error);
      counts.failed += 1;
      if (failures.length < 20) failures.push({ type: entry.type, uuid, number: entry.record?.number ?? '', message: failure.message, ...(failure.userMessage ? { reason: failure.userMessage } : {}) });
    };
    // Writes run beside the downloads (the writer answers a batch at a time): a download does not wait for its write.
    const writes = createWriteQueue(48, 64);
    const control = new AbortController();
    const stop = (error: unknown): void => {
      stopError ??= error;
      control.abort();
      wake();
    };
    const both = AbortSignal.any([signal, control.signal]);
    // One listener per request under way, and the pool's: more than Node's default warning threshold.
    setMaxListeners(64, signal, both);

    const download = async (uuid: string, entry: SyncJournalEntry, journaled: number): Promise<void> => {
      let files: FileToWrite[];
      try {
        files = await fetchFiles(rule, uuid, entry, api, signal);
      } catch (error) {
        if (isCancellation(error, signal) || stopsTheJob(error)) return stop(error);
        return fail(uuid, entry, error);
      }
      try {
        // No file before the journal line that names it is durable (a crash would leave it unknown, and the next run would save it twice).
        await opened.durable(journaled);
      } catch (error) {
        return stop(error);
      }
      await writes.submit(async () => {
        try {
          const written = await writeDocumentFiles(rule.folder, files, writer, onDisk);
          batch.push({ uuid, entry, files, written });
          if (batch.length >= PERSIST_BATCH) persist().catch(() => undefined);
        } catch (error) {
          if (stopsTheJob(error)) stop(error);
          else fail(uuid, entry, error);
        }
      });
    };
    const downloader = async (): Promise<void> => {
      while (!both.aborted) {
        const next = queue[handedOut];
        if (next) {
          handedOut += 1;
          await download(...next);
        } else if (listing) await new Promise<void>((resolve) => waiting.push(resolve));
        else return;
      }
    };
    // The listing takes one of the `concurrency` places, and downloads with it once every type is listed.
    const lister = async (): Promise<void> => {
      try {
        for (const type of rule.types) await listNew(type, both, (added) => {
          // A thread to write with starts while the first documents download (an unchanged inbox starts none).
          writer.warm();
          queue.push(...added);
          wake();
        });
      } catch (error) {
        stop(error);
      } finally {
        listing = false;
        wake();
      }
      await downloader();
    };
    const concurrency = Math.max(1, deps.concurrency ?? 6);
    await Promise.all([lister(), ...Array.from({ length: concurrency - 1 }, downloader)]).catch((error: unknown) => {
      stopError ??= error;
    });
    await writes.drain();
    await persist();
  } finally {
    await writer.close();
  }
  if (stopError !== undefined) {
    await opened.flush();
    throw stopError;
  }
  if (rule.markDownloaded) await markDownloaded();
  await opened.flush();
  return {
    counts,
    newRecords,
    failures,
    pending: Object.values(journal.entries).filter((entry) => entry.state === 'pending').length,
    totalWritten: journal.totalWritten,
  };

  /**
   * Lists what is new of one type, page by page. Each page's new documents are journaled (their
   * names taken) and handed to the downloaders at once, with the journal's mark that their files
   * wait for; the watermark moves only once the whole type is listed.
   */
  async function listNew(type: DocumentType, stopped: AbortSignal, handOut: (added: Listed[]) => void): Promise<void> {
    const watermark = journal.watermarks[type];
    const filters: DocumentFilters = {
      ...rule.filters,
      ...(rule.direction !== 'both' ? { direction: rule.direction } : {}),
      ...(watermark ? { createdAt: { after: watermark } } : {}),
      sort: { field: 'createdAt', order: 'asc' },
    };
    let newest = watermark;
    const seen = new Set<string>();
    for (let page = 1; !stopped.aborted; page += 1) {
      const result = await api.list(type, filters, page, PAGE_SIZE, { signal });
      counts.listRequests += 1;
      const added: Array<[string, SyncJournalEntry]> = [];
      for (const record of result.items) {
        if (!newest || record.createdAt > newest) newest = record.createdAt;
        if (journal.entries[record.uuid] || seen.has(record.uuid)) continue;
        seen.add(record.uuid);
        added.push([record.uuid, { type, name: uniqueName(record), state: 'pending', files: [], marked: false, record }]);
      }
      if (added.length > 0) {
        opened.listed(type, added, undefined);
        const mark = opened.mark();
        handOut(added.map(([uuid, entry]) => [uuid, entry, mark]));
      }
      if (result.items.length < PAGE_SIZE || page * PAGE_SIZE >= result.totalItems) break;
    }
    // Everything up to here is journaled: the next listing starts past it.
    if (!stopped.aborted) opened.listed(type, [], newest);
  }

  /** The template's name, or with `_<uuid>` when the rule or somebody else already uses it in the folder. */
  function uniqueName(record: DocumentRecord): string {
    const base = baseNameFor(rule.template, record);
    const clash = (name: string): boolean => taken.has(name.toLowerCase()) || EXTENSIONS.some((extension) => onDisk(name + extension));
    let name = base;
    if (clash(name)) {
      const suffix = `_${sanitizeFileName(record.uuid, 100)}`;
      name = `${truncateName(base, MAX_FILE_NAME - EXTENSION_ROOM - suffix.length).replace(/[. ]+$/, '')}${suffix}`;
    }
    taken.add(name.toLowerCase());
    return name;
  }

  async function markDownloaded(): Promise<void> {
    for (const type of rule.types) {
      if (!isSendableType(type)) continue;
      const toMark = Object.entries(journal.entries).filter(([, entry]) => entry.type === type && entry.state === 'done' && !entry.marked);
      for (let start = 0; start < toMark.length; start += MARK_BATCH) {
        const slice = toMark.slice(start, start + MARK_BATCH);
        try {
          await api.markDownloaded(type, slice.map(([uuid]) => uuid), true, { signal });
        } catch (error) {
          if (isAppError(error) && error.code === 'cancelled') throw error;
          // The files are on disk; marking is tried again on the next run.
          if (failures.length < 20) failures.push({
              type,
              uuid: '',
              number: '',
              message: `Saved, but marking ${toMark.length - start} as downloaded failed: ${describeFailure(error).message}`,
              reason: reason('folders.syncMarkFailed', { total: toMark.length - start }),
            });
          return;
        }
        opened.marked(slice.map(([uuid]) => uuid));
        counts.marked += slice.length;
      }
    }
  }
}

async function fetchFiles(rule: SyncRule, uuid: string, entry: SyncJournalEntry, api: DocumentsApi, signal: AbortSignal): Promise<FileToWrite[]> {
  const source = await api.source(entry.type, uuid, { signal });
  const files: FileToWrite[] = [{ name: entry.name + sourceExtension(detectSourceFormat(source.contentType, source.bytes)), bytes: source.bytes }];
  if (rule.writePdf && isSendableType(entry.type)) files.push({ name: `${entry.name}.pdf`, bytes: await api.print(entry.type, uuid, { signal }) });
  if (rule.writeMetadata) {
    const record = entry.record ?? (await api.get(entry.type, uuid, { signal }));
    files.push({ name: `${entry.name}.meta.json`, bytes: Buffer.from(`${JSON.stringify(record, null, 2)}\n`, 'utf8') });
  }
  return files;
}

/** Temp files of this rule's documents left by a kill mid-write (never anybody else's files). */
async function removeLeftoverTemps(folder: string, journal: SyncJournal): Promise<void> {
  const ours = new Set([WRITE_PROBE, ...Object.values(journal.entries).flatMap((entry) => EXTENSIONS.map((extension) => entry.name + extension))]);
  for (const name of await fs.readdir(folder)) {
    const target = targetOfTempName(name);
    if (target !== undefined && ours.has(target)) await fs.rm(path.join(folder, name), { force: true }).catch(() => undefined);
  }
}

export type { SyncJournal };
