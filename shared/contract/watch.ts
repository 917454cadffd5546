import { z } from 'zod';
import { channel, event, noInput } from './define';
import type { ErrorReason } from './error-reasons';
import { destinationFolderSchema } from './files';
import { uploadCountrySchema, type UploadCountry } from './uploads';

/** A watched upload folder: files copied into it are sent to one country, then moved to sent/ or failed/. */
export interface WatchedFolder {
  country: UploadCountry;
  /** Shown to the user; the renderer never sends it back. */
  folder: string;
  e2eIdTemplate: string;
  paused: boolean;
}

export interface WatchedFileEvent {
  fileName: string;
  state: 'sending' | 'sent' | 'failed' | 'duplicate';
  at: string;
  /** English, for logs; `reason` (when there) is what the UI shows, in its language. */
  message?: string;
  reason?: ErrorReason;
}

export interface WatchedFolderStatus extends WatchedFolder {
  state: 'watching' | 'paused' | 'error';
  /** English, for logs; `reason` (when there) is what the UI shows, in its language. */
  message?: string;
  reason?: ErrorReason;
  /** Files handed to the upload journal and not settled yet. */
  inFlight: number;
  sent: number;
  failed: number;
  /** The latest files, newest first (at most 20). */
  recent: WatchedFileEvent[];
}

export const watchSaveSchema = z.object({
  country: uploadCountrySchema,
  /** Required for a new watched folder; an edit may keep the folder. */
  folder: destinationFolderSchema.optional(),
  e2eIdTemplate: z.string().trim().min(1).max(255).default('LD-{date}-{file}-{rand}'),
  paused: z.boolean().default(false),
});

export const watchChannels = {
  'watch.folders': channel<WatchedFolderStatus[]>()(noInput),
  'watch.save': channel<WatchedFolderStatus>()(watchSaveSchema),
  'watch.remove': channel<{ removed: boolean }>()(z.object({ country: uploadCountrySchema })),
  'watch.setPaused': channel<WatchedFolderStatus>()(z.object({ country: uploadCountrySchema, paused: z.boolean() })),
};

export const watchEvents = {
  'watch.changed': event<{ statuses: WatchedFolderStatus[] }>(),
};
