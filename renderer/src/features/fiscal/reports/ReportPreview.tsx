import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useBridgeQuery } from '../../../bridge/queries';
import { Button } from '../../../components/Button';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { Icon } from '../../../components/Icon';
import { PdfViewer, base64ToBytes, usePdfJsEarly } from '../../../components/pdf-viewer';
import { Spinner } from '../../../components/Spinner';
import { useReports } from '../fiscal-queries';
import { reportPeriod, reportTypeLabel } from './report-labels';

/** The PDF of one report in the shared viewer, beside the dashboard. */
export function ReportPreview({ serialNumber, reportUuid, onClose }: { serialNumber: string; reportUuid: string; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const pdf = useBridgeQuery('reports.pdf', { serialNumber, reportUuid }, { staleTime: Infinity, gcTime: 5 * 60_000 });
  usePdfJsEarly();
  const report = useReports(serialNumber).data?.items.find((item) => item.uuid === reportUuid);
  const bytes = useMemo(() => (pdf.data ? base64ToBytes(pdf.data.base64) : null), [pdf.data]);
  const title = report ? reportTypeLabel(t, report) : t('fiscal.preview.title');
  return (
    <section className="report-preview" aria-label={t('fiscal.preview.label', { title })}>
      <div className="report-preview__head">
        <div className="report-preview__titles">
          <h2 className="report-preview__title">{title}</h2>
          {report ? (
            <p className="report-preview__meta">
              {report.title} · {reportPeriod(report, i18n.language)}
            </p>
          ) : null}
        </div>
        <Button variant="ghost" size="sm" onClick={onClose} aria-label={t('fiscal.preview.close')}>
          <Icon name="close" />
        </Button>
      </div>
      <div className="report-preview__body">
        {pdf.isPending ? (
          <div className="status-line status-line--pending report-preview__loading" role="status">
            <Spinner />
            <span>{t('fiscal.preview.loading')}</span>
          </div>
        ) : pdf.isError ? (
          <ErrorAlert error={pdf.error} title={t('fiscal.preview.failed')} />
        ) : bytes && pdf.data ? (
          <PdfViewer bytes={bytes} fileName={pdf.data.fileName} />
        ) : null}
      </div>
    </section>
  );
}
