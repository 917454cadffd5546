/**
 * The receipt form's state and arithmetic. Prices include VAT (as on an Italian receipt); a line's
 * amount is rounded to cents and VAT is extracted per treatment, as the service computes it.
 * Problems are keyed by the contract's input paths (`items.0.vatCode`, `payments`) so that the
 * server's field errors (`details.fields`) land on the same fields.
 */
import type { PaymentType, ReceiptIssueInput } from '../../../../../shared/contract';
import {
  AMOUNT_PATTERN,
  QUANTITY_PATTERN,
  divideRounded,
  formatAmountUnits,
  multiplyAmountByQuantity,
  parseAmountUnits,
  parseQuantityUnits,
  roundToCents,
} from '../../../../../shared/validation/fiscal-amounts';
import { VAT_CODES, isVatCode, isVatRate, type VatCode } from '../../../../../shared/validation/vat';
import { amountProblem, atecoProblem, padDecimals, quantityProblem, type FieldProblem } from './amount-check';

export interface ItemDraft {
  id: string;
  description: string;
  quantity: string;
  unitPrice: string;
  vatCode: VatCode | '';
  atecoCode: string;
}

export interface PaymentDraft {
  id: string;
  type: PaymentType;
  amount: string;
  /** The amount follows what is left to pay until the user types one. */
  auto: boolean;
}

export interface ReceiptDraft {
  items: ItemDraft[];
  payments: PaymentDraft[];
}

export type Problems = Record<string, FieldProblem>;

let nextId = 0;
export const draftId = (): string => `d${++nextId}`;

export const emptyItem = (): ItemDraft => ({ id: draftId(), description: '', quantity: '1.00', unitPrice: '', vatCode: '22.00', atecoCode: '' });
export const emptyPayment = (type: PaymentType = 'cash', auto = true): PaymentDraft => ({ id: draftId(), type, amount: '', auto });
export const emptyReceipt = (): ReceiptDraft => ({ items: [emptyItem()], payments: [emptyPayment()] });

export { VAT_CODES };

/** A line's amount in amount units (rounded to cents), or null while its numbers are not valid. */
export function lineAmount(item: Pick<ItemDraft, 'quantity' | 'unitPrice'>): bigint | null {
  if (!QUANTITY_PATTERN.test(item.quantity) || !AMOUNT_PATTERN.test(item.unitPrice)) return null;
  return roundToCents(multiplyAmountByQuantity(parseAmountUnits(item.unitPrice), parseQuantityUnits(item.quantity)));
}

export interface VatLine {
  vatCode: VatCode;
  gross: bigint;
  vat: bigint;
}

export interface ReceiptTotals {
  /** Sum of the lines that are valid so far. */
  total: bigint;
  /** Every line has valid numbers (so `total` is the receipt's total). */
  complete: boolean;
  vatLines: VatLine[];
  paid: bigint;
  /** total − paid (negative: paid too much). */
  difference: bigint;
}

/** VAT contained in a gross amount at a rate such as "22.00", rounded to cents. */
export function vatOfGross(gross: bigint, rate: string): bigint {
  const basisPoints = parseAmountUnits(rate) / 1_000_000n;
  return roundToCents(divideRounded(gross * basisPoints, 10_000n + basisPoints));
}

/**
 * The draft as it will be sent: "2" and "1.5" as typed become "2.00" and "1.50" (the fields show
 * the padded value once they lose focus), so nothing that is only unfinished is reported as wrong.
 */
export function normalizedDraft(draft: ReceiptDraft): ReceiptDraft {
  return {
    items: draft.items.map((item) => ({ ...item, quantity: padDecimals(item.quantity), unitPrice: padDecimals(item.unitPrice) })),
    payments: draft.payments.map((payment) => ({ ...payment, amount: padDecimals(payment.amount) })),
  };
}

