/**
 * Onboarding a shop (issue 25 point 3): merchants created and edited (MF2), PEMs added, activated,
 * marked inactive or reported offline (MF1), cash registers registered with their certificate
 * imported in one step, cashiers listed, added and removed (MF1). Bodies follow the reference
 * OpenAPI (`MerchantCreateInput`, `PointOfSaleCreateInput`, `PointOfSaleActivationInput`,
 * `PEMStatusOfflineRequest`, `CashRegisterCreate`, `CashierCreateInput`).
 *
 * Errors the service gives about one field (a duplicate e-mail, an unknown PEM, a cash register
 * for a PEM of another merchant…) come back as `validation` with `details.fields` (contract path →
 * English message) and `details.fieldReasons` (contract path → one of `onboardingFieldReasons`), so
 * the form words them in the user's language beside the field.
 */
import { z } from 'zod';
import { channel } from './define';
import type { CertificateInfo, FiscalPage, Merchant, Pem } from './fiscal';

/** Why a field was refused, worded by the renderer (`fiscal.onboarding.fieldReasons.*`). */
export const onboardingFieldReasons = [
  'duplicateEmail',
  'duplicateVatNumber',
  'duplicateCashRegister',
  'unknownPem',
  'unknownMerchant',
  'otherMerchantPem',
  'wrongRegistrationKey',
  'pemNotActivatable',
  'pemNotActivated',
  'pemDiscarded',
  'pemNotActive',
  'refusedValue',
] as const;
export type OnboardingFieldReason = (typeof onboardingFieldReasons)[number];

/** What `details` of an onboarding `validation` error carries (besides `fields`). */
export interface OnboardingErrorDetails {
  fields?: Record<string, string>;
  fieldReasons?: Record<string, OnboardingFieldReason>;
}

const serialNumberSchema = z
  .string()
  .trim()
  .min(1, 'Give the PEM serial number, e.g. "E001-000001".')
  .max(64, 'A PEM serial number has at most 64 characters.')
  .regex(/^[A-Za-z0-9._-]+$/, 'A PEM serial number has only letters, digits, dots, dashes and underscores.');
const uuidSchema = z
  .string()
  .trim()
  .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'This is not a valid identifier (UUID).');

/** The reference's `Address`: a 5-digit ZIP code, a 2-letter province. */
export const fiscalAddressInputSchema = z.object({
  streetAddress: z.string().trim().min(1, 'Give the street.').max(255),
  streetNumber: z.string().trim().max(32).default(''),
  zipCode: z.string().trim().regex(/^\d{5}$/, 'An Italian ZIP code (CAP) has 5 digits, e.g. "20121".'),
  city: z.string().trim().min(1, 'Give the city.').max(255),
  province: z
    .string()
    .trim()
    .transform((value) => value.toUpperCase())
    .pipe(z.string().regex(/^[A-Z]{2}$/, 'The province is its 2-letter code, e.g. "MI".')),
});
export type FiscalAddressInput = z.input<typeof fiscalAddressInputSchema>;

