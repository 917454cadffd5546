/**
 * The fiscal channels against the real emulator over loopback: the certificate over mTLS, the
 * journal's life (receipt → download refused → close → closure report → PDF), reports, receipts,
 * and the refusals a shop manager must understand.
 */
import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEmulator, type TestEmulator } from '../../../emulator/testing';
import { AppError, type ReportRequest } from '../../../shared/contract';
import { createMtlsAgent } from '../http/agents';
import { createFiscalApi } from './api/client';
import { startFiscalTestApp, type FiscalTestApp } from './testing/fiscal-app';
import { bytesRef, issueLeaf, makeCa, toPkcs12 } from '../certificates/testing/test-certificates';

let emulator: TestEmulator;
let t: FiscalTestApp;
const SERIAL = 'E001-000001';

const certificateOf = (serial: string) => {
  const found = emulator.context.pki.clientCertificates.find((c) => c.pemSerialNumber === serial);
  if (!found) throw new Error(`No emulator certificate for ${serial}`);
  return found;
};

/** The file is granted the way Electron's preload grants a picked file, then imported by its handle. */
const importCertificate = async (serial = SERIAL) => {
  const certificate = certificateOf(serial);
  const [granted] = await t.app.grantFiles([certificate.p12Path], 'test');
  if (!granted) throw new Error(`${certificate.p12Path} was not granted`);
  return t.call('certificates.import', { kind: 'p12', file: { kind: 'handle', handle: granted.handle }, passphrase: certificate.passphrase });
};

const sale = (overrides: Record<string, unknown> = {}) => ({
  items: [
    { description: 'Pane casereccio 1 kg', quantity: '2.00', unitPrice: '3.20', vatCode: '4.00', atecoCode: '472400' },
    { description: 'Acqua minerale', quantity: '1.00', unitPrice: '2.40', vatCode: '22.00' },
  ],
  payments: [
    { type: 'cash', amount: '5.00' },
    { type: 'uncollected_goods', amount: '3.80' },
  ],
  ...overrides,
});

/** Resolves when the poller reports `request` finished. */
const finishedEvent = (request: ReportRequest, since: number) =>
  t.events.next('reports.changed', (payload) => payload.finished.some((done) => done.uuid === request.uuid), since).then((payload) => {
    const done = payload.finished.find((candidate) => candidate.uuid === request.uuid);
    if (!done) throw new Error('unreachable');
    return done;
  });

beforeAll(async () => {
  emulator = await startTestEmulator({ processingDelayMs: 1000 });
  t = await startFiscalTestApp(emulator);
});

afterAll(async () => {
  await t?.close();
  await emulator?.close();
});

