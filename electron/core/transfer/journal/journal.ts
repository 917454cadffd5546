/**
 * The upload journal (DESIGN §6): every file's entry, kept in memory and in an append-only
 * JSON-lines log whose lines are whole entries. On open the log is folded (last line of an entry
 * wins), old finished entries are dropped and the file is rewritten compactly, which also removes
 * a torn last line before anything is appended after it.
 */
import path from 'node:path';
import type { Logger } from '../../ports';
import { journalLineSchema, type JournalEntry } from './entry';
import { AppendLog, readLog, rewriteLog } from './log-file';

export const JOURNAL_FILE_NAME = 'journal.jsonl';

const COMPACT_AFTER_LINES = 2_000;

const finishedStates: ReadonlySet<JournalEntry['state']> = new Set(['done', 'cancelled', 'failed', 'rejected']);

export interface JournalOpenOptions {
  /** The folder of the journal (`<userDataDir>/uploads`). */
  dir: string;
  logger: Logger;
  now: () => number;
  /** Finished entries older than this are dropped at open (default 30 days). */
  retentionMs?: number;
  /** Changes that need not be durable are written at the latest this long after them (default 100 ms). */
  lazyWriteMs?: number;
}

export interface JournalOpenReport {
  entries: number;
  tornTail: boolean;
  damagedLines: number;
  pruned: number;
}

export class UploadJournal {
  readonly file: string;
  readonly report: JournalOpenReport;
  readonly #entries: Map<string, JournalEntry>;
  readonly #log: AppendLog;
  readonly #logger: Logger;
  /** Entries waiting to be sent, in the order they started waiting: the sender need not scan every entry (a month of them). */
  readonly #queued = new Set<string>();
  /** The entries of each batch, and the entries sending each kept copy: looked up on every change, not by a scan. */
  readonly #byBatch = new Map<string, Set<string>>();
  readonly #byBlob = new Map<string, Set<string>>();
  /** Lines appended since the file was last rewritten compactly. */
  #appended = 0;

  private constructor(file: string, entries: Map<string, JournalEntry>, log: AppendLog, report: JournalOpenReport, logger: Logger) {
    this.file = file;
    this.#entries = entries;
    this.#log = log;
    this.report = report;
    this.#logger = logger;
    for (const entry of entries.values()) this.#index(entry);
  }

  #index(entry: JournalEntry): void {
    if (entry.state === 'queued') this.#queued.add(entry.localId);
    else this.#queued.delete(entry.localId);
    addTo(this.#byBatch, entry.batchId, entry.localId);
    if (entry.source.kind === 'blob') addTo(this.#byBlob, entry.source.sha256, entry.localId);
  }

  #members(index: ReadonlyMap<string, ReadonlySet<string>>, key: string): JournalEntry[] {
    const members: JournalEntry[] = [];
    for (const localId of index.get(key) ?? []) {
      const entry = this.#entries.get(localId);
      if (entry) members.push(entry);
    }
    return members;
  }

  static async open(options: JournalOpenOptions): Promise<UploadJournal> {
    const file = path.join(options.dir, JOURNAL_FILE_NAME);
    const read = await readLog(file);
    const entries = new Map<string, JournalEntry>();
    let damagedLines = read.damagedLines;
    for (const value of read.values) {
      const line = journalLineSchema.safeParse(value);
      if (!line.success) {
        damagedLines += 1;
        continue;
      }
      entries.set(line.data.entry.localId, line.data.entry);
    }
    const cutoff = options.now() - (options.retentionMs ?? 30 * 24 * 60 * 60_000);
    let pruned = 0;
    for (const [localId, entry] of entries) {
      if (finishedStates.has(entry.state) && Date.parse(entry.updatedAt) < cutoff) {
        entries.delete(localId);
        pruned += 1;
      }
    }
    if (read.tornTail) options.logger.warn('Upload journal: the last line was cut short (the app stopped while writing it); it was ignored', { file });
    if (damagedLines > 0) options.logger.warn('Upload journal: unreadable lines were skipped', { file, damagedLines });
    await rewriteLog(file, [...entries.values()].map(serialize));
    const log = await AppendLog.open(file, options.lazyWriteMs !== undefined ? { lazyWriteMs: options.lazyWriteMs } : {});
    return new UploadJournal(file, entries, log, { entries: entries.size, tornTail: read.tornTail, damagedLines, pruned }, options.logger);
  }

  /** Every entry, oldest first. */
  entries(): JournalEntry[] {
    return [...this.#entries.values()];
  }

  get(localId: string): JournalEntry | undefined {
    return this.#entries.get(localId);
  }

  /** The entries of a batch, in the order they were added. */
  batch(batchId: string): JournalEntry[] {
    return this.#members(this.#byBatch, batchId);
  }

  /** The entries whose bytes are the kept copy (blob) `sha256`. */
  blobUsers(sha256: string): JournalEntry[] {
    return this.#members(this.#byBlob, sha256);
  }

  /** The `queued` entries, in the order they started waiting. */
  *queued(): Generator<JournalEntry> {
    for (const localId of this.#queued) {
      const entry = this.#entries.get(localId);
      if (entry) yield entry;
    }
  }

  /**
   * Records new versions of entries. Memory changes at once; the promise resolves when the lines
   * are written and, with `durable`, fsync'd (callers await that before any network call).
   */
  put(entries: readonly JournalEntry[], options: { durable: boolean }): Promise<void> {
    if (entries.length === 0) return Promise.resolve();
    for (const entry of entries) {
      this.#entries.set(entry.localId, entry);
      this.#index(entry);
    }
    const written = this.#log.append(entries.map(serialize).join('\n'), options.durable);
    this.#appended += entries.length;
    // A long session must not grow the file without bound: rewrite it once it is mostly old versions.
    if (this.#appended > Math.max(COMPACT_AFTER_LINES, 4 * this.#entries.size)) {
      this.#appended = 0;
      this.#log.compact(() => [...this.#entries.values()].map(serialize)).catch((error: unknown) => {
        this.#logger.warn('Upload journal: compacting failed; appending to the old file', { message: error instanceof Error ? error.message : String(error) });
      });
    }
    return written;
  }

  /** Resolves once every change recorded so far is on disk. */
  flush(): Promise<void> {
    return this.#log.flush();
  }

  close(): Promise<void> {
    return this.#log.close();
  }
}

function addTo(index: Map<string, Set<string>>, key: string, localId: string): void {
  const members = index.get(key);
  if (members) members.add(localId);
  else index.set(key, new Set([localId]));
}

function serialize(entry: JournalEntry): string {
  return JSON.stringify({ v: 1, entry });
}
