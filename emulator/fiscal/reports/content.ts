/**
 * What each back-office report says, computed when the report is requested (a snapshot, like the
 * real service's journal data at that moment). The PDF renders it as it is.
 */
import { formatAmountUnits, parseAmountUnits } from '../../../shared/validation/fiscal-amounts';
import { isNaturaCode, NATURA_DESCRIPTIONS } from '../../../shared/validation/vat';
import { addVatLines, compareVatKeys, SIMPLIFIED_VAT_KEY } from '../receipts/compute';
import { romeWallClock } from '../../../shared/format/fiscal-time';
import { type Journal, type Merchant, type Pem, paymentTypes, type Receipt, type ReportContent, type ReportSection, type VatLine } from '../state';

export const money = (units: bigint) => formatAmountUnits(units, 2);
const units = (amount: string) => parseAmountUnits(amount);
/** A formatted amount back to units; net lines are negative when voids and returns of other devices' documents exceed the sales. */
const signedUnits = (amount: string) => (amount.startsWith('-') ? -units(amount.slice(1)) : units(amount));

export function merchantName(merchant: Merchant): string {
  return merchant.business_name ?? [merchant.first_name, merchant.last_name].filter(Boolean).join(' ');
}

export function addressLine(address: Merchant['address']): string {
  return `${address.street_address} ${address.street_number}, ${address.zip_code} ${address.city} (${address.province})`.replace(/\s+,/, ',');
}

/** `2026-10-08 16:20:42` (Italian time) for an ISO instant: the same clock the app shows fiscal times on. */
export function localTime(iso: string): string {
  return romeWallClock(new Date(iso));
}

export function vatLabel(code: string): string {
  if (code === SIMPLIFIED_VAT_KEY) return 'VI – Ventilazione IVA';
  if (isNaturaCode(code)) return `${code} – ${NATURA_DESCRIPTIONS[code]}`;
  return `${code} %`;
}

const paymentLabels: Record<(typeof paymentTypes)[number], string> = {
  cash: 'Cash',
  electronic: 'Electronic',
  ticket_restaurant: 'Meal vouchers (ticket restaurant)',
  uncollected_goods: 'Uncollected – goods delivered',
  uncollected_services: 'Uncollected – services',
  uncollected_invoiced: 'Uncollected – invoice to follow',
};

export function reportHeader(title: string, merchant: Merchant, pem: Pem, period: { from: string; to: string }): Omit<ReportContent, 'sections'> {
  return {
    title,
    merchant: { name: merchantName(merchant), vat_number: merchant.vat_number, address: addressLine(merchant.address) },
    pem: { serial_number: pem.serial_number, cash_register_name: pem.cash_register?.name ?? null, status: pem.status },
    period,
  };
}

function linesOf(receipts: readonly Receipt[], type: Receipt['type']): Map<string, VatLine> {
  const lines = addVatLines(receipts.filter((receipt) => receipt.type === type).flatMap((receipt) => receipt.vat_lines));
  return new Map(lines.map((line) => [line.vat_rate_code, line]));
}

/** Totals by VAT treatment: sales, returns and voids, and what remains (taxable and VAT net of returns and voids). */
export function vatTotalsSection(receipts: readonly Receipt[], title = 'Totals by VAT treatment'): ReportSection {
  const sales = linesOf(receipts, 'sale');
  const returns = linesOf(receipts, 'return');
  const voids = linesOf(receipts, 'void');
  const codes = [...new Set([...sales.keys(), ...returns.keys(), ...voids.keys()])].sort(compareVatKeys);
  const pick = (map: Map<string, VatLine>, code: string, field: keyof Omit<VatLine, 'vat_rate_code'>) => units(map.get(code)?.[field] ?? '0.00');
  const net = (code: string, field: keyof Omit<VatLine, 'vat_rate_code'>) => pick(sales, code, field) - pick(returns, code, field) - pick(voids, code, field);
  const rows = codes.map((code) => [
    vatLabel(code),
    money(pick(sales, code, 'gross_amount')),
    money(pick(returns, code, 'gross_amount')),
    money(pick(voids, code, 'gross_amount')),
    money(net(code, 'taxable_amount')),
    money(net(code, 'vat_amount')),
    money(net(code, 'gross_amount')),
  ]);
  if (rows.length > 0) {
    const total = (index: number) => money(rows.reduce((sum, row) => sum + signedUnits(row[index] ?? '0.00'), 0n));
    rows.push(['Total', total(1), total(2), total(3), total(4), total(5), total(6)]);
  }
  return {
    kind: 'table',
    title,
    columns: [
      { label: 'VAT treatment', align: 'left', width: 3 },
      { label: 'Sales', align: 'right', width: 2 },
      { label: 'Returns', align: 'right', width: 2 },
      { label: 'Voids', align: 'right', width: 2 },
      { label: 'Net taxable', align: 'right', width: 2 },
      { label: 'Net VAT', align: 'right', width: 2 },
      { label: 'Net total', align: 'right', width: 2 },
    ],
    rows,
    empty: 'No commercial documents in this period.',
  };
}

