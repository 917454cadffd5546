/**
 * One run of a bulk download job: resolve the selection (once), download every document with
 * bounded concurrency (verify instead of fetching what a previous run wrote), then mark the
 * documents whose files are on disk as downloaded.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { isAppError, reason, type ErrorReason } from '../../../../shared/contract';
import { targetOfTempName, isDiskFull, type AtomicFileSystem } from '../../files/atomic-write';
import { createInThreadWriter, createWorkerWriter, type WriterThreads } from '../../files/worker-writer';
import type { Logger } from '../../ports';
import type { DocumentsApi } from '../api';
import { isSendableType } from '../paths';
import { detectSourceFormat, sourceExtension } from '../source-view';
import { folderNames, recordedFilesIntact, writeDocumentFiles, type FileToWrite } from './document-files';
import { templateNeedsRecord } from './file-names';
import { createDurableBatches } from './durability';
import { describeFailure, isCancellation, stopsTheJob, withRetries, type FileRetryPolicy } from './failures';
import type { Job, JobEntry } from './job';
import type { JobStore } from './job-store';
import { runPool } from './pool';
import { createWriteQueue } from './write-queue';
import { resolveFilter, resolveUuids } from './selection';

export interface RunDeps {
  api: DocumentsApi;
  store: JobStore;
  /** Writes go through worker threads unless a file system is injected (tests). */
  fileSystem?: AtomicFileSystem;
  /** The writer threads kept between jobs. */
  writerThreads?: WriterThreads;
  logger: Logger;
  retry: FileRetryPolicy;
  /** Something changed (throttled by the caller); `immediate` for state changes. */
  progress(job: Job, immediate: boolean): void;
  changed(job: Job, uuids: string[]): void;
}

/** Why the run is being stopped from outside. */
export type StopReason = 'cancel' | 'shutdown' | 'stop';

const MARK_BATCH = 100;
/** Documents whose files are flushed together; also bounds the files a writer keeps open until then. */
const PERSIST_BATCH = 100;
const FILE_EXTENSIONS = ['.xml', '.json', '.pdf'];
/**
 * How long a write waits for others to share its message to the writer thread. Each message wakes
 * the thread and its answer wakes this one: about a millisecond of processor time per round trip
 * on a virtual machine, which the service's side needs more than a file needs to be written 25 ms
 * sooner (docs/performance.md, "documents-bulk, ninth session"). The last writes go at once
 * (`finishing`).
 */
const WRITE_BATCH_DELAY_MS = 25;

