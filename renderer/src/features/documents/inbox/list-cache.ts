/**
 * The inbox's pages in the react-query cache: one entry per `documents.list` call (type, filters,
 * page of 30), so pages load as they scroll into view and a jump far down loads only what is shown.
 */
import { hashKey, type QueryClient } from '@tanstack/react-query';
import type { DocumentDetail, DocumentFilters, DocumentPage, DocumentRecord, DocumentType } from '../../../../../shared/contract/documents';
import { bridge } from '../../../bridge';
import { bridgeKeys } from '../../../bridge/queries';

export const PAGE_SIZE = 30;

export const listInput = (type: DocumentType, filters: DocumentFilters, page: number) => ({ type, filters, page, itemsPerPage: PAGE_SIZE });
export const listKey = (type: DocumentType, filters: DocumentFilters, page: number) => bridgeKeys.call('documents.list', listInput(type, filters, page));
export const fetchListPage = (type: DocumentType, filters: DocumentFilters, page: number): Promise<DocumentPage> =>
  bridge.invoke('documents.list', listInput(type, filters, page));

export const pageOfRow = (index: number): number => Math.floor(index / PAGE_SIZE) + 1;

/** The pages holding rows `first..last` (inclusive), page 1 excluded (it is always loaded). */
export function pagesBetween(first: number, last: number): number[] {
  if (last < first || first < 0) return [];
  const pages: number[] = [];
  for (let page = pageOfRow(first); page <= pageOfRow(last); page += 1) if (page !== 1) pages.push(page);
  return pages;
}

/**
 * How many rows to show: page 1's total, lowered when a loaded page came back short (documents
 * went away between two page loads) so no row waits forever for data that does not exist.
 */
export function effectiveTotal(firstPage: DocumentPage | undefined, others: ReadonlyMap<number, DocumentPage | undefined>): number | undefined {
  if (!firstPage) return undefined;
  let total = firstPage.totalItems;
  const loaded: Array<[number, DocumentPage]> = [[1, firstPage]];
  for (const [page, data] of others) if (data) loaded.push([page, data]);
  for (const [page, data] of loaded) {
    if (data.items.length < PAGE_SIZE) total = Math.min(total, (page - 1) * PAGE_SIZE + data.items.length);
  }
  return Math.max(0, total);
}

/** Every record of the view that is in the cache, in list order (Ctrl+A, "N selected"). */
export function loadedRecords(queryClient: QueryClient, type: DocumentType, filters: DocumentFilters): DocumentRecord[] {
  const first = queryClient.getQueryData<DocumentPage>(listKey(type, filters, 1));
  if (!first) return [];
  const pages = Math.ceil(first.totalItems / PAGE_SIZE);
  const records: DocumentRecord[] = [...first.items];
  for (let page = 2; page <= pages; page += 1) records.push(...(queryClient.getQueryData<DocumentPage>(listKey(type, filters, page))?.items ?? []));
  return records;
}

/** A stable identity of "the same list" (type + filters, order ignored) for resetting the selection. */
export function listScope(type: DocumentType, filters: DocumentFilters): string {
  const { sort: _sort, ...narrowing } = filters;
  return hashKey([type, narrowing]);
}

/** Sets `downloaded` on cached records and details at once (optimistic); returns how to undo it. */
export function patchDownloaded(queryClient: QueryClient, uuids: ReadonlySet<string>, downloaded: boolean): () => void {
  const listFilter = { queryKey: bridgeKeys.channel('documents.list') };
  const getFilter = { queryKey: bridgeKeys.channel('documents.get') };
  const previousLists = queryClient.getQueriesData<DocumentPage>(listFilter);
  const previousDetails = queryClient.getQueriesData<DocumentDetail>(getFilter);
  queryClient.setQueriesData<DocumentPage>(listFilter, (page) =>
    page && page.items.some((item) => uuids.has(item.uuid))
      ? { ...page, items: page.items.map((item) => (uuids.has(item.uuid) ? { ...item, downloaded } : item)) }
      : page,
  );
  queryClient.setQueriesData<DocumentDetail>(getFilter, (detail) =>
    detail && uuids.has(detail.record.uuid) ? { ...detail, record: { ...detail.record, downloaded } } : detail,
  );
  return () => {
    for (const [key, data] of previousLists) queryClient.setQueryData(key, data);
    for (const [key, data] of previousDetails) queryClient.setQueryData(key, data);
  };
}
