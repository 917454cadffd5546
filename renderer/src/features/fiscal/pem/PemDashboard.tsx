import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { PageHeader } from '../../../components/PageHeader';
import { Spinner } from '../../../components/Spinner';
import { FiscalIcon } from '../FiscalIcon';
import { useCertificate, useJournal, useMerchant, usePem } from '../fiscal-queries';
import { merchantPath } from '../merchants/MerchantList';
import { PemStatusBadge } from '../merchants/PemStatusBadge';
import { issueBlockedReason } from '../receipts/issue-permission';
import { pemCanIssue } from '../model/status';
import { RecentReceiptsCard } from '../receipts/RecentReceiptsCard';
import { usePreviewParam } from '../reports/preview-param';
import { ReceiptsReportForm } from '../reports/ReceiptsReportForm';
import { ReportPreview } from '../reports/ReportPreview';
import { ReportRequestsCard } from '../reports/ReportRequestsCard';
import { ReportsCard } from '../reports/ReportsCard';
import { Breadcrumbs } from '../ui';
import { JournalCard } from './JournalCard';

/** One PEM: its journal and actions, report requests and reports with PDF preview, receipts. */
export default function PemDashboard() {
  const { t } = useTranslation();
  const serialNumber = useParams().serial ?? '';
  const pem = usePem(serialNumber);
  const merchant = useMerchant(pem.data?.merchantUuid ?? '');
  const certificate = useCertificate();
  const journal = useJournal(serialNumber);
  const [previewUuid, setPreview] = usePreviewParam();

  const issueReason = issueBlockedReason(t, pem.data, certificate.data);
  const discarded = pem.data?.status === 'discarded';
  const address = pem.data ? `${pem.data.address.streetAddress} ${pem.data.address.streetNumber}, ${pem.data.address.city}` : '';
  const receiptsReportReason = discarded ? t('fiscal.pem.discarded') : null;

  return (
    <div className="page fiscal-page pem-page">
      <Breadcrumbs
        items={[
          { label: t('pages.fiscal.title'), to: '/fiscal' },
          ...(pem.data ? [{ label: merchant.data?.displayName ?? t('fiscal.merchants.merchant'), to: merchantPath(pem.data.merchantUuid) }] : []),
          { label: serialNumber },
        ]}
      />
      <PageHeader
        title={
          <span className="pem-title">
            <span>{t('fiscal.pem.title', { serial: serialNumber })}</span>
            {pem.data ? <PemStatusBadge status={pem.data.status} /> : null}
          </span>
        }
        description={pem.data ? [pem.data.cashRegisterName ?? t('fiscal.cashRegister.unnamed'), address].join(' · ') : undefined}
        actions={
          pem.data ? (
            <>
              {issueReason ? null : (
                <Link className="btn btn--primary btn--md" to={`${pemPathOf(serialNumber)}/receipts/new`}>
                  <FiscalIcon name="receipt" />
                  {t('fiscal.issue.button')}
                </Link>
              )}
              {discarded ? null : (
                <Link className="btn btn--secondary btn--md" to={`${pemPathOf(serialNumber)}/emergency-report`}>
                  <FiscalIcon name="emergency" />
                  {t('fiscal.emergency.button')}
                </Link>
              )}
            </>
          ) : null
        }
      />
      {pem.isPending ? (
        <Spinner />
      ) : pem.isError ? (
        <ErrorAlert error={pem.error} title={t('fiscal.pems.loadOneFailed')} />
      ) : (
        <div className={`pem-dashboard${previewUuid ? ' pem-dashboard--preview' : ''}`}>
          <div className="pem-dashboard__main">
            {issueReason && journal.data ? (
              <p className="pem-dashboard__note">
                {issueReason}
                {pemCanIssue(pem.data.status) && (!certificate.data || certificate.data.expired) ? (
                  <>
                    {' '}
                    <Link to="/settings/certificates">{t('fiscal.cashRegister.importCta')}</Link>
                  </>
                ) : null}
              </p>
            ) : null}
            <JournalCard pem={pem.data} />
            <ReportRequestsCard serialNumber={serialNumber} previewUuid={previewUuid} onPreview={setPreview} />
            <ReportsCard serialNumber={serialNumber} previewUuid={previewUuid} onPreview={setPreview} />
            <ReceiptsReportForm serialNumber={serialNumber} disabledReason={receiptsReportReason} />
            <RecentReceiptsCard serialNumber={serialNumber} />
          </div>
          {previewUuid ? (
            <aside className="pem-dashboard__preview">
              <ReportPreview key={previewUuid} serialNumber={serialNumber} reportUuid={previewUuid} onClose={() => setPreview(null)} />
            </aside>
          ) : null}
        </div>
      )}
    </div>
  );
}

const pemPathOf = (serial: string) => `/fiscal/pems/${encodeURIComponent(serial)}`;
