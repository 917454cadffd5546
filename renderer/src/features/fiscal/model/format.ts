/** Money, dates and times as the user's language writes them. */
import { formatAmountUnits } from '../../../../../shared/validation/fiscal-amounts';

const localeOf = (language: string): string => (language.startsWith('it') ? 'it-IT' : 'en-GB');

export function formatMoneyUnits(units: bigint, language: string): string {
  return formatMoney(formatAmountUnits(units, 2), language);
}

/** An amount string from the service ("12.50") as "€12.50" / "12,50 €". */
export function formatMoney(amount: string | null | undefined, language: string): string {
  if (amount === null || amount === undefined || amount === '') return '—';
  const value = Number(amount);
  if (!Number.isFinite(value)) return amount;
  return new Intl.NumberFormat(localeOf(language), { style: 'currency', currency: 'EUR' }).format(value);
}

export function formatDateTime(iso: string | null | undefined, language: string): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(localeOf(language), { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

export function formatDate(iso: string | null | undefined, language: string): string {
  if (!iso) return '—';
  // Calendar dates ("2026-10-08") are shown as they are meant, not shifted by the time zone.
  const date = /^\d{4}-\d{2}-\d{2}$/.test(iso) ? new Date(`${iso}T12:00:00`) : new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(localeOf(language), { dateStyle: 'medium' }).format(date);
}

/** Italian receipts carry local date-times without an offset ("2026-10-08T16:20:42"). */
export function formatLocalDateTime(value: string, language: string): string {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})/.exec(value);
  if (!match) return value;
  return `${formatDate(match[1], language)} ${match[2]}`;
}

/** Today's date in the user's time zone, "YYYY-MM-DD". */
export function todayIso(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** "22 %" for a rate ("22.00"), the code itself for a natura code ("N4"). */
export function vatCodeLabel(code: string, formatRate: (rate: number) => string): string {
  return /^\d+(\.\d+)?$/.test(code) ? formatRate(Number(code)) : code;
}
