import './certificates.css';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { bridgeKeys } from '../../../bridge/queries';
import { Spinner } from '../../../components/Spinner';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { showToast } from '../../../components/toast-store';
import { CashRegisterCard } from '../../fiscal/cash-register/CashRegisterCard';
import { useCertificate, useCertificateEventSync } from '../../fiscal/fiscal-queries';
import { CertificateCard } from './CertificateCard';
import { CertificateImportForm } from './CertificateImportForm';

/** Settings → Certificates: the active profile's cash register certificate (import, details, remove). */
export function CertificatesSection() {
  const { t } = useTranslation();
  useCertificateEventSync();
  const certificate = useCertificate();
  const [replacing, setReplacing] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const location = useLocation();
  const queryClient = useQueryClient();

  // "Import a certificate" links elsewhere lead to /settings/certificates.
  useEffect(() => {
    if (location.pathname.endsWith('/certificates')) rootRef.current?.scrollIntoView({ block: 'start' });
  }, [location.pathname]);

  if (certificate.isPending) {
    return (
      <div className="status-line status-line--pending" role="status">
        <Spinner />
        <span>{t('certificates.loading')}</span>
      </div>
    );
  }
  if (certificate.isError) return <ErrorAlert error={certificate.error} title={t('certificates.loadFailed')} />;

  const current = certificate.data;
  return (
    <div className="certificates" ref={rootRef}>
      {current && !replacing ? (
        <>
          <CertificateCard certificate={current} onReplace={() => setReplacing(true)} />
          <CashRegisterCard compact />
        </>
      ) : (
        <>
          {!current ? <p className="certificates__intro">{t('certificates.none')}</p> : null}
          <CertificateImportForm
            onCancel={current ? () => setReplacing(false) : undefined}
            onImported={(imported) => {
              setReplacing(false);
              queryClient.setQueryData(bridgeKeys.call('certificates.get'), imported);
              void queryClient.invalidateQueries({ queryKey: bridgeKeys.channel('cashRegister.me') });
              showToast({
                tone: 'success',
                title: (t) => t('certificates.imported', { pem: imported.pemSerialNumber ?? imported.subject }),
                timeoutMs: 6000,
              });
            }}
          />
        </>
      )}
    </div>
  );
}
