/**
 * The service's fiscal answers (snake_case, as the emulator and the reference return them),
 * checked with zod and mapped to the contract's camelCase views in one place.
 */
import { z } from 'zod';
import {
  pemStatuses,
  reportStatuses,
  reportTypes,
  type AtecoCode,
  type CashRegister,
  type EmergencyReport,
  type FiscalAddress,
  type FiscalPage,
  type JournalClosure,
  type Merchant,
  type MerchantAtecoCodes,
  type Pem,
  type PemJournal,
  type PemStatus,
  type Receipt,
  type ReceiptDetails,
  type ReceiptItem,
  type Report,
  type ReportRequest,
  type ReturnableItem,
} from '../../../../shared/contract';
import { paymentTypes } from '../../../../shared/contract/fiscal';

const nullableString = z.string().nullable().optional().transform((value) => value ?? null);

const addressSchema = z
  .object({ street_address: z.string(), street_number: z.string(), zip_code: z.string(), city: z.string(), province: z.string() })
  .transform(
    (a): FiscalAddress => ({ streetAddress: a.street_address, streetNumber: a.street_number, zipCode: a.zip_code, city: a.city, province: a.province }),
  );

/** MF1 writes PEM statuses in uppercase, MF2 in lowercase; unknown ones are kept readable as `error`. */
const pemStatusSchema = z.string().transform((value): PemStatus => {
  const lower = value.toLowerCase();
  return (pemStatuses as readonly string[]).includes(lower) ? (lower as PemStatus) : 'error';
});

export function mf1PageSchema<T extends z.ZodType>(item: T) {
  return z
    .object({ members: z.array(item), total: z.number().int(), page: z.number().int(), size: z.number().int(), pages: z.number().int() })
    .transform((page): FiscalPage<z.output<T>> => ({ items: page.members, total: page.total, page: page.page, size: page.size, pages: page.pages }));
}

/** One page of an MF2 Hydra collection: its members and the next page's IRI (null on the last). */
export function mf2CollectionSchema<T extends z.ZodType>(item: T) {
  return z
    .object({
      member: z.array(item),
      totalItems: z.number().int().optional(),
      view: z.object({ next: z.string().nullable().optional() }).passthrough().nullable().optional(),
    })
    .transform((collection) => ({ members: collection.member, next: collection.view?.next ?? null }));
}

// ── MF2 ──

export const merchantSchema = z
  .object({
    uuid: z.string(),
    vat_number: z.string(),
    fiscal_code: nullableString,
    email: z.string(),
    business_name: nullableString,
    first_name: nullableString,
    last_name: nullableString,
    address: addressSchema,
  })
  .transform(
    (m): Merchant => ({
      uuid: m.uuid,
      vatNumber: m.vat_number,
      fiscalCode: m.fiscal_code,
      email: m.email,
      businessName: m.business_name,
      firstName: m.first_name,
      lastName: m.last_name,
      displayName: m.business_name ?? ([m.first_name, m.last_name].filter(Boolean).join(' ') || m.vat_number),
      address: m.address,
    }),
  );

const atecoEntrySchema = z.object({ code: z.string(), description: nullableString }).transform((a): AtecoCode => ({ code: a.code, description: a.description }));

export const merchantAtecoCodesSchema = z
  .object({ merchant_uuid: z.string(), ateco_codes: z.array(atecoEntrySchema) })
  .transform((a): MerchantAtecoCodes => ({ merchantUuid: a.merchant_uuid, codes: a.ateco_codes }));

export const mf2PemSchema = z
  .object({
    serial_number: z.string(),
    merchant_uuid: z.string(),
    type: z.string(),
    status: pemStatusSchema,
    address: addressSchema,
    cash_register_name: nullableString,
    configuration: z
      .object({ receipt_header: nullableString, display_cash_register_name: z.boolean().optional() })
      .nullable()
      .optional(),
    activated_at: nullableString,
    discarded_at: nullableString,
  })
  .transform(
    (p): Pem => ({
      serialNumber: p.serial_number,
      merchantUuid: p.merchant_uuid,
      type: p.type,
      status: p.status,
      address: p.address,
      cashRegisterName: p.cash_register_name,
      configuration: { receiptHeader: p.configuration?.receipt_header ?? null, displayCashRegisterName: p.configuration?.display_cash_register_name ?? false },
      activatedAt: p.activated_at,
      discardedAt: p.discarded_at,
    }),
  );

