/**
 * Reads and hashes files on a worker thread, many per message: adding a drop of hundreds of files
 * then costs the main thread one message per batch instead of four trips through libuv's thread
 * pool (open, stat, read, close) and a SHA-256 per file. The bytes come back moved, not copied.
 *
 * `start` readies the thread ahead of the first drop; until it is up, and should it fail, files
 * are read on the main thread (`readAndHash`), so no drop ever waits for the thread.
 */
import { Worker } from 'node:worker_threads';
import { readAndHash, type FileRead, type FileToRead } from './read-and-hash';

export interface FileReader {
  /** Starts the thread (idempotent); resolves once it is up, or has failed (files are then read on the main thread). */
  start(): Promise<void>;
  readMany(files: readonly FileToRead[]): Promise<FileRead[]>;
  close(): Promise<void>;
}

// Plain CommonJS, evaluated by the worker: no loader or bundler involved.
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const fs = require('node:fs');
const crypto = require('node:crypto');
const readOne = ({ path, maxBytes }, transfer) => {
  let fd;
  try {
    fd = fs.openSync(path, 'r');
    const stat = fs.fstatSync(fd);
    if (stat.isDirectory()) return { kind: 'error', code: 'EISDIR', message: 'EISDIR: illegal operation on a directory, read' };
    if (stat.size > maxBytes) return { kind: 'tooLarge', size: stat.size };
    const bytes = new Uint8Array(stat.size);
    let filled = 0;
    while (filled < bytes.length) {
      const read = fs.readSync(fd, bytes, filled, bytes.length - filled, filled);
      if (read === 0) break;
      filled += read;
    }
    const kept = filled === bytes.length ? bytes : bytes.slice(0, filled);
    transfer.push(kept.buffer);
    return { kind: 'read', buffer: kept.buffer, sha256: crypto.createHash('sha256').update(kept).digest('hex') };
  } catch (error) {
    return { kind: 'error', code: error && error.code, message: String(error && error.message) };
  } finally {
    if (fd !== undefined) { try { fs.closeSync(fd); } catch {} }
  }
};
parentPort.on('message', ({ id, files }) => {
  const transfer = [];
  const results = files.map((file) => readOne(file, transfer));
  parentPort.postMessage({ id, results }, transfer);
});
`;

type WorkerResult = { kind: 'read'; buffer: ArrayBuffer; sha256: string } | { kind: 'tooLarge'; size: number } | { kind: 'error'; code?: string; message: string };

function fromWorker(result: WorkerResult | undefined): FileRead {
  if (!result) return { kind: 'error', error: new Error('The reading thread gave no answer.') };
  if (result.kind === 'read') return { kind: 'read', bytes: Buffer.from(result.buffer), sha256: result.sha256 };
  if (result.kind === 'tooLarge') return result;
  return { kind: 'error', error: Object.assign(new Error(result.message), result.code ? { code: result.code } : {}) };
}

export function createFileReader(): FileReader {
  let worker: Worker | undefined;
  let online = false;
  let closed = false;
  let nextId = 0;
  let ready: Promise<void> = Promise.resolve();
  const pending = new Map<number, { resolve: (results: FileRead[]) => void; files: readonly FileToRead[] }>();

  /** The thread stopped: what was asked of it is read here instead. */
  const stopped = (): void => {
    worker = undefined;
    online = false;
    for (const [id, { resolve, files }] of pending) {
      pending.delete(id);
      void Promise.all(files.map(readAndHash)).then(resolve);
    }
  };

  const start = (): Promise<void> => {
    if (worker || closed) return ready;
    const started = new Worker(WORKER_SOURCE, { eval: true });
    worker = started;
    let settle: () => void = () => undefined;
    ready = new Promise<void>((resolve) => (settle = resolve));
    started.once('online', () => {
      if (worker === started) online = true;
      // Starting, it keeps the process alive (someone may wait for it); idle, it must not.
      if (pending.size === 0) started.unref();
      settle();
    });
    started.once('exit', () => settle());
    started.on('message', (message: { id: number; results: WorkerResult[] }) => {
      const waiting = pending.get(message.id);
      if (!waiting) return;
      pending.delete(message.id);
      // Idle, the thread must not keep the process alive; busy, it must (a script would exit while it reads).
      if (pending.size === 0) started.unref();
      waiting.resolve(waiting.files.map((_, index) => fromWorker(message.results[index])));
    });
    started.on('error', () => {
      if (worker === started) stopped();
    });
    started.on('exit', () => {
      if (worker === started) stopped();
    });
    return ready;
  };

  return {
    start,
    readMany(files) {
      if (files.length === 0) return Promise.resolve([]);
      void start();
      const target = worker;
      if (!target || !online) return Promise.all(files.map(readAndHash));
      const id = (nextId += 1);
      return new Promise<FileRead[]>((resolve) => {
        pending.set(id, { resolve, files });
        target.ref();
        target.postMessage({ id, files: files.map(({ path, maxBytes }) => ({ path, maxBytes })) });
      });
    },
    async close() {
      closed = true;
      const running = worker;
      if (running) await running.terminate();
      stopped();
    },
  };
}
