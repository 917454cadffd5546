import { z } from 'zod';

/**
 * Money and quantities of the fiscal interfaces travel as strings: amounts in euros with 2 to 8
 * decimals ("12.50", "0.33333333"), quantities with exactly 2 ("1.00", "0.50"). Arithmetic is done
 * on bigint "units" so sums never pick up binary rounding errors.
 */
export const AMOUNT_PATTERN = /^(0|[1-9]\d{0,9})\.\d{2,8}$/;
export const QUANTITY_PATTERN = /^(0|[1-9]\d{0,6})\.\d{2}$/;

/** 1 euro = 10^8 amount units. */
export const AMOUNT_SCALE = 100_000_000n;
/** 1 piece = 100 quantity units. */
export const QUANTITY_SCALE = 100n;

export type AmountErrorCode = 'not_a_string' | 'empty' | 'comma' | 'negative' | 'decimals' | 'too_large' | 'format';
export type AmountCheck = { ok: true; units: bigint } | { ok: false; code: AmountErrorCode; message: string };

function describe(label: string, value: string): string {
  return `${label} "${value}"`;
}

/** Checks an amount string (2 to 8 decimals, not negative). `label` names the field in the message. */
export function validateAmount(value: unknown, label = 'The amount'): AmountCheck {
  if (typeof value !== 'string') {
    return { ok: false, code: 'not_a_string', message: `${label} must be a string with 2 to 8 decimals, e.g. "12.50".` };
  }
  if (value.trim() === '') return { ok: false, code: 'empty', message: `${label} is empty: write it with 2 to 8 decimals, e.g. "12.50".` };
  if (AMOUNT_PATTERN.test(value)) return { ok: true, units: parseAmountUnits(value) };
  if (/^-/.test(value)) return { ok: false, code: 'negative', message: `${describe(label, value)} is negative; amounts are 0.00 or more.` };
  if (/^\d+,\d+$/.test(value)) {
    return { ok: false, code: 'comma', message: `${describe(label, value)} uses a comma: write the decimals after a dot, e.g. "${value.replace(',', '.')}".` };
  }
  const number = /^(\d+)(?:\.(\d*))?$/.exec(value);
  if (number) {
    const [, whole = '', decimals] = number;
    if (whole.replace(/^0+(?=\d)/, '').length > 10) {
      return { ok: false, code: 'too_large', message: `${describe(label, value)} is too large (at most 10 digits before the dot).` };
    }
    const count = decimals?.length ?? 0;
    if (count < 2 || count > 8) {
      return {
        ok: false,
        code: 'decimals',
        message: `${describe(label, value)} has ${count} decimal${count === 1 ? '' : 's'}; write 2 to 8, e.g. "${formatAmountUnits(safeUnits(whole, decimals ?? ''), Math.min(8, Math.max(2, count)))}".`,
      };
    }
  }
  return { ok: false, code: 'format', message: `${describe(label, value)} is not an amount: write digits, a dot and 2 to 8 decimals, e.g. "12.50".` };
}

export type QuantityErrorCode = 'not_a_string' | 'empty' | 'comma' | 'decimals' | 'zero' | 'too_large' | 'format';
export type QuantityCheck = { ok: true; units: bigint } | { ok: false; code: QuantityErrorCode; message: string };