// ── MF1 ──

export const mf1PemSchema = z
  .object({
    serial_number: z.string(),
    status: pemStatusSchema,
    operational_status: nullableString,
    journal: z.object({ number: z.string(), status: z.string(), opened_at: z.string(), documents_count: z.number().int() }).nullable().optional(),
    last_journal_number: nullableString,
    last_transmission_at: nullableString,
    registration_key: nullableString,
  })
  .transform(
    (p): PemJournal => ({
      serialNumber: p.serial_number,
      state: p.journal ? 'open' : 'closed',
      number: p.journal?.number ?? null,
      openedAt: p.journal?.opened_at ?? null,
      receiptsCount: p.journal?.documents_count ?? 0,
      lastJournalNumber: p.last_journal_number,
      operationalStatus: p.operational_status,
      pemStatus: p.status,
      lastTransmissionAt: p.last_transmission_at,
      registrationKey: p.registration_key,
    }),
  );

export const reportRequestSchema = z
  .object({
    uuid: z.string(),
    type: z.enum(reportTypes),
    status: z.enum(reportStatuses),
    progress: z.object({ generated: z.number().int(), total: z.number().int() }),
    parameters: z.record(z.string(), z.unknown()).nullable().optional(),
    created_at: z.string(),
    updated_at: nullableString,
    failure_reason: nullableString,
    report_uuid: nullableString,
    pem_serial_number: z.string(),
  })
  .transform(
    (r): ReportRequest => ({
      uuid: r.uuid,
      type: r.type,
      status: r.status,
      progress: r.progress,
      parameters: Object.fromEntries(Object.entries(r.parameters ?? {}).map(([key, value]) => [key, String(value)])),
      createdAt: r.created_at,
      updatedAt: r.updated_at ?? r.created_at,
      failureReason: r.failure_reason,
      reportUuid: r.report_uuid,
      pemSerialNumber: r.pem_serial_number,
    }),
  );

export const reportSchema = z
  .object({
    uuid: z.string(),
    type: z.enum(reportTypes),
    title: z.string(),
    period: z.object({ from: z.string(), to: z.string() }),
    status: z.enum(reportStatuses),
    created_at: z.string(),
    processed_at: nullableString,
    request_uuid: nullableString,
    pem_serial_number: z.string(),
    pdf_url: nullableString,
  })
  .transform(
    (r): Report => ({
      uuid: r.uuid,
      type: r.type,
      title: r.title,
      period: r.period,
      status: r.status,
      createdAt: r.created_at,
      processedAt: r.processed_at,
      requestUuid: r.request_uuid,
      pemSerialNumber: r.pem_serial_number,
      hasPdf: r.status === 'processed',
    }),
  );

export const journalClosureSchema = z
  .object({
    serial_number: z.string(),
    journal_number: z.string(),
    opened_at: z.string(),
    closed_at: nullableString,
    report_request: reportRequestSchema,
  })
  .transform(
    (c): JournalClosure => ({ serialNumber: c.serial_number, journalNumber: c.journal_number, openedAt: c.opened_at, closedAt: c.closed_at, request: c.report_request }),
  );

export const cashRegisterSchema = z
  .object({
    uuid: nullableString,
    pem_serial_number: z.string(),
    name: nullableString,
    pem_status: pemStatusSchema,
    merchant_uuid: z.string(),
    ateco_codes: z.array(atecoEntrySchema),
    certificate: z.object({ serial_number: z.string(), fingerprint256: z.string() }).nullable().optional(),
  })
  .transform(
    (c): CashRegister => ({
      uuid: c.uuid,
      pemSerialNumber: c.pem_serial_number,
      cashRegisterName: c.name,
      pemStatus: c.pem_status,
      merchantUuid: c.merchant_uuid,
      atecoCodes: c.ateco_codes,
      certificate: c.certificate ? { serialNumber: c.certificate.serial_number, fingerprint256: c.certificate.fingerprint256 } : null,
    }),
  );

const receiptFields = {
  uuid: z.string(),
  type: z.enum(['sale', 'return', 'void']),
  total_amount: nullableString,
  document_number: z.string(),
  document_datetime: z.string(),
  parent_receipt_uuid: nullableString,
  is_voidable: z.boolean(),
  is_returnable: z.boolean(),
  pem_serial_number: z.string(),
};
type ReceiptFields = z.output<z.ZodObject<typeof receiptFields>>;

