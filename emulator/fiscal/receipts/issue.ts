/**
 * Issuing commercial documents on a PEM: sales, returns and voids. A document goes into the PEM's
 * open journal; the first document after a closure opens the next journal. Document numbers read
 * `JJJJ-NNNN`: journal number, then the progressive number inside the journal.
 */
import { formatAmountUnits, formatQuantityUnits, parseAmountUnits, parseQuantityUnits } from '../../../shared/validation/fiscal-amounts';
import { conflict, type FieldProblem, FieldValidationError, notFound } from '../http/problems';
import { isoUtc, romeLocalDateTime } from '../italian-time';
import { type PaymentType, paymentTypes, type Journal, type Pem, type Receipt, type StoredItem } from '../state';
import type { FiscalStore } from '../store';
import { compactAmountText, documentAmount, prepaidAmount, priceItems, returnedPart, vatBreakdown } from './compute';
import type { SaleReceiptInput, ReceiptItemInput } from './input';

const MAX_DOCUMENTS_PER_JOURNAL = 9999;

export interface IssueContext {
  store: FiscalStore;
  pem: Pem;
  at: Date;
  newUuid: () => string;
  /** The display name of the cashier whose token issues the document, if a cashier issues it. */
  cashierName?: string | null;
}

const pad4 = (value: number) => String(value).padStart(4, '0');

/** 409 unless the PEM may issue documents (discarded, not yet activated and failed PEMs may not). */
export function assertPemCanIssue(pem: Pem): void {
  switch (pem.status) {
    case 'DISCARDED':
      throw conflict(`The PEM ${pem.serial_number} is discarded: it can no longer issue commercial documents.`);
    case 'NEW':
    case 'REGISTERED':
      throw conflict(`The PEM ${pem.serial_number} is not activated yet (status ${pem.status}): it cannot issue commercial documents.`);
    case 'ERROR':
      throw conflict(`The PEM ${pem.serial_number} is in ERROR status: it cannot issue commercial documents until the fault is cleared.`);
    default:
  }
}

/** The open journal of the PEM, opening the next one when there is none. */
export function journalForNewDocument(store: FiscalStore, pem: Pem, at: Date, newUuid: () => string): Journal {
  const open = store.openJournal(pem.serial_number);
  if (open) {
    if (open.last_document >= MAX_DOCUMENTS_PER_JOURNAL) {
      throw conflict(`The journal ${pad4(open.number)} of PEM ${pem.serial_number} is full (${MAX_DOCUMENTS_PER_JOURNAL} documents): close it first.`);
    }
    return open;
  }
  pem.last_journal_number += 1;
  const journal: Journal = {
    uuid: newUuid(),
    pem_serial_number: pem.serial_number,
    number: pem.last_journal_number,
    status: 'OPEN',
    opened_at: isoUtc(at),
    closed_at: null,
    last_document: 0,
  };
  store.state.journals.push(journal);
  return journal;
}

function newDocument(
  context: IssueContext,
  fields: Pick<Receipt, 'type' | 'items' | 'parent_receipt_uuid' | 'original_document'> & Partial<Receipt>,
): Receipt {
  const { store, pem, at, newUuid } = context;
  const journal = journalForNewDocument(store, pem, at, newUuid);
  journal.last_document += 1;
  const receipt: Receipt = {
    uuid: newUuid(),
    pem_serial_number: pem.serial_number,
    journal_number: journal.number,
    document_number: `${pad4(journal.number)}-${pad4(journal.last_document)}`,
    document_datetime: romeLocalDateTime(at),
    created_at: isoUtc(at),
    discount: '0.00',
    payments: [],
    customer_tax_code: null,
    customer_lottery_code: null,
    invoice_issuing: false,
    uncollected_dcn_to_ssn: false,
    ticket_restaurant_quantity: 0,
    amount: formatAmountUnits(documentAmount(fields.items), 2),
    vat_lines: vatBreakdown(fields.items),
    voided_by_uuid: null,
    return_uuids: [],
    returned_quantities: {},
    cashier_name: context.cashierName ?? null,
    ...fields,
  };
  store.addReceipt(receipt);
  pem.last_transmission_at = isoUtc(at);
  // An activated PEM is online once it has transmitted; issuing ends an inactivity period.
  if (pem.status === 'ACTIVATED') pem.status = 'ONLINE';
  for (const period of store.state.pem_periods) {
    if (period.pem_serial_number === pem.serial_number && period.kind === 'inactivity' && period.to === null) period.to = isoUtc(at);
  }
  store.changed();
  return receipt;
}

function pricedOrThrow(items: readonly ReceiptItemInput[], pathPrefix: (string | number)[] = []): StoredItem[] {
  const priced = priceItems(items);
  if (priced.problems.length > 0) {
    throw new FieldValidationError(
      'body',
      priced.problems.map((problem) => ({ ...problem, path: [...pathPrefix, ...problem.path] })),
    );
  }
  return priced.items;
}

/** The reference's amount fields and the 2026 `payments` list, summed per payment type. */
export function collectPayments(input: SaleReceiptInput): { payment_type: PaymentType; amount: string }[] {
  const totals = new Map<PaymentType, bigint>();
  const add = (type: PaymentType, amount: string) => totals.set(type, (totals.get(type) ?? 0n) + parseAmountUnits(amount));
  add('cash', input.cash_payment_amount);
  add('electronic', input.electronic_payment_amount);
  add('ticket_restaurant', input.ticket_restaurant_payment_amount);
  add('uncollected_goods', input.goods_uncollected_amount);
  add('uncollected_services', input.services_uncollected_amount);
  for (const payment of input.payments) add(payment.payment_type, payment.amount);
  return paymentTypes
    .filter((type) => (totals.get(type) ?? 0n) > 0n)
    .map((type) => ({ payment_type: type, amount: compactAmountText(totals.get(type) ?? 0n) }));
}

