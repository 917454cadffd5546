import { z } from 'zod';
import { channel } from './define';
import type { FilePayload } from './files';

/** What an activity-log line records; the UI words each action (never the core's text alone). */
export const activityActions = [
  'session.signIn',
  'session.signOut',
  'session.ended',
  'documents.send',
  'documents.markDownloaded',
  'documents.bulkDownload',
  'sync.ruleSaved',
  'sync.ruleDeleted',
  'sync.run',
  'uploads.add',
  'uploads.outcome',
  'uploads.retry',
  'uploads.cancel',
  'watch.folderSaved',
  'watch.file',
  'pems.closeJournal',
  'pems.discard',
  'reports.request',
  'merchants.setAtecoCodes',
  'certificates.import',
  'certificates.remove',
  'profiles.save',
  'profiles.delete',
  'profiles.activate',
  'exports.periodPack',
  'exports.csv',
  'activity.export',
  'activity.acknowledged',
] as const;
export type ActivityAction = (typeof activityActions)[number];
export const activityActionSchema = z.enum(activityActions);

export type ActivityOutcome = 'ok' | 'failed';

/** One line of the log as the renderer sees it (the chain's hashes stay in the file). */
export interface ActivityEntry {
  seq: number;
  at: string;
  /** The profile's name at the time. */
  profile: string;
  /** The signed-in user's e-mail, or null when nobody was signed in. */
  user: string | null;
  action: ActivityAction;
  /** What was acted on: a document number, a file name, a PEM serial, a rule's name… */
  target: string;
  outcome: ActivityOutcome;
  /** Counts, the error's message, … (never a secret). */
  detail?: string;
}

export const activityFiltersSchema = z
  .object({
    action: activityActionSchema,
    outcome: z.enum(['ok', 'failed']),
    /** Matched case-insensitively against the target, user, profile and detail. */
    text: z.string().trim().max(200),
    from: z.string().trim().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-11-22.'),
    to: z.string().trim().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-11-22.'),
  })
  .partial();
export type ActivityFilters = z.infer<typeof activityFiltersSchema>;

export interface ActivityPage {
  /** Newest first. */
  entries: ActivityEntry[];
  total: number;
}

/** The answer of "verify": intact, or the first line where the chain breaks and why. */
export interface ActivityVerification {
  intact: boolean;
  /** Lines checked. */
  checked: number;
  problem?: {
    /** 1-based line of the log file. */
    line: number;
    seq?: number;
    /**
     * `head_unsigned`, `head_forged`: the stored head lacks the signature made with the vault's key,
     * or carries one made without it; `key_gone`: the key that signed it is no longer in the vault;
     * `head_missing`: entries are there but no head.
     */
    kind: 'unreadable' | 'edited' | 'removed_or_inserted' | 'truncated' | 'head_unsigned' | 'head_forged' | 'key_gone' | 'head_missing';
    message: string;
  };
  /** The log was found altered at this time and stays marked so until the user acknowledges it (`activity.acknowledge`). */
  brokenSince?: string;
  verifiedAt: string;
}

export const activityChannels = {
  'activity.list': channel<ActivityPage>()(
    z.object({ filters: activityFiltersSchema.default({}), offset: z.number().int().min(0).default(0), limit: z.number().int().min(1).max(500).default(200) }),
  ),
  'activity.verify': channel<ActivityVerification>()(z.object({}).strict().optional().default({})),
  /** The user has seen that the log was altered: recorded in the log itself, which is checked from there on. */
  'activity.acknowledge': channel<ActivityVerification>()(z.object({}).strict().optional().default({})),
  'activity.exportCsv': channel<FilePayload>()(z.object({ filters: activityFiltersSchema.default({}) })),
};

/** None: the log is read on demand (an event per entry would reach every window for every action). */
export const activityEvents = {};
