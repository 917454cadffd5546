/**
 * Atomic file writes (temp + rename, temp removed on failure) done by worker threads
 * (`threads/atomic-writer.worker.ts`) with synchronous calls, for bulk downloads and inbox sync,
 * where thousands of small files are written while the downloads go on.
 *
 * What makes it cheap: writes requested within a few milliseconds travel to a worker as one
 * message and come back as one (waking another thread costs about as much as writing a small
 * file, more on a virtual machine); a
 * second worker (up to `maxThreads`) starts only when the busy ones wait on the disk, as on a slow
 * or network disk (`shouldAddThread`): starting a thread costs a fifth of a second of CPU, which
 * a busy processor cannot spare; a worker starts once per writer, not per file.
 *
 * Each file is flushed (fdatasync) before its rename, in the worker: the main thread never waits
 * for the disk, and when flushes are slow (a real disk's journal commit per call) the queue grows,
 * more workers start, and their flushes run side by side and share commits. `persist` then only
 * flushes the folders' entries (the renames), and files this writer did not write.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Worker } from 'node:worker_threads';
import { AppError, because, reason } from '../../../shared/contract';
import { fileError, nodeAtomicFileSystem, syncFiles, syncFolders, writeFileAtomic, type AtomicFileSystem } from './atomic-write';
import { sha256Hex } from './sha256';
import type { WriteBatch, WriteBatchResult, WriteItem, WriteResult } from './threads/atomic-writer-protocol';
import { startThread } from './threads/thread-entry';

export interface AtomicWriter {
  /**
   * Resolves, with the bytes' SHA-256 (hex), once the whole file is under its name (readers never
   * see part of it); durable only once `persist` says so.
   */
  write(target: string, bytes: Uint8Array): Promise<{ sha256: string }>;
  /** Makes written files durable (data, then folder entries); returns those that failed, with why. */
  persist(targets: readonly string[]): Promise<Map<string, AppError>>;
  /** Writes are coming: start what they need now (a thread) rather than at the first one. */
  warm(): void;
  /**
   * The writes still to come are the last few (the downloads are done): the waiting ones go now,
   * and each later one without waiting for others to share its message.
   */
  finishing(): void;
  close(): Promise<void>;
}

/** Writes on the main thread through `fileSystem` (tests inject failing ones). */
export function createInThreadWriter(fileSystem: AtomicFileSystem = nodeAtomicFileSystem): AtomicWriter {
  return {
    async write(target, bytes) {
      await writeFileAtomic(target, bytes, fileSystem, { durable: false });
      return { sha256: sha256Hex(bytes) };
    },
    persist: (targets) => syncFiles(targets, fileSystem),
    warm: () => undefined,
    finishing: () => undefined,
    close: () => Promise.resolve(),
  };
}

interface QueuedWrite {
  target: string;
  bytes: Uint8Array;
  resolve: (result: { sha256: string }) => void;
  reject: (error: unknown) => void;
}

interface Slot {
  worker: Worker;
  /** Removes this writer's listeners, so that the thread can serve another writer. */
  detach(): void;
  online: boolean;
  alive: boolean;
  /** Batches sent and not answered yet, with when each was sent. */
  batches: Map<number, { entries: QueuedWrite[]; sentAt: number }>;
  /** The last answered batch: its time in the thread, and the part spent waiting for the disk's flush. */
  last?: { busyMs: number; flushMs: number };
}


/** How long a write waits for others to share its message, and how many share one at most. */
const BATCH_DELAY_MS = 4;
const BATCH_MAX = 32;
/** A batch in a worker for this long, in a thread that waits on the disk, means the disk is slow: another worker may help. */
const SLOW_BATCH_MS = 25;

/**
 * Whether one more thread would help: every busy thread has had a batch under way for a while
 * AND its last answered batch spent at least half its time waiting for the disk to flush (a slow
 * or network disk, where flushes side by side share the wait). A batch that is slow because the
 * processor is busy (other programs, the downloads) is not helped by a thread that costs more
 * processor time to start.
 */
export function shouldAddThread(threads: ReadonlyArray<{ oldestSentAt: number; last?: { busyMs: number; flushMs: number } }>, now: number): boolean {
  // No thread at all: one is needed.
  return threads.every(({ oldestSentAt, last }) => now - oldestSentAt >= SLOW_BATCH_MS && last !== undefined && last.flushMs * 2 >= last.busyMs);
}

/**
 * The batch's bytes packed into one new buffer that is moved to the worker, not copied again by
 * the message (cloning a message's typed arrays is slow, and would copy a view's whole backing buffer).
 */
