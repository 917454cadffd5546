/**
 * The one place the UI writes dates, times, numbers and amounts: Intl, in the UI language.
 * Feature modules (documents, uploads, fiscal) keep thin wrappers with their own argument order.
 * Fiscal times are shown in Europe/Rome (Italian legal time), labelled where the computer's zone differs.
 */
import { differsFromRome, FISCAL_TIME_ZONE, fiscalInstant } from '../../../shared/format/fiscal-time';

/** The UI language as a locale: English in its European form (day month year, 24-hour clock). */
export function localeOf(language: string): string {
  const locales: Record<string, string> = { en: 'en-GB', it: 'it-IT', nb: 'nb-NO', pl: 'pl-PL' };
  return locales[language] ?? language;
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Intl formatters are slow to build and lists format hundreds of values while scrolling. */
const cache = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();
function dateFormat(language: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `d|${language}|${JSON.stringify(options)}`;
  let format = cache.get(key) as Intl.DateTimeFormat | undefined;
  if (!format) {
    format = new Intl.DateTimeFormat(localeOf(language), options);
    cache.set(key, format);
  }
  return format;
}
function numberFormat(language: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const key = `n|${language}|${JSON.stringify(options)}`;
  let format = cache.get(key) as Intl.NumberFormat | undefined;
  if (!format) {
    format = new Intl.NumberFormat(localeOf(language), options);
    cache.set(key, format);
  }
  return format;
}

const toDate = (value: string | number | Date): Date => (value instanceof Date ? value : new Date(value));

/** A calendar date (`2026-05-02`) without shifting it through a time zone; an instant as its local day. */
export function formatDate(language: string, value: string | undefined | null): string {
  if (!value) return '';
  const match = DATE_ONLY.exec(value.trim());
  const date = match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return dateFormat(language, { dateStyle: 'medium', ...(match ? { timeZone: 'UTC' } : {}) }).format(date);
}

/** An instant as date and time on this computer's clock. */
export function formatDateTime(language: string, value: string | number | Date | undefined | null, options: { seconds?: boolean } = {}): string {
  if (value === undefined || value === null || value === '') return '';
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return String(value);
  return dateFormat(language, { dateStyle: 'medium', timeStyle: options.seconds ? 'medium' : 'short' }).format(date);
}

export function formatTime(language: string, value: string | number | Date, options: { seconds?: boolean } = {}): string {
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return String(value);
  return dateFormat(language, { timeStyle: options.seconds ? 'medium' : 'short' }).format(date);
}

export function formatCount(language: string, value: number): string {
  return numberFormat(language).format(value);
}

/** An amount with its currency (`kr 1 436,50`, `1436,50 zł`, `€ 12,50`); the number and code when Intl does not know the code. */
export function formatCurrency(language: string, value: number, currency: string, decimals = 2): string {
  try {
    if (/^[A-Z]{3}$/.test(currency)) {
      return numberFormat(language, { style: 'currency', currency, minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(value);
    }
  } catch {
    // An unknown currency code: fall through to the plain number.
  }
  return `${numberFormat(language, { minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(value)} ${currency}`.trim();
}

export function formatDecimal(language: string, value: number, decimals: { min?: number; max?: number } = {}): string {
  return numberFormat(language, { minimumFractionDigits: decimals.min ?? 0, maximumFractionDigits: decimals.max ?? 6 }).format(value);
}

export function formatPercent(language: string, rate: number): string {
  return numberFormat(language, { style: 'percent', maximumFractionDigits: 2 }).format(rate / 100);
}

/** The computer's time zone (the one `formatDateTime` uses). */
export const localTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * A fiscal time (an ISO instant, or a receipt's Rome local time without a zone) on Rome's clock,
 * e.g. `8 Oct 2026, 16:20`, followed by `(label)` when this computer's clock would show another time.
 */
export function formatFiscalDateTime(
  language: string,
  value: string | undefined | null,
  options: { italianTimeLabel: string; timeZone?: string; seconds?: boolean },
): string {
  if (!value) return '';
  const instant = fiscalInstant(value);
  if (!instant) return value;
  const text = dateFormat(language, { dateStyle: 'medium', timeStyle: options.seconds ? 'medium' : 'short', timeZone: FISCAL_TIME_ZONE }).format(instant);
  return differsFromRome(instant, options.timeZone ?? localTimeZone()) ? `${text} (${options.italianTimeLabel})` : text;
}
