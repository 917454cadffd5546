/**
 * Atomic file writes (temp + fsync + rename, temp removed on failure) done by worker threads with
 * synchronous calls: one message per file instead of five trips through libuv's four-thread pool,
 * and as many writes in flight as there are workers. Used by bulk downloads, where thousands of
 * small files are written while the downloads go on.
 */
import { Worker } from 'node:worker_threads';
import { AppError } from '../../../shared/contract';
import { fileError, writeFileAtomic, type AtomicFileSystem } from './atomic-write';

export interface AtomicWriter {
  write(target: string, bytes: Uint8Array): Promise<void>;
  close(): Promise<void>;
}

/** Writes on the main thread through `fileSystem` (tests inject failing ones). */
export function createInThreadWriter(fileSystem?: AtomicFileSystem): AtomicWriter {
  return {
    write: (target, bytes) => writeFileAtomic(target, bytes, fileSystem),
    close: () => Promise.resolve(),
  };
}

// Plain CommonJS, evaluated by the worker: no loader or bundler involved. Same temp-name pattern as `tempNameFor`.
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const fs = require('node:fs');
const path = require('node:path');
const crypto = require('node:crypto');
parentPort.on('message', ({ id, target, bytes }) => {
  const temp = path.join(path.dirname(target), '.' + path.basename(target) + '.' + crypto.randomBytes(6).toString('hex') + '.tmp');
  let fd;
  try {
    fd = fs.openSync(temp, 'wx', 0o644);
    let offset = 0;
    while (offset < bytes.length) offset += fs.writeSync(fd, bytes, offset, bytes.length - offset);
    fs.fsyncSync(fd);
    const opened = fd;
    fd = undefined;
    fs.closeSync(opened);
    fs.renameSync(temp, target);
    parentPort.postMessage({ id });
  } catch (error) {
    if (fd !== undefined) { try { fs.closeSync(fd); } catch {} }
    try { fs.rmSync(temp, { force: true }); } catch {}
    parentPort.postMessage({ id, error: { code: error && error.code, message: String(error && error.message) } });
  }
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

  return {
    write(target, bytes) {
      const live = slots.filter((slot) => slot.alive);
      if (live.length === 0) return fallback.write(target, bytes);
      const slot = live.reduce((best, candidate) => (candidate.pending.size < best.pending.size ? candidate : best));
      const id = (nextId += 1);
      return new Promise<void>((resolve, reject) => {
        slot.pending.set(id, { target, resolve, reject });
        slot.worker.postMessage({ id, target, bytes });
      });
    },
    async close() {
      await Promise.all(
        slots.map(async (slot) => {
          slot.alive = false;
          await slot.worker.terminate();
        }),
      );
    },
  };
}
