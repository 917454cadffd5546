import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { BulkDownloadProgress } from '../../../../../shared/contract/documents';
import { bridge } from '../../../bridge';
import { bridgeKeys, useBridgeQuery } from '../../../bridge/queries';
import { showToast } from '../../../components/toast-store';
import { typeKey } from '../model/document-types';
import { isRunning, upsertJob } from '../model/bulk-jobs';
import { markSeen } from './bulk-ui-store';

export const jobsKey = bridgeKeys.call('documents.bulkDownloadJobs');

/** The core's bulk-download jobs (running, finished, interrupted); events keep it current. */
export const useBulkJobs = () => useBridgeQuery('documents.bulkDownloadJobs', undefined, { staleTime: 0 });

/** Progress events: update the job in the cache, and say so when a job ends. */
export function useBulkProgressEvents(): void {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  useEffect(
    () =>
      bridge.on('bulkDownload.progress', (progress) => {
        const before = queryClient.getQueryData<BulkDownloadProgress[]>(jobsKey)?.find((job) => job.jobId === progress.jobId);
        queryClient.setQueryData<BulkDownloadProgress[]>(jobsKey, (jobs) => upsertJob(jobs, progress));
        markSeen(progress.jobId);
        const ended = before && isRunning(before) && !isRunning(progress);
        if (ended && progress.state === 'done') {
          showToast({
            id: `bulk-${progress.jobId}`,
            tone: progress.failed > 0 ? 'warning' : 'success',
            title: (t) => t('documents.bulk.doneToast', { count: progress.written + progress.skipped, types: t(`documents.types.${typeKey[progress.type]}.${progress.total === 1 ? 'one' : 'many'}`) }),
            body: progress.failed > 0 ? t('documents.bulk.doneToastFailed', { count: progress.failed }) : progress.folder,
            timeoutMs: 8000,
          });
        }
      }),
    [queryClient, t],
  );
}
