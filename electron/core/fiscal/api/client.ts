/**
 * The MF1/MF2 HTTP client: one method per service call, answers checked with the schemas of
 * `shapes.ts`, errors reworded by `fiscalError`. Management calls go to `fiscalUrl` with the bearer
 * token; issuing and `cash-registers/me` go to `fiscalMtlsUrl` with the cash register certificate
 * as well.
 */
import type { Dispatcher } from 'undici';
import { z } from 'zod';
import { AppError, because, reason, type FilePayload } from '../../../../shared/contract';
import { header, type HttpClient, type HttpRequest } from '../../http/client';
import { fiscalError, type FiscalOperation } from '../errors';
import {
  cashRegisterSchema,
  emergencyReportSchema,
  journalClosureSchema,
  merchantAtecoCodesSchema,
  merchantSchema,
  mf1PageSchema,
  mf1PemSchema,
  mf2CollectionSchema,
  mf2PemSchema,
  receiptDetailsSchema,
  receiptSchema,
  reportRequestSchema,
  reportSchema,
  returnableItemSchema,
} from './shapes';

export interface FiscalApiDeps {
  http: HttpClient;
  fiscalUrl: () => string;
  fiscalMtlsUrl: () => string;
  token: () => string;
  /** The mTLS Agent with the imported certificate (a `certificate` error when there is none). */
  mtls: () => Promise<{ dispatcher: Dispatcher }>;
  /** A 401 about the token on the mTLS listener (the HTTP client only sees 401s of `token` calls). */
  onUnauthorized: (token: string, message: string) => void;
}

/** The service's body of a sale receipt (the reference ReceiptInput + the 2026 `payments`). */
export interface SaleBody {
  items: Array<Record<string, unknown>>;
  payments: Array<{ payment_type: string; amount: string }>;
  discount?: string;
  customer_lottery_code?: string;
  customer_tax_code?: string;
}

const MAX_MF2_PAGES = 50;
const MAX_DOWNLOAD_BYTES = 200 * 1024 * 1024;

const trimSlash = (url: string): string => url.replace(/\/+$/, '');
const seg = encodeURIComponent;

export type FiscalApi = ReturnType<typeof createFiscalApi>;

