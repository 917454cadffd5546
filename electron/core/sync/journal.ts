/**
 * A sync rule's journal (`<userData>/sync/<ruleId>.json`, written atomically): per document type
 * the `createdAt` watermark of the listing, and per document its file names and what is done.
 * A document enters the journal (as `pending`, with the record that names it) before the
 * watermark moves past it, and becomes `done` only once its files are durable on disk, so a crash
 * anywhere resumes without duplicates and without missing one.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { documentTypeSchema, type DocumentRecord } from '../../../shared/contract';
import { writeFileAtomic } from '../files/atomic-write';

const writtenFileSchema = z.object({ name: z.string().min(1), sha256: z.string().regex(/^[0-9a-f]{64}$/), size: z.number().int().min(0) });

const entrySchema = z.object({
  type: documentTypeSchema,
  /** Base name; extensions are added per file. */
  name: z.string().min(1),
  state: z.enum(['pending', 'done']),
  files: z.array(writtenFileSchema).default([]),
  marked: z.boolean().default(false),
  /** Kept while pending: it names the files and fills the metadata sidecar. */
  record: z.custom<DocumentRecord>((value) => typeof value === 'object' && value !== null).optional(),
  error: z.object({ code: z.string(), message: z.string() }).optional(),
});
export type SyncJournalEntry = z.infer<typeof entrySchema>;

const journalSchema = z.object({
  version: z.literal(1),
  ruleId: z.string(),
  /** The folder the entries' files are in: a rule moved to another folder starts afresh. */
  folder: z.string(),
  watermarks: z.record(z.string(), z.string()).default({}),
  entries: z.record(z.string(), entrySchema).default({}),
  totalWritten: z.number().int().min(0).default(0),
});
export type SyncJournal = z.infer<typeof journalSchema>;

export function emptyJournal(ruleId: string, folder: string): SyncJournal {
  return { version: 1, ruleId, folder, watermarks: {}, entries: {}, totalWritten: 0 };
}

export interface JournalStore {
  load(ruleId: string, folder: string): Promise<SyncJournal>;
  save(journal: SyncJournal): Promise<void>;
  remove(ruleId: string): Promise<void>;
}

export function createJournalStore(dir: string): JournalStore {
  const fileOf = (ruleId: string): string => path.join(dir, `${ruleId.replace(/[^A-Za-z0-9-]/g, '_')}.json`);
  return {
    async load(ruleId, folder) {
      let text: string;
      try {
        text = await fs.readFile(fileOf(ruleId), 'utf8');
      } catch {
        return emptyJournal(ruleId, folder);
      }
      const parsed = journalSchema.safeParse(JSON.parse(text));
      if (!parsed.success || parsed.data.folder !== folder) return emptyJournal(ruleId, folder);
      return parsed.data;
    },
    async save(journal) {
      await fs.mkdir(dir, { recursive: true });
      await writeFileAtomic(fileOf(journal.ruleId), JSON.stringify(journal));
    },
    async remove(ruleId) {
      await fs.rm(fileOf(ruleId), { force: true });
    },
  };
}