export async function runJob(job: Job, deps: RunDeps, control: AbortController): Promise<void> {
  const { signal } = control;
  let stopError: unknown;
  const setState = async (state: Job['state'], message?: string, reasons: ErrorReason[] = []): Promise<void> => {
    job.state = state;
    if (message === undefined) delete job.message;
    else job.message = message;
    if (reasons.length === 0) delete job.reasons;
    else job.reasons = reasons;
    job.updatedAt = new Date().toISOString();
    deps.progress(job, true);
    await deps.store.saveNow(job);
  };

  try {
    if (!job.resolved) {
      // Chosen documents named by uuid need no listing: nothing to show or save before they run.
      const listsFirst = job.selection.kind === 'filter' || templateNeedsRecord(job.template);
      if (listsFirst) await setState('listing');
      const context = {
        api: deps.api,
        type: job.type,
        template: job.template,
        concurrency: job.concurrency,
        retry: deps.retry,
        signal,
        onProgress: (_found: number, total: number) => {
          job.total = total;
          deps.progress(job, false);
        },
      };
      job.entries = job.selection.kind === 'uuids' ? await resolveUuids(context, job.selection.uuids) : await resolveFilter(context, job.selection.filters);
      job.total = job.entries.length;
      job.resolved = true;
    }
    await removeLeftoverTemps(job, deps.logger);
    job.counts = { written: 0, skipped: 0, failed: 0, marked: job.counts.marked };
    for (const entry of job.entries) if (entry.state === 'failed') entry.state = 'pending';
    // Saved while the first documents download: should the app die first, a resume lists them again and keeps identical files.
    setState('running').catch(() => undefined);
    // The writer answers a batch at a time, a few milliseconds apart: enough writes must wait on it to keep the downloads going.
    const writes = createWriteQueue(48, 64);
    const writer = deps.fileSystem
      ? createInThreadWriter(deps.fileSystem)
      : createWorkerWriter({ batchDelayMs: WRITE_BATCH_DELAY_MS, ...(deps.writerThreads ? { threads: deps.writerThreads } : {}) });
    // Its thread starts while the first documents download.
    writer.warm();
    const mayExist = await folderNames(job.folder);
    const settle = (entry: JobEntry, outcome: { done: 'written' | 'skipped' } | { error: unknown }): void => {
      if ('done' in outcome) {
        entry.state = 'done';
        delete entry.error;
        job.counts[outcome.done] += 1;
      } else if (stopsTheJob(outcome.error)) {
        // Every other document would fail the same way: stop those under way too.
        stopError ??= outcome.error;
        control.abort('stop' satisfies StopReason);
      } else if (isCancellation(outcome.error, signal)) {
        // Left as it was: a resumed run picks it up.
      } else {
        entry.state = 'failed';
        entry.error = describeFailure(outcome.error);
        job.counts.failed += 1;
        deps.logger.warn('Bulk download: a document failed', { jobId: job.jobId, uuid: entry.uuid, code: entry.error.code });
      }
      job.updatedAt = new Date().toISOString();
      deps.store.schedule(job);
      deps.progress(job, false);
    };
    // A file not flushed to the disk may be incomplete there: remove it, and the document is not saved after all.
    const durable = createDurableBatches<{ entry: JobEntry; counted: 'written' | 'skipped' }>(
      writer,
      async ({ entry, counted }, error, unflushed) => {
        if (counted === 'skipped') {
          // Verified byte for byte and written by an earlier run: keep it, the next resume verifies it again.
          deps.logger.warn('Bulk download: a verified file could not be flushed', { jobId: job.jobId, uuid: entry.uuid, message: error.message });
          return;
        }
        await Promise.all(unflushed.map((filePath) => fs.rm(filePath, { force: true }).catch(() => undefined)));
        job.counts[counted] -= 1;
        entry.state = 'pending';
        entry.files = [];
        settle(entry, { error });
      },
      PERSIST_BATCH,
    );
    const saved = (entry: JobEntry, counted: 'written' | 'skipped'): void => {
      settle(entry, { done: counted });
      durable.add({ entry, counted }, entry.files.map((file) => path.join(job.folder, file.name)));
    };
    try {
      await runPool(job.entries.length, job.concurrency, signal, async (index) => {
        const entry = job.entries[index] as JobEntry;
        // A previous run wrote this document: check its files are intact rather than fetch them again.
        if (entry.state === 'done' && (await recordedFilesIntact(job.folder, entry.files))) return saved(entry, 'skipped');
        let files: FileToWrite[];
        try {
          files = await withRetries(() => fetchEntryFiles(job, entry, deps.api, signal), deps.retry, signal);
        } catch (error) {
          return settle(entry, { error });
        }
        await writes.submit(async () => {
          try {
            const result = await writeDocumentFiles(job.folder, files, writer, mayExist);
            entry.files = result.files;
            saved(entry, result.wrote ? 'written' : 'skipped');
          } catch (error) {
            settle(entry, { error });
          }
        });
      });
    } finally {
      // Nothing more to download: the files still to write need not wait for company.
      writer.finishing();
      await writes.drain();
      // Before anything is marked downloaded, and before the job says its files are saved.
      await durable.finish();
      await writer.close();
    }
  } catch (error) {
    if (stopError === undefined && !isCancellation(error, signal)) stopError = error;
  }

  const stopReason = signal.reason as StopReason | undefined;
  if (signal.aborted && stopReason === 'shutdown') {
    await setState('interrupted', 'The app was closed during the download; resume it to finish.', [reason('documents.jobInterrupted')]);
    return;
  }
  const mark = await markDownloaded(job, deps, setState);
  const markMessage = mark.message;
  const markReasons = mark.why ? [mark.why] : [];
  if (stopError !== undefined) await setState('failed', [stopMessage(job, stopError), markMessage].filter(Boolean).join(' '), [...stopReasons(job, stopError), ...markReasons]);
  else if (signal.aborted) await setState('cancelled', [`Cancelled: ${summary(job)}`, markMessage].filter(Boolean).join(' '), [reason('documents.jobCancelled'), savedReason(job), ...markReasons]);
  else await setState('done', markMessage || undefined, markReasons);
}

