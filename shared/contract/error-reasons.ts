/**
 * Why the core failed, as a key and parameters the renderer words in the UI language. An AppError
 * that carries one in `details.userMessage` is shown in the user's words; its `message` stays the
 * English text for logs and for callers without a UI. (`details.reason` is older: per-area codes,
 * e.g. a certificate's, that their own screens word.)
 */
import { z } from 'zod';

export const errorReasonKeys = [
  // folders chosen for writing (downloads)
  'folderRelative',
  'folderMissing',
  'folderUnderFile',
  'folderIsFile',
  'folderNotWritable',
  'folderReadOnly',
  'folderParentNotWritable',
  // writing or reading one file
  'diskFull',
  'quotaFull',
  'writeDenied',
  'readOnlyDisk',
  'folderGone',
  'pathUnderFile',
  'pathTooLong',
  'pathIsFolder',
  'writeFailed',
] as const;

export type ErrorReasonKey = (typeof errorReasonKeys)[number];

export const errorReasonSchema = z.object({
  key: z.enum(errorReasonKeys),
  params: z.record(z.string(), z.union([z.string(), z.number()])).default({}),
});

export type ErrorReason = z.output<typeof errorReasonSchema>;

export const reason = (key: ErrorReasonKey, params: Record<string, string | number> = {}): ErrorReason => ({ key, params });

/** The reason an error's details carry, if any (never throws on foreign details). */
export function reasonOf(details: unknown): ErrorReason | undefined {
  if (typeof details !== 'object' || details === null) return undefined;
  const parsed = errorReasonSchema.safeParse((details as { userMessage?: unknown }).userMessage);
  return parsed.success ? parsed.data : undefined;
}
