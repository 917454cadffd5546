import { useQueries } from '@tanstack/react-query';
import type { DocumentFilters, DocumentPage, DocumentRecord, DocumentType } from '../../../../../shared/contract/documents';
import { useBridgeQuery } from '../../../bridge/queries';
import { effectiveTotal, fetchListPage, listInput, listKey, pageOfRow, pagesBetween, PAGE_SIZE } from './list-cache';

/** Page 1 of the view: the first rows and the total count. */
export function useFirstPage(type: DocumentType, filters: DocumentFilters) {
  return useBridgeQuery('documents.list', listInput(type, filters, 1));
}

export interface InboxRows {
  total: number;
  /** The record at a row, or undefined while its page loads (a placeholder row). */
  rowAt(index: number): DocumentRecord | undefined;
  /** Pages on screen whose load failed. */
  failedPages: number[];
  retryFailed(): void;
}

/**
 * The pages under rows `first..last` (the virtualizer's window), loaded as they come into view.
 * With `load` false (the window is racing past, e.g. a scrollbar drag) only pages already in the
 * cache show: nothing is fetched for rows the user does not stop at.
 */
export function useInboxRows(
  type: DocumentType,
  filters: DocumentFilters,
  firstPage: DocumentPage | undefined,
  first: number,
  last: number,
  load = true,
): InboxRows {
  const pages = pagesBetween(first, last);
  const results = useQueries({
    queries: pages.map((page) => ({ queryKey: listKey(type, filters, page), queryFn: () => fetchListPage(type, filters, page), enabled: load })),
  });
  const byPage = new Map<number, DocumentPage | undefined>(pages.map((page, index) => [page, results[index]?.data]));
  const failedPages = pages.filter((_, index) => results[index]?.isError);
  return {
    total: effectiveTotal(firstPage, byPage) ?? 0,
    rowAt(index) {
      const page = pageOfRow(index);
      const data = page === 1 ? firstPage : byPage.get(page);
      return data?.items[index % PAGE_SIZE];
    },
    failedPages,
    retryFailed() {
      results.forEach((result) => {
        if (result.isError) void result.refetch();
      });
    },
  };
}
