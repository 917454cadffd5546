import { useTranslation } from 'react-i18next';
import type { FiscalAddressInput } from '../../../../../shared/contract/fiscal-onboarding';
import { TextField } from '../../../components/Field';

export type AddressDraft = Required<FiscalAddressInput>;

export const emptyAddress: AddressDraft = { streetAddress: '', streetNumber: '', zipCode: '', city: '', province: '' };

interface Props {
  value: AddressDraft;
  onChange: (next: AddressDraft) => void;
  /** Field messages by the address's own key (`zipCode`, …). */
  errors: Partial<Record<keyof AddressDraft, string>>;
  disabled?: boolean;
}

/** The reference's `Address`: street, number, 5-digit ZIP code, city, 2-letter province. */
export function AddressFields({ value, onChange, errors, disabled }: Props) {
  const { t } = useTranslation();
  const field = (key: keyof AddressDraft) => ({
    value: value[key],
    error: errors[key],
    disabled,
    onChange: (event: { target: { value: string } }) => onChange({ ...value, [key]: event.target.value }),
  });
  return (
    <fieldset className="fieldset onboarding-address">
      <legend className="fieldset__legend">{t('fiscal.onboarding.address.legend')}</legend>
      <div className="onboarding-grid">
        <TextField label={t('fiscal.onboarding.address.street')} autoComplete="address-line1" fieldClassName="onboarding-grid__wide" {...field('streetAddress')} />
        <TextField label={t('fiscal.onboarding.address.number')} {...field('streetNumber')} />
        <TextField label={t('fiscal.onboarding.address.zip')} inputMode="numeric" autoComplete="postal-code" maxLength={5} {...field('zipCode')} />
        <TextField label={t('fiscal.onboarding.address.city')} autoComplete="address-level2" {...field('city')} />
        <TextField label={t('fiscal.onboarding.address.province')} hint={t('fiscal.onboarding.address.provinceHint')} maxLength={2} {...field('province')} />
      </div>
    </fieldset>
  );
}

/** The `address.*` entries of a path-keyed map, by the address's own keys. */
export function addressErrors(errors: Record<string, string | undefined>): Partial<Record<keyof AddressDraft, string>> {
  return Object.fromEntries(
    Object.entries(errors)
      .filter(([path]) => path.startsWith('address.'))
      .map(([path, message]) => [path.slice('address.'.length), message]),
  );
}