export function paymentsSection(receipts: readonly Receipt[]): ReportSection {
  const sales = receipts.filter((receipt) => receipt.type === 'sale' && receipt.voided_by_uuid === null);
  const rows: [string, string][] = paymentTypes.map((type) => [
    paymentLabels[type],
    money(sales.flatMap((receipt) => receipt.payments).filter((payment) => payment.payment_type === type).reduce((sum, payment) => sum + units(payment.amount), 0n)),
  ]);
  rows.push(['Discounts at payment ("sconto a pagare")', money(sales.reduce((sum, receipt) => sum + units(receipt.discount), 0n))]);
  return { kind: 'facts', title: 'Payments of sales not voided', rows };
}

function refersTo(receipt: Receipt, all: ReadonlyMap<string, Receipt>): string {
  if (receipt.parent_receipt_uuid) return all.get(receipt.parent_receipt_uuid)?.document_number ?? '';
  const original = receipt.original_document;
  if (!original) return receipt.voided_by_uuid ? `voided by ${all.get(receipt.voided_by_uuid)?.document_number ?? ''}` : '';
  return original.proof ? `proof ${original.proof} of ${original.document_datetime}` : `${original.device_id ?? ''} ${original.document_number ?? ''}`.trim();
}

export function documentsSection(receipts: readonly Receipt[], lookup: ReadonlyMap<string, Receipt>, title = 'Commercial documents'): ReportSection {
  return {
    kind: 'table',
    title,
    columns: [
      { label: 'Number', align: 'left', width: 2 },
      { label: 'Date and time', align: 'left', width: 3 },
      { label: 'Type', align: 'left', width: 1.4 },
      { label: 'Amount', align: 'right', width: 1.8 },
      { label: 'Refers to', align: 'left', width: 3 },
    ],
    rows: receipts.map((receipt) => [
      receipt.document_number,
      receipt.document_datetime.replace('T', ' '),
      receipt.type,
      receipt.type === 'sale' ? receipt.amount : `-${receipt.amount}`,
      refersTo(receipt, lookup),
    ]),
    empty: 'No commercial documents.',
  };
}

export function countsRows(receipts: readonly Receipt[]): [string, string][] {
  const count = (type: Receipt['type']) => String(receipts.filter((receipt) => receipt.type === type).length);
  return [
    ['Documents', String(receipts.length)],
    ['Sales', count('sale')],
    ['Returns', count('return')],
    ['Voids', count('void')],
  ];
}

export function journalFacts(journal: Journal, receipts: readonly Receipt[], nowIso: string): ReportSection {
  const sorted = [...receipts].sort((a, b) => a.document_number.localeCompare(b.document_number));
  return {
    kind: 'facts',
    title: 'Journal',
    rows: [
      ['Journal number', String(journal.number).padStart(4, '0')],
      ['State', journal.status === 'OPEN' ? `open (read at ${localTime(nowIso)})` : 'closed'],
      ['Opened', localTime(journal.opened_at)],
      ['Closed', journal.closed_at ? localTime(journal.closed_at) : '—'],
      ...countsRows(receipts),
      ['First document', sorted[0]?.document_number ?? '—'],
      ['Last document', sorted.at(-1)?.document_number ?? '—'],
    ],
  };
}

/** The columns of one document's item table in the "details" receipts report. */
export const documentItemColumns: Extract<ReportSection, { kind: 'table' }>['columns'] = [
  { label: '#', align: 'right', width: 0.5 },
  { label: 'Description', align: 'left', width: 4 },
  { label: 'Quantity', align: 'right', width: 1.2 },
  { label: 'Unit price', align: 'right', width: 1.5 },
  { label: 'Discount', align: 'right', width: 1.3 },
  { label: 'VAT', align: 'left', width: 1.6 },
  { label: 'Amount', align: 'right', width: 1.5 },
];

/** One table of items per document (the "details" receipts report). */
export function documentDetailSections(receipts: readonly Receipt[], lookup: ReadonlyMap<string, Receipt>): ReportSection[] {
  return receipts.map((receipt) => {
    const reference = refersTo(receipt, lookup);
    return {
      kind: 'table',
      title: `Document ${receipt.document_number} · ${receipt.type} · ${receipt.document_datetime.replace('T', ' ')}${reference ? ` · refers to ${reference}` : ''} · amount ${receipt.amount}`,
      columns: documentItemColumns,
      rows: receipt.items.map((item) => [
        String(item.id),
        `${item.description}${item.complimentary ? ' (complimentary)' : ''}${item.prepaid_or_voucher ? ' (prepaid)' : ''}${item.ateco_code ? ` [ATECO ${item.ateco_code}]` : ''}`,
        item.quantity,
        money(units(item.unit_price)),
        money(units(item.discount)),
        vatLabel(item.vat_rate_code ?? SIMPLIFIED_VAT_KEY),
        money(units(item.gross_amount)),
      ]),
      empty: 'No items.',
    } satisfies ReportSection;
  });
}
