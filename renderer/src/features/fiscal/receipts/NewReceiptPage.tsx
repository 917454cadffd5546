import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { Alert } from '../../../components/Alert';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { PageHeader } from '../../../components/PageHeader';
import { Spinner } from '../../../components/Spinner';
import { invalidateForPem, useCertificate, usePem } from '../fiscal-queries';
import { pemPath } from '../merchants/MerchantList';
import { Breadcrumbs } from '../ui';
import { issueBlockedReason } from './issue-permission';
import { ReceiptForm } from './ReceiptForm';

export const receiptPath = (uuid: string) => `/fiscal/receipts/${encodeURIComponent(uuid)}`;

/** Issue a sale receipt on the PEM of the imported certificate. */
export default function NewReceiptPage() {
  const { t } = useTranslation();
  const serialNumber = useParams().serial ?? '';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const pem = usePem(serialNumber);
  const certificate = useCertificate();
  const blocked = issueBlockedReason(t, pem.data, certificate.data);
  return (
    <div className="page fiscal-page">
      <Breadcrumbs
        items={[
          { label: t('pages.fiscal.title'), to: '/fiscal' },
          { label: serialNumber, to: pemPath(serialNumber) },
          { label: t('fiscal.receipt.newTitle') },
        ]}
      />
      <PageHeader title={t('fiscal.receipt.newTitle')} description={t('fiscal.receipt.newDescription', { serial: serialNumber })} />
      {pem.isPending || certificate.isPending ? (
        <Spinner />
      ) : pem.isError ? (
        <ErrorAlert error={pem.error} title={t('fiscal.pems.loadOneFailed')} />
      ) : blocked ? (
        <Alert
          tone="warning"
          title={t('fiscal.issue.blockedTitle')}
          actions={
            <Link className="btn btn--secondary btn--sm" to={certificate.data ? pemPath(serialNumber) : '/settings/certificates'}>
              {certificate.data ? t('fiscal.issue.backToPem') : t('fiscal.cashRegister.importCta')}
            </Link>
          }
        >
          <p>{blocked}</p>
        </Alert>
      ) : (
        <div className="panel fiscal-card fiscal-card--form">
          <ReceiptForm
            serialNumber={serialNumber}
            onIssued={(receipt) => {
              invalidateForPem(queryClient, ['pems.journal', 'receipts.list'], serialNumber);
              navigate(receiptPath(receipt.uuid), { state: { issued: true } });
            }}
          />
        </div>
      )}
    </div>
  );
}
