/**
 * A sync rule's journal (`<userData>/sync/<ruleId>.jsonl`): per document type the `createdAt`
 * watermark of the listing, and per document its file names and what is done.
 *
 * Append-only: each change is one JSON line, appended and flushed in batches, so a run of
 * 10 000 documents costs what it adds, not a rewrite of everything known so far. A document
 * enters the journal as pending, with the record that names it, before its files are written
 * (`durable(mark)`); the watermark that moves past it comes after every entry it covers; it
 * becomes done only once its files are durable on disk. So a crash anywhere resumes without
 * duplicates and without missing one. A line torn by a crash is
 * the last one and is ignored; the file is compacted (rewritten atomically) when it is opened
 * and holds far more lines than live entries.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { documentTypeSchema, type DocumentRecord, type DocumentType } from '../../../shared/contract';
import { privateAtomicFileSystem, writeFileAtomic } from '../files/atomic-write';

const writtenFileSchema = z.object({ name: z.string().min(1), sha256: z.string().regex(/^[0-9a-f]{64}$/), size: z.number().int().min(0) });
export type SyncWrittenFile = z.infer<typeof writtenFileSchema>;

const entrySchema = z.object({
  type: documentTypeSchema,
  /** Base name; extensions are added per file. */
  name: z.string().min(1),
  state: z.enum(['pending', 'done']),
  files: z.array(writtenFileSchema).default([]),
  marked: z.boolean().default(false),
  /** Kept while pending: it names the files and fills the metadata sidecar. */
  record: z.custom<DocumentRecord>((value) => typeof value === 'object' && value !== null).optional(),
});
export type SyncJournalEntry = z.infer<typeof entrySchema>;

export interface SyncJournal {
  ruleId: string;
  /** The folder the entries' files are in: a rule moved to another folder starts afresh. */
  folder: string;
  watermarks: Partial<Record<DocumentType, string>>;
  entries: Record<string, SyncJournalEntry>;
  totalWritten: number;
}

const headerSchema = z.object({ version: z.literal(2), ruleId: z.string(), folder: z.string(), totalWritten: z.number().int().min(0).default(0) });
const lineSchema = z.discriminatedUnion('op', [
  z.object({ op: z.literal('entry'), uuid: z.string(), entry: entrySchema }),
  z.object({ op: z.literal('watermark'), type: documentTypeSchema, at: z.string() }),
  z.object({ op: z.literal('done'), uuid: z.string(), files: z.array(writtenFileSchema), wrote: z.boolean() }),
  z.object({ op: z.literal('marked'), uuids: z.array(z.string()) }),
]);
type JournalLine = z.infer<typeof lineSchema>;

/** The last session's format: one JSON object rewritten whole. Read once, then replaced. */
const legacySchema = z.object({
  version: z.literal(1),
  ruleId: z.string(),
  folder: z.string(),
  watermarks: z.record(z.string(), z.string()).default({}),
  entries: z.record(z.string(), entrySchema.passthrough()).default({}),
  totalWritten: z.number().int().min(0).default(0),
});

export function emptyJournal(ruleId: string, folder: string): SyncJournal {
  return { ruleId, folder, watermarks: {}, entries: {}, totalWritten: 0 };
}

/** An open journal: its state, changed only through the calls that also append the change. */
export interface OpenJournal {
  readonly state: Readonly<SyncJournal>;
  /** New pending documents, journaled together with the watermark past them. */
  listed(type: DocumentType, added: ReadonlyArray<[uuid: string, entry: SyncJournalEntry]>, watermark: string | undefined): void;
  /** Files durable on disk: the document is done. */
  done(uuid: string, files: SyncWrittenFile[], wrote: boolean): void;
  marked(uuids: readonly string[]): void;
  /** Appends what changed since the last flush, and makes it durable; flushes asked for while one runs share the next append. */
  flush(): Promise<void>;
  /** A mark of everything journaled so far, for `durable`. */
  mark(): number;
  /** Resolves once everything journaled up to `mark` is durable, flushing only if it is not yet. */
  durable(mark: number): Promise<void>;
}

