import './onboarding.css';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import type { Merchant } from '../../../../../shared/contract';
import { merchantCreateInputSchema, merchantUpdateInputSchema } from '../../../../../shared/contract/fiscal-onboarding';
import { bridgeKeys, useBridgeMutation } from '../../../bridge/queries';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { TextField } from '../../../components/Field';
import { PageHeader } from '../../../components/PageHeader';
import { Spinner } from '../../../components/Spinner';
import { showToast } from '../../../components/toast-store';
import { useMerchant } from '../fiscal-queries';
import { merchantPath } from '../merchants/MerchantList';
import { Breadcrumbs, Card } from '../ui';
import { AddressFields, addressErrors, emptyAddress, type AddressDraft } from './AddressFields';
import { isPlacedAtField, schemaProblems, serverFieldMessages, type InvalidKey } from './form-errors';
import { useOnboardingRoles } from './roles';

interface Draft {
  vatNumber: string;
  fiscalCode: string;
  businessName: string;
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  address: AddressDraft;
}

const FIELDS = ['vatNumber', 'fiscalCode', 'businessName', 'firstName', 'lastName', 'email', 'password', 'address.streetAddress', 'address.streetNumber', 'address.zipCode', 'address.city', 'address.province'];

const draftOf = (merchant: Merchant | undefined): Draft => ({
  vatNumber: merchant?.vatNumber ?? '',
  fiscalCode: merchant?.fiscalCode ?? '',
  businessName: merchant?.businessName ?? '',
  firstName: merchant?.firstName ?? '',
  lastName: merchant?.lastName ?? '',
  email: merchant?.email ?? '',
  password: '',
  address: merchant ? { ...merchant.address } : emptyAddress,
});

const optional = (value: string): string | undefined => (value.trim() === '' ? undefined : value);

const invalidKey = (path: string, code: string): InvalidKey | null => {
  if (code === 'too_big') return 'tooLong';
  const last = path.split('.').pop() ?? '';
  if (last === 'firstName' || last === 'lastName') return 'names';
  if (last === 'password') return 'merchantPassword';
  return (['vatNumber', 'fiscalCode', 'email', 'streetAddress', 'zipCode', 'city', 'province'] as const).find((key) => key === last) ?? null;
};

