import './onboarding.css';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Cashier } from '../../../../../shared/contract/fiscal-onboarding';
import { cashierCreateInputSchema } from '../../../../../shared/contract/fiscal-onboarding';
import { bridgeKeys, useBridgeMutation, useBridgeQuery } from '../../../bridge/queries';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { SelectField, TextField } from '../../../components/Field';
import { PageHeader } from '../../../components/PageHeader';
import { Spinner } from '../../../components/Spinner';
import { showToast } from '../../../components/toast-store';
import { FiscalTable } from '../FiscalTable';
import { useMerchants } from '../fiscal-queries';
import { Breadcrumbs, Card, ConfirmDialog, StatusBadge } from '../ui';
import { isPlacedAtField, schemaProblems, serverFieldMessages, type InvalidKey } from './form-errors';
import { useOnboardingRoles } from './roles';

export const CASHIERS_PATH = '/fiscal/cashiers';
const FIELDS = ['email', 'password', 'name', 'displayName', 'merchantUuid'];
const empty = { email: '', password: '', name: '', displayName: '' };

const invalidKey = (path: string, code: string): InvalidKey | null => {
  if (path === 'password') return 'cashierPassword';
  if (code === 'too_big') return 'tooLong';
  if (path === 'email') return 'email';
  if (path === 'name') return 'cashierName';
  return null;
};

/** A partner (ROLE_SUPPLIER) names the merchant the cashier works for; a merchant's own account does not. */
function AddCashierForm({ allowed, chooseMerchant }: { allowed: boolean; chooseMerchant: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const merchants = useMerchants();
  const [draft, setDraft] = useState(empty);
  const [merchantUuid, setMerchantUuid] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const create = useBridgeMutation('cashiers.create', {
    onSuccess: (cashier) => {
      void queryClient.invalidateQueries({ queryKey: bridgeKeys.channel('cashiers.list') });
      showToast({ tone: 'success', title: (t) => t('fiscal.onboarding.cashiers.added', { name: cashier.name }), timeoutMs: 6000 });
      setDraft(empty);
      setSubmitted(false);
    },
  });
  const input = {
    email: draft.email,
    password: draft.password,
    name: draft.name,
    displayName: draft.displayName.trim() || undefined,
    ...(chooseMerchant && merchantUuid ? { merchantUuid } : {}),
  };
  const problems: Record<string, InvalidKey> = { ...schemaProblems(cashierCreateInputSchema, input, invalidKey), ...(chooseMerchant && !merchantUuid ? { merchantUuid: 'merchant' as const } : {}) };
  const server = serverFieldMessages(create.error, t);
  const error = (path: string) => (submitted && problems[path] ? t(`fiscal.onboarding.invalid.${problems[path]}`) : undefined) ?? server[path];
  const field = (key: keyof typeof empty) => ({ value: draft[key], error: error(key), disabled: !allowed, onChange: (event: { target: { value: string } }) => setDraft({ ...draft, [key]: event.target.value }) });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (allowed && Object.keys(problems).length === 0) create.mutate(input);
  };
  return (
    <form className="onboarding-form" onSubmit={submit} noValidate>
      <div className="onboarding-grid">
          {chooseMerchant ? (
            <SelectField
              label={t('fiscal.onboarding.cashiers.merchant')}
              value={merchantUuid}
              onChange={(event) => setMerchantUuid(event.target.value)}
              error={error('merchantUuid')}
              disabled={!allowed}
              fieldClassName="onboarding-grid__wide"
            >
              <option value="">—</option>
              {(merchants.data ?? []).map((merchant) => (
                <option key={merchant.uuid} value={merchant.uuid}>
                  {merchant.displayName} · {merchant.vatNumber}
                </option>
              ))}
            </SelectField>
          ) : null}
          <TextField label={t('fiscal.onboarding.cashiers.name')} autoComplete="off" {...field('name')} />
          <TextField label={t('fiscal.onboarding.cashiers.displayName')} autoComplete="off" {...field('displayName')} />
          <TextField label={t('fiscal.onboarding.cashiers.email')} type="email" autoComplete="off" {...field('email')} />
          <TextField label={t('fiscal.onboarding.cashiers.password')} type="password" autoComplete="new-password" hint={t('fiscal.onboarding.cashiers.passwordHint')} {...field('password')} />
      </div>
      {create.error && !isPlacedAtField(create.error, FIELDS) ? <ErrorAlert error={create.error} title={t('fiscal.onboarding.cashiers.addFailed')} /> : null}
      <div className="onboarding-form__actions">
        <Button type="submit" variant="primary" pending={create.isPending} disabled={!allowed}>
          {t('fiscal.onboarding.cashiers.add')}
        </Button>
      </div>
    </form>
  );
}