export function issueSale(context: IssueContext, input: SaleReceiptInput): Receipt {
  const items = pricedOrThrow(input.items);
  const amount = documentAmount(items);
  const discount = parseAmountUnits(input.discount);
  const prepaid = prepaidAmount(items);
  const due = amount - discount - prepaid;
  const show = (units: bigint) => formatAmountUnits(units, 2);
  if (due < 0n) {
    throw new FieldValidationError('body', [
      { path: ['discount'], type: 'value_error', message: `Value error, the discount ${input.discount} is larger than the amount to pay (${show(amount - prepaid)}).` },
    ]);
  }
  const payments = collectPayments(input);
  const paid = payments.reduce((sum, payment) => sum + parseAmountUnits(payment.amount), 0n);
  if (paid !== due) {
    throw new FieldValidationError('body', [
      {
        path: ['payments'],
        type: 'value_error',
        message: `Value error, the payments add up to ${show(paid)} but the amount to pay is ${show(due)} (items ${show(amount)} − discount ${show(discount)} − prepaid ${show(prepaid)}); make the payments match it.`,
      },
    ]);
  }
  return newDocument(context, {
    type: 'sale',
    items,
    parent_receipt_uuid: null,
    original_document: null,
    discount: input.discount,
    payments,
    customer_tax_code: input.customer_tax_code ?? null,
    customer_lottery_code: input.customer_lottery_code ?? null,
    invoice_issuing: input.invoice_issuing,
    uncollected_dcn_to_ssn: input.uncollected_dcn_to_ssn,
    ticket_restaurant_quantity: input.ticket_restaurant_quantity,
  });
}

function saleOfThisPem(context: IssueContext, documentNumber: string, action: 'return' | 'void'): Receipt {
  const original = context.store.receiptByNumber(context.pem.serial_number, documentNumber);
  if (!original) throw notFound(`There is no document ${documentNumber} on PEM ${context.pem.serial_number}.`);
  if (original.type !== 'sale') throw conflict(`The document ${documentNumber} is a ${original.type} document: only sale receipts can be ${action === 'void' ? 'voided' : 'returned'}.`);
  if (original.voided_by_uuid !== null) throw conflict(`The sale receipt ${documentNumber} has already been voided.`);
  return original;
}

export function remainingQuantity(receipt: Receipt, item: StoredItem): bigint {
  return parseQuantityUnits(item.quantity) - BigInt(receipt.returned_quantities[String(item.id)] ?? 0);
}

/** `POST /receipts/return`: returns items of a sale receipt issued by this PEM. */
export function issueReturnOfOwnSale(context: IssueContext, input: { document_number: string; items: { id: number; quantity: string }[] }): Receipt {
  const original = saleOfThisPem(context, input.document_number, 'return');
  const wanted = new Map<number, bigint>();
  const problems: FieldProblem[] = [];
  input.items.forEach((line, index) => {
    const item = original.items.find((candidate) => candidate.id === line.id);
    if (!item) {
      problems.push({ path: ['items', index, 'id'], type: 'value_error', message: `Value error, the receipt ${input.document_number} has no item ${line.id} (it has items 1 to ${original.items.length}).` });
      return;
    }
    const total = (wanted.get(line.id) ?? 0n) + parseQuantityUnits(line.quantity);
    const remaining = remainingQuantity(original, item);
    if (total > remaining) {
      problems.push({
        path: ['items', index, 'quantity'],
        type: 'value_error',
        message: `Value error, only ${formatQuantityUnits(remaining)} of item ${line.id} ("${item.description}") can still be returned.`,
      });
    }
    wanted.set(line.id, total);
  });
  if (problems.length > 0) throw new FieldValidationError('body', problems);

  const items = [...wanted.entries()].map(([id, quantity], index) => {
    const item = original.items.find((candidate) => candidate.id === id) as StoredItem;
    return returnedPart(item, quantity, index + 1);
  });
  const receipt = newDocument(context, { type: 'return', items, parent_receipt_uuid: original.uuid, original_document: null });
  for (const [id, quantity] of wanted) {
    original.returned_quantities[String(id)] = (original.returned_quantities[String(id)] ?? 0) + Number(quantity);
  }
  original.return_uuids.push(receipt.uuid);
  return receipt;
}

/** `DELETE /receipts`: voids a whole sale receipt issued by this PEM. */
export function issueVoidOfOwnSale(context: IssueContext, input: { document_number: string }): Receipt {
  const original = saleOfThisPem(context, input.document_number, 'void');
  if (original.return_uuids.length > 0) {
    throw conflict(`The sale receipt ${input.document_number} has return documents: it can no longer be voided.`);
  }
  const receipt = newDocument(context, {
    type: 'void',
    items: original.items.map((item) => ({ ...item })),
    parent_receipt_uuid: original.uuid,
    original_document: null,
    payments: original.payments,
    discount: original.discount,
  });
  original.voided_by_uuid = receipt.uuid;
  return receipt;
}

export interface UnlinkedOriginal {
  device_id: string | null;
  document_number: string | null;
  document_datetime: string;
  proof: string | null;
  lottery_code: string | null;
}

/** Returns and voids of documents of another device or proven by a proof of purchase: the items are given in full. */
export function issueUnlinked(context: IssueContext, type: 'return' | 'void', items: readonly ReceiptItemInput[], original: UnlinkedOriginal): Receipt {
  return newDocument(context, { type, items: pricedOrThrow(items), parent_receipt_uuid: null, original_document: original });
}
