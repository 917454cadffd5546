/**
 * The bulk downloads of the core: start, cancel, resume, list. Jobs are persisted; on start-up,
 * jobs a crash left half-done show as `interrupted` and can be resumed.
 */
import crypto from 'node:crypto';
import path from 'node:path';
import { setMaxListeners } from 'node:events';
import { AppError, because, reason, type BulkDownloadProgress, type ChannelParsedInput } from '../../../../shared/contract';
import type { CoreEvents } from '../../events';
import type { AtomicFileSystem } from '../../files/atomic-write';
import { ensureWritableFolder } from '../../files/folders';
import { createWriterThreads } from '../../files/worker-writer';
import type { Logger } from '../../ports';
import type { DocumentsApi } from '../api';
import { documentTypeWords, isSendableType } from '../paths';
import { defaultFileRetry, type FileRetryPolicy } from './failures';
import { checkTemplate } from './file-names';
import { activeStates, progressOf, type Job } from './job';
import { createJobStore, type JobStore } from './job-store';
import { createThrottle, type Throttle } from './progress';
import { runJob, type StopReason } from './run';

/** The channel's input with its destination resolved (a granted handle or a typed path → the folder) by the handler. */
export type BulkDownloadRequest = Omit<ChannelParsedInput<'documents.bulkDownload'>, 'folder'> & { folder: string };

export interface BulkDownloadsDeps {
  api: DocumentsApi;
  events: CoreEvents;
  logger: Logger;
  userDataDir: string;
  /** Checked before a job starts, so a signed-out user gets `unauthorized` at once. */
  token: () => string;
  fileSystem?: AtomicFileSystem;
  retry?: Partial<FileRetryPolicy>;
  progressIntervalMs?: number;
  persistIntervalMs?: number;
}

export interface BulkDownloads {
  start(request: BulkDownloadRequest): Promise<{ jobId: string }>;
  cancel(jobId: string): Promise<{ cancelled: boolean }>;
  resume(jobId: string): Promise<{ jobId: string }>;
  jobs(): Promise<BulkDownloadProgress[]>;
  /** Resolves when the job's current run has ended (at once when it is not running). */
  whenSettled(jobId: string): Promise<BulkDownloadProgress>;
  /** Stops running jobs so they show as `interrupted` next time, and saves everything. */
  dispose(): Promise<void>;
}

interface Running {
  control: AbortController;
  done: Promise<void>;
  throttle: Throttle;
}

