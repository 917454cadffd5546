import { z } from 'zod';

/** The VAT rates receipts, returns, voids and emergency reports accept since the October 2026 release. */
export const ALLOWED_VAT_RATES = ['4.00', '5.00', '10.00', '22.00'] as const;
/** Rates the service accepted before October 2026 and now refuses. */
export const REMOVED_VAT_RATES = ['2.00', '6.40', '7.00', '7.30', '7.50', '7.65', '7.95', '8.30', '8.50', '8.80', '9.50', '12.30'] as const;
/** "Natura" codes: operations without VAT, with the reason. */
export const NATURA_CODES = ['N1', 'N2', 'N3', 'N4', 'N5', 'N6'] as const;

export type VatRate = (typeof ALLOWED_VAT_RATES)[number];
export type NaturaCode = (typeof NATURA_CODES)[number];
export type VatCode = VatRate | NaturaCode;

export const VAT_CODES: readonly VatCode[] = [...ALLOWED_VAT_RATES, ...NATURA_CODES];

export const NATURA_DESCRIPTIONS: Record<NaturaCode, string> = {
  N1: 'Excluded (art. 15 DPR 633/72)',
  N2: 'Not subject to VAT',
  N3: 'Not taxable',
  N4: 'Exempt',
  N5: 'Margin scheme',
  N6: 'Reverse charge',
};

export type VatCodeErrorCode = 'not_a_string' | 'empty' | 'removed_rate' | 'badly_written' | 'unknown';
export type VatCodeCheck = { ok: true; code: VatCode } | { ok: false; code: VatCodeErrorCode; message: string };

const ALLOWED_LIST = `${ALLOWED_VAT_RATES.join(', ')} or a natura code N1 to N6`;

export function isVatRate(value: string): value is VatRate {
  return (ALLOWED_VAT_RATES as readonly string[]).includes(value);
}

export function isNaturaCode(value: string): value is NaturaCode {
  return (NATURA_CODES as readonly string[]).includes(value);
}

export function isVatCode(value: string): value is VatCode {
  return isVatRate(value) || isNaturaCode(value);
}

/**
 * Turns what a person types ("22", "22,0", " 4 %", "n2") into the exact code the service expects
 * ("22.00", "N2"), or returns the trimmed input unchanged when it is not recognisable.
 * Removed rates are normalised too ("7" → "7.00") so that the check can name them.
 */
export function normalizeVatCode(input: string): string {
  const trimmed = input.trim().replace(/\s*%$/, '');
  if (/^n[1-6]$/i.test(trimmed)) return trimmed.toUpperCase();
  const number = /^(\d{1,2})(?:[.,](\d{1,2}))?$/.exec(trimmed);
  if (!number) return trimmed;
  const decimals = (number[2] ?? '').padEnd(2, '0');
  return `${Number(number[1])}.${decimals}`;
}

/**
 * Checks a `vat_rate_code` exactly as the service does: one of 4.00, 5.00, 10.00, 22.00 or N1..N6,
 * written exactly so. The message says what to write instead.
 */
export function validateVatCode(value: unknown): VatCodeCheck {
  if (typeof value !== 'string') {
    return { ok: false, code: 'not_a_string', message: `The VAT code must be text, one of ${ALLOWED_LIST}.` };
  }
  if (value.trim() === '') {
    return { ok: false, code: 'empty', message: `The VAT code is empty: choose one of ${ALLOWED_LIST}.` };
  }
  if (isVatCode(value)) return { ok: true, code: value };
  const normalized = normalizeVatCode(value);
  if ((REMOVED_VAT_RATES as readonly string[]).includes(normalized)) {
    return {
      ok: false,
      code: 'removed_rate',
      message: `The VAT rate ${normalized} is no longer accepted since the October 2026 release; use one of ${ALLOWED_LIST}.`,
    };
  }
  if (isVatCode(normalized)) {
    return { ok: false, code: 'badly_written', message: `Write the VAT code as "${normalized}" (got "${value}").` };
  }
  return { ok: false, code: 'unknown', message: `"${value}" is not a valid VAT code; use one of ${ALLOWED_LIST}.` };
}

/** The rate as a percentage number, or null for a natura code. */
export function vatRatePercent(code: VatCode): number | null {
  return isVatRate(code) ? Number(code) : null;
}

/** How a code is shown to people: "22.00 %" or "N4 – Exempt". */
export function formatVatCode(code: VatCode): string {
  return isNaturaCode(code) ? `${code} – ${NATURA_DESCRIPTIONS[code]}` : `${code} %`;
}

/** Zod schema of a `vat_rate_code` string (not null; callers add `.nullable()` where "Ventilazione IVA" applies). */
export const vatCodeSchema = z.string().transform((value, context): VatCode => {
  const check = validateVatCode(value);
  if (check.ok) return check.code;
  context.addIssue({ code: 'custom', message: check.message, input: value });
  return z.NEVER;
});
