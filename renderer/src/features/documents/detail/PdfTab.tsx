import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { SendableDocumentType } from '../../../../../shared/contract/documents';
import { useBridgeQuery } from '../../../bridge/queries';
import { Button } from '../../../components/Button';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { Spinner } from '../../../components/Spinner';
import { base64ToBytes, PdfViewer, usePdfJsEarly } from '../../../components/pdf-viewer';

/** The service's PDF rendering of an invoice or credit note (`documents.print`). */
export function PdfTab({ type, uuid, number }: { type: SendableDocumentType; uuid: string; number: string }) {
  const { t } = useTranslation();
  const print = useBridgeQuery('documents.print', { type, uuid }, { staleTime: 5 * 60_000 });
  usePdfJsEarly();
  const bytes = useMemo(() => (print.data ? base64ToBytes(print.data.base64) : null), [print.data]);

  if (print.isPending) {
    return (
      <div className="status-line status-line--pending doc-pane__loading" role="status">
        <Spinner size="md" />
        <span>{t('documents.pdf.loading')}</span>
      </div>
    );
  }
  if (print.isError || !bytes) {
    return (
      <ErrorAlert
        error={print.error}
        title={t('documents.pdf.failed')}
        actions={
          <Button size="sm" icon="refresh" onClick={() => void print.refetch()}>
            {t('common.retry')}
          </Button>
        }
      />
    );
  }
  return <PdfViewer bytes={bytes} fileName={print.data.fileName || `${number}.pdf`} label={t('documents.pdf.label', { number })} />;
}
