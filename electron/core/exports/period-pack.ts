/**
 * The period pack: for a filter or a selection, one ZIP with every document's source (and PDF),
 * an index.csv (number, dates, parties, direction, totals, currency, downloaded) and a
 * manifest.json with the SHA-256 and size of every file in it, so an auditor can check the pack.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { AppError, because, isAppError, reason, type DocumentRecord, type ExportProgress, type PeriodPackResult } from '../../../shared/contract';
import type { PeriodPackInput } from '../../../shared/contract';
import { baseNameFor } from '../../../shared/documents/file-name-template';
import type { DocumentsApi } from '../documents/api';
import { defaultFileRetry, describeFailure, isCancellation, withRetries } from '../documents/bulk/failures';
import { assignBaseNames, checkTemplate } from '../documents/bulk/file-names';
import { runPool } from '../documents/bulk/pool';
import { isSendableType } from '../documents/paths';
import { decodeText, detectSourceFormat, parseSource, sourceExtension } from '../documents/source-view';
import { sha256Hex } from '../files/sha256';
import { toCsv, type CsvColumn } from './csv';
import { getAll, listAll } from './records';
import { createZipFile, freeName } from './zip-file';

export const MAX_PACK_DOCUMENTS = 20_000;

/** The parsed input with its folder resolved to a path. */
type ParsedInput = Required<Pick<PeriodPackInput, 'type' | 'selection'>> & { folder: string; template: string; includePdf: boolean };

export interface PackDeps {
  api: DocumentsApi;
  profileName: string;
  now: () => Date;
  signal: AbortSignal;
  progress(update: Omit<ExportProgress, 'exportId' | 'type'>): void;
}

interface IndexRow {
  record: DocumentRecord;
  sourceFile: string;
  pdfFile: string;
  taxExclusive?: string;
  tax?: string;
  total?: string;
  currency?: string;
}

const indexColumns: ReadonlyArray<CsvColumn<IndexRow>> = [
  { header: 'number', value: (row) => row.record.number },
  { header: 'document_date', value: (row) => row.record.date },
  { header: 'created_at', value: (row) => row.record.createdAt },
  { header: 'direction', value: (row) => row.record.direction },
  { header: 'sender_name', value: (row) => row.record.sender.name },
  { header: 'sender_id', value: (row) => row.record.sender.identifier },
  { header: 'recipient_name', value: (row) => row.record.recipient.name },
  { header: 'recipient_id', value: (row) => row.record.recipient.identifier },
  { header: 'total_without_vat', value: (row) => row.taxExclusive },
  { header: 'vat', value: (row) => row.tax },
  { header: 'total', value: (row) => row.total },
  { header: 'currency', value: (row) => row.currency },
  { header: 'downloaded', value: (row) => row.record.downloaded },
  { header: 'uuid', value: (row) => row.record.uuid },
  { header: 'source_file', value: (row) => row.sourceFile },
  { header: 'pdf_file', value: (row) => row.pdfFile },
];

/** `invoices_2026-10-01_2026-10-31` from the filter's document dates, else the day of the export. */
export function packBaseName(input: Pick<ParsedInput, 'type' | 'selection'>, now: Date): string {
  const range = input.selection.kind === 'filter' ? input.selection.filters.documentDate : undefined;
  const from = (range?.after ?? range?.strictly_after)?.slice(0, 10);
  const to = (range?.before ?? range?.strictly_before)?.slice(0, 10);
  const period = from || to ? `${from ?? 'start'}_${to ?? now.toISOString().slice(0, 10)}` : now.toISOString().slice(0, 16).replace(':', '').replace('T', '_');
  return `${input.type}s_${period}`;
}