export interface JournalStore {
  open(ruleId: string, folder: string): Promise<OpenJournal>;
  remove(ruleId: string): Promise<void>;
}

/** A file this much longer than its live entries is rewritten when opened. */
const COMPACT_SLACK = 2;

export function createJournalStore(dir: string): JournalStore {
  const base = (ruleId: string): string => path.join(dir, ruleId.replace(/[^A-Za-z0-9-]/g, '_'));
  return {
    async open(ruleId, folder) {
      const file = `${base(ruleId)}.jsonl`;
      const read = (await readJournal(file, ruleId, folder)) ?? (await readLegacy(`${base(ruleId)}.json`, ruleId, folder));
      const state = read?.state ?? emptyJournal(ruleId, folder);
      const live = Object.keys(state.entries).length + Object.keys(state.watermarks).length;
      const fresh = !read || read.rewrite || read.lines > COMPACT_SLACK * live + 64;
      if (fresh) {
        await fs.mkdir(dir, { recursive: true, mode: 0o700 });
        if (read) await writeFileAtomic(file, snapshot(state), privateAtomicFileSystem);
        else await fs.rm(file, { force: true });
        await fs.rm(`${base(ruleId)}.json`, { force: true });
      }
      return openJournal(file, state, read !== undefined);
    },
    async remove(ruleId) {
      await fs.rm(`${base(ruleId)}.jsonl`, { force: true });
      await fs.rm(`${base(ruleId)}.json`, { force: true });
    },
  };

  function openJournal(file: string, state: SyncJournal, exists: boolean): OpenJournal {
    let queued: string[] = exists ? [] : [JSON.stringify(header(state))];
    /** The append under way, and the one gathering every flush asked for meanwhile (group commit). */
    let writing: Promise<void> | undefined;
    let next: Promise<void> | undefined;
    /** Lines appended so far, and how many of them are durable. */
    let appended = queued.length;
    let durableUpTo = 0;
    const append = (line: JournalLine): void => {
      queued.push(JSON.stringify(line));
      appended += 1;
    };
    const writeQueued = async (): Promise<void> => {
      const lines = queued;
      const upTo = appended;
      queued = [];
      if (lines.length === 0) return;
      try {
        // The folder is made once (and again only if it went away): a run flushes many times.
        const handle = await fs.open(file, 'a', 0o600).catch(async (error: unknown) => {
          if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
          await fs.mkdir(dir, { recursive: true, mode: 0o700 });
          return fs.open(file, 'a');
        });
        try {
          await handle.write(`${lines.join('\n')}\n`);
          await handle.datasync();
        } finally {
          await handle.close();
        }
        durableUpTo = Math.max(durableUpTo, upTo);
      } catch (error) {
        // Not durable: kept for the next flush, in order.
        queued = [...lines, ...queued];
        throw error;
      }
    };
    const startWrite = (): Promise<void> => {
      const started = writeQueued().finally(() => {
        if (writing === started) writing = undefined;
      });
      writing = started;
      return started;
    };
    const flush = (): Promise<void> => {
      if (next) return next;
      if (!writing) return startWrite();
      // One durable append serves every flush asked for while the one before it runs.
      const gathered: Promise<void> = writing.catch(() => undefined).then(() => {
        next = undefined;
        return startWrite();
      });
      next = gathered;
      return gathered;
    };
    return {
      state,
      listed(type, added, watermark) {
        for (const [uuid, entry] of added) {
          state.entries[uuid] = entry;
          append({ op: 'entry', uuid, entry });
        }
        if (watermark && watermark !== state.watermarks[type]) {
          state.watermarks[type] = watermark;
          append({ op: 'watermark', type, at: watermark });
        }
      },
      done(uuid, files, wrote) {
        const entry = state.entries[uuid];
        if (!entry) return;
        applyDone(state, entry, files, wrote);
        append({ op: 'done', uuid, files, wrote });
      },
      marked(uuids) {
        for (const uuid of uuids) {
          const entry = state.entries[uuid];
          if (entry) entry.marked = true;
        }
        if (uuids.length > 0) append({ op: 'marked', uuids: [...uuids] });
      },
      flush,
      mark: () => appended,
      async durable(mark) {
        while (durableUpTo < mark) await flush();
      },
    };
  }
}

