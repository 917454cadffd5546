import { z } from 'zod';
import { channel, event, noInput } from './define';
import type { ErrorReason } from './error-reasons';
import { destinationFolderSchema } from './files';
import { dateRangeSchema, documentTypeSchema, fileNameTemplateSchema, type DocumentType } from './documents';

const idList = z.array(z.string().trim().min(1).max(200)).max(100);

/** A sync rule: which documents of which profile land in which folder, under which names. */
export const syncRuleSchema = z.object({
  id: z.string().min(1).max(100),
  name: z.string().trim().min(1, 'Give the rule a name.').max(80),
  profileId: z.string().min(1).max(100),
  types: z.array(documentTypeSchema).min(1, 'Choose at least one document type.').max(5),
  direction: z.enum(['incoming', 'outgoing', 'both']).default('incoming'),
  /** The inbox's other filters (createdAt is the rule's own watermark). */
  filters: z
    .object({
      senderName: z.string().trim().max(200),
      senderId: idList,
      recipientName: z.string().trim().max(200),
      recipientId: idList,
      documentDate: dateRangeSchema,
    })
    .partial()
    .default({}),
  /** Where the files go (the folder the user chose; shown, never sent back by the renderer). */
  folder: z.string().min(1).max(4096),
  template: fileNameTemplateSchema.default('{date}_{number}_{sender}'),
  writePdf: z.boolean().default(false),
  /** A `<name>.meta.json` beside each document: its record as the service lists it. */
  writeMetadata: z.boolean().default(false),
  markDownloaded: z.boolean().default(false),
  intervalMinutes: z.number().int().min(1).max(1440).default(5),
  paused: z.boolean().default(false),
});
export type SyncRule = z.infer<typeof syncRuleSchema>;
/** A new rule names its folder (a granted folder, or a typed path in the browser shell); an edit may keep it. */
export const syncRuleSaveSchema = syncRuleSchema.omit({ folder: true }).extend({ id: syncRuleSchema.shape.id.optional(), folder: destinationFolderSchema.optional() });
export type SyncRuleDraft = z.input<typeof syncRuleSaveSchema>;

export interface SyncRunCounts {
  /** New documents whose files were written this run. */
  written: number;
  /** Listed again but already on disk, unchanged. */
  skipped: number;
  failed: number;
  marked: number;
  /** List requests this run made. */
  listRequests: number;
}

export interface SyncRuleStatus {
  rule: SyncRule;
  profileName: string;
  state: 'idle' | 'running' | 'paused' | 'waiting' | 'backoff' | 'error';
  /** Why it waits or failed, in English words (logs); `reason` (when there) is what the UI shows, in its language. */
  message?: string;
  reason?: ErrorReason;
  errorCode?: string;
  lastRunAt?: string;
  lastSuccessAt?: string;
  nextRunAt?: string;
  lastRun?: SyncRunCounts;
  /** Documents this rule has saved since it was created. */
  totalWritten: number;
  /** Documents waiting for another try (their download failed). */
  pending: number;
  /** Documents that failed on the last run, with why (at most 20). */
  failures: Array<{ type: DocumentType; uuid: string; number: string; message: string; reason?: ErrorReason }>;
}

export const syncChannels = {
  'sync.rules': channel<SyncRuleStatus[]>()(noInput),
  'sync.save': channel<SyncRuleStatus>()(syncRuleSaveSchema),
  'sync.delete': channel<{ deleted: boolean }>()(z.object({ id: z.string().min(1).max(100) })),
  'sync.setPaused': channel<SyncRuleStatus>()(z.object({ id: z.string().min(1).max(100), paused: z.boolean() })),
  'sync.runNow': channel<SyncRuleStatus>()(z.object({ id: z.string().min(1).max(100) })),
};

export const syncEvents = {
  'sync.changed': event<{ statuses: SyncRuleStatus[] }>(),
};
