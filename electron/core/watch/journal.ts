/**
 * What the watched folders have handed to the uploads, by content hash
 * (`<userData>/watch/journal.json`, written atomically before the upload journal sees the file):
 * the same content is never sent twice, whatever its name and across restarts.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { uploadCountrySchema } from '../../../shared/contract';
import { privateAtomicFileSystem, writeFileAtomic } from '../files/atomic-write';

const fileSchema = z.object({
  country: uploadCountrySchema,
  fileName: z.string(),
  /** Where it was when it was picked up. */
  path: z.string(),
  state: z.enum(['queued', 'sending', 'sent', 'failed']),
  localId: z.string().optional(),
  e2eId: z.string().optional(),
  at: z.string(),
  message: z.string().optional(),
  /** Settled, but not put aside yet (the folder was read-only, full or gone): `move` to sent/ or failed/, or the failure `note` still to write beside `movedTo`. Never sent again meanwhile. */
  pending: z.enum(['move', 'note']).optional(),
  movedTo: z.string().optional(),
  /** For a failure note still to write. */
  whatToDo: z.string().optional(),
});
export type WatchedFileRecord = z.infer<typeof fileSchema>;

const journalSchema = z.object({ version: z.literal(1), files: z.record(z.string(), fileSchema) });
export type WatchJournal = z.infer<typeof journalSchema>;

export async function loadWatchJournal(filePath: string): Promise<WatchJournal> {
  try {
    const parsed = journalSchema.safeParse(JSON.parse(await fs.readFile(filePath, 'utf8')));
    if (parsed.success) return parsed.data;
  } catch {
    // Missing or unreadable: start empty (an unreadable one is kept aside below).
  }
  await fs.rename(filePath, `${filePath}.unreadable`).catch(() => undefined);
  return { version: 1, files: {} };
}

export async function saveWatchJournal(filePath: string, journal: WatchJournal): Promise<void> {
  await fs.mkdir(path.dirname(filePath), { recursive: true, mode: 0o700 });
  await writeFileAtomic(filePath, JSON.stringify(journal), privateAtomicFileSystem);
}
