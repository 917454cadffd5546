import type { QueryClient } from '@tanstack/react-query';
import type { SessionStatus } from '../../../shared/contract';
import { bridge } from '../bridge';
import { bridgeKeys } from '../bridge/queries';
import { loadDocumentsPage } from './page-chunks';

/** The HashRouter's path and query for a `location.hash` (`#/documents?type=invoice`). */
export function routeOfHash(hash: string): { path: string; search: string } {
  const target = hash.replace(/^#/, '');
  const queryAt = target.indexOf('?');
  const path = queryAt === -1 ? target : target.slice(0, queryAt);
  return { path: path || '/', search: queryAt === -1 ? '' : target.slice(queryAt) };
}

/** Whether the route opens the Documents page ('/' redirects there, without a query). */
export function opensDocuments(path: string): boolean {
  return path === '/' || /^\/documents(\/|$)/.test(path);
}

const sessionKey = bridgeKeys.call('session.status');

/**
 * Starts what the first screen waits for before React has rendered anything, so that the calls
 * and the route's chunk overlap instead of following each other: the session status (the same
 * query `useSessionStatus` reads), and on the Documents route its chunk and, once the session is
 * known to be signed in, page 1 of the inbox. The promise settles once that call has gone out (or
 * is not needed), never with an error: the screens report failures themselves. Rendering after it
 * keeps the first render's long task from holding the call back.
 */
export function warmStart(queryClient: QueryClient, hash: string): Promise<void> {
  const session = queryClient
    .prefetchQuery({ queryKey: sessionKey, queryFn: () => bridge.invoke('session.status'), staleTime: Infinity })
    .then(() => queryClient.getQueryData<SessionStatus>(sessionKey));
  const { path, search } = routeOfHash(hash);
  if (!opensDocuments(path)) return session.then(() => undefined);
  loadDocumentsPage().catch(() => undefined);
  // Its own small chunk; the URL parser (zod) loads only for an address with a query.
  const prefetcher = import('../features/documents/prefetch-first-page');
  return Promise.all([session, prefetcher])
    .then(([status, { prefetchFirstPage }]) => {
      if (status?.state === 'signedIn') return prefetchFirstPage(queryClient, new URLSearchParams(path === '/' ? '' : search));
      return undefined;
    })
    .catch(() => undefined);
}
