import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { Spinner } from '../../../components/Spinner';
import { FiscalIcon } from '../FiscalIcon';
import { FiscalTable } from '../FiscalTable';
import { useReports } from '../fiscal-queries';
import { formatDateTime } from '../model/format';
import { reportStatusTone } from '../model/status';
import { Card, StatusBadge } from '../ui';
import { reportPeriod, reportStatusLabel, reportTypeLabel } from './report-labels';

/** The PEM's back-office reports: type, period, created, status, and the PDF preview of each. */
export function ReportsCard({ serialNumber, previewUuid, onPreview }: { serialNumber: string; previewUuid: string | null; onPreview: (uuid: string) => void }) {
  const { t, i18n } = useTranslation();
  const reports = useReports(serialNumber);
  const items = reports.data ? [...reports.data.items].sort((a, b) => b.createdAt.localeCompare(a.createdAt)) : [];
  return (
    <Card title={t('fiscal.reports.title')} description={t('fiscal.reports.description')}>
      {reports.isPending ? (
        <Spinner />
      ) : reports.isError ? (
        <ErrorAlert error={reports.error} title={t('fiscal.reports.loadFailed')} />
      ) : items.length === 0 ? (
        <p className="muted">{t('fiscal.reports.empty')}</p>
      ) : (
        <FiscalTable
          className="reports-table"
          caption={t('fiscal.reports.title')}
          columns={[
            { label: t('fiscal.reports.type') },
            { label: t('fiscal.reports.period') },
            { label: t('fiscal.reports.created') },
            { label: t('fiscal.reports.status') },
            { label: t('fiscal.reports.pdf'), labelHidden: true },
          ]}
        >
          {items.map((report) => {
            const selected = report.uuid === previewUuid;
            return (
              <tr key={report.uuid} className={selected ? 'fiscal-table__row--selected' : undefined}>
                <th scope="row">
                  <span className="reports-table__type">{reportTypeLabel(t, report)}</span>
                  <span className="reports-table__title">{report.title}</span>
                </th>
                <td>{reportPeriod(report, i18n.language)}</td>
                <td>{formatDateTime(report.createdAt, i18n.language)}</td>
                <td>
                  <StatusBadge tone={reportStatusTone(report.status)}>{reportStatusLabel(t, report.status)}</StatusBadge>
                </td>
                <td className="fiscal-table__actions">
                  <Button
                    size="sm"
                    variant={selected ? 'secondary' : 'ghost'}
                    aria-pressed={selected}
                    disabled={!report.hasPdf || report.status !== 'processed'}
                    title={report.status === 'processed' ? undefined : t('fiscal.reports.notReady')}
                    onClick={() => onPreview(report.uuid)}
                  >
                    <FiscalIcon name="eye" />
                    {t('fiscal.reports.preview')}
                  </Button>
                </td>
              </tr>
            );
          })}
        </FiscalTable>
      )}
    </Card>
  );
}