function packBatch(entries: readonly QueuedWrite[]): { buffer: ArrayBuffer; items: WriteItem[] } {
  const total = entries.reduce((sum, entry) => sum + entry.bytes.byteLength, 0);
  const packed = new Uint8Array(total);
  let offset = 0;
  const items = entries.map(({ target, bytes }) => {
    packed.set(bytes, offset);
    const item = { target, offset, length: bytes.byteLength };
    offset += bytes.byteLength;
    return item;
  });
  return { buffer: packed.buffer, items };
}

/**
 * Writer threads kept between writers (one bulk download after another), so that a job does not
 * pay for starting a thread; idle ones end after `idleMs`.
 */
export interface WriterThreads {
  take(): Worker | undefined;
  give(worker: Worker): void;
  dispose(): Promise<void>;
}

export function createWriterThreads(idleMs = 60_000): WriterThreads {
  const idle: Array<{ worker: Worker; forget: () => void }> = [];
  let timer: NodeJS.Timeout | undefined;
  let disposed = false;
  const endIdle = (): void => {
    timer = undefined;
    for (const { worker } of idle.splice(0)) void worker.terminate();
  };
  return {
    take() {
      const kept = idle.pop();
      if (!kept) return undefined;
      kept.worker.off('exit', kept.forget);
      return kept.worker;
    },
    give(worker) {
      if (disposed) {
        void worker.terminate();
        return;
      }
      // A thread that ends while it waits here is not handed out again.
      const forget = (): void => {
        const index = idle.findIndex((entry) => entry.worker === worker);
        if (index >= 0) idle.splice(index, 1);
      };
      worker.once('exit', forget);
      idle.push({ worker, forget });
      if (timer) clearTimeout(timer);
      timer = setTimeout(endIdle, idleMs);
      timer.unref();
    },
    async dispose() {
      disposed = true;
      if (timer) clearTimeout(timer);
      await Promise.all(idle.splice(0).map(({ worker }) => worker.terminate()));
    },
  };
}

export interface WorkerWriterOptions {
  maxThreads?: number;
  /**
   * How long a write waits for others to share its message (default 4 ms). A background job that
   * no one watches file by file (the inbox sync) waits longer: fewer, larger messages, each
   * waking a thread once.
   */
  batchDelayMs?: number;
  /** Where threads come from and go back to; without it, the writer's threads end with it. */
  threads?: WriterThreads;
}

