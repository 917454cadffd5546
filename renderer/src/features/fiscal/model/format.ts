/** Money, dates and times as the user's language writes them. */
import { formatAmountUnits } from '../../../../../shared/validation/fiscal-amounts';
import { formatCurrency, formatDate as formatCalendarDate, formatFiscalDateTime } from '../../../format';
import { i18n } from '../../../i18n';

export function formatMoneyUnits(units: bigint, language: string): string {
  return formatMoney(formatAmountUnits(units, 2), language);
}

/** An amount string from the service ("12.50") in euros, as the language writes it ("€12.50", "12,50 €", "12,50 zł" style). */
export function formatMoney(amount: string | null | undefined, language: string): string {
  if (amount === null || amount === undefined || amount === '') return '—';
  const value = Number(amount);
  if (!Number.isFinite(value)) return amount;
  return formatCurrency(language, value, 'EUR');
}

/**
 * A fiscal time (journal, report, emergency report: ISO instants; receipts: Rome local times) on
 * Rome's clock, labelled when this computer's clock differs, so it matches the report PDFs.
 */
export function formatDateTime(iso: string | null | undefined, language: string): string {
  if (!iso) return '—';
  return formatFiscalDateTime(language, iso, { italianTimeLabel: i18n.t('format.italianTime', { lng: language }) });
}

export function formatDate(iso: string | null | undefined, language: string): string {
  if (!iso) return '—';
  return formatCalendarDate(language, /^\d{4}-\d{2}-\d{2}T/.test(iso) && !/(Z|[+-]\d{2}:?\d{2})$/.test(iso) ? iso.slice(0, 10) : iso);
}

/** Italian receipts carry local date-times without an offset ("2026-10-08T16:20:42"): Rome time. */
export function formatLocalDateTime(value: string, language: string): string {
  return formatDateTime(value, language);
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
