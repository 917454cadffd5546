import { z } from 'zod';
import type { UblDocument } from '../ubl/types';
import { channel, event, noInput } from './define';
import { destinationFolderSchema, fileRefSchema, type FilePayload } from './files';
import type { ErrorReason } from './error-reasons';

export const documentTypeSchema = z.enum(['invoice', 'credit-note', 'order', 'order-response', 'despatch-advice']);
export type DocumentType = z.infer<typeof documentTypeSchema>;
/** Only these two can be sent, printed and marked downloaded (the spec's document table). */
export const sendableDocumentTypeSchema = z.enum(['invoice', 'credit-note']);
export type SendableDocumentType = z.infer<typeof sendableDocumentTypeSchema>;

/** The record of DESIGN §5.2 (the service's list/get record). */
export interface DocumentRecord {
  uuid: string;
  type: DocumentType;
  direction: 'incoming' | 'outgoing';
  format: string;
  number: string;
  date: string;
  sender: { name: string; identifier: string };
  recipient: { name: string; identifier: string };
  createdAt: string;
  downloaded: boolean;
}

const dateBound = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/, 'Use a date like 2026-11-22 (time optional).');

export const dateRangeSchema = z
  .object({ before: dateBound, strictly_before: dateBound, after: dateBound, strictly_after: dateBound })
  .partial();
export type DateRange = z.infer<typeof dateRangeSchema>;

const idList = z.array(z.string().trim().min(1).max(200)).max(100);

export const sortFieldSchema = z.enum(['createdAt', 'documentDate', 'senderName', 'recipientName']);
export const documentFiltersSchema = z
  .object({
    senderName: z.string().trim().max(200),
    senderId: idList,
    recipientName: z.string().trim().max(200),
    recipientId: idList,
    documentNumber: idList,
    createdAt: dateRangeSchema,
    documentDate: dateRangeSchema,
    downloaded: z.boolean(),
    direction: z.enum(['incoming', 'outgoing']),
    sort: z.object({ field: sortFieldSchema, order: z.enum(['asc', 'desc']) }),
  })
  .partial();
export type DocumentFilters = z.infer<typeof documentFiltersSchema>;

export interface DocumentPage {
  items: DocumentRecord[];
  totalItems: number;
  page: number;
  itemsPerPage: number;
}

export interface DocumentDetail {
  record: DocumentRecord;
  /** The source parsed in main; null when it could not be parsed (then `parseError` says why). */
  document: UblDocument | null;
  parseError?: string;
  sourceFormat: 'xml' | 'json';
}

export interface ValidationRule {
  code: string;
  name: string;
  documentTypes: string[];
  latest: boolean;
}

export interface Violation {
  rule: string;
  location: string;
  message: string;
}

export const fileNameTemplateSchema = z
  .string()
  .trim()
  .min(1, 'Give a file-name template, e.g. {date}_{number}_{sender}.')
  .max(200)
  .refine((t) => !/[\\/]/.test(t), 'A file-name template cannot contain / or \\.');

export const bulkDownloadInputSchema = z.object({
  type: documentTypeSchema,
  selection: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('uuids'), uuids: z.array(z.string().min(1).max(100)).min(1).max(100_000) }),
    z.object({ kind: z.literal('filter'), filters: documentFiltersSchema }),
  ]),
  /** A folder handle granted for writing, or (browser shell only) a typed path. */
  folder: destinationFolderSchema,
  /** Placeholders: {date} {number} {sender} {senderId} {recipient} {direction} {uuid} {type}. */
  template: fileNameTemplateSchema.default('{date}_{number}_{sender}'),
  includePdf: z.boolean().default(false),
  markDownloaded: z.boolean().default(true),
  concurrency: z.number().int().min(1).max(16).default(6),
});
export type BulkDownloadInput = z.input<typeof bulkDownloadInputSchema>;

export interface BulkDownloadFileError {
  uuid: string;
  fileName?: string;
  code: string;
  /** English, for logs; `userMessage` is what the UI shows. */
  message: string;
  userMessage?: ErrorReason;
}

export interface BulkDownloadProgress {
  jobId: string;
  type: DocumentType;
  folder: string;
  state: 'listing' | 'running' | 'marking' | 'done' | 'cancelled' | 'failed' | 'interrupted';
  total: number;
  written: number;
  /** Already present with the same content (resumed job): not written again. */
  skipped: number;
  failed: number;
  marked: number;
  errors: BulkDownloadFileError[];
  /** English, for logs; `reasons` are what the UI shows, in order. */
  message?: string;
  reasons?: ErrorReason[];
  startedAt: string;
  updatedAt: string;
}

export const documentChannels = {
  'documents.list': channel<DocumentPage>()(
    z.object({
      type: documentTypeSchema,
      filters: documentFiltersSchema.default({}),
      page: z.number().int().min(1).default(1),
      itemsPerPage: z.number().int().min(1).max(30).default(30),
    }),
  ),
  'documents.get': channel<DocumentDetail>()(z.object({ type: documentTypeSchema, uuid: z.string().min(1).max(100) })),
  'documents.source': channel<FilePayload & { text: string; pretty: string }>()(
    z.object({ type: documentTypeSchema, uuid: z.string().min(1).max(100) }),
  ),
  'documents.print': channel<FilePayload>()(z.object({ type: sendableDocumentTypeSchema, uuid: z.string().min(1).max(100) })),
  'documents.attachment': channel<FilePayload>()(
    z.object({ type: documentTypeSchema, uuid: z.string().min(1).max(100), index: z.number().int().min(0) }),
  ),
  'documents.markDownloaded': channel<{ count: number }>()(
    z.object({ type: sendableDocumentTypeSchema, uuids: z.array(z.string().min(1).max(100)).min(1).max(1000), downloaded: z.boolean() }),
  ),
  'documents.send': channel<{ record: DocumentRecord; validationRule: string | null }>()(
    z.object({ type: sendableDocumentTypeSchema, file: fileRefSchema, validationRule: z.string().trim().min(1).max(200).optional() }),
  ),
  'validationRules.list': channel<ValidationRule[]>()(noInput),
  'documents.bulkDownload': channel<{ jobId: string }>()(bulkDownloadInputSchema),
  'documents.bulkDownloadCancel': channel<{ cancelled: boolean }>()(z.object({ jobId: z.string().min(1) })),
  /** Jobs known to the core, including interrupted ones (crash or cancel) that can be resumed. */
  'documents.bulkDownloadJobs': channel<BulkDownloadProgress[]>()(noInput),
  'documents.bulkDownloadResume': channel<{ jobId: string }>()(z.object({ jobId: z.string().min(1) })),
};

export const documentEvents = {
  'bulkDownload.progress': event<BulkDownloadProgress>(),
  /** Records changed (marked downloaded, sent): the renderer invalidates its lists. */
  /** `downloaded` is set when the change is a (un)marking, so lists can show it before they refetch. */
  'documents.changed': event<{ type: DocumentType; uuids: string[]; downloaded?: boolean }>(),
};
