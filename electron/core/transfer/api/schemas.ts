/**
 * Shapes of the transfer interface's answers (spec "Upload receipt"; DESIGN §5.2 for what the
 * spec leaves out). Reads are lenient about extra fields; a status the app does not know yet is
 * kept readable rather than failing the whole answer.
 */
import { z } from 'zod';
import type { ServerUpload, ServerUploadStatus, TransferDocument } from '../../../../shared/contract';

export const serverUploadStatuses = ['pending', 'ingested', 'processing', 'sent', 'delivered', 'failed'] as const satisfies readonly ServerUploadStatus[];

const knownStatuses: ReadonlySet<string> = new Set(serverUploadStatuses);

/**
 * The spec names only `pending`, `failed` and `ingested` "or any later upload status": a status
 * the app does not know is a later one, so it is shown as `processing` (never resent).
 */
export function normalizeStatus(status: string): ServerUploadStatus {
  return knownStatuses.has(status) ? (status as ServerUploadStatus) : 'processing';
}

const countrySchema = z.enum(['IT', 'PL']);

/** The 202 (and 503) receipt: only `id` and `status` are needed; `e2e_id` is echoed. */
export const uploadReceiptSchema = z.looseObject({
  id: z.string().min(1),
  e2e_id: z.string().nullable().optional(),
  status: z.string().min(1),
  errors: z.unknown().optional(),
});
export type UploadReceipt = z.infer<typeof uploadReceiptSchema>;

export const serverUploadSchema = z
  .looseObject({
    id: z.string().min(1),
    e2e_id: z.string().nullable().optional(),
    status: z.string().min(1),
    country: countrySchema,
    file_name: z.string(),
    size: z.number().int().nonnegative(),
    created_at: z.string(),
    updated_at: z.string(),
    errors: z.unknown().optional(),
  })
  .transform(
    (raw): ServerUpload => ({
      id: raw.id,
      e2e_id: raw.e2e_id ?? null,
      status: normalizeStatus(raw.status),
      country: raw.country,
      file_name: raw.file_name,
      size: raw.size,
      created_at: raw.created_at,
      updated_at: raw.updated_at,
      ...(raw.errors !== undefined && raw.errors !== null ? { errors: raw.errors } : {}),
    }),
  );

export const serverUploadListSchema = z.array(serverUploadSchema);

export const transferDocumentSchema = z
  .looseObject({
    id: z.string().min(1),
    upload_id: z.string(),
    e2e_id: z.string().nullable().optional(),
    status: z.string(),
    file_name: z.string(),
    destination_id: z.string().nullable().optional(),
    created_at: z.string(),
  })
  .transform(
    (raw): TransferDocument => ({
      id: raw.id,
      upload_id: raw.upload_id,
      e2e_id: raw.e2e_id ?? null,
      status: raw.status,
      file_name: raw.file_name,
      destination_id: raw.destination_id ?? null,
      created_at: raw.created_at,
    }),
  );

export const transferDocumentListSchema = z.array(transferDocumentSchema);

/** The server's `errors` of a failed upload (a list, a string or a field map) as plain sentences. */
export function serverErrorMessages(errors: unknown): string[] {
  if (typeof errors === 'string') return errors.trim() ? [errors.trim()] : [];
  if (Array.isArray(errors)) return errors.flatMap(serverErrorMessages);
  if (errors && typeof errors === 'object') return Object.values(errors).flatMap(serverErrorMessages);
  return [];
}
