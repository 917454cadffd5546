/** The toast that sums up a batch once every file of it has settled (`uploads.batchSettled`). */
import { showToast } from '../../components/toast-store';
import type { TFunction } from 'i18next';
import { BatchSummaries, type BatchSummary } from './model/batch-summaries';
import { setFilter } from './model/ui-store';

let navigateToUploads: (() => void) | null = null;

/** The frame registers how to open the uploads page (the toast's "Show" action). */
export function setUploadsNavigator(navigate: (() => void) | null): void {
  navigateToUploads = navigate;
}

function summaryToast(summary: BatchSummary): void {
  const troubles = summary.failed + summary.rejected + summary.notSent;
  const body = (t: TFunction): string => {
    const parts = [t('uploads.toast.delivered', { count: summary.done })];
    if (summary.failed > 0) parts.push(t('uploads.toast.failed', { count: summary.failed }));
    if (summary.rejected > 0) parts.push(t('uploads.toast.rejected', { count: summary.rejected }));
    if (summary.notSent > 0) parts.push(t('uploads.toast.notSent', { count: summary.notSent }));
    return parts.join(' · ');
  };
  showToast({
    tone: troubles > 0 ? 'warning' : 'success',
    title: (t) => t('uploads.toast.settledTitle'),
    body,
    action: {
      label: (t) => t('uploads.toast.show'),
      run: () => {
        setFilter(summary.failed + summary.rejected > 0 ? 'failed' : 'all');
        navigateToUploads?.();
      },
    },
    ...(troubles > 0 ? {} : { timeoutMs: 10_000 }),
  });
}

/** One summary per batch the user sent, although a large batch travels in several calls. */
export const batchSummaries = new BatchSummaries(summaryToast);
