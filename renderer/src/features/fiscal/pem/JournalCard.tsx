import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FiscalPage, Pem, PemJournal, ReportRequest } from '../../../../../shared/contract';
import { bridgeKeys, useBridgeMutation } from '../../../bridge/queries';
import { Button } from '../../../components/Button';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { Icon } from '../../../components/Icon';
import { Spinner } from '../../../components/Spinner';
import { base64ToBytes, saveBytes } from '../../../components/pdf-viewer';
import { showToast } from '../../../components/toast-store';
import { FiscalIcon } from '../FiscalIcon';
import { invalidateForPem, mergeRequests, REPORTS_PAGE_SIZE, useJournal } from '../fiscal-queries';
import { formatDateTime } from '../model/format';
import { useAnnounceIfFinished } from '../reports/useReportEvents';
import { Card, ConfirmDialog, StatusBadge } from '../ui';

/** Why an action is disabled, always visible under the buttons (and their accessible description). */
function DisabledReason({ id, action, children }: { id: string; action: string; children: ReactNode }) {
  return (
    <li id={id} className="journal-reasons__item">
      <Icon name="info" className="icon journal-reasons__icon" />
      <span>
        <strong>{action}:</strong> {children}
      </span>
    </li>
  );
}

function useAddRequest(serialNumber: string) {
  const queryClient = useQueryClient();
  const announceIfFinished = useAnnounceIfFinished();
  return (request: ReportRequest) => {
    announceIfFinished(request);
    const key = bridgeKeys.call('reports.requests', { serialNumber, page: 1, size: REPORTS_PAGE_SIZE });
    queryClient.setQueryData<FiscalPage<ReportRequest>>(key, (page) => mergeRequests(page, [request]));
    invalidateForPem(queryClient, ['reports.requests', 'reports.list'], serialNumber);
  };
}

interface JournalCardProps {
  pem: Pem;
}

