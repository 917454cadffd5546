import type { QueryClient } from '@tanstack/react-query';
import { fetchListPage, listKey } from './inbox/list-cache';
import { readInboxView } from './model/url-state';

/**
 * Starts loading page 1 of the inbox the URL describes, under the very key the inbox's
 * `useFirstPage` reads, so the table finds the rows (or the call in flight) when it mounts.
 */
export function prefetchFirstPage(queryClient: QueryClient, params: URLSearchParams): Promise<void> {
  const { type, filters } = readInboxView(params);
  return queryClient.prefetchQuery({ queryKey: listKey(type, filters, 1), queryFn: () => fetchListPage(type, filters, 1) });
}
