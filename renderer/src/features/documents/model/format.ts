/** Dates, amounts and counts as the user's language writes them. */
import type { Amount, Quantity } from '../../../../../shared/ubl/types';

import { formatCurrency } from '../../../format';

export { formatCount, formatDate, formatDateTime } from '../../../format';

/** An amount in its currency (`NOK 1 436,50`); the text as written when it is not a number. */
export function formatAmount(language: string, amount: Amount | undefined, fallbackCurrency?: string): string {
  if (!amount) return '';
  const currency = amount.currency ?? fallbackCurrency;
  if (!Number.isFinite(amount.value)) return [amount.text, currency].filter(Boolean).join(' ');
  const decimals = Math.min(Math.max((amount.text.split('.')[1] ?? '').length, 2), 6);
  if (currency) return formatCurrency(language, amount.value, currency, decimals);
  const number = new Intl.NumberFormat(language, { minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(amount.value);
  return number;
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
