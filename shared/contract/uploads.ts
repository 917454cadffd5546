import { z } from 'zod';
import { changesOf, channel, event, noInput } from './define';
import type { ErrorReason } from './error-reasons';
import { fileHandleSchema, uploadFileRefSchema, type FilePayload } from './files';

export const uploadCountrySchema = z.enum(['IT', 'PL']);
export type UploadCountry = z.infer<typeof uploadCountrySchema>;

/** The journal states of DESIGN §6. */
export type UploadState = 'queued' | 'sending' | 'accepted' | 'tracking' | 'done' | 'failed' | 'rejected' | 'uncertain' | 'cancelled';

/** Server-side statuses: pending → ingested → processing → sent → delivered, or failed. */
export type ServerUploadStatus = 'pending' | 'ingested' | 'processing' | 'sent' | 'delivered' | 'failed';

/** `sign_in`: waits for the user to sign in again; `other_account`: added by another account. */
export type UploadWarningCode = 'sign_in' | 'other_account';

export interface UploadHistoryItem {
  at: string;
  state: UploadState;
  serverStatus?: ServerUploadStatus;
  /** English, for logs; `reason` (when there) is what the UI shows, in its language. */
  note?: string;
  reason?: ErrorReason;
}

export interface UploadEntry {
  localId: string;
  batchId: string;
  fileName: string;
  /** Where the file came from (its path, or its folder-relative path for dropped bytes). */
  origin: string;
  size: number;
  sha256: string;
  country: UploadCountry;
  e2eId: string;
  state: UploadState;
  uploadId?: string;
  serverStatus?: ServerUploadStatus;
  history: UploadHistoryItem[];
  /** `reason` (when there) words `message` in the UI language. */
  error?: { code: string; message: string; fieldErrors?: Record<string, string>; reason?: ErrorReason };
  /** Not an error, but something the user must know (e.g. "not confirmed yet: do not resend"). */
  warning?: string;
  /** The warning in the UI's words, when the core has them. */
  warningReason?: ErrorReason;
  /** What kind of warning it is, so the UI can word it without reading the core's text. */
  warningCode?: UploadWarningCode;
  /** Whether the rules of the spec allow sending this file again now. */
  canRetry: boolean;
  canCancel: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface RejectedFile {
  fileName: string;
  origin: string;
  code: string;
  /** English, for logs; `reason` (when there) is what the UI shows, in its language. */
  message: string;
  reason?: ErrorReason;
}

export interface ServerUpload {
  id: string;
  e2e_id: string | null;
  status: ServerUploadStatus;
  country: UploadCountry;
  file_name: string;
  size: number;
  created_at: string;
  updated_at: string;
  errors?: unknown;
}

export interface TransferDocument {
  id: string;
  upload_id: string;
  e2e_id: string | null;
  status: string;
  file_name: string;
  destination_id: string | null;
  created_at: string;
}

/** A granted folder's files, as `uploads.listFolder` answers (never a path: sub-paths inside the folder). */
export interface UploadFolderListing {
  /** The folder's own name. */
  name: string;
  files: Array<{ subpath: string; name: string; size: number; modifiedMs: number }>;
  /** Hidden files and folders left out. */
  skippedHidden: number;
  /** Sub-folders that could not be read, relative to the folder. */
  unreadable: string[];
}

/** Files `uploads.hashFolderFiles` hashes in one call at most. */
export const MAX_HASHED_PER_CALL = 256;

export const uploadPreferencesSchema = z.object({
  country: uploadCountrySchema.default('IT'),
  /** Placeholders: {date} {time} {file} {n} {rand}. */
  e2eIdTemplate: z.string().trim().min(1).max(255).default('LD-{date}-{file}-{rand}'),
});
export type UploadPreferences = z.infer<typeof uploadPreferencesSchema>;

export const uploadChannels = {
  /** Journals every accepted file before any network call; files that fail the local checks come back in `rejected`. */
  'uploads.add': channel<{ batchId: string; entries: UploadEntry[]; rejected: RejectedFile[] }>()(
    z.object({
      files: z.array(z.object({ file: uploadFileRefSchema, e2eId: z.string().max(1000).optional() })).min(1).max(5000),
      country: uploadCountrySchema,
      e2eIdTemplate: z.string().trim().min(1).max(255).optional(),
    }),
  ),
  /**
   * The files of a folder granted for reading (the native folder dialog's choice), listed by the
   * core: each is then added as `{kind: 'handle', handle, subpath}`. Refused as a whole when it
   * holds more than `uploads.add` takes at once (5 000 files).
   */
  'uploads.listFolder': channel<UploadFolderListing>()(z.object({ folder: fileHandleSchema.omit({ subpath: true }).strict() }).strict()),
  /**
   * SHA-256 (hex) of some files of a granted folder, named by sub-path, in their order; `null` for a
   * file that cannot be read (or is over the upload limit). The batch's "same content" warning for
   * files the page never has the bytes of (a folder chosen in the dialog): asked in the background,
   * only for files that could be copies (the same size as another), many per call.
   */
  'uploads.hashFolderFiles': channel<{ sha256: Array<string | null> }>()(
    z.object({ folder: fileHandleSchema.omit({ subpath: true }).strict(), subpaths: z.array(z.string().min(1).max(4096)).min(1).max(MAX_HASHED_PER_CALL) }).strict(),
  ),
  /** Every upload of the active profile, newest first; the renderer filters and searches its copy. */
  'uploads.list': channel<UploadEntry[]>()(noInput),
  'uploads.retry': channel<UploadEntry>()(z.object({ localId: z.string().min(1) })),
  'uploads.cancel': channel<UploadEntry>()(z.object({ localId: z.string().min(1) })),
  'uploads.findByE2eId': channel<ServerUpload[]>()(z.object({ e2eId: z.string().min(1).max(1000) })),
  'uploads.preferences': channel<UploadPreferences>()(noInput),
  'uploads.setPreferences': channel<UploadPreferences>()(changesOf(uploadPreferencesSchema)),
  'transferDocuments.list': channel<TransferDocument[]>()(z.object({ uploadId: z.string().min(1).max(200) })),
  'transferDocuments.download': channel<FilePayload>()(z.object({ id: z.string().min(1).max(200) })),
};

export const uploadEvents = {
  /** Entries that changed (state, server status, history). */
  'uploads.changed': event<{ entries: UploadEntry[] }>(),
  /** Every file of a batch reached a terminal state (done, failed, rejected, cancelled). */
  'uploads.batchSettled': event<{ batchId: string; done: number; failed: number; rejected: number }>(),
};