/** Checks a quantity string: exactly 2 decimals and more than zero. */
export function validateQuantity(value: unknown, label = 'The quantity'): QuantityCheck {
  if (typeof value !== 'string') {
    return { ok: false, code: 'not_a_string', message: `${label} must be a string with exactly 2 decimals, e.g. "1.00".` };
  }
  if (value.trim() === '') return { ok: false, code: 'empty', message: `${label} is empty: write it with exactly 2 decimals, e.g. "1.00".` };
  if (QUANTITY_PATTERN.test(value)) {
    const units = parseQuantityUnits(value);
    if (units === 0n) return { ok: false, code: 'zero', message: `${label} must be more than 0.00.` };
    return { ok: true, units };
  }
  if (/^\d+,\d+$/.test(value)) {
    return { ok: false, code: 'comma', message: `${describe(label, value)} uses a comma: write the decimals after a dot, e.g. "${value.replace(',', '.')}".` };
  }
  const number = /^(\d+)(?:\.(\d*))?$/.exec(value);
  if (number) {
    const [, whole = '', decimals = ''] = number;
    if (whole.replace(/^0+(?=\d)/, '').length > 7) {
      return { ok: false, code: 'too_large', message: `${describe(label, value)} is too large (at most 7 digits before the dot).` };
    }
    if (decimals.length !== 2) {
      const suggestion = decimals.length < 2 ? `${Number(whole)}.${decimals.padEnd(2, '0')}` : null;
      return {
        ok: false,
        code: 'decimals',
        message: `${describe(label, value)} must have exactly 2 decimals${suggestion ? `, e.g. "${suggestion}"` : ''}.`,
      };
    }
  }
  return { ok: false, code: 'format', message: `${describe(label, value)} is not a quantity: write digits, a dot and exactly 2 decimals, e.g. "1.50".` };
}

function safeUnits(whole: string, decimals: string): bigint {
  const padded = `${decimals}00000000`.slice(0, 8);
  return BigInt(whole === '' ? '0' : whole) * AMOUNT_SCALE + BigInt(padded);
}

/** Units of a string that passed `validateAmount` (throws on anything else). */
export function parseAmountUnits(value: string): bigint {
  if (!AMOUNT_PATTERN.test(value)) throw new RangeError(`Not an amount string: "${value}"`);
  const [whole = '0', decimals = ''] = value.split('.');
  return safeUnits(whole, decimals);
}

/** Units (hundredths) of a string that passed `validateQuantity`'s pattern. */
export function parseQuantityUnits(value: string): bigint {
  if (!QUANTITY_PATTERN.test(value)) throw new RangeError(`Not a quantity string: "${value}"`);
  const [whole = '0', decimals = '00'] = value.split('.');
  return BigInt(whole) * QUANTITY_SCALE + BigInt(decimals);
}

/** Divides rounding half away from zero. */
export function divideRounded(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const quotient = (n * 2n + d) / (d * 2n);
  return negative ? -quotient : quotient;
}

/** Formats amount units with `decimals` (0..8) decimals, rounding half away from zero. */
export function formatAmountUnits(units: bigint, decimals = 2): string {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 8) throw new RangeError('decimals must be 0..8');
  const step = 10n ** BigInt(8 - decimals);
  const rounded = divideRounded(units, step);
  const negative = rounded < 0n;
  const digits = (negative ? -rounded : rounded).toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals);
  return `${negative ? '-' : ''}${whole}${decimals > 0 ? `.${fraction}` : ''}`;
}

/** Formats quantity units as "1.50". */
export function formatQuantityUnits(units: bigint): string {
  const digits = units.toString().padStart(3, '0');
  return `${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/** Rounds amount units to whole cents. */
export function roundToCents(units: bigint): bigint {
  return divideRounded(units, 1_000_000n) * 1_000_000n;
}

/** Price (amount units) × quantity (hundredths) → amount units, exact. */
export function multiplyAmountByQuantity(amountUnits: bigint, quantityUnits: bigint): bigint {
  return divideRounded(amountUnits * quantityUnits, QUANTITY_SCALE);
}

/** Sum of amount strings that each pass `validateAmount`. */
export function sumAmounts(values: readonly string[]): bigint {
  return values.reduce((total, value) => total + parseAmountUnits(value), 0n);
}

/** Zod schema of an amount string (2 to 8 decimals); `label` names the field in messages. */
export function amountStringSchema(label = 'The amount') {
  return z.string().superRefine((value, context) => {
    const check = validateAmount(value, label);
    if (!check.ok) context.addIssue({ code: 'custom', message: check.message });
  });
}

/** Zod schema of a quantity string (exactly 2 decimals, more than 0). */
export function quantityStringSchema(label = 'The quantity') {
  return z.string().superRefine((value, context) => {
    const check = validateQuantity(value, label);
    if (!check.ok) context.addIssue({ code: 'custom', message: check.message });
  });
}
