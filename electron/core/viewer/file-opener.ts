/**
 * Opens files for the viewer in a worker thread (files/threads/file-opener.worker.ts), so that
 * unpacking and parsing an untrusted file never holds the core's event loop: other calls keep being
 * answered while it works. The thread has a heap limit of its own and a time limit; a file that
 * passes either stops the thread (it is replaced for the next file) and is refused with that reason.
 * One file at a time; the others wait their turn.
 */
import type { Worker } from 'node:worker_threads';
import { AppError, because, reason, type Environment, type ErrorCode } from '../../../shared/contract';
import type { SourceFormat } from '../documents/source-view';
import type { OpenerRequest, OpenerResponse, OpenerTask, SourceReading } from '../files/threads/file-opener-protocol';
import { startThread } from '../files/threads/thread-entry';
import type { OpenedFile } from './open';

export const OPEN_TIME_LIMIT_MS = 60_000;
/** The thread's V8 heap: the limits of open.ts keep well-formed work far below it. */
export const OPENER_HEAP_MB = 512;

export interface FileOpener {
  /** `environment`: which KSeF system a KSeF invoice's verification code points to. */
  open(name: string, bytes: Uint8Array, destinationId?: string, environment?: Environment): Promise<OpenedFile>;
  /** A document source of the inbox: its pretty form and/or its parse (`name` words a refusal). */
  readSource(name: string, text: string, format: SourceFormat, wanted: { pretty?: boolean; parse?: boolean }): Promise<SourceReading>;
  close(): Promise<void>;
}

interface Job {
  name: string;
  request: OpenerTask;
  resolve(answer: OpenerResponse & { ok: true }): void;
  reject(error: Error): void;
}

export function createThreadFileOpener(options: { timeoutMs?: number; heapMb?: number; start?: () => Worker } = {}): FileOpener {
  const timeoutMs = options.timeoutMs ?? OPEN_TIME_LIMIT_MS;
  const start = options.start ?? (() => startThread('file-opener', { resourceLimits: { maxOldGenerationSizeMb: options.heapMb ?? OPENER_HEAP_MB } }));
  const queue: Job[] = [];
  let worker: Worker | undefined;
  let current: { id: number; job: Job; timer: NodeJS.Timeout } | undefined;
  let nextId = 1;
  let closed = false;

  const stopWorker = (): void => {
    const stopping = worker;
    worker = undefined;
    void stopping?.terminate();
  };

  const finish = (outcome: (job: Job) => void): void => {
    if (!current) return;
    const { job, timer } = current;
    clearTimeout(timer);
    current = undefined;
    outcome(job);
    pump();
  };

  const ensureWorker = (): Worker => {
    if (worker) return worker;
    const started = start();
    worker = started;
    started.on('message', (response: OpenerResponse) => {
      if (!current || response.id !== current.id) return;
      finish((job) => (response.ok ? job.resolve(response) : job.reject(new AppError(response.error.code as ErrorCode, response.error.message, response.error.details !== undefined ? { details: response.error.details } : {}))));
    });
    // Out of memory, a crash: the file it was opening is refused; the next one gets a new thread.
    const ended = (): void => {
      if (worker !== started) return;
      worker = undefined;
      finish((job) => job.reject(openFailed(job.name)));
    };
    started.on('error', ended);
    started.on('exit', ended);
    return started;
  };

  const pump = (): void => {
    if (current || closed) {
      if (!current) worker?.unref();
      return;
    }
    const job = queue.shift();
    if (!job) {
      worker?.unref();
      return;
    }
    const target = ensureWorker();
    target.ref();
    const id = nextId++;
    const timer = setTimeout(() => {
      stopWorker();
      finish((stopped) => stopped.reject(timedOut(stopped.name, timeoutMs)));
    }, timeoutMs);
    current = { id, job, timer };
    target.postMessage({ id, ...job.request } as OpenerRequest);
  };

  const run = (name: string, request: OpenerTask): Promise<OpenerResponse & { ok: true }> => {
    if (closed) return Promise.reject(new AppError('unavailable', 'The viewer is closed.', { details: because(reason('viewer.closed')) }));
    return new Promise((resolve, reject) => {
      queue.push({ name, request, resolve, reject });
      pump();
    });
  };

  return {
    async open(name, bytes, destinationId, environment = 'sandbox') {
      const answer = await run(name, { kind: 'open', name, bytes, environment, ...(destinationId !== undefined ? { destinationId } : {}) });
      if (!answer.file) throw new AppError('internal', `The file-opening thread gave no file for ${name}.`);
      return answer.file;
    },
    async readSource(name, text, format, wanted) {
      const answer = await run(name, { kind: 'source', text, format, pretty: wanted.pretty === true, parse: wanted.parse === true });
      return answer.source ?? {};
    },
    async close() {
      closed = true;
      const closing = new AppError('unavailable', 'The viewer is closed.', { details: because(reason('viewer.closed')) });
      for (const job of queue.splice(0)) job.reject(closing);
      if (current) finish((job) => job.reject(closing));
      const stopping = worker;
      worker = undefined;
      await stopping?.terminate();
    },
  };
}

function timedOut(name: string, timeoutMs: number): AppError {
  const seconds = Math.max(1, Math.round(timeoutMs / 1000));
  return new AppError('timeout', `Opening ${name} took longer than ${seconds} s and was stopped.`, { details: because(reason('viewer.openTimeout', { name, seconds })) });
}

function openFailed(name: string): AppError {
  return new AppError('too_large', `${name} needs more memory than the viewer allows, so it was not opened.`, { details: because(reason('viewer.openFailed', { name })) });
}
