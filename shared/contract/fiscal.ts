/**
 * The fiscal side of the contract (DESIGN §3–§5.2): the cash register certificate, merchants and
 * their ATECO codes (MF2), PEMs and their journal, back-office reports, receipts and emergency
 * reports (MF1). Outputs are camelCase views of the service's snake_case answers, mapped and
 * checked in main. Input rules reuse `shared/validation` so the forms and main agree.
 *
 * Errors (besides the common ones): `certificate` (no certificate imported, wrong passphrase,
 * key mismatch, expired, refused by the service), `conflict` (journal open/closed, PEM discarded)
 * with a message a shop manager can act on, `validation` with `details.fields`: a map from the
 * input's path in THIS contract (`items.0.vatCode`, `payments.1.type`, `codes.2`, `filter.to`) to
 * the message (see `FiscalErrorDetails`).
 */
import { z } from 'zod';
import { atecoCodeSchema } from '../validation/ateco';
import { amountStringSchema, quantityStringSchema } from '../validation/fiscal-amounts';
import { vatCodeSchema, type VatCode } from '../validation/vat';
import { channel, event, noInput } from './define';
import { fileRefSchema, type FilePayload } from './files';

// ───────────────────────────── shared pieces ─────────────────────────────

/** What `details` of a fiscal `validation` / `conflict` error carries (besides the HTTP details). */
export interface FiscalErrorDetails {
  /** Input path in this contract → message, e.g. `{"items.0.vatCode": "The VAT rate 7.00 is no longer accepted…"}`. */
  fields?: Record<string, string>;
  /** The service's own field paths → message, as it sent them (e.g. `items.0.vat_rate_code`). */
  fieldErrors?: Record<string, string>;
  status?: number;
}

/** A page of an MF1 list (`page` from 1). */
export interface FiscalPage<T> {
  items: T[];
  total: number;
  page: number;
  size: number;
  pages: number;
}

export interface FiscalAddress {
  streetAddress: string;
  streetNumber: string;
  zipCode: string;
  city: string;
  province: string;
}

const serialNumberSchema = z
  .string()
  .trim()
  .min(1, 'Give the PEM serial number, e.g. "E001-000001".')
  .max(64, 'A PEM serial number has at most 64 characters.')
  .regex(/^[A-Za-z0-9._-]+$/, 'A PEM serial number has only letters, digits, dots, dashes and underscores, e.g. "E001-000001".');
const uuidSchema = z
  .string()
  .trim()
  .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'This is not a valid identifier (UUID).');
/** Fiscal document numbers read "JJJJ-NNNN": journal number, dash, progressive number in the journal. */
export const DOCUMENT_NUMBER_PATTERN = /^\d{4}-\d{4}$/;
export const documentNumberSchema = z
  .string()
  .trim()
  .regex(DOCUMENT_NUMBER_PATTERN, 'A document number reads like "0001-0001" (journal number, dash, progressive number).');
const calendarDateSchema = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Write the date as YYYY-MM-DD, e.g. "2026-10-08".')
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
  }, 'This date does not exist in the calendar.');
const pageSchema = z.number().int().min(1).default(1);
const sizeSchema = z.number().int().min(1).max(100).default(30);

// ───────────────────────────── certificates ─────────────────────────────

export interface CertificateInfo {
  /** The profile the certificate belongs to (each profile has its own cash register certificate). */
  profileId: string;
  kind: 'p12' | 'pem';
  /** e.g. "CN=E001-000001, O=Bottega Rossi S.r.l." */
  subject: string;
  issuer: string;
  /** X.509 serial number, lowercase hex. */
  serialNumber: string;
  /** ISO 8601. */
  validFrom: string;
  validTo: string;
  /** Whole days until `validTo` (0 on the last day, negative once expired). */
  daysLeft: number;
  /** 30 days or fewer left. */
  expiresSoon: boolean;
  expired: boolean;
  /** SHA-256 of the DER certificate, lowercase hex without colons. */
  fingerprint256: string;
  /** The subject's CN: the PEM serial number the cash register certificate identifies. */
  pemSerialNumber: string | null;
  /**
   * Chains to the CA the active profile trusts (its extra CA, or the local emulator's CA).
   * null when the profile names no CA to check against (the public service's CA is not known here).
   */
  trustedByProfileCa: boolean | null;
  importedAt: string;
}

const passphraseSchema = z.string().max(1024, 'A passphrase has at most 1024 characters.');

