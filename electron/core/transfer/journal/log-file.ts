/**
 * An append-only JSON-lines file with group commit: lines queued while a write is in progress go
 * out together in one write, durable when any of them asked to be; lines that need not be durable
 * wait (up to 100 ms) to go out with the next durable one. Where the system offers it the
 * file is opened for synchronous data writes (O_DSYNC), so a durable write is one call on the
 * thread pool instead of a write and an fsync: on a virtual machine each such call costs more
 * than the write itself. Reading tolerates a torn last line (the process died mid-write).
 */
import { constants, write as writeToDescriptor } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * How long a line that need not be durable may wait to share a durable write (each is a call
 * through the thread pool and a commit on the disk). Losing such a line in a crash is harmless by
 * design: the entry's earlier durable state is reconciled on the next start.
 */
const LAZY_WRITE_MS = 100;

/** O_DSYNC (or O_SYNC) where the platform has it (not on Windows: there an fsync follows the write). */
const SYNC_WRITE_FLAG: number = constants.O_DSYNC ?? constants.O_SYNC ?? 0;
const APPEND_FLAGS = constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | SYNC_WRITE_FLAG;

export interface LogRead {
  /** Every complete line's parsed JSON, in order. */
  values: unknown[];
  /** The last line was cut short (a crash while it was written) and was ignored. */
  tornTail: boolean;
  /** Lines in the middle that are not JSON (disk damage, hand edits), skipped. */
  damagedLines: number;
}

export async function readLog(file: string): Promise<LogRead> {
  let text: string;
  try {
    text = await fs.readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { values: [], tornTail: false, damagedLines: 0 };
    throw error;
  }
  const lines = text.split('\n');
  const values: unknown[] = [];
  let tornTail = false;
  let damagedLines = 0;
  lines.forEach((line, index) => {
    if (line.trim() === '') return;
    const isLast = index === lines.length - 1;
    try {
      values.push(JSON.parse(line) as unknown);
    } catch {
      if (isLast) tornTail = true;
      else damagedLines += 1;
    }
  });
  return { values, tornTail, damagedLines };
}

async function syncDirectory(dir: string): Promise<void> {
  let handle: fs.FileHandle | undefined;
  try {
    handle = await fs.open(dir, 'r');
    await handle.sync();
  } catch {
    // Some platforms (Windows) cannot open or sync a folder; the rename is still atomic there.
  } finally {
    await handle?.close().catch(() => undefined);
  }
}

/** Replaces the file's content atomically: a temporary file, fsync, rename over, fsync the folder. */
export async function rewriteLog(file: string, lines: readonly string[]): Promise<void> {
  const dir = path.dirname(file);
  await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
  const handle = await fs.open(temporary, 'w', 0o600);
  try {
    if (lines.length > 0) await handle.writeFile(lines.map((line) => `${line}\n`).join(''), 'utf8');
    await handle.sync();
  } finally {
    await handle.close();
  }
  await fs.rename(temporary, file);
  await syncDirectory(dir);
}

/** All of `data` at the end of the file: the callback API, a fraction of the main thread's cost of a file handle's promise. */
function writeWhole(fd: number, data: Buffer): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const from = (offset: number): void =>
      writeToDescriptor(fd, data, offset, data.length - offset, null, (error, written) => {
        if (error) reject(error);
        else if (offset + written < data.length) from(offset + written);
        else resolve();
      });
    from(0);
  });
}

type Pending =
  | { kind: 'line'; text: string; durable: boolean; resolve: () => void; reject: (error: unknown) => void }
  /** Replace the file with `snapshot()` (taken when its turn comes), then go on appending. */
  | { kind: 'compact'; snapshot: () => readonly string[]; resolve: () => void; reject: (error: unknown) => void };

export class AppendLog {
  readonly #file: string;
  #handle: fs.FileHandle;
  #pending: Pending[] = [];
  #flushing: Promise<void> | undefined;
  /** Lines that need not be durable wait for the next durable write, or this long. */
  #lazyTimer: NodeJS.Timeout | undefined;
  /** Set by the lazy timer, `flush` and `close`: the running flush writes lazy lines too. */
  #writeLazyLines = false;
  readonly #lazyWriteMs: number;
  #closed = false;

