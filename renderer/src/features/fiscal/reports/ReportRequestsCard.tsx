import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReportRequest } from '../../../../../shared/contract';
import { Button } from '../../../components/Button';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { Spinner } from '../../../components/Spinner';
import { FiscalIcon } from '../FiscalIcon';
import { useReportRequests } from '../fiscal-queries';
import { formatDateTime } from '../model/format';
import { progressPercent, reportStatusTone } from '../model/status';
import { Card, ProgressBar, StatusBadge } from '../ui';
import { CsvExportButton } from '../../folders/CsvExportButton';
import { reportStatusLabel, reportTypeLabel } from './report-labels';

const SHOWN_AT_FIRST = 5;

function RequestItem({ request, onPreview, previewing }: { request: ReportRequest; onPreview: (uuid: string) => void; previewing: boolean }) {
  const { t, i18n } = useTranslation();
  const type = reportTypeLabel(t, request);
  const created = formatDateTime(request.createdAt, i18n.language);
  const percent = progressPercent(request.progress, request.status);
  const parts = t('fiscal.requests.parts', { generated: request.progress.generated, total: request.progress.total });
  return (
    <li className={`request-item request-item--${request.status}`} aria-label={t('fiscal.requests.itemLabel', { type, created })}>
      <div className="request-item__head">
        <span className="request-item__type">{type}</span>
        <span className="request-item__time">{created}</span>
        <StatusBadge tone={reportStatusTone(request.status)}>{reportStatusLabel(t, request.status)}</StatusBadge>
      </div>
      <div className="request-item__progress">
        <ProgressBar value={percent} label={t('fiscal.requests.progressOf', { type, created })} valueText={parts} />
        <span className="request-item__parts">{parts}</span>
        {request.status === 'processed' && request.reportUuid ? (
          <Button size="sm" variant={previewing ? 'secondary' : 'ghost'} aria-pressed={previewing} onClick={() => request.reportUuid && onPreview(request.reportUuid)}>
            <FiscalIcon name="eye" />
            {t('fiscal.reports.preview')}
          </Button>
        ) : null}
      </div>
      {request.status === 'failed' ? (
        <p className="request-item__failure">{request.failureReason ?? t('fiscal.requests.failedNoReason')}</p>
      ) : null}
    </li>
  );
}

/** Report requests of the PEM, newest first, with live progress (`reports.changed`). */
export function ReportRequestsCard({ serialNumber, previewUuid, onPreview }: { serialNumber: string; previewUuid: string | null; onPreview: (uuid: string) => void }) {
  const { t } = useTranslation();
  const requests = useReportRequests(serialNumber);
  const [showAll, setShowAll] = useState(false);
  const items = requests.data ? [...requests.data.items].sort((a, b) => b.createdAt.localeCompare(a.createdAt)) : [];
  const shown = showAll ? items : items.slice(0, SHOWN_AT_FIRST);
  return (
    <Card
      title={t('fiscal.requests.title')}
      description={t('fiscal.requests.description')}
      actions={
        <>
          {items.length > 0 ? <CsvExportButton size="sm" input={{ kind: 'reportRequests', serialNumber }} /> : null}
          {items.length > SHOWN_AT_FIRST ? (
            <Button size="sm" variant="ghost" aria-expanded={showAll} onClick={() => setShowAll((value) => !value)}>
              {showAll ? t('fiscal.requests.showFewer') : t('fiscal.requests.showAll', { count: items.length })}
            </Button>
          ) : null}
        </>
      }
    >
      {requests.isPending ? (
        <Spinner />
      ) : requests.isError ? (
        <ErrorAlert error={requests.error} title={t('fiscal.requests.loadFailed')} />
      ) : items.length === 0 ? (
        <p className="muted">{t('fiscal.requests.empty')}</p>
      ) : (
        <ul className="request-list" aria-label={t('fiscal.requests.title')}>
          {shown.map((request) => (
            <RequestItem key={request.uuid} request={request} onPreview={onPreview} previewing={request.reportUuid !== null && request.reportUuid === previewUuid} />
          ))}
        </ul>
      )}
    </Card>
  );
}
