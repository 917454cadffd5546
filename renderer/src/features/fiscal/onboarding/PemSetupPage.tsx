import './onboarding.css';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { PageHeader } from '../../../components/PageHeader';
import { Spinner } from '../../../components/Spinner';
import { useMerchant, usePem } from '../fiscal-queries';
import { merchantPath, pemPath } from '../merchants/MerchantList';
import { PemStatusBadge } from '../merchants/PemStatusBadge';
import { Breadcrumbs } from '../ui';
import { ActivationCard } from './ActivationCard';
import { AvailabilityCard } from './AvailabilityCard';
import { RegisterCashRegisterCard } from './RegisterCashRegisterCard';
import { useOnboardingRoles } from './roles';

const keyFromState = (state: unknown): string => {
  const key = (state as { registrationKey?: unknown } | null)?.registrationKey;
  return typeof key === 'string' ? key : '';
};

/** `/fiscal/pems/:serial/setup`: activate a PEM, register its cash register, report inactivity or offline periods. */
export default function PemSetupPage() {
  const { t } = useTranslation();
  const serial = useParams().serial ?? '';
  const location = useLocation();
  const roles = useOnboardingRoles();
  const pem = usePem(serial);
  const merchant = useMerchant(pem.data?.merchantUuid ?? '');
  const title = t('fiscal.onboarding.setup.title', { serial });
  return (
    <div className="page fiscal-page">
      <Breadcrumbs
        items={[
          { label: t('pages.fiscal.title'), to: '/fiscal' },
          ...(pem.data ? [{ label: merchant.data?.displayName ?? t('fiscal.merchants.merchant'), to: merchantPath(pem.data.merchantUuid) }] : []),
          { label: `PEM ${serial}`, to: pemPath(serial) },
          { label: title },
        ]}
      />
      <PageHeader title={title} description={t('fiscal.onboarding.setup.description')} actions={pem.data ? <PemStatusBadge status={pem.data.status} /> : undefined} />
      {pem.isPending ? (
        <Spinner />
      ) : pem.isError ? (
        <ErrorAlert error={pem.error} title={t('fiscal.pems.loadFailed')} />
      ) : (
        <div className="onboarding-setup">
          <ActivationCard key={`${pem.data.serialNumber}-${pem.data.status}`} pem={pem.data} initialKey={keyFromState(location.state)} allowed={roles.manager} />
          <RegisterCashRegisterCard pem={pem.data} allowed={roles.manager} />
          <AvailabilityCard pem={pem.data} allowed={roles.manager} />
        </div>
      )}
    </div>
  );
}
