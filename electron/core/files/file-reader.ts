/**
 * Reads and hashes files on a worker thread, many per message: adding a drop of hundreds of files
 * then costs the main thread one message per batch instead of four trips through libuv's thread
 * pool (open, stat, read, close) and a SHA-256 per file.
 *
 * Files added for sending are hashed there and their bytes stay there (`hashMany` with `keepAs`,
 * within a memory budget) until their turn, when `takeMany` hands them over: a small file as its
 * base64 text, encoded on the thread, a large one as bytes, moved and not copied. A file not kept
 * is read again, and hashed again so the caller can tell it changed. Why the bytes stay: the main
 * isolate counts every buffer it holds against its old generation, so a drop's worth of buffers
 * held there, even briefly, set off a full garbage collection every few dozen files
 * (docs/performance.md, fourth session). On the thread, kept bytes live in one ring buffer as
 * large as the budget and other files are read into one scratch buffer, so reading allocates
 * nothing per file there either.
 *
 * `start` readies the thread ahead of the first drop; until it is up, and should it fail, files
 * are read on the main thread (`readAndHash`) and nothing is kept, so no drop ever waits for the
 * thread and nothing asked of it is lost. Kept bytes die with the thread: those files are read
 * again at their turn.
 */
import { Worker } from 'node:worker_threads';
import { hashedOf, readAndHash, takenOf, type FileHashed, type FileTaken, type FileToRead, type FileToTake } from './read-and-hash';

export interface FileToHash extends FileToRead {
  /** Keeps the bytes on the thread under this key for `takeMany`, if its budget allows. */
  keepAs?: string;
}

export interface FileReader {
  /** Starts the thread (idempotent); resolves once it is up, or has failed (files are then read on the main thread). */
  start(): Promise<void>;
  hashMany(files: readonly FileToHash[]): Promise<FileHashed[]>;
  takeMany(files: readonly FileToTake[]): Promise<FileTaken[]>;
  /** Lets go of kept bytes that will not be taken (a file refused or cancelled). */
  forget(keys: readonly string[]): void;
  close(): Promise<void>;
}

export interface FileReaderOptions {
  /** Bytes kept on the thread at most (default 32 MiB); files past it are read again at their turn. */
  keepBudgetBytes?: number;
}

// Plain CommonJS, evaluated by the worker: no loader or bundler involved.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const fs = require('node:fs');
const crypto = require('node:crypto');
const budget = workerData.keepBudgetBytes;
const sha256 = (bytes) => crypto.createHash('sha256').update(bytes).digest('hex');

// Kept bytes live in one ring of \`budget\` bytes (allocated at the first keep) and files not kept
// are read into one scratch buffer: no buffer per file, so no garbage piles up between this
// thread's rare collections (it allocates little else, so they would come late).
let ring;
let head = 0;
const slots = []; // live ring slots, oldest first: { offset, size, free }
const kept = new Map(); // key -> { slot, length, sha256 }
let scratch = new Uint8Array(0);
const scratchFor = (size) => {
  if (scratch.length < size) scratch = new Uint8Array(Math.max(size, 2 * scratch.length));
  return scratch;
};
const reserve = (size) => {
  if (size === 0 || size > budget) return undefined;
  ring ??= new Uint8Array(budget);
  let offset;
  if (slots.length === 0) offset = 0;
  else {
    const oldest = slots[0].offset;
    const wrapped = slots[slots.length - 1].offset < oldest;
    if (!wrapped && head + size <= budget) offset = head;
    else if (!wrapped && size <= oldest) offset = 0;
    else if (wrapped && head + size <= oldest) offset = head;
    else return undefined;
  }
  const slot = { offset, size, free: false };
  slots.push(slot);
  head = offset + size;
  return slot;
};
const release = (slot) => {
  slot.free = true;
  while (slots.length > 0 && slots[0].free) slots.shift();
  if (slots.length === 0) head = 0;
};
const take = (key) => {
  const item = key === undefined ? undefined : kept.get(key);
  if (!item) return undefined;
  kept.delete(key);
  return item;
};

/** Reads a file into the buffer \`into(size)\` gives; what was read is \`bytes\`, a view of it. */
const readOne = ({ path, maxBytes }, into) => {
  let fd;
  try {
    fd = fs.openSync(path, 'r');
    const stat = fs.fstatSync(fd);
    if (stat.isDirectory()) return { kind: 'error', code: 'EISDIR', message: 'EISDIR: illegal operation on a directory, read' };
    if (stat.size > maxBytes) return { kind: 'tooLarge', size: stat.size };
    const target = into(stat.size);
    let filled = 0;
    while (filled < stat.size) {
      const read = fs.readSync(fd, target, filled, stat.size - filled, filled);
      if (read === 0) break;
      filled += read;
    }
    return { kind: 'read', bytes: target.subarray(0, filled) };
  } catch (error) {
    return { kind: 'error', code: error && error.code, message: String(error && error.message) };
  } finally {
    if (fd !== undefined) { try { fs.closeSync(fd); } catch {} }
  }
};