export const certificateImportInputSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('p12'),
    /** A .p12 / .pfx file. */
    file: fileRefSchema,
    passphrase: passphraseSchema,
    /** Import even though the certificate does not chain to the profile's CA (refused otherwise). */
    allowOtherIssuer: z.boolean().default(false),
  }),
  z.object({
    kind: z.literal('pem'),
    cert: fileRefSchema,
    key: fileRefSchema,
    /** For an encrypted private key. */
    keyPassphrase: passphraseSchema.optional(),
    allowOtherIssuer: z.boolean().default(false),
  }),
]);
export type CertificateImportInput = z.input<typeof certificateImportInputSchema>;

// ───────────────────────────── merchants, ATECO, PEMs (MF2) ─────────────────────────────

export interface Merchant {
  uuid: string;
  vatNumber: string;
  fiscalCode: string | null;
  email: string;
  businessName: string | null;
  firstName: string | null;
  lastName: string | null;
  /** The business name, or first and last name: what to show. */
  displayName: string;
  address: FiscalAddress;
}

export interface AtecoCode {
  code: string;
  /** null when the service does not know the code's description. */
  description: string | null;
}

export interface MerchantAtecoCodes {
  merchantUuid: string;
  codes: AtecoCode[];
}

export const merchantAtecoInputSchema = z.object({
  uuid: uuidSchema,
  codes: z
    .array(atecoCodeSchema)
    .max(50, 'A merchant has at most 50 ATECO codes.')
    .superRefine((codes, context) => {
      const seen = new Set<string>();
      codes.forEach((code, index) => {
        if (seen.has(code)) context.addIssue({ code: 'custom', path: [index], message: `The ATECO code "${code}" is listed twice.` });
        seen.add(code);
      });
    }),
});

/** PEM statuses, lowercase (MF2 writes them so; MF1's uppercase ones are lowered). */
export const pemStatuses = ['new', 'registered', 'activated', 'online', 'offline', 'discarded', 'error'] as const;
export type PemStatus = (typeof pemStatuses)[number];

export interface Pem {
  serialNumber: string;
  merchantUuid: string;
  type: string;
  status: PemStatus;
  address: FiscalAddress;
  cashRegisterName: string | null;
  configuration: { receiptHeader: string | null; displayCashRegisterName: boolean };
  activatedAt: string | null;
  discardedAt: string | null;
}

/** The PEM's journal (MF1): a journal opens with the first document after a closure. */
export interface PemJournal {
  serialNumber: string;
  state: 'open' | 'closed';
  /** The open journal's number ("0042"), null when closed. */
  number: string | null;
  openedAt: string | null;
  /** Documents issued in the open journal (0 when closed). */
  receiptsCount: number;
  /** The latest journal's number, open or closed; null before the first. */
  lastJournalNumber: string | null;
  /** MF1's `operational_status` (`OPEN`/`CLOSED` while ONLINE, else null). */
  operationalStatus: string | null;
  pemStatus: PemStatus;
  lastTransmissionAt: string | null;
  /** The key to activate the PEM with, as long as it is not activated (the reference's `PointOfSaleDetailedOutput`); null after. */
  registrationKey: string | null;
}

export interface JournalClosure {
  serialNumber: string;
  journalNumber: string;
  openedAt: string;
  closedAt: string | null;
  /** The journal-closure report queued by the closure; watched by the core (see `reports.changed`). */
  request: ReportRequest;
}

export interface CashRegister {
  uuid: string | null;
  pemSerialNumber: string;
  cashRegisterName: string | null;
  pemStatus: PemStatus;
  merchantUuid: string;
  atecoCodes: AtecoCode[];
  /** The certificate the service saw on the mTLS call. */
  certificate: { serialNumber: string; fingerprint256: string } | null;
}

// ───────────────────────────── back-office reports (MF1) ─────────────────────────────

export const reportTypes = ['journal_closure', 'journal_reading', 'diagnostics', 'receipts_details', 'receipts_summary'] as const;
export type ReportType = (typeof reportTypes)[number];
export const reportStatuses = ['queued', 'processed', 'failed'] as const;
export type ReportStatus = (typeof reportStatuses)[number];

export interface Report {
  uuid: string;
  type: ReportType;
  title: string;
  period: { from: string; to: string };
  status: ReportStatus;
  createdAt: string;
  processedAt: string | null;
  requestUuid: string | null;
  pemSerialNumber: string;
  /** A PDF can be downloaded (`reports.pdf`). */
  hasPdf: boolean;
}

