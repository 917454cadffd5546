import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useBridgeQuery } from '../../../bridge/queries';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { Spinner } from '../../../components/Spinner';
import { describeError } from '../../../i18n/errors';
import { pemStatusTone } from '../model/status';
import { useCertificate } from '../fiscal-queries';
import { Card, StatusBadge } from '../ui';

/** Which explanation fits a failed `cashRegister.me` (the mTLS handshake or the call after it). */
function handshakeProblem(error: unknown): 'certificate' | 'network' | 'refused' | 'other' {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  if (code === 'certificate') return 'certificate';
  if (code === 'network' || code === 'timeout') return 'network';
  if (code === 'unauthorized' || code === 'forbidden') return 'refused';
  return 'other';
}

/**
 * "This cash register": who the imported certificate says we are, asked of the service over mTLS
 * (`cashRegister.me`). Without a certificate it says how to get one.
 */
export function CashRegisterCard({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const certificate = useCertificate();
  const hasCertificate = Boolean(certificate.data);
  const me = useBridgeQuery('cashRegister.me', undefined, { enabled: hasCertificate, staleTime: 60_000 });

  if (certificate.isPending) return null;
  if (!hasCertificate) {
    if (compact) return null;
    return (
      <Card title={t('fiscal.cashRegister.title')} className="cash-register cash-register--empty">
        <div className="cash-register__cta">
          <p>{t('fiscal.cashRegister.noCertificate')}</p>
          <Link className="btn btn--primary btn--md" to="/settings/certificates">
            {t('fiscal.cashRegister.importCta')}
          </Link>
        </div>
      </Card>
    );
  }

  return (
    <Card
      title={t('fiscal.cashRegister.title')}
      description={t('fiscal.cashRegister.description')}
      className="cash-register"
      level={compact ? 3 : 2}
      actions={
        me.isError ? (
          <Button size="sm" icon="refresh" pending={me.isFetching} onClick={() => void me.refetch()}>
            {t('fiscal.cashRegister.retry')}
          </Button>
        ) : null
      }
    >
      {me.isPending ? (
        <div className="status-line status-line--pending" role="status">
          <Spinner />
          <span>{t('fiscal.cashRegister.checking')}</span>
        </div>
      ) : me.isError ? (
        <Alert tone="error" title={t(`fiscal.cashRegister.problems.${handshakeProblem(me.error)}.title`)}>
          <p>{t(`fiscal.cashRegister.problems.${handshakeProblem(me.error)}.body`)}</p>
          <p className="alert__detail">{t('common.detail', { message: describeError(t, me.error).detail ?? describeError(t, me.error).summary })}</p>
        </Alert>
      ) : (
        <dl className="cash-register__facts">
          <div>
            <dt>{t('fiscal.cashRegister.pem')}</dt>
            <dd>
              <Link to={`/fiscal/pems/${encodeURIComponent(me.data.pemSerialNumber)}`} className="mono">
                {me.data.pemSerialNumber}
              </Link>{' '}
              <StatusBadge tone={pemStatusTone(me.data.pemStatus)}>{t(`fiscal.pemStatus.${me.data.pemStatus}`)}</StatusBadge>
            </dd>
          </div>
          <div>
            <dt>{t('fiscal.cashRegister.name')}</dt>
            <dd>{me.data.cashRegisterName ?? t('fiscal.cashRegister.unnamed')}</dd>
          </div>
          <div className="cash-register__ateco">
            <dt>{t('fiscal.cashRegister.ateco')}</dt>
            <dd>
              {me.data.atecoCodes.length === 0 ? (
                t('fiscal.cashRegister.noAteco')
              ) : (
                <ul className="chip-list">
                  {me.data.atecoCodes.map((code) => (
                    <li key={code.code} className="chip" title={code.description ?? undefined}>
                      {code.code}
                      {code.description ? <span className="chip__label">{code.description}</span> : null}
                    </li>
                  ))}
                </ul>
              )}
            </dd>
          </div>
        </dl>
      )}
    </Card>
  );
}
