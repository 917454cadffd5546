/**
 * Reads and hashes files on a worker thread (`threads/file-reader.worker.ts`), many per message:
 * adding a drop of hundreds of files costs the main thread one message per batch instead of four
 * trips through libuv's thread pool (open, stat, read, close) and a SHA-256 per file.
 *
 * `hashMany` checks and hashes files when they are added; `takeMany` reads them again at their
 * turn to be sent, hashes them again (the caller refuses a file that changed meanwhile) and hands
 * the content over: a small file as its base64 text, encoded on the thread, a large one as bytes,
 * moved and not copied. Nothing is kept on the thread between the two: the second read comes from
 * the system's file cache, and keeping bytes there did not pay on the routes users take
 * (docs/performance.md, issue 12).
 *
 * `start` readies the thread ahead of the first drop; until it is up, and should it fail, files
 * are read on the main thread (`readAndHash`), so no drop ever waits for the thread and nothing
 * asked of it is lost.
 */
import type { Worker } from 'node:worker_threads';
import { hashedOf, readAndHash, takenOf, type FileHashed, type FileTaken, type FileToRead, type FileToTake } from './read-and-hash';
import { readInFolder, type FileInFolder, type InFolderRead } from './read-in-folder';
import type { ReaderRequest, ReaderResponse, ThreadError, ThreadHashed, ThreadInFolder, ThreadTaken } from './threads/file-reader-protocol';
import { startThread } from './threads/thread-entry';

export interface FileReader {
  /** Starts the thread (idempotent); resolves once it is up, or has failed (files are then read on the main thread). */
  start(): Promise<void>;
  hashMany(files: readonly FileToRead[]): Promise<FileHashed[]>;
  takeMany(files: readonly FileToTake[]): Promise<FileTaken[]>;
  /** A watched folder's files, each opened once (no link followed, no FIFO waited on), checked and read from that descriptor (`read-in-folder.ts`). */
  readInFolder(files: readonly FileInFolder[]): Promise<InFolderRead[]>;
  close(): Promise<void>;
}

const noAnswer = { kind: 'error', error: new Error('The reading thread gave no answer.') } as const;
const errorOf = (result: ThreadError): { kind: 'error'; error: NodeJS.ErrnoException } => ({
  kind: 'error',
  error: Object.assign(new Error(result.message), result.code ? { code: result.code } : {}),
});

const fromThread = {
  hash(result: ThreadHashed | undefined): FileHashed {
    if (!result) return noAnswer;
    return result.kind === 'error' ? errorOf(result) : result;
  },
  take(result: ThreadTaken | undefined): FileTaken {
    if (!result) return noAnswer;
    if (result.kind === 'bytes') return { kind: 'bytes', bytes: Buffer.from(result.buffer), size: result.size, sha256: result.sha256 };
    return result.kind === 'error' ? errorOf(result) : result;
  },
  inFolder(result: ThreadInFolder | undefined): InFolderRead {
    if (!result) return { kind: 'error', message: 'The reading thread gave no answer.' };
    return result.kind === 'read' ? { kind: 'read', bytes: new Uint8Array(result.buffer), size: result.size, sha256: result.sha256, mtimeMs: result.mtimeMs } : result;
  },
};

/** What each request does on the main thread when the thread is not there. */
const onMainThread = {
  hash: async (files: readonly FileToRead[]): Promise<FileHashed[]> => (await Promise.all(files.map(readAndHash))).map(hashedOf),
  take: (files: readonly FileToTake[]): Promise<FileTaken[]> => Promise.all(files.map(async (file) => takenOf(await readAndHash(file), file.base64UpTo))),
  // Synchronous, as on the thread: only when the thread could not start.
  inFolder: (files: readonly FileInFolder[]): Promise<InFolderRead[]> => Promise.resolve(readInFolder(files)),
};

export function createFileReader(): FileReader {
  let worker: Worker | undefined;
  let online = false;
  let closed = false;
  let nextId = 0;
  let ready: Promise<void> = Promise.resolve();
  const pending = new Map<number, { fromThread: (results: ReaderResponse['results']) => void; onMain: () => void }>();

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
    let started: Worker;
    try {
      started = startThread('file-reader');
    } catch {
      return ready;
    }
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
    started.on('message', (message: ReaderResponse) => {
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
  function request<F, R, T>(
    ask: (id: number, files: F[]) => ReaderRequest,
    files: readonly F[],
    convert: (result: T | undefined) => R,
    onMain: (files: readonly F[]) => Promise<R[]>,
  ): Promise<R[]> {
    if (files.length === 0) return Promise.resolve([]);
    void start();
    const target = worker;
    if (!target || !online) return onMain(files);
    const id = (nextId += 1);
    return new Promise<R[]>((resolve, reject) => {
      pending.set(id, {
        fromThread: (results) => resolve(files.map((_, index) => convert(results[index] as T | undefined))),
        onMain: () => onMain(files).then(resolve, reject),
      });
      target.ref();
      target.postMessage(ask(id, [...files]));
    });
  }

  return {
    start,
    hashMany: (files) => request((id, list: FileToRead[]) => ({ id, op: 'hash', files: list }), files, fromThread.hash, onMainThread.hash),
    takeMany: (files) => request((id, list: FileToTake[]) => ({ id, op: 'take', files: list }), files, fromThread.take, onMainThread.take),
    async readInFolder(files) {
      // Waits for the thread to be up: the main thread reads these only should the thread fail.
      await start();
      return request((id, list: FileInFolder[]) => ({ id, op: 'inFolder', files: list }), files, fromThread.inFolder, onMainThread.inFolder);
    },
    async close() {
      closed = true;
      const running = worker;
      if (running) await running.terminate();
      stopped();
    },
  };
}