const ops = {
  hash(file) {
    let slot;
    const keepable = file.keepAs !== undefined && !kept.has(file.keepAs);
    const read = readOne(file, (size) => {
      slot = keepable ? reserve(size) : undefined;
      return slot ? ring.subarray(slot.offset, slot.offset + size) : scratchFor(size);
    });
    if (read.kind !== 'read') {
      if (slot) release(slot);
      return read;
    }
    const hash = sha256(read.bytes);
    if (slot) kept.set(file.keepAs, { slot, length: read.bytes.length, sha256: hash });
    return { kind: 'hashed', size: read.bytes.length, sha256: hash, kept: Boolean(slot) };
  },
  take(file, transfer) {
    const item = take(file.keptAs);
    let bytes;
    let hash;
    if (item) {
      bytes = ring.subarray(item.slot.offset, item.slot.offset + item.length);
      hash = item.sha256;
    } else {
      const read = readOne(file, scratchFor);
      if (read.kind !== 'read') return read;
      bytes = read.bytes;
      hash = sha256(bytes);
    }
    let answer;
    if (bytes.length <= file.base64UpTo) {
      answer = { kind: 'base64', base64: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString('base64'), size: bytes.length, sha256: hash };
    } else {
      const copy = bytes.slice();
      transfer.push(copy.buffer);
      answer = { kind: 'bytes', buffer: copy.buffer, size: bytes.length, sha256: hash };
    }
    if (item) release(item.slot);
    return answer;
  },
};
const forget = (keys) => {
  for (const key of keys) {
    const item = take(key);
    if (item) release(item.slot);
  }
};
parentPort.on('message', ({ id, op, files, keys }) => {
  if (op === 'forget') { forget(keys); return; }
  const transfer = [];
  const results = files.map((file) => ops[op](file, transfer));
  parentPort.postMessage({ id, results }, transfer);
});
`;

type WorkerError = { kind: 'error'; code?: string; message: string };
type Unread = { kind: 'tooLarge'; size: number } | WorkerError;
type WorkerHashed = { kind: 'hashed'; size: number; sha256: string; kept: boolean } | Unread;
type WorkerTaken = { kind: 'base64'; base64: string; size: number; sha256: string } | { kind: 'bytes'; buffer: ArrayBuffer; size: number; sha256: string } | Unread;

const noAnswer = { kind: 'error', error: new Error('The reading thread gave no answer.') } as const;
const errorOf = (result: WorkerError): { kind: 'error'; error: NodeJS.ErrnoException } => ({
  kind: 'error',
  error: Object.assign(new Error(result.message), result.code ? { code: result.code } : {}),
});

const fromWorker = {
  hash(result: WorkerHashed | undefined): FileHashed {
    if (!result) return noAnswer;
    return result.kind === 'error' ? errorOf(result) : result;
  },
  take(result: WorkerTaken | undefined): FileTaken {
    if (!result) return noAnswer;
    if (result.kind === 'bytes') return { kind: 'bytes', bytes: Buffer.from(result.buffer), size: result.size, sha256: result.sha256 };
    return result.kind === 'error' ? errorOf(result) : result;
  },
};

/** What each request does on the main thread when the thread is not there: the same, keeping nothing. */
const onMainThread = {
  hash: async (files: readonly FileToHash[]): Promise<FileHashed[]> => (await Promise.all(files.map(readAndHash))).map(hashedOf),
  take: (files: readonly FileToTake[]): Promise<FileTaken[]> => Promise.all(files.map(async (file) => takenOf(await readAndHash(file), file.base64UpTo))),
};

export function createFileReader(options: FileReaderOptions = {}): FileReader {
  const keepBudgetBytes = options.keepBudgetBytes ?? 32 * 1024 * 1024;
  let worker: Worker | undefined;
  let online = false;
  let closed = false;
  let nextId = 0;
  let ready: Promise<void> = Promise.resolve();
  const pending = new Map<number, { fromThread: (results: unknown[]) => void; onMain: () => void }>();

  /** The thread stopped: what was asked of it is done here instead. */
  const stopped = (): void => {
    worker = undefined;
    online = false;
    for (const [id, { onMain }] of pending) {
      pending.delete(id);
      onMain();
    }
  };

  const start = (): Promise<void> => {
    if (worker || closed) return ready;
    const started = new Worker(WORKER_SOURCE, { eval: true, workerData: { keepBudgetBytes } });
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
    started.on('message', (message: { id: number; results: unknown[] }) => {
      const waiting = pending.get(message.id);
      if (!waiting) return;
      pending.delete(message.id);
      // Idle, the thread must not keep the process alive; busy, it must (a script would exit while it reads).
      if (pending.size === 0) started.unref();
      waiting.fromThread(message.results);
    });
    started.on('error', () => {
      if (worker === started) stopped();
    });
    started.on('exit', () => {
      if (worker === started) stopped();
    });
    return ready;
  };

  /** Asks the thread, whose answers are converted; without it (or should it stop first), the main thread does the same. */
  function request<F, R, W>(op: 'hash' | 'take', files: readonly F[], convert: (result: W | undefined) => R, onMain: (files: readonly F[]) => Promise<R[]>): Promise<R[]> {
    if (files.length === 0) return Promise.resolve([]);
    void start();
    const target = worker;
    if (!target || !online) return onMain(files);
    const id = (nextId += 1);
    return new Promise<R[]>((resolve, reject) => {
      pending.set(id, {
        fromThread: (results) => resolve(files.map((_, index) => convert(results[index] as W | undefined))),
        onMain: () => onMain(files).then(resolve, reject),
      });
      target.ref();
      target.postMessage({ id, op, files });
    });
  }

  return {
    start,
    hashMany: (files) => request('hash', files, fromWorker.hash, onMainThread.hash),
    takeMany: (files) => request('take', files, fromWorker.take, onMainThread.take),
    forget(keys) {
      if (keys.length > 0 && worker && online) worker.postMessage({ op: 'forget', keys });
    },
    async close() {
      closed = true;
      const running = worker;
      if (running) await running.terminate();
      stopped();
    },
  };
}
