import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { SendableDocumentType } from '../../../../shared/contract/documents';
import type { AppError } from '../../../../shared/contract/errors';
import { bridge } from '../../bridge';
import { bridgeKeys } from '../../bridge/queries';
import { showToast } from '../../components/toast-store';
import { describeError } from '../../i18n/errors';
import { patchDownloaded } from './inbox/list-cache';
import { typeKey } from './model/document-types';

export interface MarkRequest {
  type: SendableDocumentType;
  uuids: string[];
  downloaded: boolean;
  /** Quiet: no "Undo" toast (the undo itself). */
  quiet?: boolean;
}

/** The contract takes at most 1000 uuids per call. */
const CHUNK = 1000;

/**
 * Marks documents downloaded or not: the table changes at once (optimistic), the service is told,
 * and the lists are refreshed (the core's `documents.changed` event does it too). A failure puts
 * the rows back and says why.
 */
export function useMarkDownloaded() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const mutation = useMutation<{ count: number }, AppError, MarkRequest, { undo: () => void }>({
    mutationFn: async ({ type, uuids, downloaded }) => {
      let count = 0;
      for (let start = 0; start < uuids.length; start += CHUNK) {
        count += (await bridge.invoke('documents.markDownloaded', { type, uuids: uuids.slice(start, start + CHUNK), downloaded })).count;
      }
      return { count };
    },
    onMutate: async ({ uuids, downloaded }) => {
      await queryClient.cancelQueries({ queryKey: bridgeKeys.channel('documents.list') });
      return { undo: patchDownloaded(queryClient, new Set(uuids), downloaded) };
    },
    onError: (error, _request, context) => {
      context?.undo();
      const { summary, detail } = describeError(t, error);
      showToast({ tone: 'error', title: (t) => t('documents.mark.failed'), body: detail ? `${summary} ${detail}` : summary });
    },
    onSuccess: (_result, request) => {
      if (request.quiet) return;
      showToast({
        id: 'documents-mark',
        tone: 'success',
        title: (t) => t(request.downloaded ? 'documents.mark.doneDownloaded' : 'documents.mark.doneNotDownloaded', {
          count: request.uuids.length,
          types: t(`documents.types.${typeKey[request.type]}.${request.uuids.length === 1 ? 'one' : 'many'}`),
        }),
        timeoutMs: 6000,
        action: { label: (t) => t('common.undo'), run: () => mutation.mutate({ ...request, downloaded: !request.downloaded, quiet: true }) },
      });
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: bridgeKeys.channel('documents.list') });
      void queryClient.invalidateQueries({ queryKey: bridgeKeys.channel('documents.get') });
    },
  });
  return mutation;
}
