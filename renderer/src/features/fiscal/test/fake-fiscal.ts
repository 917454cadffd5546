/** Fiscal channels for the fake core (src/test/fake-core.ts): a small stateful PEM with a journal and reports. */
import type {
  CashRegister,
  CertificateInfo,
  FiscalPage,
  Merchant,
  Pem,
  PemJournal,
  Report,
  ReportRequest,
} from '../../../../../shared/contract';
import { AppError } from '../../../../../shared/contract/errors';
import { createFakeCore } from '../../../test/fake-core';
import { fail, ok } from '../../../test/fake-acube';

export const MERCHANT_UUID = '11111111-1111-4111-8111-111111111111';
export const SERIAL = 'E001-000001';

const address = { streetAddress: 'Via Roma', streetNumber: '1', zipCode: '20121', city: 'Milano', province: 'MI' };

export const merchant: Merchant = {
  uuid: MERCHANT_UUID,
  vatNumber: '12345678903',
  fiscalCode: null,
  email: 'rossi@example.test',
  businessName: 'Bottega Rossi S.r.l.',
  firstName: null,
  lastName: null,
  displayName: 'Bottega Rossi S.r.l.',
  address,
};

const pem = (serialNumber: string, status: Pem['status']): Pem => ({
  serialNumber,
  merchantUuid: MERCHANT_UUID,
  type: 'AP',
  status,
  address,
  cashRegisterName: `Cassa ${serialNumber.slice(-1)}`,
  configuration: { receiptHeader: null, displayCashRegisterName: true },
  activatedAt: '2026-01-01T08:00:00Z',
  discardedAt: null,
});

export const certificate: CertificateInfo = {
  profileId: 'local-emulator',
  kind: 'p12',
  subject: `CN=${SERIAL}, O=Bottega Rossi S.r.l.`,
  issuer: 'CN=Ledgerdesk Emulator CA',
  serialNumber: '0a1b2c',
  validFrom: '2026-01-01T00:00:00Z',
  validTo: '2027-01-01T00:00:00Z',
  daysLeft: 20,
  expiresSoon: true,
  expired: false,
  fingerprint256: 'ab'.repeat(32),
  pemSerialNumber: SERIAL,
  trustedByProfileCa: true,
  importedAt: '2026-10-08T08:00:00Z',
};

const page = <T>(items: T[]): FiscalPage<T> => ({ items, total: items.length, page: 1, size: 30, pages: 1 });

const failWith = (error: AppError) => ({ ok: false as const, error: error.toJSON() });

export function createFakeFiscalCore(options: { certificate?: CertificateInfo | null; journalOpen?: boolean } = {}) {
  const core = createFakeCore({ signedIn: true });
  const state = {
    certificate: options.certificate === undefined ? certificate : options.certificate,
    pems: [pem(SERIAL, 'online'), pem('E001-000002', 'offline')],
    journal: {
      serialNumber: SERIAL,
      state: options.journalOpen === false ? 'closed' : 'open',
      number: options.journalOpen === false ? null : '0004',
      openedAt: '2026-10-08T07:30:00Z',
      receiptsCount: options.journalOpen === false ? 0 : 3,
      lastJournalNumber: '0004',
      operationalStatus: 'OPEN',
      pemStatus: 'online',
      lastTransmissionAt: null,
      registrationKey: null as string | null,
    } satisfies PemJournal as PemJournal,
    requests: [] as ReportRequest[],
    reports: [] as Report[],
    atecoCodes: [{ code: '471110', description: 'Minimarket' as string | null }],
  };
  const h = core.handlers;
  h['certificates.get'] = () => ok(state.certificate);
  h['certificates.remove'] = () => {
    state.certificate = null;
    return ok({ removed: true });
  };
  h['certificates.import'] = (input) => {
    const value = input as { kind: string; passphrase?: string };
    if (value.kind === 'p12' && value.passphrase !== 'right') {
      return failWith(new AppError('certificate', 'The passphrase is not right for this PKCS#12 file.', { details: { reason: 'wrong_passphrase' } }));
    }
    state.certificate = certificate;
    return ok(certificate);
  };
  h['cashRegister.me'] = () =>
    state.certificate
      ? ok<CashRegister>({
          uuid: null,
          pemSerialNumber: SERIAL,
          cashRegisterName: 'Cassa 1',
          pemStatus: 'online',
          merchantUuid: MERCHANT_UUID,
          atecoCodes: state.atecoCodes,
          certificate: { serialNumber: '0a1b2c', fingerprint256: 'ab'.repeat(32) },
        })
      : fail('certificate', 'No certificate.');
  h['merchants.list'] = () => ok([merchant]);
  h['merchants.get'] = () => ok(merchant);
  h['merchants.atecoCodes'] = () => ok({ merchantUuid: MERCHANT_UUID, codes: state.atecoCodes });
  h['merchants.setAtecoCodes'] = (input) => {
    const codes = (input as { codes: string[] }).codes;
    const bad = codes.findIndex((code) => code === 'ZZZZZZ');
    if (bad >= 0) {
      return failWith(new AppError('validation', 'The service refused an ATECO code.', { details: { fields: { [`codes.${bad}`]: 'ZZZZZZ is not an ATECO code the service knows.' } } }));
    }
    state.atecoCodes = codes.map((code) => ({ code, description: null }));
    return ok({ merchantUuid: MERCHANT_UUID, codes: state.atecoCodes });
  };
  h['pems.list'] = () => ok(state.pems);
  h['pems.get'] = (input) => {
    const found = state.pems.find((p) => p.serialNumber === (input as { serialNumber: string }).serialNumber);
    return found ? ok(found) : fail('not_found', 'No such PEM.');
  };
  h['pems.discard'] = (input) => {
    const { serialNumber, confirmation } = input as { serialNumber: string; confirmation: string };
    if (confirmation !== serialNumber) return fail('validation', 'Type the serial number.');
    state.pems = state.pems.map((p) => (p.serialNumber === serialNumber ? { ...p, status: 'discarded' } : p));
    return ok(state.pems.find((p) => p.serialNumber === serialNumber));
  };
  h['pems.journal'] = () => ok(state.journal);
  h['pems.closeJournal'] = () => {
    const request: ReportRequest = {
      uuid: '22222222-2222-4222-8222-222222222222',
      type: 'journal_closure',
      status: 'queued',
      progress: { generated: 0, total: 3 },
      parameters: {},
      createdAt: '2026-10-08T18:00:00Z',
      updatedAt: '2026-10-08T18:00:00Z',
      failureReason: null,
      reportUuid: '33333333-3333-4333-8333-333333333333',
      pemSerialNumber: SERIAL,
    };
    state.requests = [request];
    state.journal = { ...state.journal, state: 'closed', number: null, receiptsCount: 0 };
    return ok({ serialNumber: SERIAL, journalNumber: '0004', openedAt: '2026-10-08T07:30:00Z', closedAt: '2026-10-08T18:00:00Z', request });
  };
  h['pems.downloadData'] = () =>
    state.journal.state === 'open'
      ? fail('conflict', 'The journal is open.')
      : ok({ fileName: 'E001-000001.zip', contentType: 'application/zip', base64: 'UEsFBgAAAAAAAAAAAAAAAAAAAAAAAA==', size: 22 });
  h['reports.list'] = () => ok(page(state.reports));
  h['reports.requests'] = () => ok(page(state.requests));
  h['receipts.list'] = () => ok(page([]));

  return { ...core, fiscal: state };
}