export function createWorkerWriter(options: WorkerWriterOptions = {}): AtomicWriter {
  const maxThreads = options.maxThreads ?? 4;
  const batchDelayMs = options.batchDelayMs ?? BATCH_DELAY_MS;
  const fallback = createInThreadWriter();
  const slots: Slot[] = [];
  let outbox: QueuedWrite[] = [];
  let scheduled: { timer: NodeJS.Timeout } | { immediate: NodeJS.Immediate } | undefined;
  let nextBatch = 0;
  let closed = false;
  /** Set by `finishing()`: no write waits for company any more. */
  let hurry = false;
  /** Files this writer wrote and flushed. */
  const durable = new Set<string>();

  const settle = (entry: QueuedWrite, result: WriteResult | undefined): void => {
    if (result?.sha256 !== undefined) {
      durable.add(entry.target);
      entry.resolve({ sha256: result.sha256 });
    } else if (result?.error) {
      const error = Object.assign(new Error(result.error.message), result.error.code ? { code: result.error.code } : {});
      entry.reject(fileError(error, entry.target));
    } else {
      entry.reject(new AppError('internal', `Writing ${entry.target} failed: the writer thread gave no answer.`, { details: because(reason('files.writerStopped', { path: entry.target })) }));
    }
  };

  const spawn = (): Slot => {
    const kept = options.threads?.take();
    const worker = kept ?? startThread('atomic-writer');
    const slot: Slot = { worker, detach: () => undefined, online: kept !== undefined, alive: true, batches: new Map() };
    const onOnline = (): void => {
      slot.online = true;
      flush();
    };
    const onMessage = ({ batch, results, busyMs, flushMs }: WriteBatchResult): void => {
      const entries = slot.batches.get(batch)?.entries;
      if (!entries) return;
      slot.batches.delete(batch);
      slot.last = { busyMs, flushMs };
      // Idle, the thread must not keep the process alive; busy, it must (a script would exit while it writes).
      if (slot.batches.size === 0) worker.unref();
      entries.forEach((entry, index) => settle(entry, results[index]));
      if (outbox.length > 0) flush();
    };
    const fail = (error: unknown): void => {
      if (!slot.alive) return;
      slot.alive = false;
      for (const { entries } of slot.batches.values()) {
        for (const entry of entries) entry.reject(new AppError('internal', `Writing ${entry.target} failed: the writer thread stopped.`, { details: because(reason('files.writerStopped', { path: entry.target })), cause: error }));
      }
      slot.batches.clear();
      flush();
    };
    const onExit = (code: number): void => fail(new Error(`exit ${code}`));
    worker.on('online', onOnline);
    worker.on('message', onMessage);
    worker.on('error', fail);
    worker.on('exit', onExit);
    slot.detach = () => {
      worker.off('online', onOnline);
      worker.off('message', onMessage);
      worker.off('error', fail);
      worker.off('exit', onExit);
    };
    worker.unref();
    slots.push(slot);
    return slot;
  };

  const oldestSentAt = (slot: Slot): number => Math.min(...[...slot.batches.values()].map((batch) => batch.sentAt));

  /**
   * Where the waiting writes go now: an idle worker; else wait for one starting; else, when every
   * worker has been on one batch for a while (a slow disk), start another; else the least busy.
   */
  const pickSlot = (): Slot | 'wait' | undefined => {
    const alive = slots.filter((slot) => slot.alive);
    const online = alive.filter((slot) => slot.online);
    const idle = online.find((slot) => slot.batches.size === 0);
    if (idle) return idle;
    if (alive.some((slot) => !slot.online)) return 'wait';
    if (slots.length < maxThreads && shouldAddThread(online.map((slot) => ({ oldestSentAt: oldestSentAt(slot), ...(slot.last ? { last: slot.last } : {}) })), performance.now())) {
      // A kept thread is ready now; a new one says so with its 'online' event.
      const started = spawn();
      return started.online ? started : 'wait';
    }
    return online.reduce<Slot | undefined>((best, slot) => (best && best.batches.size <= slot.batches.size ? best : slot), undefined);
  };

  function flush(): void {
    if (closed || outbox.length === 0) return;
    const slot = pickSlot();
    if (slot === 'wait') return;
    const entries = outbox;
    outbox = [];
    if (!slot) {
      // Every worker failed (and none may start): write here rather than lose the files.
      for (const entry of entries) fallback.write(entry.target, entry.bytes).then(entry.resolve, entry.reject);
      return;
    }
    const batch = (nextBatch += 1);
    slot.batches.set(batch, { entries, sentAt: performance.now() });
    slot.worker.ref();
    const { buffer, items } = packBatch(entries);
    const message: WriteBatch = { batch, buffer, items };
    slot.worker.postMessage(message, [buffer]);
  }

  const scheduleFlush = (): void => {
    if (outbox.length >= BATCH_MAX) {
      flush();
      return;
    }
    if (scheduled) return;
    const fire = (): void => {
      scheduled = undefined;
      flush();
    };
    // Finishing, the writes asked for in one turn of the event loop still share a message.
    scheduled = hurry ? { immediate: setImmediate(fire) } : { timer: setTimeout(fire, batchDelayMs) };
  };

  // The callback API: a third of the main thread's cost of `fs.promises` file handles.
  const syncFile = (target: string): Promise<void> =>
    new Promise<void>((resolve, reject) => {
      // Writable: Windows flushes only handles opened for writing.
      fs.open(target, 'r+', (openError, fd) => {
        if (openError) return reject(openError);
        fs.fdatasync(fd, (syncError) => fs.close(fd, () => (syncError ? reject(syncError) : resolve())));
      });
    });

  return {
    warm() {
      if (!closed && slots.length === 0) spawn();
    },
    finishing() {
      hurry = true;
      if (scheduled && 'timer' in scheduled) {
        clearTimeout(scheduled.timer);
        scheduled = undefined;
      }
      flush();
    },
    write(target, bytes) {
      if (closed) return Promise.reject(new AppError('internal', `Writing ${target} failed: the writer is closed.`, { details: because(reason('files.writerStopped', { path: target })) }));
      return new Promise<{ sha256: string }>((resolve, reject) => {
        outbox.push({ target, bytes, resolve, reject });
        scheduleFlush();
      });
    },
    async persist(targets) {
      const failures = new Map<string, AppError>();
      await Promise.all(
        targets.map(async (target) => {
          if (durable.delete(target)) return;
          try {
            // Not written here (verified from an earlier run): flushed in case that run could not.
            await syncFile(target);
          } catch (error) {
            failures.set(target, error instanceof AppError ? error : fileError(error, target));
          }
        }),
      );
      await syncFolders(targets.map((target) => path.dirname(target)));
      return failures;
    },
    async close() {
      closed = true;
      if (scheduled) {
        if ('timer' in scheduled) clearTimeout(scheduled.timer);
        else clearImmediate(scheduled.immediate);
        scheduled = undefined;
      }
      for (const entry of outbox.splice(0)) entry.reject(new AppError('internal', `Writing ${entry.target} failed: the writer was closed first.`, { details: because(reason('files.writerStopped', { path: entry.target })) }));
      await Promise.all(
        slots.map(async (slot) => {
          slot.detach();
          // A thread with nothing under way can serve the next writer.
          if (options.threads && slot.alive && slot.online && slot.batches.size === 0) options.threads.give(slot.worker);
          else await slot.worker.terminate();
        }),
      );
    },
  };
}
