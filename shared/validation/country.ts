export type UploadCountry = 'IT' | 'PL';

export const UPLOAD_COUNTRIES: readonly UploadCountry[] = ['IT', 'PL'];

export type CountryCheck = { ok: true; country: UploadCountry } | { ok: false; message: string };

/** `IT` or `PL`, exactly (uppercase), as `POST /upload` requires. */
export function validateCountry(value: unknown): CountryCheck {
  if (value === 'IT' || value === 'PL') return { ok: true, country: value };
  if (typeof value === 'string' && (value.toUpperCase() === 'IT' || value.toUpperCase() === 'PL')) {
    return { ok: false, message: `Write the country code in capitals: "${value.toUpperCase()}".` };
  }
  if (value === undefined || value === null || value === '') {
    return { ok: false, message: 'Choose the destination country: IT (Italy) or PL (Poland).' };
  }
  return { ok: false, message: 'Uploads can go to Italy or Poland only: choose IT or PL as the destination country.' };
}

/** FatturaPA names: IT + VAT number (11 digits) or fiscal code (16) + `_` + progressive (up to 5). */
const FATTURA_PA_NAME = /^IT([0-9]{11}|[A-Z0-9]{16})_[A-Z0-9]{1,5}\.(xml|xml\.p7m|zip)$/i;
/** KSeF numbers (`<NIP>-<YYYYMMDD>-<hex>-<2 hex>`), FA(2)/FA(3) schema names, or "ksef" in the name. */
const POLISH_HINTS = [/\d{10}-\d{8}-[0-9A-F]{6,}-[0-9A-F]{2}/i, /^FA(\(\d\))?[_ -]/i, /ksef/i, /^PL\d{10}[_-]/i];

/** A guess of the destination from the file name, to preselect in the UI; null when not obvious. */
export function suggestCountryFromFileName(fileName: string): UploadCountry | null {
  if (FATTURA_PA_NAME.test(fileName)) return 'IT';
  if (POLISH_HINTS.some((hint) => hint.test(fileName))) return 'PL';
  return null;
}
