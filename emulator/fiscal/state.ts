/**
 * The fiscal area's whole state, as saved by `ctx.persistence('fiscal')`. The zod schemas are the
 * single source of the types and check the file when it is loaded back.
 */
import { z } from 'zod';

export const STATE_VERSION = 1;

export const pemStatuses = ['NEW', 'REGISTERED', 'ACTIVATED', 'ONLINE', 'OFFLINE', 'DISCARDED', 'ERROR'] as const;
export type PemStatus = (typeof pemStatuses)[number];

export const paymentTypes = ['cash', 'electronic', 'ticket_restaurant', 'uncollected_goods', 'uncollected_services', 'uncollected_invoiced'] as const;
export type PaymentType = (typeof paymentTypes)[number];

export const receiptTypes = ['sale', 'return', 'void'] as const;
export type ReceiptType = (typeof receiptTypes)[number];

export const reportKinds = ['journal_closure', 'journal_reading', 'diagnostics', 'receipts_details', 'receipts_summary'] as const;
export type ReportKind = (typeof reportKinds)[number];

const addressSchema = z.object({
  street_address: z.string(),
  street_number: z.string(),
  zip_code: z.string(),
  city: z.string(),
  province: z.string(),
});
export type Address = z.infer<typeof addressSchema>;

const merchantSchema = z.object({
  uuid: z.string(),
  vat_number: z.string(),
  fiscal_code: z.string().nullable(),
  email: z.string(),
  business_name: z.string().nullable(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  address: addressSchema,
  ateco_codes: z.array(z.string()),
});
export type Merchant = z.infer<typeof merchantSchema>;

const pemSchema = z.object({
  serial_number: z.string(),
  merchant_uuid: z.string(),
  status: z.enum(pemStatuses),
  type: z.string(),
  address: addressSchema,
  cash_register: z.object({ uuid: z.string(), name: z.string() }).nullable(),
  configuration: z.object({ receipt_header: z.string().nullable(), display_cash_register_name: z.boolean() }),
  firmware_version: z.string(),
  activated_at: z.string().nullable(),
  last_transmission_at: z.string().nullable(),
  discarded_at: z.string().nullable(),
  /** The number of the latest journal (0 before the first one). */
  last_journal_number: z.number().int(),
});
export type Pem = z.infer<typeof pemSchema>;

const journalSchema = z.object({
  uuid: z.string(),
  pem_serial_number: z.string(),
  number: z.number().int(),
  status: z.enum(['OPEN', 'CLOSED']),
  opened_at: z.string(),
  closed_at: z.string().nullable(),
  /** The last progressive document number used in this journal. */
  last_document: z.number().int(),
});
export type Journal = z.infer<typeof journalSchema>;

const storedItemSchema = z.object({
  id: z.number().int(),
  type: z.enum(['goods', 'service']),
  quantity: z.string(),
  description: z.string(),
  unit_price: z.string(),
  vat_rate_code: z.string().nullable(),
  simplified_vat_allocation: z.boolean(),
  discount: z.string(),
  prepaid_or_voucher: z.boolean(),
  complimentary: z.boolean(),
  ateco_code: z.string().nullable(),
  /** Gross line amount (VAT included, after the item discount), 8 decimals. */
  gross_amount: z.string(),
});
export type StoredItem = z.infer<typeof storedItemSchema>;

const vatLineSchema = z.object({
  /** A VAT rate, a natura code, or "VI" for "Ventilazione IVA" (simplified VAT allocation). */
  vat_rate_code: z.string(),
  gross_amount: z.string(),
  taxable_amount: z.string(),
  vat_amount: z.string(),
});
export type VatLine = z.infer<typeof vatLineSchema>;

const receiptSchema = z.object({
  uuid: z.string(),
  pem_serial_number: z.string(),
  journal_number: z.number().int(),
  document_number: z.string(),
  type: z.enum(receiptTypes),
  /** Italian local time, `YYYY-MM-DDTHH:mm:ss`, as the reference returns it. */
  document_datetime: z.string(),
  created_at: z.string(),
  parent_receipt_uuid: z.string().nullable(),
  /** For returns and voids of documents of another device or with a proof of purchase. */
  original_document: z
    .object({
      device_id: z.string().nullable(),
      document_number: z.string().nullable(),
      document_datetime: z.string(),
      proof: z.string().nullable(),
      lottery_code: z.string().nullable(),
    })
    .nullable(),
  items: z.array(storedItemSchema),
  discount: z.string(),
  payments: z.array(z.object({ payment_type: z.enum(paymentTypes), amount: z.string() })),
  customer_tax_code: z.string().nullable(),
  customer_lottery_code: z.string().nullable(),
  invoice_issuing: z.boolean(),
  uncollected_dcn_to_ssn: z.boolean(),
  ticket_restaurant_quantity: z.number().int(),
  /** Sum of the gross lines that the customer pays for (complimentary lines excluded). */
  amount: z.string(),
  vat_lines: z.array(vatLineSchema),
  voided_by_uuid: z.string().nullable(),
  return_uuids: z.array(z.string()),
  /** Item id → quantity units (hundredths) already returned. */
  returned_quantities: z.record(z.string(), z.number().int()),
  cashier_name: z.string().nullable(),
});
export type Receipt = z.infer<typeof receiptSchema>;

const reportRowSchema = z.array(z.string());
const reportSectionSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('facts'), title: z.string(), rows: z.array(z.tuple([z.string(), z.string()])) }),
  z.object({
    kind: z.literal('table'),
    title: z.string(),
    columns: z.array(z.object({ label: z.string(), align: z.enum(['left', 'right']), width: z.number() })),
    rows: z.array(reportRowSchema),
    /** Shown instead of an empty table. */
    empty: z.string(),
  }),
]);
export type ReportSection = z.infer<typeof reportSectionSchema>;

