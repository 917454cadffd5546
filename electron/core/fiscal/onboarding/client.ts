/**
 * The onboarding calls of the service (management, bearer token, plain fiscal listener): MF2
 * merchant creation/update and PEM creation, MF1 PEM activation/inactivity/offline, cash
 * registers and cashiers. Answers are checked with `shapes.ts`; errors placed at their field by
 * `onboardingError`.
 */
import type { z } from 'zod';
import type { HttpClient, HttpRequest } from '../../http/client';
import { merchantSchema, mf1PageSchema, mf2PemSchema } from '../api/shapes';
import { onboardingError, type OnboardingOperation } from './errors';
import { cashierSchema, cashRegisterIssuedSchema, cashRegisterSummarySchema, pemCreatedSchema } from './shapes';

export interface OnboardingApiDeps {
  http: HttpClient;
  fiscalUrl: () => string;
  token: () => string;
}

const trimSlash = (url: string): string => url.replace(/\/+$/, '');
const seg = encodeURIComponent;

/** The service's address body (snake_case). */
export interface AddressBody {
  street_address: string;
  street_number: string;
  zip_code: string;
  city: string;
  province: string;
}

export type OnboardingApi = ReturnType<typeof createOnboardingApi>;

export function createOnboardingApi(deps: OnboardingApiDeps) {
  const mf1 = (path: string) => `${trimSlash(deps.fiscalUrl())}/v1/mf1${path}`;
  const mf2 = (path: string) => `${trimSlash(deps.fiscalUrl())}/v1/mf2${path}`;

  async function guarded<T>(operation: OnboardingOperation, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      throw onboardingError(error, operation);
    }
  }
  const json = <S extends z.ZodType>(operation: OnboardingOperation, req: HttpRequest & { schema: S }) =>
    guarded(operation, () => deps.http.json({ ...req, token: deps.token() }));
  const empty = (operation: OnboardingOperation, req: HttpRequest) => guarded(operation, () => deps.http.empty({ ...req, token: deps.token() }));

  return {
    // ── MF2 ──
    createMerchant: (body: Record<string, unknown>) =>
      json('createMerchant', { method: 'POST', url: mf2('/merchants'), headers: { accept: 'application/json' }, json: body, schema: merchantSchema }),
    updateMerchant: (uuid: string, body: Record<string, unknown>) =>
      json('updateMerchant', { method: 'PUT', url: mf2(`/merchants/${seg(uuid)}`), headers: { accept: 'application/json' }, json: body, idempotent: true, schema: merchantSchema }),
    createPem: (body: Record<string, unknown>) =>
      json('createPem', { method: 'POST', url: mf2('/pems'), headers: { accept: 'application/json' }, json: body, schema: pemCreatedSchema }),
    pem: (serial: string) => json('read', { url: mf2(`/pems/${seg(serial)}`), headers: { accept: 'application/json' }, schema: mf2PemSchema }),

    // ── MF1: PEM life ──
    activatePem: (serial: string, registrationKey: string) =>
      empty('activatePem', { method: 'POST', url: mf1(`/pems/${seg(serial)}/activation`), json: { registration_key: registrationKey } }),
    /** The reference defines no body for it. */
    markInactive: (serial: string) => empty('markInactive', { method: 'POST', url: mf1(`/pems/${seg(serial)}/inactivity`) }),
    reportOffline: (serial: string, timestamp: string, reason: string) =>
      empty('reportOffline', { method: 'POST', url: mf1(`/pems/${seg(serial)}/communicate-offline`), json: { timestamp, reason } }),

    // ── MF1: cash registers ──
    cashRegisters: (page: number, size: number) => json('read', { url: mf1('/cash-registers'), query: { page, size }, schema: mf1PageSchema(cashRegisterSummarySchema) }),
    /** The one answer with the certificate and its private key: handed straight to the certificate store. */
    registerCashRegister: (serial: string, name: string) =>
      json('registerCashRegister', { method: 'POST', url: mf1('/cash-registers'), json: { pem_serial_number: serial, name }, schema: cashRegisterIssuedSchema }),

    // ── MF1: cashiers ──
    cashiers: (page: number, size: number, status?: string) => json('read', { url: mf1('/cashiers'), query: { page, size, status }, schema: mf1PageSchema(cashierSchema) }),
    createCashier: (body: { email: string; password: string; name: string; display_name: string | null; merchant_uuid?: string }) =>
      json('createCashier', { method: 'POST', url: mf1('/cashiers'), json: body, schema: cashierSchema }),
    removeCashier: (uuid: string) => empty('removeCashier', { method: 'DELETE', url: mf1(`/cashiers/${seg(uuid)}`) }),
  };
}