function RemoveCashierDialog({ cashier, onClose }: { cashier: Cashier; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const remove = useBridgeMutation('cashiers.remove', {
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: bridgeKeys.channel('cashiers.list') });
      showToast({ tone: 'success', title: (t) => t('fiscal.onboarding.cashiers.removed', { name: cashier.name }), timeoutMs: 6000 });
      onClose();
    },
  });
  return (
    <ConfirmDialog
      title={t('fiscal.onboarding.cashiers.removeTitle', { name: cashier.name })}
      confirmLabel={t('fiscal.onboarding.cashiers.removeConfirm', { name: cashier.name })}
      danger
      pending={remove.isPending}
      error={remove.error}
      onCancel={onClose}
      onConfirm={() => remove.mutate({ uuid: cashier.uuid })}
    >
      <p>{t('fiscal.onboarding.cashiers.removeBody', { name: cashier.name, email: cashier.email })}</p>
    </ConfirmDialog>
  );
}

/** `/fiscal/cashiers`: MF1 cashiers of the account: list, add, remove (after a confirmation naming the cashier). */
export default function CashiersPage() {
  const { t } = useTranslation();
  const roles = useOnboardingRoles();
  const cashiers = useBridgeQuery('cashiers.list', { page: 1, size: 100 });
  const [removing, setRemoving] = useState<Cashier | null>(null);
  return (
    <div className="page fiscal-page">
      <Breadcrumbs items={[{ label: t('pages.fiscal.title'), to: '/fiscal' }, { label: t('fiscal.onboarding.cashiers.title') }]} />
      <PageHeader title={t('fiscal.onboarding.cashiers.title')} description={t('fiscal.onboarding.cashiers.description')} />
      {!roles.manager ? <Alert tone="info" live={false}>{t('fiscal.onboarding.roles.merchantOrSupplier')}</Alert> : null}
      <div className="onboarding-setup">
        <Card title={t('fiscal.onboarding.cashiers.title')}>
          {cashiers.isPending ? (
            <div className="status-line status-line--pending" role="status">
              <Spinner />
              <span>{t('fiscal.onboarding.cashiers.loading')}</span>
            </div>
          ) : cashiers.isError ? (
            <ErrorAlert error={cashiers.error} title={t('fiscal.onboarding.cashiers.loadFailed')} />
          ) : cashiers.data.items.length === 0 ? (
            <p className="muted">{t('fiscal.onboarding.cashiers.none')}</p>
          ) : (
            <FiscalTable
              caption={t('fiscal.onboarding.cashiers.title')}
              columns={[
                { label: t('fiscal.onboarding.cashiers.name') },
                { label: t('fiscal.onboarding.cashiers.email') },
                { label: t('fiscal.onboarding.cashiers.status') },
                { label: t('fiscal.onboarding.cashiers.actions'), labelHidden: true },
              ]}
            >
              {cashiers.data.items.map((cashier) => (
                <tr key={cashier.uuid}>
                  <th scope="row">
                    {cashier.name}
                    {cashier.displayName && cashier.displayName !== cashier.name ? <span className="muted"> · {cashier.displayName}</span> : null}
                  </th>
                  <td>{cashier.email}</td>
                  <td>
                    <StatusBadge tone={cashier.status === 'active' ? 'success' : 'neutral'}>
                      {t(cashier.status === 'active' ? 'fiscal.onboarding.cashiers.statusActive' : 'fiscal.onboarding.cashiers.statusDisabled')}
                    </StatusBadge>
                  </td>
                  <td className="fiscal-table__actions">
                    <Button variant="danger" size="sm" disabled={!roles.manager} onClick={() => setRemoving(cashier)} aria-label={t('fiscal.onboarding.cashiers.removeNamed', { name: cashier.name })}>
                      {t('fiscal.onboarding.cashiers.remove')}
                    </Button>
                  </td>
                </tr>
              ))}
            </FiscalTable>
          )}
        </Card>
        <Card title={t('fiscal.onboarding.cashiers.addLegend')}>
          <AddCashierForm allowed={roles.manager} chooseMerchant={roles.supplier} />
        </Card>
      </div>
      {removing ? <RemoveCashierDialog cashier={removing} onClose={() => setRemoving(null)} /> : null}
    </div>
  );
}