function applyDone(state: SyncJournal, entry: SyncJournalEntry, files: SyncWrittenFile[], wrote: boolean): void {
  entry.state = 'done';
  entry.files = files;
  delete entry.record;
  if (wrote) state.totalWritten += 1;
}

const header = (state: SyncJournal) => ({ version: 2 as const, ruleId: state.ruleId, folder: state.folder, totalWritten: state.totalWritten });

function snapshot(state: SyncJournal): string {
  const lines: string[] = [JSON.stringify(header(state))];
  for (const [uuid, entry] of Object.entries(state.entries)) lines.push(JSON.stringify({ op: 'entry', uuid, entry } satisfies JournalLine));
  for (const [type, at] of Object.entries(state.watermarks)) lines.push(JSON.stringify({ op: 'watermark', type: type as DocumentType, at } satisfies JournalLine));
  return `${lines.join('\n')}\n`;
}

interface ReadJournal {
  state: SyncJournal;
  lines: number;
  /** To be rewritten before anything is appended: the earlier format, or a last line torn by a crash (the next line would join it). */
  rewrite: boolean;
}

async function readJournal(file: string, ruleId: string, folder: string): Promise<ReadJournal | undefined> {
  const text = await fs.readFile(file, 'utf8').catch(() => undefined);
  if (text === undefined) return undefined;
  const lines = text.split('\n').filter((line) => line !== '');
  const first = headerSchema.safeParse(parseJson(lines[0]));
  if (!first.success || first.data.ruleId !== ruleId || first.data.folder !== folder) return undefined;
  const state: SyncJournal = { ...emptyJournal(ruleId, folder), totalWritten: first.data.totalWritten };
  for (const [index, line] of lines.entries()) {
    if (index === 0) continue;
    const parsed = lineSchema.safeParse(parseJson(line));
    // Only the last line can be torn (a crash during an append); anything else means the file was damaged: start afresh.
    if (!parsed.success) {
      if (index === lines.length - 1) break;
      return undefined;
    }
    applyLine(state, parsed.data);
  }
  return { state, lines: lines.length, rewrite: !text.endsWith('\n') };
}

function applyLine(state: SyncJournal, line: JournalLine): void {
  switch (line.op) {
    case 'entry':
      state.entries[line.uuid] = line.entry;
      return;
    case 'watermark':
      state.watermarks[line.type] = line.at;
      return;
    case 'done': {
      const entry = state.entries[line.uuid];
      if (entry) applyDone(state, entry, line.files, line.wrote);
      return;
    }
    case 'marked':
      for (const uuid of line.uuids) {
        const entry = state.entries[uuid];
        if (entry) entry.marked = true;
      }
  }
}

async function readLegacy(file: string, ruleId: string, folder: string): Promise<ReadJournal | undefined> {
  const text = await fs.readFile(file, 'utf8').catch(() => undefined);
  if (text === undefined) return undefined;
  const parsed = legacySchema.safeParse(parseJson(text));
  if (!parsed.success || parsed.data.ruleId !== ruleId || parsed.data.folder !== folder) return undefined;
  const entries: Record<string, SyncJournalEntry> = {};
  for (const [uuid, { type, name, state, files, marked, record }] of Object.entries(parsed.data.entries)) entries[uuid] = { type, name, state, files, marked, ...(record ? { record } : {}) };
  const watermarks: SyncJournal['watermarks'] = {};
  for (const [type, at] of Object.entries(parsed.data.watermarks)) if (documentTypeSchema.safeParse(type).success) watermarks[type as DocumentType] = at;
  return { state: { ruleId, folder, watermarks, entries, totalWritten: parsed.data.totalWritten }, lines: 0, rewrite: true };
}

function parseJson(text: string | undefined): unknown {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
