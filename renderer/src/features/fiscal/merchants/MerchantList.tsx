import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Merchant } from '../../../../../shared/contract';
import { Button } from '../../../components/Button';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { Spinner } from '../../../components/Spinner';
import { useMerchants, usePems } from '../fiscal-queries';
import { Card } from '../ui';
import { CASHIERS_PATH } from '../onboarding/CashiersPage';
import { useOnboardingRoles } from '../onboarding/roles';
import { PemStatusBadge } from './PemStatusBadge';

export const merchantPath = (uuid: string) => `/fiscal/merchants/${encodeURIComponent(uuid)}`;
export const pemPath = (serial: string) => `/fiscal/pems/${encodeURIComponent(serial)}`;

function MerchantPems({ merchant }: { merchant: Merchant }) {
  const { t } = useTranslation();
  const pems = usePems(merchant.uuid);
  if (pems.isPending) return <Spinner />;
  if (pems.isError) return <ErrorAlert error={pems.error} title={t('fiscal.pems.loadFailed')} />;
  if (pems.data.length === 0) return <p className="muted">{t('fiscal.pems.none')}</p>;
  return (
    <ul className="pem-links" aria-label={t('fiscal.pems.ofMerchant', { name: merchant.displayName })}>
      {pems.data.map((pem) => (
        <li key={pem.serialNumber}>
          <Link to={pemPath(pem.serialNumber)} className="pem-link">
            <span className="pem-link__serial mono">{pem.serialNumber}</span>
            <span className="pem-link__name">{pem.cashRegisterName ?? t('fiscal.cashRegister.unnamed')}</span>
            <PemStatusBadge status={pem.status} />
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** The merchants the account manages, each with its PEMs (links to their dashboards). */
export function MerchantList() {
  const { t } = useTranslation();
  const merchants = useMerchants();
  const roles = useOnboardingRoles();
  return (
    <Card
      title={t('fiscal.merchants.title')}
      description={t('fiscal.merchants.description')}
      actions={
        <>
          <Link to={CASHIERS_PATH} className="btn btn--secondary btn--sm">
            {t('fiscal.onboarding.cashiers.button')}
          </Link>
          {roles.supplier ? (
            <Link to="/fiscal/merchants/new" className="btn btn--primary btn--sm">
              {t('fiscal.onboarding.merchant.newButton')}
            </Link>
          ) : (
            <Button size="sm" variant="primary" disabled aria-describedby="new-merchant-why">
              {t('fiscal.onboarding.merchant.newButton')}
            </Button>
          )}
        </>
      }
    >
      {roles.supplier ? null : (
        <p className="muted onboarding-why" id="new-merchant-why">
          {t('fiscal.onboarding.roles.supplierOnly')}
        </p>
      )}
      {merchants.isPending ? (
        <div className="status-line status-line--pending" role="status">
          <Spinner />
          <span>{t('fiscal.merchants.loading')}</span>
        </div>
      ) : merchants.isError ? (
        <ErrorAlert
          error={merchants.error}
          title={t('fiscal.merchants.loadFailed')}
          actions={
            <Button size="sm" icon="refresh" onClick={() => void merchants.refetch()}>
              {t('common.retry')}
            </Button>
          }
        />
      ) : merchants.data.length === 0 ? (
        <EmptyState icon="fiscal" title={t('fiscal.merchants.emptyTitle')}>
          <p>{t('fiscal.merchants.emptyBody')}</p>
        </EmptyState>
      ) : (
        <ul className="merchant-list">
          {merchants.data.map((merchant) => (
            <li key={merchant.uuid} className="merchant-item">
              <div className="merchant-item__head">
                <div>
                  <Link to={merchantPath(merchant.uuid)} className="merchant-item__name">
                    {merchant.displayName}
                  </Link>
                  <p className="merchant-item__meta">
                    {t('fiscal.merchants.vat', { vat: merchant.vatNumber })} · {merchant.address.city}
                    {merchant.address.province ? ` (${merchant.address.province})` : ''}
                  </p>
                </div>
                <Link to={merchantPath(merchant.uuid)} className="btn btn--secondary btn--sm" aria-label={t('fiscal.merchants.manageNamed', { name: merchant.displayName })}>
                  {t('fiscal.merchants.manage')}
                </Link>
              </div>
              <MerchantPems merchant={merchant} />
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