/** The journal of the day: its state, Close journal, Download data and the report requests it allows. */
export function JournalCard({ pem }: JournalCardProps) {
  const { t, i18n } = useTranslation();
  const serialNumber = pem.serialNumber;
  const queryClient = useQueryClient();
  const journal = useJournal(serialNumber);
  const addRequest = useAddRequest(serialNumber);
  const [confirmClose, setConfirmClose] = useState(false);
  const requestTypeLabel = (request: ReportRequest) => t(`fiscal.reportTypes.${request.type}`);

  const close = useBridgeMutation('pems.closeJournal', {
    onSuccess: (closure) => {
      setConfirmClose(false);
      addRequest(closure.request);
      invalidateForPem(queryClient, ['pems.journal', 'receipts.list'], serialNumber);
      showToast({
        tone: 'success',
        title: (t) => t('fiscal.journal.closed', { number: closure.journalNumber }),
        body: (t) => t('fiscal.journal.closedBody'),
        timeoutMs: 8000,
      });
    },
  });
  const download = useBridgeMutation('pems.downloadData', {
    onSuccess: (file) => {
      saveBytes(base64ToBytes(file.base64), file.fileName, file.contentType || 'application/zip');
      showToast({ tone: 'success', title: (t) => t('fiscal.journal.downloaded', { name: file.fileName }), timeoutMs: 6000 });
    },
  });
  const onRequested = (request: ReportRequest) => {
    addRequest(request);
    if (request.status === 'queued') showToast({ tone: 'info', title: (t) => t('fiscal.reports.requested', { type: requestTypeLabel(request) }), timeoutMs: 5000 });
  };
  const reading = useBridgeMutation('reports.requestJournalReading', { onSuccess: onRequested });
  const diagnostics = useBridgeMutation('reports.requestDiagnostics', { onSuccess: onRequested });

  const data: PemJournal | undefined = journal.data;
  const open = data?.state === 'open';
  const openedAt = data?.openedAt ?? null;
  const lastJournalNumber = data?.lastJournalNumber ?? null;
  const discarded = pem.status === 'discarded';
  const closeReason = discarded ? t('fiscal.journal.reasons.discarded') : !open ? t('fiscal.journal.reasons.noJournalToClose') : null;
  const downloadReason = open ? t('fiscal.journal.reasons.downloadWhileOpen') : null;
  const requestReason = discarded ? t('fiscal.journal.reasons.discarded') : !open ? t('fiscal.journal.reasons.noOpenJournal') : null;
  const error = close.error ?? download.error ?? reading.error ?? diagnostics.error;
  const baseId = useId();
  const reasonIds = { close: `${baseId}-close`, download: `${baseId}-download`, requests: `${baseId}-requests` };
  // A discarded PEM gives every action the same reason: it is shown once.
  const requestsReasonId = requestReason === closeReason ? reasonIds.close : reasonIds.requests;

  return (
    <Card title={t('fiscal.journal.title')} className="journal-card">
      {journal.isPending ? (
        <Spinner />
      ) : journal.isError ? (
        <ErrorAlert error={journal.error} title={t('fiscal.journal.loadFailed')} />
      ) : (
        <>
          <dl className="journal-stats">
            <div className="journal-stat">
              <dt>{t('fiscal.journal.state')}</dt>
              <dd>
                <StatusBadge tone={open ? 'success' : 'neutral'}>{open ? t('fiscal.journal.open') : t('fiscal.journal.closedState')}</StatusBadge>
              </dd>
            </div>
            <div className="journal-stat">
              <dt>{open ? t('fiscal.journal.openSince') : t('fiscal.journal.lastJournal')}</dt>
              <dd>
                {open
                  ? formatDateTime(openedAt, i18n.language)
                  : lastJournalNumber
                    ? t('fiscal.journal.number', { number: lastJournalNumber })
                    : t('fiscal.journal.noneYet')}
              </dd>
            </div>
            <div className="journal-stat">
              <dt>{open ? t('fiscal.journal.journalNumber') : t('fiscal.journal.next')}</dt>
              <dd>{open ? (data?.number ?? '—') : t('fiscal.journal.opensWithNext')}</dd>
            </div>
            <div className="journal-stat">
              <dt>{t('fiscal.journal.receipts')}</dt>
              <dd className="journal-stat__number">{open ? (data?.receiptsCount ?? 0) : 0}</dd>
            </div>
          </dl>

          <div className="journal-actions">
            <Button variant="primary" icon="lock" disabled={closeReason !== null} aria-describedby={closeReason ? reasonIds.close : undefined} onClick={() => setConfirmClose(true)}>
              {t('fiscal.journal.close')}
            </Button>
            <Button
              disabled={downloadReason !== null}
              aria-describedby={downloadReason ? reasonIds.download : undefined}
              pending={download.isPending}
              onClick={() => download.mutate({ serialNumber })}
            >
              {download.isPending ? null : <FiscalIcon name="download" />}
              {t('fiscal.journal.download')}
            </Button>
            <Button
              disabled={requestReason !== null}
              aria-describedby={requestReason ? requestsReasonId : undefined}
              pending={reading.isPending}
              onClick={() => reading.mutate({ serialNumber })}
            >
              {reading.isPending ? null : <FiscalIcon name="book" />}
              {t('fiscal.journal.requestReading')}
            </Button>
            <Button
              disabled={requestReason !== null}
              aria-describedby={requestReason ? requestsReasonId : undefined}
              pending={diagnostics.isPending}
              onClick={() => diagnostics.mutate({ serialNumber })}
            >
              {diagnostics.isPending ? null : <FiscalIcon name="pulse" />}
              {t('fiscal.journal.requestDiagnostics')}
            </Button>
          </div>
          {closeReason || downloadReason || requestReason ? (
            <ul className="journal-reasons">
              {closeReason ? (
                <DisabledReason id={reasonIds.close} action={t('fiscal.journal.close')}>
                  {closeReason}
                </DisabledReason>
              ) : null}
              {downloadReason ? (
                <DisabledReason id={reasonIds.download} action={t('fiscal.journal.download')}>
                  {downloadReason}
                </DisabledReason>
              ) : null}
              {requestReason && requestReason !== closeReason ? (
                <DisabledReason id={reasonIds.requests} action={t('fiscal.journal.reportsAction')}>
                  {requestReason}
                </DisabledReason>
              ) : null}
            </ul>
          ) : null}
          {error && !confirmClose ? <ErrorAlert error={error} /> : null}
        </>
      )}

      {confirmClose && data ? (
        <ConfirmDialog
          title={t('fiscal.journal.confirmTitle', { number: data.number ?? '' })}
          confirmLabel={t('fiscal.journal.close')}
          pending={close.isPending}
          error={close.error}
          onCancel={() => {
            setConfirmClose(false);
            close.reset();
          }}
          onConfirm={() => close.mutate({ serialNumber })}
        >
          <p>{t('fiscal.journal.confirmBody', { serial: serialNumber, count: data.receiptsCount })}</p>
          <p>{t('fiscal.journal.confirmAfter')}</p>
        </ConfirmDialog>
      ) : null}
    </Card>
  );
}