const reportContentSchema = z.object({
  title: z.string(),
  merchant: z.object({ name: z.string(), vat_number: z.string(), address: z.string() }),
  pem: z.object({ serial_number: z.string(), cash_register_name: z.string().nullable(), status: z.string() }),
  period: z.object({ from: z.string(), to: z.string() }),
  sections: z.array(reportSectionSchema),
});
export type ReportContent = z.infer<typeof reportContentSchema>;

/** One back-office report request and the report it produces (one report per request). */
const reportJobSchema = z.object({
  request_uuid: z.string(),
  report_uuid: z.string(),
  pem_serial_number: z.string(),
  kind: z.enum(reportKinds),
  parameters: z.record(z.string(), z.string()),
  created_at: z.string(),
  /** Generation pace in effect when the request was queued (ms per step; 0 = at once). */
  step_ms: z.number().int().min(0),
  total_steps: z.number().int().min(1),
  /** The step at which an injected fault (`--faults reportFail=…`) makes generation fail, if any. */
  fail_at_step: z.number().int().nullable(),
  content: reportContentSchema,
});
export type ReportJob = z.infer<typeof reportJobSchema>;

const emergencyReportSchema = z.object({
  id: z.number().int(),
  pem_serial_number: z.string(),
  datetime: z.string(),
  closed_at: z.string(),
  documents_count: z.number().int().nullable(),
  cash_payment_amount: z.string().nullable(),
  electronic_payment_amount: z.string().nullable(),
  ticket_restaurant_payment_amount: z.string().nullable(),
  ticket_restaurant_quantity: z.number().int().nullable(),
  entries: z.array(z.record(z.string(), z.unknown())),
});
export type EmergencyReport = z.infer<typeof emergencyReportSchema>;

export const cashierStatuses = ['active', 'disabled'] as const;

/** A cashier (MF1 `/cashiers`): a login of the auth listener with ROLE_CASHIER for one merchant. */
const cashierSchema = z.object({
  uuid: z.string(),
  /** The uid of its login (the token's `uid`). */
  uid: z.string(),
  merchant_uuid: z.string(),
  email: z.string(),
  password: z.string(),
  name: z.string(),
  display_name: z.string().nullable(),
  status: z.enum(cashierStatuses),
  created_at: z.string(),
});
export type Cashier = z.infer<typeof cashierSchema>;

/** The login of a merchant created through MF2 (`POST /merchants` takes its e-mail and password). */
const merchantAccountSchema = z.object({ merchant_uuid: z.string(), uid: z.string(), password: z.string() });
export type MerchantAccount = z.infer<typeof merchantAccountSchema>;

/** The client certificate issued by the emulator's CA for a cash register created through MF1. */
const cashRegisterCertificateSchema = z.object({
  cash_register_uuid: z.string(),
  pem_serial_number: z.string(),
  certificate_pem: z.string(),
  private_key_pem: z.string(),
  /** Certificate serial number (lowercase hex) and SHA-256 fingerprint (lowercase hex, no colons). */
  serial_number: z.string(),
  fingerprint256: z.string(),
  created_at: z.string(),
});
export type CashRegisterCertificate = z.infer<typeof cashRegisterCertificateSchema>;

/** An inactivity period (`…/inactivity`) or an offline period reported with `…/communicate-offline`. */
const pemPeriodSchema = z.object({
  pem_serial_number: z.string(),
  kind: z.enum(['inactivity', 'offline']),
  /** Inactivity: when it started; offline: the `timestamp` reported. */
  from: z.string(),
  /** Inactivity: when the PEM issued again (null while inactive); offline: null. */
  to: z.string().nullable(),
  reason: z.string().nullable(),
  reported_at: z.string(),
});
export type PemPeriod = z.infer<typeof pemPeriodSchema>;

export const fiscalStateSchema = z.object({
  version: z.literal(STATE_VERSION),
  merchants: z.array(merchantSchema),
  pems: z.array(pemSchema),
  journals: z.array(journalSchema),
  receipts: z.array(receiptSchema),
  reports: z.array(reportJobSchema),
  emergency_reports: z.array(emergencyReportSchema),
  // Added with the onboarding operations (issue #25): states saved before load with them empty.
  cashiers: z.array(cashierSchema).default([]),
  merchant_accounts: z.array(merchantAccountSchema).default([]),
  cash_register_certificates: z.array(cashRegisterCertificateSchema).default([]),
  pem_periods: z.array(pemPeriodSchema).default([]),
});
export type FiscalState = z.infer<typeof fiscalStateSchema>;
