import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CertificateInfo } from '../../../../../shared/contract';
import { bridgeKeys, useBridgeMutation } from '../../../bridge/queries';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { showToast } from '../../../components/toast-store';
import { formatDateTime } from '../../fiscal/model/format';
import { certificateValidity, validityTone } from '../../fiscal/model/status';
import { ConfirmDialog, StatusBadge } from '../../fiscal/ui';

/** Colons every two hex digits, as certificate tools show serials and fingerprints. */
const groupedHex = (hex: string): string => (hex.match(/.{1,2}/g) ?? []).join(':').toUpperCase();

interface CertificateCardProps {
  certificate: CertificateInfo;
  onReplace: () => void;
}

/** What was imported: metadata only (the key never leaves main), validity at a glance, Remove. */
export function CertificateCard({ certificate, onReplace }: CertificateCardProps) {
  const { t, i18n } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const queryClient = useQueryClient();
  const remove = useBridgeMutation('certificates.remove', {
    onSuccess: () => {
      setConfirming(false);
      queryClient.setQueryData(bridgeKeys.call('certificates.get'), null);
      queryClient.removeQueries({ queryKey: bridgeKeys.channel('cashRegister.me') });
      showToast({ tone: 'success', title: (t) => t('certificates.removed'), timeoutMs: 6000 });
    },
  });
  const validity = certificateValidity(certificate);
  const validityText =
    validity === 'expired'
      ? t('certificates.validity.expired', { count: Math.abs(certificate.daysLeft) })
      : t('certificates.validity.daysLeft', { count: certificate.daysLeft });

  return (
    <div className={`cert-card cert-card--${validity}`}>
      <div className="cert-card__head">
        <div>
          <p className="cert-card__eyebrow">{t(`certificates.kinds.${certificate.kind}`)}</p>
          <h3 className="cert-card__title">{certificate.pemSerialNumber ?? certificate.subject}</h3>
        </div>
        <StatusBadge tone={validityTone(validity)}>{t(`certificates.validity.${validity}`)}</StatusBadge>
      </div>

      {validity !== 'valid' ? (
        <Alert tone={validity === 'expired' ? 'error' : 'warning'} title={validityText} live={false}>
          <p>{t(validity === 'expired' ? 'certificates.validity.expiredBody' : 'certificates.validity.expiringBody')}</p>
        </Alert>
      ) : null}
      {certificate.trustedByProfileCa === false ? (
        <Alert tone="warning" title={t('certificates.otherIssuer.title')} live={false}>
          <p>{t('certificates.otherIssuer.body')}</p>
        </Alert>
      ) : null}

      <dl className="details-list cert-card__details">
        <dt>{t('certificates.fields.subject')}</dt>
        <dd>{certificate.subject}</dd>
        <dt>{t('certificates.fields.issuer')}</dt>
        <dd>{certificate.issuer}</dd>
        <dt>{t('certificates.fields.serialNumber')}</dt>
        <dd className="mono">{groupedHex(certificate.serialNumber)}</dd>
        <dt>{t('certificates.fields.validFrom')}</dt>
        <dd>{formatDateTime(certificate.validFrom, i18n.language)}</dd>
        <dt>{t('certificates.fields.validTo')}</dt>
        <dd>
          {formatDateTime(certificate.validTo, i18n.language)}{' '}
          <span className={`cert-card__days cert-card__days--${validity}`}>({validityText})</span>
        </dd>
        <dt>{t('certificates.fields.pem')}</dt>
        <dd>
          {certificate.pemSerialNumber ? (
            <Link to={`/fiscal/pems/${encodeURIComponent(certificate.pemSerialNumber)}`}>{certificate.pemSerialNumber}</Link>
          ) : (
            t('certificates.fields.noPem')
          )}
        </dd>
        <dt>{t('certificates.fields.fingerprint')}</dt>
        <dd className="mono cert-card__fingerprint">{groupedHex(certificate.fingerprint256)}</dd>
        <dt>{t('certificates.fields.importedAt')}</dt>
        <dd>{formatDateTime(certificate.importedAt, i18n.language)}</dd>
      </dl>

      <div className="cert-card__actions">
        <Button icon="refresh" onClick={onReplace}>
          {t('certificates.replace')}
        </Button>
        <Button variant="danger" icon="trash" onClick={() => setConfirming(true)}>
          {t('certificates.remove')}
        </Button>
      </div>

      {confirming ? (
        <ConfirmDialog
          title={t('certificates.removeConfirm.title')}
          confirmLabel={t('certificates.remove')}
          danger
          pending={remove.isPending}
          error={remove.error}
          onCancel={() => {
            setConfirming(false);
            remove.reset();
          }}
          onConfirm={() => remove.mutate(undefined)}
        >
          <p>{t('certificates.removeConfirm.body', { pem: certificate.pemSerialNumber ?? certificate.subject })}</p>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