export interface ReportRequest {
  uuid: string;
  type: ReportType;
  status: ReportStatus;
  progress: { generated: number; total: number };
  parameters: Record<string, string>;
  createdAt: string;
  updatedAt: string;
  failureReason: string | null;
  reportUuid: string | null;
  pemSerialNumber: string;
}

export const receiptsReportFilterSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('number'), documentNumber: documentNumberSchema }),
  z.object({ kind: z.literal('numberRange'), from: documentNumberSchema, to: documentNumberSchema }),
  z.object({ kind: z.literal('dateRange'), from: calendarDateSchema, to: calendarDateSchema }),
]);
export type ReceiptsReportFilter = z.infer<typeof receiptsReportFilterSchema>;

export const receiptsReportInputSchema = z
  .object({ serialNumber: serialNumberSchema, type: z.enum(['details', 'summary']), filter: receiptsReportFilterSchema })
  .superRefine((input, context) => {
    if (input.type === 'summary' && input.filter.kind === 'number') {
      context.addIssue({
        code: 'custom',
        path: ['filter', 'kind'],
        message: 'A summary report covers a document number range or a date range, not a single document.',
      });
    }
    if (input.filter.kind !== 'number' && input.filter.from > input.filter.to) {
      context.addIssue({ code: 'custom', path: ['filter', 'to'], message: `The end (${input.filter.to}) comes before the start (${input.filter.from}).` });
    }
  });
export type ReceiptsReportInput = z.input<typeof receiptsReportInputSchema>;

export interface ReportsChanged {
  serialNumber: string;
  /**
   * Requests of the PEM as they are now, newest first: the latest ones from the poller, or just the
   * new one right after it was queued. Merge them by `uuid` into what is shown.
   */
  requests: ReportRequest[];
  /** Requests that reached `processed` or `failed` since the previous event. */
  finished: ReportRequest[];
}

// ───────────────────────────── receipts (MF1) ─────────────────────────────

/** Payment types since the October 2026 release (`credit` became `uncollected_goods`). */
export const paymentTypes = ['cash', 'electronic', 'ticket_restaurant', 'uncollected_goods', 'uncollected_services', 'uncollected_invoiced'] as const;
export type PaymentType = (typeof paymentTypes)[number];

export const paymentTypeSchema = z.string().transform((value, context): PaymentType => {
  if ((paymentTypes as readonly string[]).includes(value)) return value as PaymentType;
  context.addIssue({
    code: 'custom',
    message:
      value === 'credit'
        ? 'The payment type "credit" was renamed "uncollected_goods" in the October 2026 release: choose "uncollected_goods".'
        : `"${value}" is not a payment type; use one of ${paymentTypes.join(', ')}.`,
  });
  return z.NEVER;
});

export const receiptItemInputSchema = z.object({
  type: z.enum(['goods', 'service']).default('goods'),
  description: z.string().trim().min(1, 'Describe the item.').max(1000),
  /** Exactly 2 decimals, e.g. "1.00". */
  quantity: quantityStringSchema('The quantity'),
  /** VAT included, 2 to 8 decimals, e.g. "3.20". */
  unitPrice: amountStringSchema('The unit price'),
  /** 4.00, 5.00, 10.00, 22.00 or N1..N6. */
  vatCode: vatCodeSchema,
  discount: amountStringSchema('The discount').optional(),
  atecoCode: atecoCodeSchema.optional(),
  complimentary: z.boolean().default(false),
  prepaidOrVoucher: z.boolean().default(false),
});
export type ReceiptItemInput = z.input<typeof receiptItemInputSchema>;

export const receiptPaymentInputSchema = z.object({ type: paymentTypeSchema, amount: amountStringSchema('The payment amount') });

export const receiptIssueInputSchema = z.object({
  /**
   * The PEM the form is for. Receipts are issued by the cash register of the imported certificate;
   * when given and different from the certificate's PEM, main refuses (`certificate`).
   */
  serialNumber: serialNumberSchema.optional(),
  items: z.array(receiptItemInputSchema).min(1, 'A receipt needs at least one item.').max(500),
  /** Must add up to the amount to pay (items − discounts); the service checks. */
  payments: z.array(receiptPaymentInputSchema).min(1, 'Say how the customer paid.').max(20),
  /** Discount on the whole receipt. */
  discount: amountStringSchema('The discount').optional(),
  customerLotteryCode: z.string().trim().min(1).max(16).optional(),
  customerTaxCode: z
    .string()
    .trim()
    .regex(/^[A-Z0-9]{11,16}$/, 'The customer tax code has 11 to 16 uppercase letters or digits.')
    .optional(),
});
export type ReceiptIssueInput = z.input<typeof receiptIssueInputSchema>;

