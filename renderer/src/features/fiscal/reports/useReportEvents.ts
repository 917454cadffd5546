import { useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, type NavigateFunction } from 'react-router';
import type { ReportRequest } from '../../../../../shared/contract';
import { bridge } from '../../../bridge';
import { showToast } from '../../../components/toast-store';
import { applyReportsChanged } from '../fiscal-queries';
import { previewPath } from './preview-param';

/** "Report ready" (with a way to preview it) or "Report failed" (with the reason); once per request. */
export function announceReport(t: TFunction, navigate: NavigateFunction, serialNumber: string, request: ReportRequest): void {
  const reportUuid = request.reportUuid;
  if (request.status === 'processed') {
    showToast({
      id: `report-${request.uuid}`,
      tone: 'success',
      title: (t) => t('fiscal.reports.readyToast', { type: t(`fiscal.reportTypes.${request.type}`) }),
      body: (t) => t('fiscal.reports.readyToastBody', { serial: serialNumber }),
      action: reportUuid ? { label: (t) => t('fiscal.reports.openPreview'), run: () => navigate(previewPath(serialNumber, reportUuid)) } : undefined,
      timeoutMs: 12_000,
    });
  } else if (request.status === 'failed') {
    showToast({
      id: `report-${request.uuid}`,
      tone: 'error',
      title: (t) => t('fiscal.reports.failedToast', { type: t(`fiscal.reportTypes.${request.type}`) }),
      body: request.failureReason ?? ((t) => t('fiscal.requests.failedNoReason')),
    });
  }
}

/**
 * For a request the user just made: the core announces requests that finish while it watches them,
 * but a fast service can answer with one that is finished already; that one is announced here.
 */
export function useAnnounceIfFinished(): (request: ReportRequest) => void {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return useCallback(
    (request: ReportRequest) => {
      if (request.status !== 'queued') announceReport(t, navigate, request.pemSerialNumber, request);
    },
    [t, navigate],
  );
}

/** Live progress of report requests, and a toast when one is ready (or failed). */
export function useReportEvents(): void {
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  const navigate = useNavigate();
  useEffect(
    () =>
      bridge.on('reports.changed', ({ serialNumber, requests, finished }) => {
        applyReportsChanged(queryClient, serialNumber, requests, finished);
        for (const request of finished) announceReport(t, navigate, serialNumber, request);
      }),
    [queryClient, t, navigate],
  );
}
