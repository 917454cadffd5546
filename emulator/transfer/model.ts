import { z } from 'zod';

/** `pending → ingested → processing → sent → delivered`, or `failed` (DESIGN §5.2). */
export const uploadStatuses = ['pending', 'ingested', 'processing', 'sent', 'delivered', 'failed'] as const;
export type UploadStatus = (typeof uploadStatuses)[number];
export const terminalStatuses: ReadonlySet<UploadStatus> = new Set(['delivered', 'failed']);

/** What happens to a stored upload: normal processing, or one of the 503 fault variants. */
export const uploadOutcomes = ['normal', 'fail', 'stuck'] as const;
export type UploadOutcome = (typeof uploadOutcomes)[number];

const uploadRecordSchema = z.object({
  id: z.string(),
  ownerUid: z.string(),
  e2e_id: z.string().nullable(),
  status: z.enum(uploadStatuses),
  country: z.enum(['IT', 'PL']),
  file_name: z.string(),
  size: z.number().int().nonnegative(),
  created_at: z.string(),
  updated_at: z.string(),
  errors: z.array(z.string()).nullable(),
  outcome: z.enum(uploadOutcomes),
});
export type UploadRecord = z.infer<typeof uploadRecordSchema>;

const documentRecordSchema = z.object({
  id: z.string(),
  upload_id: z.string(),
  ownerUid: z.string(),
  e2e_id: z.string().nullable(),
  status: z.enum(uploadStatuses),
  file_name: z.string(),
  destination_id: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  nip: z.string().nullable(),
});
export type TransferDocumentRecord = z.infer<typeof documentRecordSchema>;

/** What `ctx.persistence` keeps for the transfer area. */
export const transferStateSchema = z.object({
  version: z.literal(1),
  sdiSequence: z.number().int(),
  uploads: z.array(uploadRecordSchema),
  documents: z.array(documentRecordSchema),
});
export type TransferState = z.infer<typeof transferStateSchema>;

/** The upload as the interface shows it (receipt, `GET /uploads/{id}`, lists). */
export interface UploadView {
  id: string;
  e2e_id: string | null;
  status: UploadStatus;
  country: 'IT' | 'PL';
  file_name: string;
  size: number;
  created_at: string;
  updated_at: string;
  errors?: string[];
}

export function toUploadView(upload: UploadRecord): UploadView {
  const view: UploadView = {
    id: upload.id,
    e2e_id: upload.e2e_id,
    status: upload.status,
    country: upload.country,
    file_name: upload.file_name,
    size: upload.size,
    created_at: upload.created_at,
    updated_at: upload.updated_at,
  };
  if (upload.status === 'failed' && upload.errors) view.errors = upload.errors;
  return view;
}

export interface TransferDocumentView {
  id: string;
  upload_id: string;
  e2e_id: string | null;
  status: UploadStatus;
  file_name: string;
  destination_id: string | null;
  created_at: string;
  updated_at: string;
}

export function toTransferDocumentView(document: TransferDocumentRecord): TransferDocumentView {
  const { id, upload_id, e2e_id, status, file_name, destination_id, created_at, updated_at } = document;
  return { id, upload_id, e2e_id, status, file_name, destination_id, created_at, updated_at };
}