/** The document's source (and PDF when asked), with the file names they will get. */
async function fetchEntryFiles(job: Job, entry: JobEntry, api: DocumentsApi, signal: AbortSignal): Promise<FileToWrite[]> {
  const source = await api.source(job.type, entry.uuid, { signal, retry: false });
  const files: FileToWrite[] = [{ name: entry.name + sourceExtension(detectSourceFormat(source.contentType, source.bytes)), bytes: source.bytes }];
  if (job.includePdf && isSendableType(job.type)) {
    files.push({ name: `${entry.name}.pdf`, bytes: await api.print(job.type, entry.uuid, { signal, retry: false }) });
  }
  return files;
}

/** Marks (in batches) the documents whose files were written or verified; returns a message when it failed. */
async function markDownloaded(job: Job, deps: RunDeps, setState: (state: Job['state']) => Promise<void>): Promise<{ message: string; why?: ErrorReason }> {
  if (!job.markDownloaded || !isSendableType(job.type)) return { message: '' };
  const toMark = job.entries.filter((entry) => entry.state === 'done' && !entry.marked);
  if (toMark.length === 0) return { message: '' };
  // Saved beside the marks rather than before them: after a crash now, a resume finds the files on disk either way.
  setState('marking').catch(() => undefined);
  const marked: string[] = [];
  let message = '';
  let why: ErrorReason | undefined;
  for (let start = 0; start < toMark.length; start += MARK_BATCH) {
    const batch = toMark.slice(start, start + MARK_BATCH);
    try {
      await deps.api.markDownloaded(job.type, batch.map((entry) => entry.uuid), true);
    } catch (error) {
      message = `The files are saved, but marking ${toMark.length - marked.length} document(s) as downloaded failed: ${describeFailure(error).message}`;
      why = reason('documents.jobMarkFailed', { total: toMark.length - marked.length });
      break;
    }
    for (const entry of batch) {
      entry.marked = true;
      marked.push(entry.uuid);
    }
    job.counts.marked = job.entries.filter((entry) => entry.marked).length;
    deps.progress(job, false);
  }
  if (marked.length > 0) deps.changed(job, marked);
  return why ? { message, why } : { message };
}

function summary(job: Job): string {
  const kept = job.entries.filter((entry) => entry.state === 'done').length;
  return `${kept} of ${job.entries.length} document(s) are saved in ${job.folder}; resume to download the rest.`;
}

function savedReason(job: Job): ErrorReason {
  return reason('documents.jobSaved', { kept: job.entries.filter((entry) => entry.state === 'done').length, total: job.entries.length, path: job.folder });
}

/** The stop in the user's words: why, what the failure itself said, and what is saved. */
function stopReasons(job: Job, error: unknown): ErrorReason[] {
  const saved = job.resolved ? [savedReason(job)] : [];
  if (isDiskFull(error)) return [reason('documents.jobDiskFull'), ...saved];
  if (isAppError(error) && error.code === 'unauthorized') return [reason('documents.jobSignedOut'), ...saved];
  const cause = describeFailure(error).userMessage;
  const head = isAppError(error) && error.code === 'forbidden' ? reason('documents.jobForbidden') : reason('documents.jobStopped');
  return [head, ...(cause ? [cause] : []), ...saved];
}

function stopMessage(job: Job, error: unknown): string {
  if (isDiskFull(error)) {
    return `The disk is full: the download stopped. ${summary(job)} No partial files were left; free some space, then resume.`;
  }
  if (isAppError(error) && error.code === 'unauthorized') return `Your session ended, so the download stopped. Sign in again, then resume. ${summary(job)}`;
  if (isAppError(error) && error.code === 'forbidden') return `The service refused access to these documents: ${error.message}`;
  return `The download stopped: ${describeFailure(error).message} ${job.resolved ? summary(job) : ''}`.trim();
}

/** Temp files of this job's names left by a crash (never anybody else's files). */
async function removeLeftoverTemps(job: Job, logger: Logger): Promise<void> {
  let names: string[];
  try {
    names = await fs.readdir(job.folder);
  } catch {
    return;
  }
  const ours = new Set(job.entries.flatMap((entry) => FILE_EXTENSIONS.map((extension) => entry.name + extension)));
  for (const name of names) {
    const target = targetOfTempName(name);
    if (target === undefined || !ours.has(target)) continue;
    await fs.rm(path.join(job.folder, name), { force: true }).catch((error: unknown) => {
      logger.warn('Bulk download: a leftover temp file could not be removed', { name, message: String(error) });
    });
  }
}
