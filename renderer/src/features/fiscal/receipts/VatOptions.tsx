import { useTranslation } from 'react-i18next';
import { ALLOWED_VAT_RATES, NATURA_CODES } from '../../../../../shared/validation/vat';

/** The VAT choices since October 2026: the four rates, then N1–N6 with what each means. */
export function VatOptions() {
  const { t } = useTranslation();
  return (
    <>
      <optgroup label={t('fiscal.vat.rates')}>
        {[...ALLOWED_VAT_RATES].reverse().map((rate) => (
          <option key={rate} value={rate}>
            {t('fiscal.vat.rate', { rate: Number(rate) })}
          </option>
        ))}
      </optgroup>
      <optgroup label={t('fiscal.vat.natura')}>
        {NATURA_CODES.map((code) => (
          <option key={code} value={code}>
            {`${code} – ${t(`fiscal.vat.meanings.${code}`)}`}
          </option>
        ))}
      </optgroup>
    </>
  );
}
