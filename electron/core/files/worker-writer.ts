/**
 * Atomic file writes (temp + rename, temp removed on failure) done by worker threads with
 * synchronous calls: one message per file instead of several trips through libuv's four-thread
 * pool, and as many writes in flight as there are workers. Used by bulk downloads, where thousands
 * of small files are written while the downloads go on.
 *
 * A write does not fsync: one fsync per file, each forcing its own journal commit, costs more than
 * the download. `persist` flushes a batch of written files at once (spread over the workers, so
 * their fsyncs share commits) before anything relies on them being on the disk.
 */
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { AppError } from '../../../shared/contract';
import { fileError, nodeAtomicFileSystem, syncFiles, syncFolders, writeFileAtomic, type AtomicFileSystem } from './atomic-write';

export interface AtomicWriter {
  /** Resolves once the whole file is under its name (readers never see part of it); not yet durable. */
  write(target: string, bytes: Uint8Array): Promise<void>;
  /** Makes written files durable (data, then folder entries); returns those that failed, with why. */
  persist(targets: readonly string[]): Promise<Map<string, AppError>>;
  close(): Promise<void>;
}

/** Writes on the main thread through `fileSystem` (tests inject failing ones). */
export function createInThreadWriter(fileSystem: AtomicFileSystem = nodeAtomicFileSystem): AtomicWriter {
  return {
    write: (target, bytes) => writeFileAtomic(target, bytes, fileSystem, { durable: false }),
    persist: (targets) => syncFiles(targets, fileSystem),
    close: () => Promise.resolve(),
  };
}

// Plain CommonJS, evaluated by the worker: no loader or bundler involved. Same temp-name pattern as `tempNameFor`.
// A written file stays open until it is synced (or the writer closes): the sync then needs no second open.
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const fs = require('node:fs');
const path = require('node:path');
const crypto = require('node:crypto');
const unsynced = new Map();
const reply = (id, error) => parentPort.postMessage(error ? { id, error: { code: error && error.code, message: String(error && error.message) } } : { id });
const closeQuietly = (fd) => { try { fs.closeSync(fd); } catch {} };
const sync = (id, target) => {
  let fd = unsynced.get(target);
  unsynced.delete(target);
  try {
    if (fd === undefined) fd = fs.openSync(target, 'r+');
    fs.fdatasyncSync(fd);
    reply(id);
  } catch (error) {
    reply(id, error);
  } finally {
    if (fd !== undefined) closeQuietly(fd);
  }
};
const write = (id, target, bytes) => {
  const temp = path.join(path.dirname(target), '.' + path.basename(target) + '.' + crypto.randomBytes(6).toString('hex') + '.tmp');
  let fd;
  try {
    fd = fs.openSync(temp, 'wx', 0o644);
    let offset = 0;
    while (offset < bytes.length) offset += fs.writeSync(fd, bytes, offset, bytes.length - offset);
    fs.renameSync(temp, target);
    const previous = unsynced.get(target);
    if (previous !== undefined) closeQuietly(previous);
    unsynced.set(target, fd);
    reply(id);
  } catch (error) {
    if (fd !== undefined) closeQuietly(fd);
    try { fs.rmSync(temp, { force: true }); } catch {}
    reply(id, error);
  }
};
parentPort.on('message', ({ id, op, target, bytes }) => {
  if (op === 'write') return write(id, target, bytes);
  if (op === 'sync') return sync(id, target);
  for (const fd of unsynced.values()) closeQuietly(fd);
  unsynced.clear();
  reply(id);
});
`;

interface Pending {
  target: string;
  resolve: () => void;
  reject: (error: unknown) => void;
}

interface Slot {
  worker: Worker;
  pending: Map<number, Pending>;
  alive: boolean;
}

const replyOf = (message: unknown): { id: number; error?: { code?: string; message: string } } => message as { id: number; error?: { code?: string; message: string } };

export function createWorkerWriter(threads = 4): AtomicWriter {
  let nextId = 0;
  const fallback = createInThreadWriter();
  const slots: Slot[] = Array.from({ length: Math.max(1, threads) }, () => {
    const slot: Slot = { worker: new Worker(WORKER_SOURCE, { eval: true }), pending: new Map(), alive: true };
    slot.worker.on('message', (message: unknown) => {
      const reply = replyOf(message);
      const pending = slot.pending.get(reply.id);
      if (!pending) return;
      slot.pending.delete(reply.id);
      if (!reply.error) pending.resolve();
      else pending.reject(fileError(Object.assign(new Error(reply.error.message), reply.error.code ? { code: reply.error.code } : {}), pending.target));
    });
    const fail = (error: unknown): void => {
      slot.alive = false;
      for (const pending of slot.pending.values()) pending.reject(new AppError('internal', `Writing ${pending.target} failed: the writer thread stopped.`, { cause: error }));
      slot.pending.clear();
    };
    slot.worker.on('error', fail);
    slot.worker.on('exit', (code) => fail(new Error(`exit ${code}`)));
    slot.worker.unref();
    return slot;
  });

  const syncOnMainThread = async (target: string): Promise<void> => {
    try {
      await nodeAtomicFileSystem.syncFile(target);
    } catch (error) {
      throw fileError(error, target);
    }
  };
  type Message = { op: 'write'; target: string; bytes: Uint8Array } | { op: 'sync'; target: string } | { op: 'release'; target: string };
  const post = (slot: Slot, message: Message): Promise<void> => {
    const id = (nextId += 1);
    return new Promise<void>((resolve, reject) => {
      slot.pending.set(id, { target: message.target, resolve, reject });
      slot.worker.postMessage({ id, ...message });
    });
  };
  const leastBusy = (): Slot | undefined =>
    slots.filter((slot) => slot.alive).reduce<Slot | undefined>((best, candidate) => (best && best.pending.size <= candidate.pending.size ? best : candidate), undefined);
  /** Which worker holds a written file open until its sync. */
  const holders = new Map<string, Slot>();

  return {
    write(target, bytes) {
      const slot = leastBusy();
      if (!slot) return fallback.write(target, bytes);
      holders.set(target, slot);
      return post(slot, { op: 'write', target, bytes });
    },
    async persist(targets) {
      const failures = new Map<string, AppError>();
      await Promise.all(
        targets.map((target) => {
          const holder = holders.get(target);
          holders.delete(target);
          const slot = holder?.alive ? holder : leastBusy();
          return (slot ? post(slot, { op: 'sync', target }) : syncOnMainThread(target)).catch((error: unknown) => {
            failures.set(target, error instanceof AppError ? error : fileError(error, target));
          });
        }),
      );
      await syncFolders(targets.map((target) => path.dirname(target)));
      return failures;
    },
    async close() {
      holders.clear();
      await Promise.all(
        slots.map(async (slot) => {
          // File descriptors belong to the process, not the thread: close the ones still open first.
          if (slot.alive) await post(slot, { op: 'release', target: '' }).catch(() => undefined);
          slot.alive = false;
          await slot.worker.terminate();
        }),
      );
    },
  };
}
