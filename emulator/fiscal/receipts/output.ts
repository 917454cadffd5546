/** Receipts as MF1 returns them: the reference's ReceiptOutput, ReceiptDetailsOutput and ReturnableReceiptItem. */
import { formatAmountUnits, formatQuantityUnits, parseAmountUnits } from '../../../shared/validation/fiscal-amounts';
import type { Receipt, StoredItem } from '../state';
import { remainingQuantity } from './issue';

const UNCOLLECTED = new Set(['uncollected_goods', 'uncollected_services', 'uncollected_invoiced']);

export function isReturnable(receipt: Receipt): boolean {
  return receipt.type === 'sale' && receipt.voided_by_uuid === null && receipt.items.some((item) => remainingQuantity(receipt, item) > 0n);
}

export function isVoidable(receipt: Receipt): boolean {
  return receipt.type === 'sale' && receipt.voided_by_uuid === null && receipt.return_uuids.length === 0;
}

export function receiptOutput(receipt: Receipt) {
  return {
    uuid: receipt.uuid,
    type: receipt.type,
    // the reference: "For void and return receipts this value is null"
    total_amount: receipt.type === 'sale' ? receipt.amount : null,
    document_number: receipt.document_number,
    document_datetime: receipt.document_datetime,
    parent_receipt_uuid: receipt.parent_receipt_uuid,
    is_voidable: isVoidable(receipt),
    is_returnable: isReturnable(receipt),
    pdf_url: null,
    pem_serial_number: receipt.pem_serial_number,
  };
}

function itemOutput(item: StoredItem) {
  return {
    id: item.id,
    type: item.type,
    quantity: item.quantity,
    description: item.description,
    unit_price: item.unit_price,
    vat_rate_code: item.vat_rate_code,
    simplified_vat_allocation: item.simplified_vat_allocation,
    discount: item.discount,
    prepaid_or_voucher: item.prepaid_or_voucher,
    complimentary: item.complimentary,
    ateco_code: item.ateco_code,
  };
}

const sum = (values: readonly string[]) => formatAmountUnits(values.reduce((total, value) => total + parseAmountUnits(value), 0n), 2);

export function receiptDetailsOutput(receipt: Receipt) {
  return {
    ...receiptOutput(receipt),
    total_taxable_amount: sum(receipt.vat_lines.map((line) => line.taxable_amount)),
    total_uncollected_amount: sum(receipt.payments.filter((payment) => UNCOLLECTED.has(payment.payment_type)).map((payment) => payment.amount)),
    deductible_amount: '0.00',
    total_vat_amount: sum(receipt.vat_lines.map((line) => line.vat_amount)),
    total_discount: formatAmountUnits(parseAmountUnits(receipt.discount), 2),
    document_amount: receipt.amount,
    items: receipt.items.map(itemOutput),
    customer_tax_code: receipt.customer_tax_code,
    customer_lottery_code: receipt.customer_lottery_code,
    cashier_name: receipt.cashier_name,
    payments: receipt.payments,
    vat_breakdown: receipt.vat_lines,
    original_document: receipt.original_document,
  };
}

export function returnableItemsOutput(receipt: Receipt) {
  if (receipt.type !== 'sale' || receipt.voided_by_uuid !== null) return [];
  return receipt.items.map((item) => ({
    ...itemOutput(item),
    quantity: formatQuantityUnits(remainingQuantity(receipt, item)),
    returned_quantity: formatQuantityUnits(BigInt(receipt.returned_quantities[String(item.id)] ?? 0)),
  }));
}