function MerchantForm({ merchant }: { merchant?: Merchant }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const roles = useOnboardingRoles();
  const editing = merchant !== undefined;
  const [draft, setDraft] = useState<Draft>(() => draftOf(merchant));
  const [submitted, setSubmitted] = useState(false);
  const onSaved = (saved: Merchant) => {
    queryClient.setQueryData(bridgeKeys.call('merchants.get', { uuid: saved.uuid }), saved);
    void queryClient.invalidateQueries({ queryKey: bridgeKeys.channel('merchants.list') });
    showToast({ tone: 'success', title: (t) => t(editing ? 'fiscal.onboarding.merchant.saved' : 'fiscal.onboarding.merchant.created', { name: saved.displayName }), timeoutMs: 6000 });
    void navigate(merchantPath(saved.uuid));
  };
  const create = useBridgeMutation('merchants.create', { onSuccess: onSaved });
  const update = useBridgeMutation('merchants.update', { onSuccess: onSaved });
  const mutation = editing ? update : create;

  const input = editing
    ? { uuid: merchant.uuid, businessName: optional(draft.businessName), firstName: optional(draft.firstName), lastName: optional(draft.lastName), address: draft.address }
    : {
        vatNumber: draft.vatNumber,
        fiscalCode: optional(draft.fiscalCode),
        businessName: optional(draft.businessName),
        firstName: optional(draft.firstName),
        lastName: optional(draft.lastName),
        email: draft.email,
        password: draft.password,
        address: draft.address,
      };
  const problems = schemaProblems(editing ? merchantUpdateInputSchema : merchantCreateInputSchema, input, invalidKey);
  const server = serverFieldMessages(mutation.error, t);
  const errors: Record<string, string | undefined> = Object.fromEntries(
    FIELDS.map((path) => [path, (submitted && problems[path] ? t(`fiscal.onboarding.invalid.${problems[path]}`) : undefined) ?? server[path]]),
  );
  const allowed = editing ? roles.manager : roles.supplier;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!allowed || Object.keys(problems).length > 0) return;
    if (editing) update.mutate(input as Parameters<typeof update.mutate>[0]);
    else create.mutate(input as Parameters<typeof create.mutate>[0]);
  };
  const text = (key: keyof Draft) => ({
    value: draft[key] as string,
    error: errors[key],
    onChange: (event: { target: { value: string } }) => setDraft({ ...draft, [key]: event.target.value }),
  });

  return (
    <form className="onboarding-form" onSubmit={submit} noValidate>
      {!allowed ? <Alert tone="info">{t(editing ? 'fiscal.onboarding.roles.merchantOrSupplier' : 'fiscal.onboarding.roles.supplierOnly')}</Alert> : null}
      <div className="onboarding-grid">
        <TextField label={t('fiscal.onboarding.merchant.vatNumber')} inputMode="numeric" maxLength={11} disabled={editing} {...text('vatNumber')} />
        {editing ? null : <TextField label={t('fiscal.onboarding.merchant.fiscalCode')} inputMode="numeric" maxLength={11} {...text('fiscalCode')} />}
        <TextField label={t('fiscal.onboarding.merchant.businessName')} hint={t('fiscal.onboarding.merchant.businessNameHint')} fieldClassName="onboarding-grid__wide" {...text('businessName')} />
        <TextField label={t('fiscal.onboarding.merchant.firstName')} autoComplete="given-name" {...text('firstName')} />
        <TextField label={t('fiscal.onboarding.merchant.lastName')} autoComplete="family-name" {...text('lastName')} />
        <TextField label={t('fiscal.onboarding.merchant.email')} type="email" autoComplete="off" disabled={editing} {...text('email')} />
        {editing ? null : (
          <TextField label={t('fiscal.onboarding.merchant.password')} type="password" autoComplete="new-password" hint={t('fiscal.onboarding.merchant.passwordHint')} {...text('password')} />
        )}
      </div>
      <AddressFields value={draft.address} onChange={(address) => setDraft({ ...draft, address })} errors={addressErrors(errors)} />
      {mutation.error && !isPlacedAtField(mutation.error, FIELDS) ? <ErrorAlert error={mutation.error} title={t('fiscal.onboarding.merchant.failed')} /> : null}
      <div className="onboarding-form__actions">
        <Button type="submit" variant="primary" pending={mutation.isPending} disabled={!allowed}>
          {t(editing ? 'fiscal.onboarding.merchant.save' : 'fiscal.onboarding.merchant.create')}
        </Button>
      </div>
    </form>
  );
}

/** `/fiscal/merchants/new` and `/fiscal/merchants/:uuid/edit`: MF2 merchant creation and update. */
export default function MerchantFormPage() {
  const { t } = useTranslation();
  const uuid = useParams().uuid ?? '';
  const merchant = useMerchant(uuid);
  const editing = uuid !== '';
  const title = editing ? t('fiscal.onboarding.merchant.editTitle', { name: merchant.data?.displayName ?? '' }) : t('fiscal.onboarding.merchant.newTitle');
  return (
    <div className="page fiscal-page">
      <Breadcrumbs
        items={[
          { label: t('pages.fiscal.title'), to: '/fiscal' },
          ...(editing ? [{ label: merchant.data?.displayName ?? t('fiscal.merchants.merchant'), to: merchantPath(uuid) }] : []),
          { label: title },
        ]}
      />
      <PageHeader title={title} description={t(editing ? 'fiscal.onboarding.merchant.editDescription' : 'fiscal.onboarding.merchant.newDescription')} />
      <Card title={title} level={2}>
        {!editing ? (
          <MerchantForm />
        ) : merchant.isPending ? (
          <Spinner />
        ) : merchant.isError ? (
          <ErrorAlert error={merchant.error} title={t('fiscal.merchants.loadOneFailed')} />
        ) : (
          <MerchantForm merchant={merchant.data} />
        )}
      </Card>
    </div>
  );
}
