/**
 * What the documents area persists: only mutations. Downloaded flags that differ from the seed,
 * and sent documents (metadata in the state file, each source as a file in the area folder).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import type { Persistence } from '../context';
import type { NewDocument, SourceMediaType } from './store';

const AREA = 'documents';

const partySchema = z.object({ name: z.string(), identifier: z.string() });

const sentSchema = z.object({
  uuid: z.string().min(1),
  type: z.enum(['invoice', 'credit-note', 'order', 'order-response', 'despatch-advice']),
  number: z.string(),
  date: z.string(),
  createdAtMs: z.number(),
  sender: partySchema,
  recipient: partySchema,
  mediaType: z.enum(['application/xml', 'application/json']),
});

const stateSchema = z.object({
  version: z.literal(1),
  /** uuid → downloaded, for documents whose flag differs from how they were seeded or sent. */
  downloaded: z.record(z.string(), z.boolean()),
  sent: z.array(sentSchema),
});

type SavedState = z.infer<typeof stateSchema>;
export type SentMetadata = z.infer<typeof sentSchema>;

export class DocumentsPersistence {
  private state: SavedState = { version: 1, downloaded: {}, sent: [] };
  private readonly sourcesDir: string;

  constructor(
    private readonly persistence: Persistence,
    private readonly log: (message: string) => void,
  ) {
    this.sourcesDir = join(persistence.dir(AREA), 'sent');
    const loaded = persistence.load<unknown>(AREA);
    if (loaded !== undefined) {
      const parsed = stateSchema.safeParse(loaded);
      if (parsed.success) this.state = parsed.data;
      else log(`documents: the saved state is not in the expected shape (${parsed.error.issues[0]?.message ?? 'invalid'}); starting from the seed.`);
    }
  }

  /** Downloaded flags saved earlier, keyed by uuid. */
  get downloadedOverrides(): Readonly<Record<string, boolean>> {
    return this.state.downloaded;
  }

  /** The documents sent in earlier runs, with their sources read back. */
  restoreSent(): NewDocument[] {
    return this.state.sent.flatMap((sent) => {
      try {
        const bytes = readFileSync(this.sourcePath(sent.uuid, sent.mediaType));
        return [{ ...sent, direction: 'outgoing' as const, downloaded: false, source: { kind: 'sent' as const, bytes, mediaType: sent.mediaType } }];
      } catch (error) {
        this.log(`documents: the source of sent document ${sent.uuid} is missing (${(error as Error).message}); skipping it.`);
        return [];
      }
    });
  }

  saveSent(metadata: SentMetadata, bytes: Buffer): void {
    mkdirSync(this.sourcesDir, { recursive: true });
    writeFileSync(this.sourcePath(metadata.uuid, metadata.mediaType), bytes);
    this.state.sent.push(metadata);
    this.persistence.save(AREA, this.state);
  }

  saveDownloaded(changes: Array<{ uuid: string; downloaded: boolean }>): void {
    for (const change of changes) this.state.downloaded[change.uuid] = change.downloaded;
    this.persistence.save(AREA, this.state);
  }

  private sourcePath(uuid: string, mediaType: SourceMediaType): string {
    return join(this.sourcesDir, `${uuid}.${mediaType === 'application/json' ? 'json' : 'xml'}`);
  }
}