export async function writePeriodPack(input: ParsedInput, deps: PackDeps): Promise<Omit<PeriodPackResult, 'exportId'>> {
  checkTemplate(input.template);
  await checkFolder(input.folder);
  const { api, signal } = deps;
  deps.progress({ state: 'listing', done: 0, total: 0 });
  const records =
    input.selection.kind === 'filter'
      ? await listAll(api, input.type, input.selection.filters, { signal, max: MAX_PACK_DOCUMENTS, onProgress: (found, total) => deps.progress({ state: 'listing', done: found, total }) })
      : await getAll(api, input.type, input.selection.uuids, signal);
  if (records.length === 0) throw new AppError('validation', 'No documents match: there is nothing to put in the pack.', { details: because(reason('exports.nothingToPack')) });

  const fileName = await freeName(input.folder, packBaseName(input, deps.now()), '.zip');
  const target = path.join(input.folder, fileName);
  const zip = await createZipFile(target);
  const names = assignBaseNames(records.map((record) => ({ uuid: record.uuid, baseName: baseNameFor(input.template, record) })));
  const manifestFiles: Array<{ path: string; size: number; sha256: string }> = [];
  const rows: Array<IndexRow | undefined> = new Array<IndexRow | undefined>(records.length);
  const failed: PeriodPackResult['failed'] = [];
  const printType = input.includePdf && isSendableType(input.type) ? input.type : undefined;
  const add = (name: string, bytes: Uint8Array, store = false): void => {
    zip.add(name, bytes, { store });
    manifestFiles.push({ path: name, size: bytes.length, sha256: sha256Hex(bytes) });
  };
  let done = 0;
  try {
    deps.progress({ state: 'packing', done, total: records.length });
    await runPool(records.length, 6, signal, async (index) => {
      const record = records[index] as DocumentRecord;
      try {
        const source = await withRetries(() => api.source(input.type, record.uuid, { signal, retry: false }), defaultFileRetry, signal);
        const pdf = printType ? await withRetries(() => api.print(printType, record.uuid, { signal, retry: false }), defaultFileRetry, signal) : undefined;
        const format = detectSourceFormat(source.contentType, source.bytes);
        const sourceFile = `documents/${names[index] as string}${sourceExtension(format)}`;
        const pdfFile = pdf ? `pdf/${names[index] as string}.pdf` : '';
        add(sourceFile, source.bytes);
        if (pdf) add(pdfFile, pdf, true);
        rows[index] = { record, sourceFile, pdfFile, ...amountsOf(decodeText(source.bytes), format) };
      } catch (error) {
        if (isCancellation(error, signal) || stopsThePack(error)) throw error;
        failed.push({ uuid: record.uuid, number: record.number, message: describeFailure(error).message });
      }
      done += 1;
      deps.progress({ state: 'packing', done, total: records.length });
    });
    const packed = rows.filter((row): row is IndexRow => row !== undefined);
    if (packed.length === 0) {
      throw new AppError('unavailable', `None of the ${records.length} documents could be read: ${failed[0]?.message ?? ''}`.trim(), {
        details: because(reason('exports.noneReadable', { total: records.length })),
      });
    }
    add('index.csv', Buffer.from(toCsv(packed, indexColumns), 'utf8'));
    const manifest = {
      format: 'ledgerdesk-period-pack/1',
      createdAt: deps.now().toISOString(),
      profile: deps.profileName,
      documentType: input.type,
      selection: input.selection.kind === 'filter' ? { filters: input.selection.filters } : { uuids: input.selection.uuids.length },
      documents: packed.length,
      algorithm: 'SHA-256',
      files: [...manifestFiles].sort((a, b) => a.path.localeCompare(b.path)),
      failed,
    };
    zip.add('manifest.json', Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`, 'utf8'));
    const bytes = await zip.finish();
    return { path: target, fileName, documents: packed.length, files: manifestFiles.length + 1, bytes, failed };
  } catch (error) {
    await zip.abort();
    throw error;
  }
}

/** Failures every other document would meet too. */
function stopsThePack(error: unknown): boolean {
  return isAppError(error) && (error.code === 'unauthorized' || error.code === 'forbidden' || error.code === 'file');
}

function amountsOf(text: string, format: 'xml' | 'json'): Pick<IndexRow, 'taxExclusive' | 'tax' | 'total' | 'currency'> {
  const parsed = parseSource(text, format);
  if (!parsed.document) return {};
  const { totals, taxTotal, currency } = parsed.document;
  const total = totals?.payableAmount ?? totals?.taxInclusiveAmount;
  return {
    ...(totals?.taxExclusiveAmount ? { taxExclusive: totals.taxExclusiveAmount.text } : {}),
    ...(taxTotal?.taxAmount ? { tax: taxTotal.taxAmount.text } : {}),
    ...(total ? { total: total.text } : {}),
    ...((currency ?? total?.currency) ? { currency: currency ?? total?.currency } : {}),
  };
}

async function checkFolder(folder: string): Promise<void> {
  let stats;
  try {
    stats = await fs.stat(folder);
  } catch {
    throw new AppError('file', `The folder ${folder} does not exist. Choose another folder or create it first.`, { details: because(reason('files.folderMissing', { path: folder }), { path: folder }) });
  }
  if (!stats.isDirectory()) throw new AppError('file', `${folder} is a file, not a folder.`, { details: because(reason('files.folderIsFile', { path: folder }), { path: folder }) });
}