const receiptView = (r: ReceiptFields): Receipt => ({
  uuid: r.uuid,
  type: r.type,
  totalAmount: r.total_amount,
  documentNumber: r.document_number,
  documentDatetime: r.document_datetime,
  parentReceiptUuid: r.parent_receipt_uuid,
  isVoidable: r.is_voidable,
  isReturnable: r.is_returnable,
  pemSerialNumber: r.pem_serial_number,
});

export const receiptSchema = z.object(receiptFields).transform(receiptView);

const itemFields = {
  id: z.number().int(),
  type: z.enum(['goods', 'service']),
  quantity: z.string(),
  description: z.string(),
  unit_price: z.string(),
  vat_rate_code: nullableString,
  simplified_vat_allocation: z.boolean().default(false),
  discount: z.string().nullable().optional(),
  prepaid_or_voucher: z.boolean().default(false),
  complimentary: z.boolean().default(false),
  ateco_code: nullableString,
};
type ItemFields = z.output<z.ZodObject<typeof itemFields>>;

const itemView = (i: ItemFields): ReceiptItem => ({
  id: i.id,
  type: i.type,
  quantity: i.quantity,
  description: i.description,
  unitPrice: i.unit_price,
  vatCode: i.vat_rate_code,
  simplifiedVatAllocation: i.simplified_vat_allocation,
  discount: i.discount ?? '0.00',
  prepaidOrVoucher: i.prepaid_or_voucher,
  complimentary: i.complimentary,
  atecoCode: i.ateco_code,
});

export const returnableItemSchema = z
  .object({ ...itemFields, returned_quantity: z.string().default('0.00') })
  .transform((i): ReturnableItem => ({ ...itemView(i), returnedQuantity: i.returned_quantity }));

export const receiptDetailsSchema = z
  .object({
    ...receiptFields,
    total_taxable_amount: z.string(),
    total_uncollected_amount: z.string(),
    total_vat_amount: z.string(),
    total_discount: z.string(),
    document_amount: z.string(),
    items: z.array(z.object(itemFields).transform(itemView)),
    payments: z.array(z.object({ payment_type: z.enum(paymentTypes), amount: z.string() })).default([]),
    vat_breakdown: z.array(z.object({ vat_rate_code: z.string(), gross_amount: z.string(), taxable_amount: z.string(), vat_amount: z.string() })).default([]),
    customer_tax_code: nullableString,
    customer_lottery_code: nullableString,
    cashier_name: nullableString,
  })
  .transform(
    (r): ReceiptDetails => ({
      ...receiptView(r),
      totalTaxableAmount: r.total_taxable_amount,
      totalUncollectedAmount: r.total_uncollected_amount,
      totalVatAmount: r.total_vat_amount,
      totalDiscount: r.total_discount,
      documentAmount: r.document_amount,
      items: r.items,
      payments: r.payments.map((p) => ({ type: p.payment_type, amount: p.amount })),
      vatBreakdown: r.vat_breakdown.map((v) => ({ vatCode: v.vat_rate_code, grossAmount: v.gross_amount, taxableAmount: v.taxable_amount, vatAmount: v.vat_amount })),
      customerTaxCode: r.customer_tax_code,
      customerLotteryCode: r.customer_lottery_code,
      cashierName: r.cashier_name,
    }),
  );

const emergencyEntrySchema = z
  .object({ vat_rate_code: nullableString, partial_amount: z.string(), vat_amount: nullableString, ateco_code: z.string() })
  .passthrough()
  .transform((e) => ({ vatCode: e.vat_rate_code, partialAmount: e.partial_amount, vatAmount: e.vat_amount, atecoCode: e.ateco_code }));

export const emergencyReportSchema = z
  .object({
    id: z.number().int(),
    pem_serial_number: z.string(),
    datetime: z.string(),
    closed_at: z.string(),
    documents_count: z.number().int().nullable().optional(),
    entries: z.array(emergencyEntrySchema),
  })
  .transform(
    (r): EmergencyReport => ({
      id: r.id,
      pemSerialNumber: r.pem_serial_number,
      datetime: r.datetime,
      closedAt: r.closed_at,
      documentsCount: r.documents_count ?? null,
      entries: r.entries,
    }),
  );
