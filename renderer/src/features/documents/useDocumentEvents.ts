import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { bridge } from '../../bridge';
import { bridgeKeys } from '../../bridge/queries';
import { patchDownloaded } from './inbox/list-cache';

/** Bulk downloads mark documents in bursts: one refresh per burst is enough. */
const COALESCE_MS = 250;

/** Keeps the inbox current: `documents.changed` (marked, sent) refreshes the lists and open documents. */
export function useDocumentEvents(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const refresh = () => {
      void queryClient.invalidateQueries({ queryKey: bridgeKeys.channel('documents.list') });
      void queryClient.invalidateQueries({ queryKey: bridgeKeys.channel('documents.get') });
    };
    // Coming back to the page shows what changed while it was away.
    refresh();
    let timer: number | undefined;
    const off = bridge.on('documents.changed', ({ uuids, downloaded }) => {
      // Show the marking at once: a refetch alone left the rows "not downloaded" after "saved".
      if (downloaded !== undefined) patchDownloaded(queryClient, new Set(uuids), downloaded);
      window.clearTimeout(timer);
      timer = window.setTimeout(refresh, COALESCE_MS);
    });
    return () => {
      window.clearTimeout(timer);
      off();
    };
  }, [queryClient]);
}