export function createFiscalApi(deps: FiscalApiDeps) {
  const mf1 = (path: string) => `${trimSlash(deps.fiscalUrl())}/v1/mf1${path}`;
  const mf2 = (path: string) => `${trimSlash(deps.fiscalUrl())}/v1/mf2${path}`;
  const mtlsUrl = (path: string) => `${trimSlash(deps.fiscalMtlsUrl())}/v1/mf1${path}`;

  async function guarded<T>(operation: FiscalOperation, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      throw fiscalError(error, operation);
    }
  }

  /** Bearer token in a header (not `token`): a 401 may be about the certificate, not the session. */
  async function overMtls<T>(operation: FiscalOperation, work: (req: Pick<HttpRequest, 'dispatcher' | 'headers'>) => Promise<T>): Promise<T> {
    const token = deps.token();
    const { dispatcher } = await deps.mtls();
    try {
      return await work({ dispatcher, headers: { authorization: `Bearer ${token}` } });
    } catch (error) {
      const mapped = fiscalError(error, operation, { mtls: true });
      if (mapped instanceof AppError && mapped.code === 'unauthorized') deps.onUnauthorized(token, mapped.message);
      throw mapped;
    }
  }

  const json = <S extends z.ZodType>(operation: FiscalOperation, req: HttpRequest & { schema: S }) =>
    guarded(operation, () => deps.http.json({ ...req, token: deps.token() }));

  /** Every member of an MF2 collection, following `view.next`. */
  async function mf2All<S extends z.ZodType>(path: string, item: S): Promise<z.output<S>[]> {
    const schema = mf2CollectionSchema(item);
    const out: z.output<S>[] = [];
    let url: string | null = mf2(path);
    for (let page = 0; url && page < MAX_MF2_PAGES; page += 1) {
      const current: string = url;
      const { members, next } = await json('read', { url: current, headers: { accept: 'application/ld+json' }, schema });
      out.push(...(members as z.output<S>[]));
      url = next ? new URL(next, current).toString() : null;
    }
    return out;
  }

  async function download(operation: FiscalOperation, req: HttpRequest, fallbackName: string, expect: 'pdf' | 'zip'): Promise<FilePayload> {
    const response = await guarded(operation, () => deps.http.bytes({ ...req, token: deps.token(), timeoutMs: 60_000 }));
    if (response.data.length > MAX_DOWNLOAD_BYTES) throw new AppError('too_large', 'The file the service sent is too large to open.', { details: because(reason('fiscal.downloadTooLarge')) });
    const magic = expect === 'pdf' ? '%PDF' : 'PK';
    if (!response.data.subarray(0, magic.length).equals(Buffer.from(magic))) {
      throw new AppError('bad_response', `The service did not send a ${expect === 'pdf' ? 'PDF' : 'zip file'}.`, {
        details: because(reason(expect === 'pdf' ? 'fiscal.notPdf' : 'fiscal.notZip'), { requestId: response.requestId, contentType: response.contentType }),
      });
    }
    const disposition = header(response.headers, 'content-disposition') ?? '';
    const named = /filename="?([^";]+)"?/i.exec(disposition)?.[1];
    return {
      fileName: named ?? fallbackName,
      contentType: expect === 'pdf' ? 'application/pdf' : 'application/zip',
      base64: response.data.toString('base64'),
      size: response.data.length,
    };
  }

  return {
    // ── MF2 ──
    merchants: () => mf2All('/merchants', merchantSchema),
    merchant: (uuid: string) => json('read', { url: mf2(`/merchants/${seg(uuid)}`), headers: { accept: 'application/json' }, schema: merchantSchema }),
    atecoCodes: (uuid: string) =>
      json('read', { url: mf2(`/merchants/${seg(uuid)}/ateco-codes`), headers: { accept: 'application/json' }, schema: merchantAtecoCodesSchema }),
    setAtecoCodes: (uuid: string, codes: string[]) =>
      json('setAtecoCodes', {
        method: 'PUT',
        url: mf2(`/merchants/${seg(uuid)}/ateco-codes`),
        headers: { accept: 'application/json' },
        json: { ateco_codes: codes },
        idempotent: true,
        schema: merchantAtecoCodesSchema,
      }),
    pemsOf: (merchantUuid: string) => mf2All(`/merchants/${seg(merchantUuid)}/pems`, mf2PemSchema),
    pem: (serial: string) => json('read', { url: mf2(`/pems/${seg(serial)}`), headers: { accept: 'application/json' }, schema: mf2PemSchema }),
    discardPem: (serial: string) =>
      json('discard', { method: 'POST', url: mf2(`/pems/${seg(serial)}/discard`), headers: { accept: 'application/json' }, json: {}, schema: mf2PemSchema }),

    // ── MF1: PEMs and journals ──
    journal: (serial: string) => json('read', { url: mf1(`/pems/${seg(serial)}`), schema: mf1PemSchema }),
    closeJournal: (serial: string) => json('closeJournal', { method: 'POST', url: mf1(`/pems/${seg(serial)}/close`), json: {}, schema: journalClosureSchema }),
    downloadData: (serial: string) => download('downloadData', { url: mf1(`/pems/${seg(serial)}/download-data`), headers: { accept: 'application/zip' } }, `${serial}-data.zip`, 'zip'),

    // ── MF1: back-office reports ──
    reports: (serial: string, page: number, size: number) =>
      json('read', { url: mf1(`/pems/${seg(serial)}/backoffice-reports`), query: { page, size }, schema: mf1PageSchema(reportSchema) }),
    reportRequests: (serial: string, page: number, size: number, status?: string) =>
      json('read', { url: mf1(`/pems/${seg(serial)}/backoffice-reports/requests`), query: { page, size, status }, schema: mf1PageSchema(reportRequestSchema) }),
    requestJournalReading: (serial: string) =>
      json('journalReading', { method: 'POST', url: mf1(`/pems/${seg(serial)}/backoffice-reports/journal-reading`), json: {}, schema: reportRequestSchema }),
    requestDiagnostics: (serial: string) =>
      json('diagnostics', { method: 'POST', url: mf1(`/pems/${seg(serial)}/backoffice-reports/diagnostics`), json: {}, schema: reportRequestSchema }),
    requestReceiptsReport: (serial: string, body: Record<string, string>) =>
      json('receiptsReport', { method: 'POST', url: mf1(`/pems/${seg(serial)}/backoffice-reports/receipts`), json: body, schema: reportRequestSchema }),
    reportPdf: (serial: string, reportUuid: string) =>
      download('reportPdf', { url: mf1(`/pems/${seg(serial)}/backoffice-reports/${seg(reportUuid)}/pdf`), headers: { accept: 'application/pdf' } }, `report-${serial}-${reportUuid.slice(0, 8)}.pdf`, 'pdf'),

    // ── MF1: receipts ──
    receipts: (query: Record<string, string | number | undefined>) => json('read', { url: mf1('/receipts'), query, schema: mf1PageSchema(receiptSchema) }),
    receipt: (uuid: string) => json('read', { url: mf1(`/receipts/${seg(uuid)}/details`), schema: receiptDetailsSchema }),
    returnableItems: (uuid: string) => json('read', { url: mf1(`/receipts/${seg(uuid)}/returnable-items`), schema: z.array(returnableItemSchema) }),
    receiptPdf: (uuid: string) => download('read', { url: mf1(`/receipts/${seg(uuid)}/details`), headers: { accept: 'application/pdf' } }, `receipt-${uuid.slice(0, 8)}.pdf`, 'pdf'),

    // ── MF1 over mTLS ──
    cashRegister: () => overMtls('cashRegister', (req) => deps.http.json({ ...req, url: mtlsUrl('/cash-registers/me'), schema: cashRegisterSchema })),
    issueSale: (body: SaleBody) =>
      overMtls('issue', (req) => deps.http.json({ ...req, method: 'POST', url: mtlsUrl('/receipts'), json: body, schema: receiptSchema })),
    issueReturn: (body: { document_number: string; items: Array<{ id: number; quantity: string }> }) =>
      overMtls('return', (req) => deps.http.json({ ...req, method: 'POST', url: mtlsUrl('/receipts/return'), json: body, schema: receiptSchema })),
    voidSale: (documentNumber: string) =>
      overMtls('void', (req) => deps.http.empty({ ...req, method: 'DELETE', url: mtlsUrl('/receipts'), json: { document_number: documentNumber } })),

    // ── MF1: emergency reports ──
    createEmergencyReport: (serial: string, body: Record<string, unknown>) =>
      json('emergencyReport', { method: 'POST', url: mf1(`/pems/${seg(serial)}/emergency-reports`), json: body, schema: emergencyReportSchema }),
    emergencyReports: (serial: string, page: number, size: number) =>
      json('read', { url: mf1(`/pems/${seg(serial)}/emergency-reports`), query: { page, size }, schema: mf1PageSchema(emergencyReportSchema) }),
  };
}
