/** Receipt arithmetic: gross lines, VAT breakdown, amounts due. All on bigint units (see fiscal-amounts). */
import {
  divideRounded,
  formatAmountUnits,
  formatQuantityUnits,
  multiplyAmountByQuantity,
  parseAmountUnits,
  parseQuantityUnits,
  roundToCents,
} from '../../../shared/validation/fiscal-amounts';
import { isVatRate, type VatCode } from '../../../shared/validation/vat';
import type { FieldProblem } from '../http/problems';
import type { StoredItem, VatLine } from '../state';

export interface ItemInput {
  type: 'goods' | 'service';
  quantity: string;
  description: string;
  unit_price: string;
  vat_rate_code: VatCode | null;
  simplified_vat_allocation: boolean;
  discount?: string | undefined;
  prepaid_or_voucher: boolean;
  complimentary: boolean;
  ateco_code?: string | null | undefined;
}

/** Key of the VAT line of items under "Ventilazione IVA". */
export const SIMPLIFIED_VAT_KEY = 'VI';

export const amountText = (units: bigint): string => formatAmountUnits(units, 2);

/** The shortest text of at least 2 decimals that keeps every digit ("1.50", "0.125"). */
export function compactAmountText(units: bigint): string {
  return formatAmountUnits(units, 8).replace(/(\.\d{2}\d*?)0+$/, '$1');
}
const preciseText = (units: bigint): string => formatAmountUnits(units, 8);

/** Items as stored, with their gross line amounts; problems point at `items.<i>.<field>`. */
export function priceItems(items: readonly ItemInput[]): { items: StoredItem[]; problems: FieldProblem[] } {
  const problems: FieldProblem[] = [];
  const stored = items.map((item, index): StoredItem => {
    const discount = item.discount ?? '0.00';
    const lineTotal = multiplyAmountByQuantity(parseAmountUnits(item.unit_price), parseQuantityUnits(item.quantity));
    const discountUnits = parseAmountUnits(discount);
    if (discountUnits > lineTotal) {
      problems.push({
        path: ['items', index, 'discount'],
        type: 'value_error',
        message: `The discount ${discount} is larger than the line amount ${amountText(lineTotal)} (${item.quantity} × ${item.unit_price}).`,
      });
    }
    return {
      id: index + 1,
      type: item.type,
      quantity: item.quantity,
      description: item.description,
      unit_price: item.unit_price,
      vat_rate_code: item.vat_rate_code,
      simplified_vat_allocation: item.simplified_vat_allocation,
      discount,
      prepaid_or_voucher: item.prepaid_or_voucher,
      complimentary: item.complimentary,
      ateco_code: item.ateco_code ?? null,
      // a line's amount is in cents, however many decimals its unit price has
      gross_amount: preciseText(roundToCents(lineTotal - discountUnits)),
    };
  });
  return { items: stored, problems };
}

/** The part of an item returned: same prices, the given quantity, the discount in proportion. */
export function returnedPart(item: StoredItem, quantityUnits: bigint, id: number): StoredItem {
  const original = parseQuantityUnits(item.quantity);
  const lineTotal = multiplyAmountByQuantity(parseAmountUnits(item.unit_price), quantityUnits);
  const discount = divideRounded(parseAmountUnits(item.discount) * quantityUnits, original);
  return {
    ...item,
    id,
    quantity: formatQuantityUnits(quantityUnits),
    discount: preciseText(discount),
    gross_amount: preciseText(roundToCents(lineTotal - discount)),
  };
}

export function vatKey(item: Pick<StoredItem, 'vat_rate_code'>): string {
  return item.vat_rate_code ?? SIMPLIFIED_VAT_KEY;
}

/** VAT extracted from a gross amount at `rate` (e.g. "22.00"), rounded to cents. */
function vatOfGross(grossCents: bigint, rate: string): bigint {
  const basisPoints = parseAmountUnits(rate) / 1_000_000n; // "22.00" → 2200
  return roundToCents(divideRounded(grossCents * basisPoints, 10_000n + basisPoints));
}

/** One line per VAT treatment, in a stable order (rates ascending, then natura codes, then VI). */
export function vatBreakdown(items: readonly StoredItem[]): VatLine[] {
  const gross = new Map<string, bigint>();
  for (const item of items) gross.set(vatKey(item), (gross.get(vatKey(item)) ?? 0n) + parseAmountUnits(item.gross_amount));
  return [...gross.entries()].sort(([a], [b]) => compareVatKeys(a, b)).map(([code, units]) => lineFor(code, units));
}

function lineFor(code: string, grossUnits: bigint): VatLine {
  const grossCents = roundToCents(grossUnits);
  const vat = isVatRate(code) ? vatOfGross(grossCents, code) : 0n;
  return { vat_rate_code: code, gross_amount: amountText(grossCents), taxable_amount: amountText(grossCents - vat), vat_amount: amountText(vat) };
}

export function compareVatKeys(a: string, b: string): number {
  const rank = (key: string) => (isVatRate(key) ? 0 : key === SIMPLIFIED_VAT_KEY ? 2 : 1);
  if (rank(a) !== rank(b)) return rank(a) - rank(b);
  return rank(a) === 0 ? Number(a) - Number(b) : a.localeCompare(b);
}

/** Sums VAT lines of several documents by treatment (for reports). */
export function addVatLines(lines: readonly VatLine[]): VatLine[] {
  const totals = new Map<string, { gross: bigint; taxable: bigint; vat: bigint }>();
  for (const line of lines) {
    const total = totals.get(line.vat_rate_code) ?? { gross: 0n, taxable: 0n, vat: 0n };
    total.gross += parseAmountUnits(line.gross_amount);
    total.taxable += parseAmountUnits(line.taxable_amount);
    total.vat += parseAmountUnits(line.vat_amount);
    totals.set(line.vat_rate_code, total);
  }
  return [...totals.entries()]
    .sort(([a], [b]) => compareVatKeys(a, b))
    .map(([code, total]) => ({
      vat_rate_code: code,
      gross_amount: amountText(total.gross),
      taxable_amount: amountText(total.taxable),
      vat_amount: amountText(total.vat),
    }));
}

/** What the customer pays for: gross lines except complimentary ones. */
export function documentAmount(items: readonly StoredItem[]): bigint {
  return items.filter((item) => !item.complimentary).reduce((sum, item) => sum + parseAmountUnits(item.gross_amount), 0n);
}

/** Already collected before the sale (advance payments, single-purpose vouchers). */
export function prepaidAmount(items: readonly StoredItem[]): bigint {
  return items.filter((item) => item.prepaid_or_voucher && !item.complimentary).reduce((sum, item) => sum + parseAmountUnits(item.gross_amount), 0n);
}