/** The draft with automatic payment amounts filled in: what is left after the typed payments. */
export function withAutoPayments(draft: ReceiptDraft): ReceiptDraft {
  if (!draft.payments.some((payment) => payment.auto)) return draft;
  const totals = receiptTotals({ ...draft, payments: draft.payments.filter((payment) => !payment.auto) });
  let left = totals.complete ? totals.difference : -1n;
  const payments = draft.payments.map((payment) => {
    if (!payment.auto) return payment;
    const amount = left >= 0n ? formatAmountUnits(left, 2) : '';
    left = 0n;
    return { ...payment, amount };
  });
  return { ...draft, payments };
}

export function receiptTotals(draft: ReceiptDraft): ReceiptTotals {
  let total = 0n;
  let complete = true;
  const byCode = new Map<VatCode, bigint>();
  for (const item of draft.items) {
    const amount = lineAmount(item);
    if (amount === null || item.vatCode === '') {
      complete = false;
      if (amount !== null) total += amount;
      continue;
    }
    total += amount;
    byCode.set(item.vatCode, (byCode.get(item.vatCode) ?? 0n) + amount);
  }
  const vatLines = VAT_CODES.filter((code) => byCode.has(code)).map((code) => {
    const gross = byCode.get(code) ?? 0n;
    return { vatCode: code, gross, vat: isVatRate(code) ? vatOfGross(gross, code) : 0n };
  });
  const paid = draft.payments.reduce((sum, payment) => (AMOUNT_PATTERN.test(payment.amount) ? sum + parseAmountUnits(payment.amount) : sum), 0n);
  return { total, complete, vatLines, paid, difference: total - paid };
}

export function itemProblems(item: ItemDraft, index: number, problems: Problems): void {
  const at = (field: string) => `items.${index}.${field}`;
  if (item.description.trim() === '') problems[at('description')] = { key: 'description.empty' };
  else if (item.description.length > 1000) problems[at('description')] = { key: 'description.tooLong' };
  const quantity = quantityProblem(item.quantity);
  if (quantity) problems[at('quantity')] = quantity;
  const price = amountProblem(item.unitPrice);
  if (price) problems[at('unitPrice')] = price;
  if (item.vatCode === '' || !isVatCode(item.vatCode)) problems[at('vatCode')] = { key: 'vat.required' };
  const ateco = atecoProblem(item.atecoCode, { required: false });
  if (ateco) problems[at('atecoCode')] = ateco;
}

/** Everything wrong with the draft, keyed by input path; empty when it can be sent. */
export function receiptProblems(draft: ReceiptDraft, formatMoney: (units: bigint) => string): Problems {
  const problems: Problems = {};
  if (draft.items.length === 0) problems.items = { key: 'items.none' };
  draft.items.forEach((item, index) => itemProblems(item, index, problems));
  if (draft.payments.length === 0) problems.payments = { key: 'payments.none' };
  draft.payments.forEach((payment, index) => {
    const amount = amountProblem(payment.amount);
    if (amount) problems[`payments.${index}.amount`] = amount;
  });
  const totals = receiptTotals(draft);
  const paymentsValid = draft.payments.length > 0 && draft.payments.every((payment) => AMOUNT_PATTERN.test(payment.amount));
  if (totals.complete && paymentsValid && totals.difference !== 0n) {
    problems.payments = {
      key: totals.difference > 0n ? 'payments.short' : 'payments.over',
      values: { paid: formatMoney(totals.paid), total: formatMoney(totals.total) },
    };
  }
  return problems;
}

/** The contract's input for a draft without problems. */
export function toIssueInput(draft: ReceiptDraft, serialNumber: string): ReceiptIssueInput {
  return {
    serialNumber,
    items: draft.items.map((item) => ({
      description: item.description.trim(),
      quantity: item.quantity,
      unitPrice: item.unitPrice,
      vatCode: item.vatCode,
      ...(item.atecoCode.trim() === '' ? {} : { atecoCode: item.atecoCode.trim() }),
    })),
    payments: draft.payments.map((payment) => ({ type: payment.type, amount: payment.amount })),
  };
}
