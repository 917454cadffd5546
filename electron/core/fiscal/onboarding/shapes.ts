/**
 * The service's answers to the onboarding calls (reference OpenAPI: `PointOfSaleCreateOutput`,
 * `CashRegisterBasicOutput`, `CashRegisterDetailedOutput`, `CashierSimpleOutput`, `CashierOutput`),
 * checked with zod and mapped to the contract's camelCase views.
 */
import { z } from 'zod';
import { cashierStatuses, type Cashier, type CashRegisterSummary, type PemCreated } from '../../../../shared/contract/fiscal-onboarding';

export const pemCreatedSchema = z
  .object({ serial_number: z.string().min(1), registration_key: z.string().min(1) })
  .transform((p): PemCreated => ({ serialNumber: p.serial_number, registrationKey: p.registration_key }));

export const cashRegisterSummarySchema = z
  .object({ uuid: z.string(), pem_serial_number: z.string(), name: z.string() })
  .transform((c): CashRegisterSummary => ({ uuid: c.uuid, pemSerialNumber: c.pem_serial_number, name: c.name }));

/** The one answer that carries the cash register's certificate and private key (PEM text). */
export const cashRegisterIssuedSchema = z.object({
  uuid: z.string(),
  pem_serial_number: z.string(),
  name: z.string(),
  mtls_certificate: z.string().includes('-----BEGIN CERTIFICATE-----'),
  private_key: z.string().includes('PRIVATE KEY-----'),
});
export type CashRegisterIssued = z.output<typeof cashRegisterIssuedSchema>;

export const cashierSchema = z
  .object({
    uuid: z.string(),
    email: z.string(),
    name: z.string(),
    display_name: z.string().nullable().optional(),
    status: z.enum(cashierStatuses),
  })
  .transform((c): Cashier => ({ uuid: c.uuid, email: c.email, name: c.name, displayName: c.display_name ?? null, status: c.status }));
