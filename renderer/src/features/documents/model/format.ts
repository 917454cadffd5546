/** Dates, amounts and counts as the user's language writes them. */
import type { Amount, Quantity } from '../../../../../shared/ubl/types';

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Intl formatters are slow to build and the inbox formats hundreds of dates while scrolling. */
const dateFormats = new Map<string, Intl.DateTimeFormat>();
function dateFormat(language: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${language}|${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(language, options);
    dateFormats.set(key, format);
  }
  return format;
}

/** A calendar date (`2026-05-02`) without shifting it through a time zone; other text is shown as is. */
export function formatDate(language: string, value: string | undefined): string {
  if (!value) return '';
  const match = DATE_ONLY.exec(value.trim());
  const date = match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return dateFormat(language, { dateStyle: 'medium', ...(match ? { timeZone: 'UTC' } : {}) }).format(date);
}

export function formatDateTime(language: string, value: string | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return dateFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

export function formatCount(language: string, value: number): string {
  return new Intl.NumberFormat(language).format(value);
}

/** An amount in its currency (`NOK 1 436,50`); the text as written when it is not a number. */
export function formatAmount(language: string, amount: Amount | undefined, fallbackCurrency?: string): string {
  if (!amount) return '';
  const currency = amount.currency ?? fallbackCurrency;
  if (!Number.isFinite(amount.value)) return [amount.text, currency].filter(Boolean).join(' ');
  const decimals = Math.min(Math.max((amount.text.split('.')[1] ?? '').length, 2), 6);
  try {
    if (currency && /^[A-Z]{3}$/.test(currency)) {
      return new Intl.NumberFormat(language, { style: 'currency', currency, minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(amount.value);
    }
  } catch {
    // An unknown currency code: fall through to the plain number.
  }
  const number = new Intl.NumberFormat(language, { minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(amount.value);
  return currency ? `${number} ${currency}` : number;
}

export function formatQuantity(language: string, quantity: Quantity | undefined): string {
  if (!quantity) return '';
  const number = Number.isFinite(quantity.value) ? new Intl.NumberFormat(language, { maximumFractionDigits: 6 }).format(quantity.value) : quantity.text;
  return quantity.unitCode ? `${number} ${quantity.unitCode}` : number;
}

export function formatBytes(language: string, bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${new Intl.NumberFormat(language, { maximumFractionDigits: unit === 0 ? 0 : 1 }).format(value)} ${units[unit]}`;
}
