/**
 * A bulk download job as it is kept on disk (`<userDataDir>/bulk-downloads/<jobId>.json`): the
 * selection resolved to uuids, the folder, the template, and each document's state with the
 * sha256 of every file written, so a resumed job can verify instead of fetching again.
 */
import { z } from 'zod';
import {
  bulkDownloadInputSchema,
  documentTypeSchema,
  errorReasonSchema,
  type BulkDownloadFileError,
  type BulkDownloadProgress,
} from '../../../../shared/contract';

export const jobStates = ['listing', 'running', 'marking', 'done', 'cancelled', 'failed', 'interrupted'] as const;
export type JobState = (typeof jobStates)[number];
/** States in which the job's run is (or was, before a crash) in progress. */
export const activeStates: ReadonlySet<JobState> = new Set(['listing', 'running', 'marking']);

const writtenFileSchema = z.object({ name: z.string().min(1), sha256: z.string().regex(/^[0-9a-f]{64}$/), size: z.number().int().min(0) });
export type WrittenFile = z.infer<typeof writtenFileSchema>;

const entrySchema = z.object({
  uuid: z.string().min(1),
  /** The de-duplicated base name; extensions are added per file. */
  name: z.string().min(1),
  state: z.enum(['pending', 'done', 'failed']),
  files: z.array(writtenFileSchema).default([]),
  marked: z.boolean().default(false),
  error: z.object({ code: z.string(), message: z.string(), userMessage: errorReasonSchema.optional() }).optional(),
});
export type JobEntry = z.infer<typeof entrySchema>;

const countsSchema = z.object({
  written: z.number().int().min(0),
  skipped: z.number().int().min(0),
  failed: z.number().int().min(0),
  marked: z.number().int().min(0),
});
export type JobCounts = z.infer<typeof countsSchema>;

export const jobFileSchema = z.object({
  version: z.literal(1),
  jobId: z.string().min(1),
  type: documentTypeSchema,
  folder: z.string().min(1),
  template: z.string().min(1),
  includePdf: z.boolean(),
  markDownloaded: z.boolean(),
  concurrency: z.number().int().min(1).max(16),
  selection: bulkDownloadInputSchema.shape.selection,
  /** True once `entries` holds the whole selection. */
  resolved: z.boolean(),
  /** What the listing found (may exceed the entries while listing). */
  total: z.number().int().min(0),
  state: z.enum(jobStates),
  message: z.string().optional(),
  reasons: z.array(errorReasonSchema).optional(),
  counts: countsSchema,
  startedAt: z.string(),
  updatedAt: z.string(),
  entries: z.array(entrySchema),
});
export type Job = z.infer<typeof jobFileSchema>;

/** At most this many per-file errors travel in one progress event (the counts stay exact). */
const MAX_ERRORS_IN_EVENT = 100;

export function progressOf(job: Job): BulkDownloadProgress {
  const errors: BulkDownloadFileError[] = [];
  for (const entry of job.entries) {
    if (errors.length >= MAX_ERRORS_IN_EVENT) break;
    if (entry.state === 'failed' && entry.error) errors.push({ uuid: entry.uuid, fileName: entry.name, code: entry.error.code, message: entry.error.message, ...(entry.error.userMessage ? { userMessage: entry.error.userMessage } : {}) });
  }
  return {
    jobId: job.jobId,
    type: job.type,
    folder: job.folder,
    state: job.state,
    total: Math.max(job.total, job.entries.length),
    written: job.counts.written,
    skipped: job.counts.skipped,
    failed: job.counts.failed,
    marked: job.counts.marked,
    errors,
    ...(job.message ? { message: job.message } : {}),
    ...(job.reasons?.length ? { reasons: job.reasons } : {}),
    startedAt: job.startedAt,
    updatedAt: job.updatedAt,
  };
}
