/**
 * Resolving a selection to the documents to download: the uuids given (with their records when
 * the file-name template needs them) or every document matching a filter, 30 per page.
 */
import { AppError, because, reason, type DocumentFilters, type DocumentRecord, type DocumentType } from '../../../../shared/contract';
import type { DocumentsApi } from '../api';
import { describeFailure, stopsTheJob, withRetries, type FileRetryPolicy } from './failures';
import { baseNameFor, type NamingRecord } from '../../../../shared/documents/file-name-template';
import { assignBaseNames, templateNeedsRecord } from './file-names';
import type { JobEntry } from './job';
import { runPool } from './pool';

export const PAGE_SIZE = 30;
export const MAX_SELECTION = 100_000;

export interface ResolveContext {
  api: DocumentsApi;
  type: DocumentType;
  template: string;
  concurrency: number;
  retry: FileRetryPolicy;
  signal: AbortSignal;
  /** Called as the listing learns the total and finds documents. */
  onProgress(found: number, total: number): void;
}

type Resolved = { record: NamingRecord; error?: { code: string; message: string } };

const bareRecord = (type: DocumentType, uuid: string): NamingRecord => ({
  uuid,
  type,
  number: '',
  date: '',
  direction: 'incoming',
  sender: { name: '', identifier: '' },
  recipient: { name: '', identifier: '' },
});

export async function resolveFilter(context: ResolveContext, filters: DocumentFilters): Promise<JobEntry[]> {
  // Oldest first unless the user chose an order: documents arriving meanwhile land on later pages.
  const listed: DocumentFilters = filters.sort ? filters : { ...filters, sort: { field: 'createdAt', order: 'asc' } };
  const seen = new Set<string>();
  const records: DocumentRecord[] = [];
  for (let page = 1; ; page += 1) {
    const result = await withRetries(() => context.api.list(context.type, listed, page, PAGE_SIZE, { signal: context.signal, retry: false }), context.retry, context.signal);
    if (result.totalItems > MAX_SELECTION) {
      throw new AppError('validation', `The filter matches ${result.totalItems} documents; one download takes at most ${MAX_SELECTION}. Narrow the filter down.`, {
        details: because(reason('documents.tooManyMatches', { total: result.totalItems, max: MAX_SELECTION })),
      });
    }
    for (const record of result.items) {
      if (seen.has(record.uuid)) continue;
      seen.add(record.uuid);
      records.push(record);
    }
    context.onProgress(records.length, result.totalItems);
    if (result.items.length < PAGE_SIZE || page * PAGE_SIZE >= result.totalItems) break;
  }
  return toEntries(context.template, records.map((record) => ({ record })));
}

export async function resolveUuids(context: ResolveContext, uuids: readonly string[]): Promise<JobEntry[]> {
  const unique = [...new Set(uuids)];
  if (!templateNeedsRecord(context.template)) {
    return toEntries(context.template, unique.map((uuid) => ({ record: bareRecord(context.type, uuid) })));
  }
  const resolved: Resolved[] = new Array<Resolved>(unique.length);
  let done = 0;
  await runPool(unique.length, context.concurrency, context.signal, async (index) => {
    const uuid = unique[index] as string;
    try {
      const record = await withRetries(() => context.api.get(context.type, uuid, { signal: context.signal, retry: false }), context.retry, context.signal);
      resolved[index] = { record };
    } catch (error) {
      if (context.signal.aborted || stopsTheJob(error)) throw error;
      resolved[index] = { record: bareRecord(context.type, uuid), error: describeFailure(error) };
    }
    done += 1;
    context.onProgress(done, unique.length);
  });
  return toEntries(context.template, resolved);
}

function toEntries(template: string, resolved: readonly Resolved[]): JobEntry[] {
  const names = assignBaseNames(resolved.map(({ record }) => ({ uuid: record.uuid, baseName: baseNameFor(template, record) })));
  return resolved.map(({ record, error }, index) => ({
    uuid: record.uuid,
    name: names[index] as string,
    state: error ? 'failed' : 'pending',
    files: [],
    marked: false,
    ...(error ? { error } : {}),
  }));
}