  private constructor(file: string, handle: fs.FileHandle, lazyWriteMs: number) {
    this.#file = file;
    this.#handle = handle;
    this.#lazyWriteMs = lazyWriteMs;
  }

  static async open(file: string, options: { lazyWriteMs?: number } = {}): Promise<AppendLog> {
    await fs.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
    return new AppendLog(file, await fs.open(file, APPEND_FLAGS, 0o600), options.lazyWriteMs ?? LAZY_WRITE_MS);
  }

  /** Resolves when the line is written, and, when `durable`, on disk (fsync). */
  append(line: string, durable: boolean): Promise<void> {
    return this.#enqueue((resolve, reject) => ({ kind: 'line', text: `${line}\n`, durable, resolve, reject }));
  }

  /** Rewrites the file compactly in turn with the appends; on failure the old file stays as it was. */
  compact(snapshot: () => readonly string[]): Promise<void> {
    return this.#enqueue((resolve, reject) => ({ kind: 'compact', snapshot, resolve, reject }));
  }

  #enqueue(make: (resolve: () => void, reject: (error: unknown) => void) => Pending): Promise<void> {
    if (this.#closed) return Promise.reject(new Error('The upload journal is closed.'));
    return new Promise<void>((resolve, reject) => {
      const item = make(resolve, reject);
      this.#pending.push(item);
      if (item.kind === 'compact' || item.durable) this.#flushNow();
      else this.#armLazyTimer();
    });
  }

  #armLazyTimer(): void {
    this.#lazyTimer ??= setTimeout(() => this.#flushNow({ lazyLinesToo: true }), this.#lazyWriteMs).unref();
  }

  #flushNow(options: { lazyLinesToo?: boolean } = {}): void {
    if (options.lazyLinesToo) this.#writeLazyLines = true;
    if (this.#lazyTimer) clearTimeout(this.#lazyTimer);
    this.#lazyTimer = undefined;
    // Nothing to write (the timer fired after a durable write took its lines): starting a flush
    // would finish at once and leave a settled promise behind as if a flush were running.
    if (this.#flushing || this.#pending.length === 0) return;
    this.#flushing = this.#flush();
  }

  async #flush(): Promise<void> {
    try {
      while (this.#pending.length > 0) {
        // Only lines that need not be durable wait (they came in while a durable write was under
        // way): they go with the next durable write, or when the timer fires. Each write is
        // synchronous (O_DSYNC), so writing them at once would cost a disk flush for nothing.
        if (!this.#writeLazyLines && !this.#pending.some((item) => item.kind === 'compact' || item.durable)) {
          this.#armLazyTimer();
          break;
        }
        const first = this.#pending[0];
        if (first?.kind === 'compact') {
          this.#pending.shift();
          await this.#compactNow(first);
          continue;
        }
        const end = this.#pending.findIndex((item) => item.kind === 'compact');
        const batch = this.#pending.splice(0, end === -1 ? this.#pending.length : end) as Array<Extract<Pending, { kind: 'line' }>>;
        try {
          await writeWhole(this.#handle.fd, Buffer.from(batch.map((item) => item.text).join(''), 'utf8'));
          if (SYNC_WRITE_FLAG === 0 && batch.some((item) => item.durable)) await this.#handle.datasync();
          for (const item of batch) item.resolve();
        } catch (error) {
          for (const item of batch) item.reject(error);
        }
      }
    } finally {
      this.#flushing = undefined;
      this.#writeLazyLines = false;
    }
  }

  async #compactNow(item: Extract<Pending, { kind: 'compact' }>): Promise<void> {
    try {
      await this.#handle.close();
      try {
        await rewriteLog(this.#file, item.snapshot());
        item.resolve();
      } finally {
        this.#handle = await fs.open(this.#file, APPEND_FLAGS, 0o600);
      }
    } catch (error) {
      item.reject(error);
    }
  }

  /** Resolves once every line appended so far is written (lazy ones are written now). */
  async flush(): Promise<void> {
    if (this.#pending.length > 0) this.#flushNow({ lazyLinesToo: true });
    while (this.#flushing) await this.#flushing;
  }

  async close(): Promise<void> {
    this.#closed = true;
    await this.flush();
    await this.#handle.close();
  }
}