export const receiptReturnInputSchema = z.object({
  serialNumber: serialNumberSchema.optional(),
  /** The sale receipt, issued by this cash register. */
  documentNumber: documentNumberSchema,
  /** Item ids from `receipts.get` / `receipts.returnableItems`. */
  items: z.array(z.object({ id: z.number().int().min(1), quantity: quantityStringSchema('The quantity') })).min(1, 'Choose at least one item to return.'),
});

export const receiptVoidInputSchema = z.object({ serialNumber: serialNumberSchema.optional(), documentNumber: documentNumberSchema });

export type ReceiptType = 'sale' | 'return' | 'void';

export interface Receipt {
  uuid: string;
  type: ReceiptType;
  /**
   * The service lists returns and voids with null; `receipts.list` fills in their document amount
   * (null only when their details could not be read).
   */
  totalAmount: string | null;
  documentNumber: string;
  /** Italian local time, `YYYY-MM-DDTHH:mm:ss`. */
  documentDatetime: string;
  parentReceiptUuid: string | null;
  isVoidable: boolean;
  isReturnable: boolean;
  pemSerialNumber: string;
}

export interface ReceiptItem {
  id: number;
  type: 'goods' | 'service';
  quantity: string;
  description: string;
  unitPrice: string;
  /** A VatCode, or null with simplified VAT allocation. */
  vatCode: string | null;
  simplifiedVatAllocation: boolean;
  discount: string;
  prepaidOrVoucher: boolean;
  complimentary: boolean;
  atecoCode: string | null;
}

export interface ReturnableItem extends ReceiptItem {
  /** `quantity` is what can still be returned. */
  returnedQuantity: string;
}

export interface ReceiptDetails extends Receipt {
  totalTaxableAmount: string;
  totalUncollectedAmount: string;
  totalVatAmount: string;
  totalDiscount: string;
  documentAmount: string;
  items: ReceiptItem[];
  payments: { type: PaymentType; amount: string }[];
  vatBreakdown: { vatCode: string; grossAmount: string; taxableAmount: string; vatAmount: string }[];
  customerTaxCode: string | null;
  customerLotteryCode: string | null;
  cashierName: string | null;
}

export const receiptsListInputSchema = z.object({
  serialNumber: serialNumberSchema.optional(),
  page: pageSchema,
  size: sizeSchema,
  type: z.enum(['sale', 'return', 'void']).optional(),
  documentNumber: documentNumberSchema.optional(),
  order: z.enum(['asc', 'desc']).default('desc'),
});

// ───────────────────────────── emergency reports (MF1) ─────────────────────────────

export const emergencyEntryInputSchema = z.object({
  vatCode: vatCodeSchema,
  /** Gross amount of the documents at this VAT code. */
  partialAmount: amountStringSchema('The amount'),
  vatAmount: amountStringSchema('The VAT amount').optional(),
  atecoCode: atecoCodeSchema,
});

export const emergencyReportInputSchema = z.object({
  serialNumber: serialNumberSchema,
  /** When the emergency documents were issued, ISO 8601 with offset, e.g. "2026-10-08T19:30:00+02:00". */
  datetime: z
    .string()
    .trim()
    .refine(
      (value) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/.test(value) && !Number.isNaN(Date.parse(value)),
      'Give the date and time with its offset, e.g. "2026-10-08T19:30:00+02:00".',
    ),
  documentsCount: z.number().int().min(1).optional(),
  cashPaymentAmount: amountStringSchema('The cash amount').optional(),
  electronicPaymentAmount: amountStringSchema('The electronic payments amount').optional(),
  entries: z.array(emergencyEntryInputSchema).min(1, 'An emergency report needs at least one entry.').max(50),
});
export type EmergencyReportInput = z.input<typeof emergencyReportInputSchema>;

export interface EmergencyReport {
  id: number;
  pemSerialNumber: string;
  datetime: string;
  closedAt: string;
  documentsCount: number | null;
  entries: { vatCode: string | null; partialAmount: string; vatAmount: string | null; atecoCode: string }[];
}

