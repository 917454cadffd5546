/**
 * One file of the upload journal (DESIGN §6) as it is kept on disk. The file's bytes are kept by
 * reference: the path it was dropped from, or a blob written once under the user-data folder.
 */
import { z } from 'zod';
import { errorCodes, errorReasonSchema, type UploadState } from '../../../../shared/contract';
import { serverUploadStatuses } from '../api/schemas';

export const uploadStates = [
  'queued',
  'sending',
  'accepted',
  'tracking',
  'done',
  'failed',
  'rejected',
  'uncertain',
  'cancelled',
] as const satisfies readonly UploadState[];

const isoTime = z.string().min(1);

export const historyItemSchema = z.object({
  at: isoTime,
  state: z.enum(uploadStates),
  serverStatus: z.enum(serverUploadStatuses).optional(),
  note: z.string().optional(),
  /** The note as a reason the UI words in its language (journals from before it have none). */
  reason: errorReasonSchema.optional(),
});
export type HistoryItem = z.infer<typeof historyItemSchema>;

export const entryErrorSchema = z.object({
  code: z.enum(errorCodes),
  message: z.string(),
  fieldErrors: z.record(z.string(), z.string()).optional(),
  reason: errorReasonSchema.optional(),
});

export const fileSourceSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('path'), path: z.string().min(1) }),
  z.object({ kind: z.literal('blob'), sha256: z.string().regex(/^[0-9a-f]{64}$/) }),
]);
export type FileSource = z.infer<typeof fileSourceSchema>;

export const journalEntrySchema = z.object({
  localId: z.string().min(1),
  batchId: z.string().min(1),
  /** Entries of several profiles share the file; each profile sees and works on its own only. */
  profileId: z.string().min(1),
  /** The account that added or sent the file: only that account may send, track or reconcile it. */
  accountUid: z.string().min(1).optional(),
  accountEmail: z.string().optional(),
  origin: z.string(),
  fileName: z.string().min(1),
  source: fileSourceSchema,
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  size: z.number().int().nonnegative(),
  country: z.enum(['IT', 'PL']),
  e2eId: z.string().min(1),
  state: z.enum(uploadStates),
  /** The upload being tracked (or, while uncertain, the id a 503 receipt carried). */
  uploadId: z.string().min(1).optional(),
  serverStatus: z.enum(serverUploadStatuses).optional(),
  /** Server uploads of this entry that ended `failed` (kept so a reconcile recognises them). */
  previousUploadIds: z.array(z.string()).default([]),
  history: z.array(historyItemSchema),
  error: entryErrorSchema.optional(),
  warning: z.string().optional(),
  /** The warning in the UI's words, when it is built from pieces (fixed warnings are recognised by their text). */
  warningReason: errorReasonSchema.optional(),
  warningCode: z.enum(['sign_in', 'other_account']).optional(),
  sendAttempts: z.number().int().nonnegative().default(0),
  /** Automatic resends after an uncertain send turned out `failed` on the service (at most one). */
  autoResends: z.number().int().nonnegative().default(0),
  /** Automatic resends because the service had no trace of an uncertain send. */
  notFoundResends: z.number().int().nonnegative().default(0),
  /** The tracked upload was found by a reconcile (after a 503 or a crash), not confirmed by a 202. */
  adoptedAfterUncertain: z.boolean().default(false),
  createdAt: isoTime,
  updatedAt: isoTime,
});
export type JournalEntry = z.infer<typeof journalEntrySchema>;

/** One line of the journal file: the whole entry as it is after a change. */
export const journalLineSchema = z.object({ v: z.literal(1), entry: journalEntrySchema });