describe('the cash register certificate over mTLS', () => {
  it('asks to import the certificate before anything goes over mTLS', async () => {
    expect(await t.call('certificates.get', {})).toBeNull();
    // The profile switch of the setup told the renderer which certificate the profile has: none.
    expect(t.events.of('certificates.changed')).toContainEqual({ profileId: 'emulator-under-test', certificate: null });
    const error = await t.failure('cashRegister.me', {});
    expect(error).toMatchObject({ code: 'certificate', message: expect.stringContaining("Import the cash register's certificate in Settings → Certificates") });
  });

  it("identifies the cash register by the imported certificate (the emulator's CA is the profile's)", async () => {
    const info = await importCertificate();
    expect(info).toMatchObject({ pemSerialNumber: SERIAL, trustedByProfileCa: true, profileId: 'emulator-under-test' });
    expect(await t.call('certificates.get', {})).toEqual(info);
    const me = await t.call('cashRegister.me', {});
    expect(me).toMatchObject({ pemSerialNumber: SERIAL, pemStatus: 'online', certificate: { fingerprint256: info.fingerprint256 } });
    expect(me.cashRegisterName).toBeTruthy();
    expect(me.atecoCodes.map((entry) => entry.code)).toContain('471120');
  });

  it("says the service refuses a certificate of another CA (imported anyway), and the session survives", async () => {
    const otherCa = makeCa('Not the service CA');
    const stranger = issueLeaf(otherCa, { commonName: SERIAL });
    const file = bytesRef(toPkcs12(stranger, otherCa, 'pw'), 'stranger.p12');
    expect(await t.failure('certificates.import', { kind: 'p12', file, passphrase: 'pw' })).toMatchObject({ code: 'certificate' });
    await t.call('certificates.import', { kind: 'p12', file, passphrase: 'pw', allowOtherIssuer: true });
    const error = await t.failure('cashRegister.me', {});
    expect(error).toMatchObject({ code: 'certificate', message: expect.stringMatching(/not issued by the service's certificate authority.*Settings → Certificates/) });
    expect(await t.call('session.status', {})).toMatchObject({ state: 'signedIn' });
    await importCertificate();
    expect((await t.call('cashRegister.me', {})).pemSerialNumber).toBe(SERIAL);
  });

  it('refuses to issue for another PEM than the certificate’s', async () => {
    const error = await t.failure('receipts.issue', { ...sale(), serialNumber: 'E002-000001' });
    expect(error).toMatchObject({ code: 'certificate', message: expect.stringContaining(`belongs to the cash register of PEM ${SERIAL}`) });
  });
});

describe('the journal of a PEM', () => {
  it('issues a receipt, refuses the data download while open, closes, and the closure report becomes a PDF', async () => {
    const receipt = await t.call('receipts.issue', { ...sale(), serialNumber: SERIAL });
    expect(receipt).toMatchObject({ type: 'sale', pemSerialNumber: SERIAL, totalAmount: '8.80', isVoidable: true });
    expect(receipt.documentNumber).toMatch(/^\d{4}-\d{4}$/);

    const journal = await t.call('pems.journal', { serialNumber: SERIAL });
    expect(journal).toMatchObject({ state: 'open', serialNumber: SERIAL });
    expect(journal.receiptsCount).toBeGreaterThan(0);

    const refused = await t.failure('pems.downloadData', { serialNumber: SERIAL });
    expect(refused).toMatchObject({ code: 'conflict', status: 409, message: 'The journal is still open: close it first, then download the data.' });

    const since = t.events.mark();
    const closure = await t.call('pems.closeJournal', { serialNumber: SERIAL });
    expect(closure).toMatchObject({ serialNumber: SERIAL, journalNumber: journal.number, request: { type: 'journal_closure', status: 'queued' } });
    const done = await finishedEvent(closure.request, since);
    expect(done).toMatchObject({ status: 'processed', progress: { generated: done.progress.total } });
    expect(t.ports.notifier.sent).toContainEqual({ title: 'Report ready', body: `Journal closure report of PEM ${SERIAL} is ready.` });

    const reportUuid = done.reportUuid ?? '';
    const pdf = await t.call('reports.pdf', { serialNumber: SERIAL, reportUuid });
    expect(Buffer.from(pdf.base64, 'base64').subarray(0, 4).toString()).toBe('%PDF');
    expect(pdf).toMatchObject({ contentType: 'application/pdf' });
    const reports = await t.call('reports.list', { serialNumber: SERIAL });
    expect(reports.items.find((report) => report.uuid === reportUuid)).toMatchObject({ type: 'journal_closure', status: 'processed', hasPdf: true });

    expect(await t.call('pems.journal', { serialNumber: SERIAL })).toMatchObject({ state: 'closed', number: null, receiptsCount: 0 });
    const data = await t.call('pems.downloadData', { serialNumber: SERIAL });
    expect(Buffer.from(data.base64, 'base64').subarray(0, 2).toString()).toBe('PK');
    expect(data.fileName).toMatch(/\.zip$/);
  });

  it('says what to do when no journal is open', async () => {
    expect(await t.failure('reports.requestJournalReading', { serialNumber: SERIAL })).toMatchObject({
      code: 'conflict',
      message: 'No journal is open: issue a receipt first, then request the journal reading.',
    });
    expect(await t.failure('reports.requestDiagnostics', { serialNumber: SERIAL })).toMatchObject({ code: 'conflict', message: expect.stringMatching(/^No journal is open/) });
    expect(await t.failure('pems.closeJournal', { serialNumber: SERIAL })).toMatchObject({ code: 'conflict', message: expect.stringMatching(/^No journal is open: there is nothing to close/) });
  });
});

describe('reports on receipts', () => {
  it('produces a summary over a date range, followed by the poller', async () => {
    const receipt = await t.call('receipts.issue', sale());
    const today = receipt.documentDatetime.slice(0, 10);
    const since = t.events.mark();
    const request = await t.call('reports.requestReceipts', { serialNumber: SERIAL, type: 'summary', filter: { kind: 'dateRange', from: today, to: today } });
    expect(request).toMatchObject({ type: 'receipts_summary', status: 'queued', parameters: { date_from: today, date_to: today } });
    const done = await finishedEvent(request, since);
    expect(done.status).toBe('processed');
    const pdf = await t.call('reports.pdf', { serialNumber: SERIAL, reportUuid: done.reportUuid ?? '' });
    expect(Buffer.from(pdf.base64, 'base64').subarray(0, 4).toString()).toBe('%PDF');
    const requests = await t.call('reports.requests', { serialNumber: SERIAL, status: 'processed' });
    expect(requests.items.map((r) => r.uuid)).toContain(request.uuid);
  });

  it('refuses a summary of a single document in main, with the reason', async () => {
    const error = await t.failure('reports.requestReceipts', { serialNumber: SERIAL, type: 'summary', filter: { kind: 'number', documentNumber: '0001-0001' } });
    expect(error).toMatchObject({ code: 'bad_request', message: expect.stringContaining('not a single document') });
  });

  it('says when the single document of a details report does not exist', async () => {
    const error = await t.failure('reports.requestReceipts', { serialNumber: SERIAL, type: 'details', filter: { kind: 'number', documentNumber: '9999-9999' } });
    expect(error).toMatchObject({ code: 'not_found' });
  });
});

describe('receipts', () => {
  it('lists, reads, prints, returns and voids', async () => {
    const first = await t.call('receipts.issue', sale());
    const page = await t.call('receipts.list', { serialNumber: SERIAL, size: 5 });
    expect(page.items[0]).toMatchObject({ uuid: first.uuid });
    const details = await t.call('receipts.get', { uuid: first.uuid });
    expect(details).toMatchObject({ documentAmount: '8.80', payments: [{ type: 'cash', amount: '5.00' }, { type: 'uncollected_goods', amount: '3.80' }] });
    expect(details.items[0]).toMatchObject({ vatCode: '4.00', atecoCode: '472400', unitPrice: '3.20' });
    const pdf = await t.call('receipts.pdf', { uuid: first.uuid });
    expect(Buffer.from(pdf.base64, 'base64').subarray(0, 4).toString()).toBe('%PDF');

    const returnable = await t.call('receipts.returnableItems', { uuid: first.uuid });
    const bread = returnable.find((item) => item.description.startsWith('Pane'));
    const returned = await t.call('receipts.return', { documentNumber: first.documentNumber, items: [{ id: bread?.id ?? 0, quantity: '1.00' }] });
    expect(returned).toMatchObject({ type: 'return', parentReceiptUuid: first.uuid, totalAmount: null });
    expect(await t.failure('receipts.void', { documentNumber: first.documentNumber })).toMatchObject({
      code: 'conflict',
      message: 'This receipt has returns: it can no longer be voided.',
    });

    const second = await t.call('receipts.issue', sale());
    expect(await t.call('receipts.void', { documentNumber: second.documentNumber })).toEqual({ voided: true, documentNumber: second.documentNumber });
    expect(await t.failure('receipts.void', { documentNumber: second.documentNumber })).toMatchObject({ code: 'conflict', message: 'This receipt has already been voided.' });
    expect(t.events.of('receipts.changed')).toContainEqual({ serialNumber: SERIAL });

    // The service lists returns and voids without a total: the list fills it in from their details.
    const listed = (await t.call('receipts.list', { serialNumber: SERIAL, size: 10 })).items;
    const returnRow = listed.find((receipt) => receipt.uuid === returned.uuid);
    expect(returnRow?.totalAmount).toBe((await t.call('receipts.get', { uuid: returned.uuid })).documentAmount);
    expect(returnRow?.totalAmount).toMatch(/^\d+\.\d{2}$/);
    const voidRow = listed.find((receipt) => receipt.type === 'void' && receipt.parentReceiptUuid === second.uuid);
    expect(voidRow?.totalAmount).toBe('8.80');
  });

  it('refuses removed VAT rates and the old payment type "credit" in main, with the shared validators’ words', async () => {
    const vat = await t.failure('receipts.issue', sale({ items: [{ description: 'Vino', quantity: '1.00', unitPrice: '8.80', vatCode: '7.00' }] }));
    expect(vat).toMatchObject({ code: 'bad_request', message: expect.stringContaining('7.00 is no longer accepted') });
    const credit = await t.failure('receipts.issue', sale({ payments: [{ type: 'credit', amount: '8.80' }] }));
    expect(credit).toMatchObject({ code: 'bad_request', message: expect.stringContaining('uncollected_goods') });
  });

  it('surfaces the service’s 422 as a validation error with messages per field of the form', async () => {
    const mismatch = await t.failure('receipts.issue', sale({ payments: [{ type: 'cash', amount: '1.00' }] }));
    expect(mismatch).toMatchObject({ code: 'validation', status: 422 });
    expect(Object.keys((mismatch.details as { fields: Record<string, string> }).fields)).toContain('payments');

    // Straight to the service, past main's schema: what an older client would send.
    const certificate = certificateOf(SERIAL);
    const agent = createMtlsAgent(
      { pfx: await fs.readFile(certificate.p12Path), passphrase: certificate.passphrase },
      { extraCaPems: [await fs.readFile(emulator.context.pki.caCertPath, 'utf8')] },
    );
    const api = createFiscalApi({
      http: t.app.services.http,
      fiscalUrl: () => emulator.urls.fiscalUrl,
      fiscalMtlsUrl: () => emulator.urls.fiscalMtlsUrl,
      token: () => t.app.services.session.getToken(),
      mtls: () => Promise.resolve({ dispatcher: agent }),
      onUnauthorized: () => undefined,
    });
    try {
      const error = await api
        .issueSale({
          items: [{ description: 'Vino', quantity: '1.00', unit_price: '8.80', vat_rate_code: '7.00' }],
          payments: [{ payment_type: 'credit', amount: '8.80' }],
        })
        .then(() => null, (caught: unknown) => caught);
      expect(error).toBeInstanceOf(AppError);
      const { code, details, message } = error as AppError;
      const fields = (details as { fields: Record<string, string> }).fields;
      expect(code).toBe('validation');
      expect(fields['items.0.vatCode']).toMatch(/7\.00 is no longer accepted/);
      expect(fields['payments.0.type']).toMatch(/uncollected_goods/);
      expect(message).toMatch(/^The service refused the receipt: /);
      expect(message).not.toContain('Value error');

      const ateco = await api.setAtecoCodes((await t.call('merchants.list', {}))[0]?.uuid ?? '', ['471120', '47.11']).then(() => null, (caught: unknown) => caught);
      expect(ateco).toMatchObject({ code: 'validation', details: { fields: { 'codes.1': expect.stringContaining('exactly 6') } } });
    } finally {
      await agent.close();
    }
  });
});

describe('merchants and PEMs', () => {
  it('lists merchants, their PEMs and ATECO codes, and replaces the codes', async () => {
    const merchants = await t.call('merchants.list', {});
    expect(merchants.map((m) => m.displayName)).toEqual(expect.arrayContaining(['Bottega Rossi S.r.l.', 'Luca Bianchi']));
    const rossi = merchants.find((m) => m.displayName === 'Bottega Rossi S.r.l.');
    if (!rossi) throw new Error('no Bottega Rossi');
    expect(await t.call('merchants.get', { uuid: rossi.uuid })).toEqual(rossi);
    const pems = await t.call('pems.list', { merchantUuid: rossi.uuid });
    expect(pems.map((p) => [p.serialNumber, p.status])).toEqual(expect.arrayContaining([[SERIAL, 'online'], ['E001-000003', 'discarded']]));

    const codes = await t.call('merchants.setAtecoCodes', { uuid: rossi.uuid, codes: ['471120', '472400', '561011'] });
    expect(codes.codes.map((c) => c.code)).toEqual(['471120', '472400', '561011']);
    expect(await t.call('merchants.atecoCodes', { uuid: rossi.uuid })).toEqual(codes);
    expect(t.events.of('merchants.changed')).toContainEqual({ uuid: rossi.uuid });
  });

  it('refuses invalid ATECO codes in main with the shared validator’s message', async () => {
    const [merchant] = await t.call('merchants.list', {});
    const error = await t.failure('merchants.setAtecoCodes', { uuid: merchant?.uuid, codes: ['471120', '47.11.10', '471120'] });
    expect(error.code).toBe('bad_request');
    expect(error.message).toContain('without dots or spaces: "471110"');
    expect(error.message).toContain('listed twice');
  });

  it('discards a PEM only when its serial number is typed again, checked in main', async () => {
    const serial = 'E002-000002';
    const wrong = await t.failure('pems.discard', { serialNumber: serial, confirmation: 'E002-00000' });
    expect(wrong).toMatchObject({ code: 'validation', details: { fields: { confirmation: expect.stringContaining(`"${serial}"`) } } });
    expect((await t.call('pems.get', { serialNumber: serial })).status).toBe('activated');
    const discarded = await t.call('pems.discard', { serialNumber: serial, confirmation: serial });
    expect(discarded).toMatchObject({ serialNumber: serial, status: 'discarded' });
    expect(discarded.discardedAt).toBeTruthy();
    expect(await t.failure('reports.requestDiagnostics', { serialNumber: serial })).toMatchObject({ code: 'conflict', message: expect.stringMatching(/^This PEM is discarded/) });
  });

  it('records an emergency report with its ATECO code', async () => {
    const report = await t.call('emergencyReports.create', {
      serialNumber: SERIAL,
      datetime: '2026-10-08T19:30:00+02:00',
      documentsCount: 3,
      cashPaymentAmount: '30.00',
      entries: [{ vatCode: '10.00', partialAmount: '30.00', vatAmount: '2.73', atecoCode: '471120' }],
    });
    expect(report).toMatchObject({ pemSerialNumber: SERIAL, documentsCount: 3, entries: [{ vatCode: '10.00', partialAmount: '30.00', atecoCode: '471120' }] });
    const list = await t.call('emergencyReports.list', { serialNumber: SERIAL });
    expect(list.items[0]?.id).toBe(report.id);
    const bad = await t.failure('emergencyReports.create', { serialNumber: SERIAL, datetime: '2026-10-08T19:30:00+02:00', entries: [{ vatCode: '10.00', partialAmount: '30.00', atecoCode: '47111' }] });
    expect(bad).toMatchObject({ code: 'bad_request', message: expect.stringContaining('5 digits') });
  });
});