// ───────────────────────────── channels and events ─────────────────────────────

const serial = z.object({ serialNumber: serialNumberSchema });
const serialPage = z.object({ serialNumber: serialNumberSchema, page: pageSchema, size: sizeSchema });

export const fiscalChannels = {
  // certificates (the active profile's cash register certificate; the key never leaves main)
  'certificates.import': channel<CertificateInfo>()(certificateImportInputSchema),
  /** null when none is imported for the active profile. */
  'certificates.get': channel<CertificateInfo | null>()(noInput),
  'certificates.remove': channel<{ removed: boolean }>()(noInput),

  // the cash register of the certificate (mTLS)
  'cashRegister.me': channel<CashRegister>()(noInput),

  // merchants (MF2)
  'merchants.list': channel<Merchant[]>()(noInput),
  'merchants.get': channel<Merchant>()(z.object({ uuid: uuidSchema })),
  'merchants.atecoCodes': channel<MerchantAtecoCodes>()(z.object({ uuid: uuidSchema })),
  'merchants.setAtecoCodes': channel<MerchantAtecoCodes>()(merchantAtecoInputSchema),

  // PEMs (MF2 records, MF1 journal and data)
  'pems.list': channel<Pem[]>()(z.object({ merchantUuid: uuidSchema })),
  'pems.get': channel<Pem>()(serial),
  'pems.journal': channel<PemJournal>()(serial),
  /** `confirmation` must be the serial number typed again; main checks it too. */
  'pems.discard': channel<Pem>()(z.object({ serialNumber: serialNumberSchema, confirmation: z.string().max(64) })),
  'pems.closeJournal': channel<JournalClosure>()(serial),
  /** A zip of the PEM's closed journals; refused (`conflict`) while a journal is open. */
  'pems.downloadData': channel<FilePayload>()(serial),

  // back-office reports (MF1)
  'reports.list': channel<FiscalPage<Report>>()(serialPage),
  'reports.requests': channel<FiscalPage<ReportRequest>>()(serialPage.extend({ status: z.enum(reportStatuses).optional() })),
  'reports.requestJournalReading': channel<ReportRequest>()(serial),
  'reports.requestDiagnostics': channel<ReportRequest>()(serial),
  'reports.requestReceipts': channel<ReportRequest>()(receiptsReportInputSchema),
  'reports.pdf': channel<FilePayload>()(z.object({ serialNumber: serialNumberSchema, reportUuid: uuidSchema })),

  // receipts (MF1; issuing goes over mTLS with the imported certificate)
  'receipts.issue': channel<Receipt>()(receiptIssueInputSchema),
  'receipts.return': channel<Receipt>()(receiptReturnInputSchema),
  'receipts.void': channel<{ voided: true; documentNumber: string }>()(receiptVoidInputSchema),
  'receipts.list': channel<FiscalPage<Receipt>>()(receiptsListInputSchema),
  'receipts.get': channel<ReceiptDetails>()(z.object({ uuid: uuidSchema })),
  'receipts.returnableItems': channel<ReturnableItem[]>()(z.object({ uuid: uuidSchema })),
  'receipts.pdf': channel<FilePayload>()(z.object({ uuid: uuidSchema })),

  // emergency reports (MF1)
  'emergencyReports.create': channel<EmergencyReport>()(emergencyReportInputSchema),
  'emergencyReports.list': channel<FiscalPage<EmergencyReport>>()(serialPage),
};

export const fiscalEvents = {
  /** The active profile's certificate was imported, removed, or the profile changed. */
  'certificates.changed': event<{ profileId: string; certificate: CertificateInfo | null }>(),
  /** At start (and daily) when the certificate expires within 30 days or has expired. */
  'certificates.expiring': event<{ profileId: string; certificate: CertificateInfo }>(),
  /** Report requests of a PEM moved (progress, processed, failed). */
  'reports.changed': event<ReportsChanged>(),
  /** Receipts or the journal of a PEM changed (issued, returned, voided, journal closed). */
  'receipts.changed': event<{ serialNumber: string }>(),
  /** A PEM changed (discarded) or a merchant's ATECO codes did. */
  'pems.changed': event<{ serialNumber: string }>(),
  'merchants.changed': event<{ uuid: string }>(),
};

export type { VatCode };
