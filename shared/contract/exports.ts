import { z } from 'zod';
import { channel, event } from './define';
import { documentFiltersSchema, documentTypeSchema, fileNameTemplateSchema, type DocumentType } from './documents';
import { destinationFolderSchema, type FilePayload } from './files';

const selectionSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('uuids'), uuids: z.array(z.string().min(1).max(100)).min(1).max(20_000) }),
  z.object({ kind: z.literal('filter'), filters: documentFiltersSchema }),
]);

export const periodPackInputSchema = z.object({
  type: documentTypeSchema,
  selection: selectionSchema,
  /** The folder the ZIP is written to (chosen like the bulk download's). */
  folder: destinationFolderSchema,
  template: fileNameTemplateSchema.default('{date}_{number}_{sender}'),
  includePdf: z.boolean().default(true),
});
export type PeriodPackInput = z.input<typeof periodPackInputSchema>;

export interface PeriodPackResult {
  exportId: string;
  /** Where the ZIP was written. */
  path: string;
  fileName: string;
  documents: number;
  /** Files in the ZIP, index.csv and manifest.json included. */
  files: number;
  bytes: number;
  /** Documents left out, with why (e.g. their source could not be read). */
  failed: Array<{ uuid: string; number: string; message: string }>;
}

export interface ExportProgress {
  exportId: string;
  type: DocumentType;
  state: 'listing' | 'packing' | 'done' | 'failed' | 'cancelled';
  done: number;
  total: number;
  message?: string;
}

export const csvExportInputSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('documents'), type: documentTypeSchema, filters: documentFiltersSchema.default({}) }),
  /** The whole upload history (the journal's month), as the Uploads page lists it. */
  z.object({ kind: z.literal('uploads') }),
  z.object({ kind: z.literal('reportRequests'), serialNumber: z.string().trim().min(1).max(64) }),
]);
export type CsvExportInput = z.input<typeof csvExportInputSchema>;

export const exportChannels = {
  /** One ZIP with the sources, PDFs, index.csv and a SHA-256 manifest.json; progress on `exports.progress`. */
  'exports.periodPack': channel<PeriodPackResult>()(periodPackInputSchema.extend({ exportId: z.string().min(1).max(100) })),
  'exports.cancel': channel<{ cancelled: boolean }>()(z.object({ exportId: z.string().min(1).max(100) })),
  /** A CSV of a document listing (every page the filter matches), of the upload history, or of a PEM's report requests. */
  'exports.csv': channel<FilePayload & { rows: number }>()(csvExportInputSchema),
};

export const exportEvents = {
  'exports.progress': event<ExportProgress>(),
};