export function createBulkDownloads(deps: BulkDownloadsDeps): BulkDownloads {
  const { logger, events } = deps;
  const retry: FileRetryPolicy = { ...defaultFileRetry, ...deps.retry };
  const store: JobStore = createJobStore({ dir: path.join(deps.userDataDir, 'bulk-downloads'), logger, ...(deps.persistIntervalMs ? { minIntervalMs: deps.persistIntervalMs } : {}) });
  const jobs = new Map<string, Job>();
  const running = new Map<string, Running>();
  let disposed = false;
  const writerThreads = createWriterThreads();

  const ready = (async () => {
    for (const job of await store.loadAll()) {
      if (activeStates.has(job.state)) {
        job.state = 'interrupted';
        job.message = 'The download did not finish (the app was closed or stopped); resume it to continue.';
        job.reasons = [reason('documents.jobInterrupted')];
        await store.saveNow(job).catch(() => undefined);
      }
      jobs.set(job.jobId, job);
    }
  })().catch((error: unknown) => {
    logger.error('Bulk download jobs could not be loaded', { message: error instanceof Error ? error.message : String(error) });
  });

  const emitProgress = (job: Job): void => {
    job.updatedAt = new Date().toISOString();
    events.emit('bulkDownload.progress', progressOf(job));
  };

  function launch(job: Job): void {
    const control = new AbortController();
    // Every request and body of the run listens to it (up to the job's concurrency, twice over).
    setMaxListeners(100, control.signal);
    const throttle = createThrottle(() => emitProgress(job), deps.progressIntervalMs ?? 100);
    const done = runJob(job, {
      api: deps.api,
      store,
      ...(deps.fileSystem ? { fileSystem: deps.fileSystem } : {}),
      writerThreads,
      logger,
      retry,
      progress: (_job, immediate) => (immediate ? throttle.flush() : throttle.poke()),
      // Only marking reports changes from a run: the rows read "downloaded" as soon as it is so.
      changed: (changedJob, uuids) => events.emit('documents.changed', { type: changedJob.type, uuids, downloaded: true }),
    }, control)
      .catch((error: unknown) => {
        logger.error('A bulk download ended unexpectedly', { jobId: job.jobId, message: error instanceof Error ? error.message : String(error) });
        job.state = 'failed';
        job.message = 'The download stopped because of an unexpected error; the details are in the log. Resume it to try again.';
        job.reasons = [reason('documents.jobUnexpected')];
        return store.saveNow(job).catch(() => undefined);
      })
      .finally(() => {
        throttle.flush();
        throttle.dispose();
        running.delete(job.jobId);
      });
    running.set(job.jobId, { control, done, throttle });
  }

  const known = async (jobId: string): Promise<Job> => {
    await ready;
    const job = jobs.get(jobId);
    if (!job) throw new AppError('not_found', `There is no bulk download with the id "${jobId}".`, { details: because(reason('documents.bulkUnknown')) });
    return job;
  };

  const refuseWhenDisposed = (): void => {
    if (disposed) throw new AppError('unavailable', 'The app is shutting down.', { details: because(reason('documents.shuttingDown')) });
  };

  return {
    async start(request) {
      refuseWhenDisposed();
      await ready;
      checkTemplate(request.template);
      if (request.includePdf && !isSendableType(request.type)) {
        throw new AppError('validation', `PDFs exist for invoices and credit notes only; turn "include PDF" off to download ${documentTypeWords[request.type]}s.`, {
          details: because(reason('documents.pdfOnlyInvoices')),
        });
      }
      const folder = await ensureWritableFolder(request.folder, { create: true });
      deps.token();
      const now = new Date().toISOString();
      const job: Job = {
        version: 1,
        jobId: crypto.randomUUID(),
        type: request.type,
        folder,
        template: request.template,
        includePdf: request.includePdf,
        markDownloaded: request.markDownloaded,
        concurrency: request.concurrency,
        selection: request.selection,
        resolved: false,
        total: request.selection.kind === 'uuids' ? new Set(request.selection.uuids).size : 0,
        state: 'listing',
        counts: { written: 0, skipped: 0, failed: 0, marked: 0 },
        startedAt: now,
        updatedAt: now,
        entries: [],
      };
      await store.saveNow(job);
      jobs.set(job.jobId, job);
      launch(job);
      return { jobId: job.jobId };
    },

    async cancel(jobId) {
      const job = await known(jobId);
      const run = running.get(jobId);
      // A run that has reported its end is only tidying up.
      if (!run || !activeStates.has(job.state)) return { cancelled: false };
      run.control.abort('cancel' satisfies StopReason);
      return { cancelled: true };
    },

    async resume(jobId) {
      refuseWhenDisposed();
      const job = await known(jobId);
      const previous = running.get(jobId);
      if (previous && activeStates.has(job.state)) throw new AppError('conflict', 'This download is already running.', { details: because(reason('documents.bulkRunning')) });
      await previous?.done;
      if (running.has(jobId)) throw new AppError('conflict', 'This download is already running.', { details: because(reason('documents.bulkRunning')) });
      await ensureWritableFolder(job.folder, { create: true });
      deps.token();
      launch(job);
      return { jobId };
    },

    async jobs() {
      await ready;
      return [...jobs.values()].map(progressOf).sort((a, b) => b.startedAt.localeCompare(a.startedAt));
    },

    async whenSettled(jobId) {
      const job = await known(jobId);
      await running.get(jobId)?.done;
      return progressOf(job);
    },

    async dispose() {
      disposed = true;
      await ready;
      const runs = [...running.values()];
      for (const run of runs) run.control.abort('shutdown' satisfies StopReason);
      await Promise.all(runs.map((run) => run.done));
      await Promise.all([store.flush(), writerThreads.dispose()]);
    },
  };
}