/** MF2 `MerchantCreateInput.password`: 10+ characters with upper and lower case, a digit and one of !@#$%^&*. */
export const MERCHANT_PASSWORD_PATTERN = /^(?=.*[A-Z])(?=.*[a-z])(?=.*[0-9])(?=.*[!@#$%^&*])(?=.{10,}).*$/;
/** A rough e-mail check; the service has the last word. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const nameSchema = z.string().trim().max(255).optional();

const merchantNames = <T extends { businessName?: string | undefined; firstName?: string | undefined; lastName?: string | undefined }>(input: T, context: z.RefinementCtx) => {
  if (input.businessName) return;
  if (!input.firstName) context.addIssue({ code: 'custom', path: ['firstName'], message: 'Give the business name, or the first and last name.' });
  if (!input.lastName) context.addIssue({ code: 'custom', path: ['lastName'], message: 'Give the business name, or the first and last name.' });
};

export const merchantCreateInputSchema = z
  .object({
    vatNumber: z.string().trim().regex(/^\d{11}$/, 'An Italian VAT number (Partita IVA) has 11 digits.'),
    fiscalCode: z.string().trim().regex(/^\d{11}$/, "A company's fiscal code has 11 digits.").optional(),
    businessName: nameSchema,
    firstName: nameSchema,
    lastName: nameSchema,
    email: z.string().trim().max(255).regex(EMAIL_PATTERN, 'Give an e-mail address, e.g. "negozio@example.it".'),
    password: z.string().max(255).regex(MERCHANT_PASSWORD_PATTERN, 'The password needs 10 or more characters with upper and lower case letters, a digit and one of ! @ # $ % ^ & *.'),
    address: fiscalAddressInputSchema,
  })
  .superRefine(merchantNames);
export type MerchantCreateInput = z.input<typeof merchantCreateInputSchema>;

/** MF2 `MerchantUpdateInput`: names and address (VAT number and e-mail cannot change). */
export const merchantUpdateInputSchema = z
  .object({ uuid: uuidSchema, businessName: nameSchema, firstName: nameSchema, lastName: nameSchema, address: fiscalAddressInputSchema })
  .superRefine(merchantNames);
export type MerchantUpdateInput = z.input<typeof merchantUpdateInputSchema>;

export const pemCreateInputSchema = z.object({
  merchantUuid: uuidSchema,
  /** Printed at the top of receipts; the merchant's name when absent. */
  receiptHeader: z.string().trim().max(255).optional(),
  /** Where the PEM stands; the merchant's address when absent. */
  address: fiscalAddressInputSchema.optional(),
});

export interface PemCreated {
  serialNumber: string;
  /** Needed once, to activate the PEM. */
  registrationKey: string;
}

export const pemActivateInputSchema = z.object({
  serialNumber: serialNumberSchema,
  registrationKey: z.string().trim().min(1, 'Give the registration key the PEM was created with.').max(255),
});

/** An ISO 8601 date-time with its offset, e.g. "2026-10-08T09:30:00+02:00". */
const dateTimeSchema = z
  .string()
  .trim()
  .refine(
    (value) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/.test(value) && !Number.isNaN(Date.parse(value)),
    'Give the date and time with its offset, e.g. "2026-10-08T09:30:00+02:00".',
  );

/** `PEMStatusOfflineRequest`: since when the PEM was offline, and why. */
export const pemOfflineInputSchema = z.object({
  serialNumber: serialNumberSchema,
  timestamp: dateTimeSchema,
  reason: z.string().trim().min(1, 'Say why the PEM was offline.').max(1000, 'The reason has at most 1000 characters.'),
});

export interface CashRegisterSummary {
  uuid: string;
  pemSerialNumber: string;
  name: string;
}

export const cashRegisterRegisterInputSchema = z.object({
  serialNumber: serialNumberSchema,
  name: z.string().trim().min(1, 'Name the cash register, e.g. "Cassa 1".').max(255),
  /** Import the certificate the service issues as this profile's cash register certificate (replacing the current one). */
  importCertificate: z.boolean().default(true),
});

export interface CashRegisterRegistered {
  cashRegister: CashRegisterSummary;
  /** The imported certificate (its key stays in main); null when not imported. */
  certificate: CertificateInfo | null;
}

export const cashierStatuses = ['active', 'disabled'] as const;
export type CashierStatus = (typeof cashierStatuses)[number];

export interface Cashier {
  uuid: string;
  email: string;
  name: string;
  displayName: string | null;
  status: CashierStatus;
}

export const cashierCreateInputSchema = z.object({
  email: z.string().trim().max(255, 'An e-mail address has at most 255 characters.').regex(EMAIL_PATTERN, 'Give an e-mail address, e.g. "cassa@example.it".'),
  password: z.string().min(8, 'The password needs at least 8 characters.').max(40, 'The password has at most 40 characters.'),
  name: z.string().trim().min(1, "Give the cashier's name.").max(255),
  /** Printed on the receipt's PDF. */
  displayName: z.string().trim().max(255).optional(),
  /**
   * The merchant the cashier works for. A merchant's own account leaves it out (the service takes
   * its own shop); a partner account (ROLE_SUPPLIER) names it (the emulator requires it then).
   */
  merchantUuid: uuidSchema.optional(),
});
export type CashierCreateInput = z.input<typeof cashierCreateInputSchema>;

const pageSchema = z.number().int().min(1).default(1);
const sizeSchema = z.number().int().min(1).max(100).default(30);

export const fiscalOnboardingChannels = {
  'merchants.create': channel<Merchant>()(merchantCreateInputSchema),
  'merchants.update': channel<Merchant>()(merchantUpdateInputSchema),
  'pems.create': channel<PemCreated>()(pemCreateInputSchema),
  'pems.activate': channel<Pem>()(pemActivateInputSchema),
  'pems.markInactive': channel<Pem>()(z.object({ serialNumber: serialNumberSchema })),
  'pems.reportOffline': channel<Pem>()(pemOfflineInputSchema),
  'cashRegisters.list': channel<FiscalPage<CashRegisterSummary>>()(z.object({ page: pageSchema, size: sizeSchema })),
  'cashRegisters.register': channel<CashRegisterRegistered>()(cashRegisterRegisterInputSchema),
  'cashiers.list': channel<FiscalPage<Cashier>>()(z.object({ page: pageSchema, size: sizeSchema, status: z.enum(cashierStatuses).optional() })),
  'cashiers.create': channel<Cashier>()(cashierCreateInputSchema),
  'cashiers.remove': channel<{ removed: true; uuid: string }>()(z.object({ uuid: uuidSchema })),
};
