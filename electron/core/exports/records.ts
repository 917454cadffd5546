/** The records an export covers: every page a filter matches, or the records of chosen documents. */
import { AppError, because, reason, type DocumentFilters, type DocumentRecord, type DocumentType } from '../../../shared/contract';
import type { DocumentsApi } from '../documents/api';
import { defaultFileRetry, withRetries } from '../documents/bulk/failures';
import { runPool } from '../documents/bulk/pool';

const PAGE_SIZE = 30;

export interface ListAllOptions {
  signal: AbortSignal;
  /** More than this many matching documents is refused with a message saying so. */
  max: number;
  onProgress?(found: number, total: number): void;
}

export async function listAll(api: DocumentsApi, type: DocumentType, filters: DocumentFilters, options: ListAllOptions): Promise<DocumentRecord[]> {
  // Oldest first unless the user chose an order: documents arriving meanwhile land on later pages.
  const listed: DocumentFilters = filters.sort ? filters : { ...filters, sort: { field: 'createdAt', order: 'asc' } };
  const seen = new Set<string>();
  const records: DocumentRecord[] = [];
  for (let page = 1; ; page += 1) {
    const result = await withRetries(() => api.list(type, listed, page, PAGE_SIZE, { signal: options.signal, retry: false }), defaultFileRetry, options.signal);
    if (result.totalItems > options.max) {
      throw new AppError('validation', `The filter matches ${result.totalItems} documents; an export takes at most ${options.max}. Narrow the filter down (e.g. a shorter period).`, {
        details: because(reason('exports.tooManyMatches', { total: result.totalItems, max: options.max })),
      });
    }
    for (const record of result.items) {
      if (seen.has(record.uuid)) continue;
      seen.add(record.uuid);
      records.push(record);
    }
    options.onProgress?.(records.length, result.totalItems);
    if (result.items.length < PAGE_SIZE || page * PAGE_SIZE >= result.totalItems) break;
  }
  return records;
}

export async function getAll(api: DocumentsApi, type: DocumentType, uuids: readonly string[], signal: AbortSignal): Promise<DocumentRecord[]> {
  const unique = [...new Set(uuids)];
  const records = new Array<DocumentRecord>(unique.length);
  await runPool(unique.length, 6, signal, async (index) => {
    records[index] = await withRetries(() => api.get(type, unique[index] as string, { signal, retry: false }), defaultFileRetry, signal);
  });
  return records;
}
