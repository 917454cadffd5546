import type { QueryClient } from '@tanstack/react-query';
import type { DocumentFilters, DocumentType } from '../../../../shared/contract/documents';
import { fetchListPage, listKey } from './inbox/list-cache';

/** The view an address without a query opens: what `readInboxView` reads from it (url-state.test.ts checks). */
export const plainInboxView: { type: DocumentType; filters: DocumentFilters } = { type: 'invoice', filters: {} };

/**
 * Starts loading page 1 of the inbox the URL describes, under the very key the inbox's
 * `useFirstPage` reads, so the table finds the rows (or the call in flight) when it mounts. An
 * address without a query (the usual start) needs no parsing, so the call does not wait for the
 * URL parser's chunk (the contract's schemas, zod); a query is read by that parser. Settles once
 * the call has gone out; its answer lands in the query cache.
 */
export async function prefetchFirstPage(queryClient: QueryClient, params: URLSearchParams): Promise<void> {
  const { type, filters } = params.toString() === '' ? plainInboxView : (await import('./model/url-state')).readInboxView(params);
  void queryClient.prefetchQuery({ queryKey: listKey(type, filters, 1), queryFn: () => fetchListPage(type, filters, 1) });
}
