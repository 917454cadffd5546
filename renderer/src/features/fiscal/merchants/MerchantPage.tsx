import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { Merchant, Pem } from '../../../../../shared/contract';
import { Button } from '../../../components/Button';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { PageHeader } from '../../../components/PageHeader';
import { Spinner } from '../../../components/Spinner';
import { FiscalTable } from '../FiscalTable';
import { useMerchant, usePems } from '../fiscal-queries';
import { Breadcrumbs, Card } from '../ui';
import { AtecoEditor } from './AtecoEditor';
import { DiscardPemDialog } from './DiscardPemDialog';
import { merchantPath, pemPath } from './MerchantList';
import { PemStatusBadge } from './PemStatusBadge';
import { AddPemDialog, pemSetupPath } from '../onboarding/AddPemDialog';
import { useOnboardingRoles } from '../onboarding/roles';

function PemsTable({ merchantUuid, merchant }: { merchantUuid: string; merchant: Merchant | undefined }) {
  const { t } = useTranslation();
  const pems = usePems(merchantUuid);
  const roles = useOnboardingRoles();
  const [discarding, setDiscarding] = useState<Pem | null>(null);
  const [adding, setAdding] = useState(false);
  return (
    <Card
      title={t('fiscal.pems.title')}
      description={t('fiscal.pems.description')}
      actions={
        <Button size="sm" variant="primary" icon="plus" disabled={!roles.manager || !merchant} onClick={() => setAdding(true)} aria-describedby={roles.manager ? undefined : 'add-pem-why'}>
          {t('fiscal.onboarding.pem.addButton')}
        </Button>
      }
    >
      {roles.manager ? null : (
        <p className="muted onboarding-why" id="add-pem-why">
          {t('fiscal.onboarding.roles.merchantOrSupplier')}
        </p>
      )}
      {pems.isPending ? (
        <Spinner />
      ) : pems.isError ? (
        <ErrorAlert error={pems.error} title={t('fiscal.pems.loadFailed')} />
      ) : pems.data.length === 0 ? (
        <EmptyState icon="fiscal" title={t('fiscal.pems.none')}>
          <p>{t('fiscal.pems.noneBody')}</p>
        </EmptyState>
      ) : (
        <FiscalTable
          caption={t('fiscal.pems.title')}
          columns={[
            { label: t('fiscal.pems.serial') },
            { label: t('fiscal.pems.cashRegister') },
            { label: t('fiscal.pems.address') },
            { label: t('fiscal.pems.status') },
            { label: t('fiscal.pems.actions'), labelHidden: true },
          ]}
        >
          {pems.data.map((pem) => (
            <tr key={pem.serialNumber}>
              <th scope="row">
                <Link to={pemPath(pem.serialNumber)} className="mono">
                  {pem.serialNumber}
                </Link>
              </th>
              <td>{pem.cashRegisterName ?? t('fiscal.cashRegister.unnamed')}</td>
              <td>
                {pem.address.streetAddress} {pem.address.streetNumber}, {pem.address.city}
              </td>
              <td>
                <PemStatusBadge status={pem.status} />
              </td>
              <td className="fiscal-table__actions">
                <Link to={pemPath(pem.serialNumber)} className="btn btn--secondary btn--sm" aria-label={t('fiscal.pems.openNamed', { serial: pem.serialNumber })}>
                  {t('fiscal.pems.open')}
                </Link>
                <Link to={pemSetupPath(pem.serialNumber)} className="btn btn--secondary btn--sm" aria-label={t('fiscal.onboarding.pem.setupNamed', { serial: pem.serialNumber })}>
                  {t('fiscal.onboarding.pem.setup')}
                </Link>
                {pem.status === 'discarded' ? null : (
                  <Button variant="danger" size="sm" onClick={() => setDiscarding(pem)} aria-label={t('fiscal.discard.buttonNamed', { serial: pem.serialNumber })}>
                    {t('fiscal.discard.button')}
                  </Button>
                )}
              </td>
            </tr>
          ))}
        </FiscalTable>
      )}
      {discarding ? <DiscardPemDialog pem={discarding} onClose={() => setDiscarding(null)} /> : null}
      {adding && merchant ? <AddPemDialog merchant={merchant} onClose={() => setAdding(false)} /> : null}
    </Card>
  );
}

/** MF2: one merchant, its PEMs (with discard) and its ATECO codes. */
export default function MerchantPage() {
  const { t } = useTranslation();
  const uuid = useParams().uuid ?? '';
  const merchant = useMerchant(uuid);
  const roles = useOnboardingRoles();
  const name = merchant.data?.displayName ?? t('fiscal.merchants.merchant');
  return (
    <div className="page fiscal-page">
      <Breadcrumbs items={[{ label: t('pages.fiscal.title'), to: '/fiscal' }, { label: name }]} />
      <PageHeader
        title={name}
        description={
          merchant.data
            ? `${t('fiscal.merchants.vat', { vat: merchant.data.vatNumber })} · ${merchant.data.address.streetAddress} ${merchant.data.address.streetNumber}, ${merchant.data.address.zipCode} ${merchant.data.address.city} · ${merchant.data.email}`
            : undefined
        }
        actions={
          roles.manager ? (
            <Link to={`${merchantPath(uuid)}/edit`} className="btn btn--secondary btn--md">
              {t('fiscal.onboarding.merchant.editButton')}
            </Link>
          ) : null
        }
      />
      {merchant.isError ? <ErrorAlert error={merchant.error} title={t('fiscal.merchants.loadOneFailed')} /> : null}
      <div className="merchant-page">
        <PemsTable merchantUuid={uuid} merchant={merchant.data} />
        <AtecoEditor merchantUuid={uuid} />
      </div>
    </div>
  );
}
