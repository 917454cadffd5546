/**
 * The fiscal reads, each with one fixed input shape so that cache keys match everywhere (events
 * update them by serial number), and the event subscriptions that keep them fresh.
 */
import { useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { ChannelName, FiscalPage, ReportRequest } from '../../../../shared/contract';
import { bridge } from '../../bridge';
import { bridgeKeys, useBridgeQuery } from '../../bridge/queries';

export const REPORTS_PAGE_SIZE = 30;
export const RECENT_RECEIPTS = 10;

export const useCertificate = () => useBridgeQuery('certificates.get');
export const useMerchants = () => useBridgeQuery('merchants.list');
export const useMerchant = (uuid: string) => useBridgeQuery('merchants.get', { uuid }, { enabled: uuid !== '' });
export const usePems = (merchantUuid: string) => useBridgeQuery('pems.list', { merchantUuid });
export const usePem = (serialNumber: string) => useBridgeQuery('pems.get', { serialNumber });
export const useJournal = (serialNumber: string, enabled = true) =>
  useBridgeQuery('pems.journal', { serialNumber }, { enabled });
export const useReports = (serialNumber: string) =>
  useBridgeQuery('reports.list', { serialNumber, page: 1, size: REPORTS_PAGE_SIZE });
export const useRecentReceipts = (serialNumber: string) =>
  useBridgeQuery('receipts.list', { serialNumber, page: 1, size: RECENT_RECEIPTS });

/** Report requests; while some are queued, a slow poll backs up the core's `reports.changed` events. */
export const useReportRequests = (serialNumber: string) =>
  useBridgeQuery(
    'reports.requests',
    { serialNumber, page: 1, size: REPORTS_PAGE_SIZE },
    { refetchInterval: (query) => (query.state.data?.items.some((request) => request.status === 'queued') ? 5_000 : false) },
  );

const serialOfKey = (key: QueryKey): string | undefined => {
  const input = key[2];
  if (typeof input !== 'object' || input === null) return undefined;
  const serial = (input as { serialNumber?: unknown }).serialNumber;
  return typeof serial === 'string' ? serial : undefined;
};

/** Invalidates the given channels' cached calls for one PEM (or every call when serial is omitted). */
export function invalidateForPem(queryClient: QueryClient, channels: ChannelName[], serialNumber?: string): void {
  void queryClient.invalidateQueries({
    predicate: (query) =>
      query.queryKey[0] === 'bridge' &&
      channels.includes(query.queryKey[1] as ChannelName) &&
      (serialNumber === undefined || serialOfKey(query.queryKey) === serialNumber),
  });
}

/** Newest first: the event's requests replace the cached ones with the same uuid. */
export function mergeRequests(page: FiscalPage<ReportRequest> | undefined, latest: ReportRequest[]): FiscalPage<ReportRequest> | undefined {
  if (!page) return page;
  const byUuid = new Map(latest.map((request) => [request.uuid, request]));
  const known = new Set(page.items.map((request) => request.uuid));
  const updated = page.items.map((request) => byUuid.get(request.uuid) ?? request);
  const added = latest.filter((request) => !known.has(request.uuid));
  const items = [...added, ...updated].sort((a, b) => b.createdAt.localeCompare(a.createdAt)).slice(0, page.size);
  return { ...page, items, total: page.total + added.length };
}

export function applyReportsChanged(queryClient: QueryClient, serialNumber: string, requests: ReportRequest[], finished: ReportRequest[]): void {
  for (const [key, data] of queryClient.getQueriesData<FiscalPage<ReportRequest>>({ queryKey: bridgeKeys.channel('reports.requests') })) {
    if (serialOfKey(key) === serialNumber) queryClient.setQueryData(key, mergeRequests(data, requests));
  }
  if (finished.length > 0) invalidateForPem(queryClient, ['reports.list', 'reports.requests'], serialNumber);
}

/** Keeps certificate-dependent reads fresh (used by the fiscal page and the Certificates settings). */
export function useCertificateEventSync(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const off = bridge.on('certificates.changed', ({ certificate }) => {
      queryClient.setQueryData(bridgeKeys.call('certificates.get'), certificate);
      void queryClient.invalidateQueries({ queryKey: bridgeKeys.channel('cashRegister.me') });
    });
    return off;
  }, [queryClient]);
}

/** Receipts, PEM and merchant changes from the core refresh what shows them. */
export function useFiscalDataEventSync(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const offs = [
      bridge.on('receipts.changed', ({ serialNumber }) =>
        invalidateForPem(queryClient, ['pems.journal', 'receipts.list', 'emergencyReports.list'], serialNumber),
      ),
      bridge.on('pems.changed', ({ serialNumber }) => {
        invalidateForPem(queryClient, ['pems.get', 'pems.journal'], serialNumber);
        void queryClient.invalidateQueries({ queryKey: bridgeKeys.channel('pems.list') });
      }),
      bridge.on('merchants.changed', ({ uuid }) => {
        void queryClient.invalidateQueries({ queryKey: bridgeKeys.call('merchants.atecoCodes', { uuid }) });
        void queryClient.invalidateQueries({ queryKey: bridgeKeys.call('merchants.get', { uuid }) });
      }),
    ];
    return () => offs.forEach((off) => off());
  }, [queryClient]);
}
