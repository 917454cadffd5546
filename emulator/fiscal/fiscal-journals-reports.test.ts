import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unzipSync } from 'fflate';
import { REMOVED_VAT_RATES } from '../../shared/validation/vat';
import { noFaults } from '../faults';
import { startTestEmulator, type TestEmulator } from '../testing';
import { cashSale, type FiscalClient, fiscalClient, members } from './testing/fiscal-client';

const STEP_MS = 1_000;
let clock = Date.parse('2026-10-15T09:30:00Z');
let emulator: TestEmulator;
let client: FiscalClient;
let token: string;

beforeAll(async () => {
  // a clock the tests move: report generation advances one part per processing delay
  emulator = await startTestEmulator({ processingDelayMs: STEP_MS }, { now: () => new Date(clock) });
  client = fiscalClient(emulator);
  token = await emulator.login('full');
});

afterAll(async () => {
  await client?.close();
  await emulator?.close();
});

type RequestEntry = { uuid: string; type: string; status: string; progress: { generated: number; total: number }; report_uuid: string; failure_reason: string | null };
type Problem = { loc: (string | number)[]; msg: string; type: string };
const problems = (body: unknown) => (body as { detail: Problem[] }).detail;
const pem = '/v1/mf1/pems/E001-000001';

async function requestEntry(path: string, requestUuid: string): Promise<RequestEntry> {
  const list = await client.call('GET', `${path}/backoffice-reports/requests?size=100`, { token });
  const entry = members<RequestEntry>(list).find((candidate) => candidate.uuid === requestUuid);
  if (!entry) throw new Error(`request ${requestUuid} not listed`);
  return entry;
}

async function pdfText(bytes: Buffer): Promise<string> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const document = await getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, verbosity: 0 }).promise;
  const pages: string[] = [];
  for (let index = 1; index <= document.numPages; index++) {
    const content = await (await document.getPage(index)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await document.destroy();
  return pages.join('\n');
}

describe('PEM journals', () => {
  it('answers 409 to download-data while the journal is open, and the data once it is closed', async () => {
    const open = await client.call('GET', `${pem}/download-data`, { token });
    expect(open.status).toBe(409);
    expect(open.json).toMatchObject({ type: '/errors/409', title: 'Conflict', status: 409 });
    expect((open.json as { detail: string }).detail).toContain('open');

    const closed = await client.call('POST', `${pem}/close`, { token });
    expect(closed.status).toBe(202);
    expect(closed.json).toMatchObject({ status: 'CLOSED', report_request: { type: 'journal_closure', status: 'queued', progress: { generated: 0 } } });

    const data = await client.call('GET', `${pem}/download-data`, { token });
    expect(data.status).toBe(200);
    expect(data.headers.get('content-type')).toBe('application/zip');
    expect(data.headers.get('content-disposition')).toContain('E001-000001-data.zip');
    const files = unzipSync(new Uint8Array(data.bytes));
    expect(Object.keys(files)).toContain('pem.json');
    expect(Object.keys(files).filter((name) => name.startsWith('journals/')).length).toBeGreaterThanOrEqual(4);
  });

  it('answers 409 to close, journal-reading and diagnostics when no journal is open', async () => {
    for (const path of ['/close', '/backoffice-reports/journal-reading', '/backoffice-reports/diagnostics']) {
      const response = await client.call('POST', `${pem}${path}`, { token });
      expect(response.status, path).toBe(409);
      expect((response.json as { detail: string }).detail).toContain('no open journal');
    }
  });

  it('opens the next journal with the next receipt, numbering documents from 0001 again', async () => {
    const sale = await client.call('POST', '/v1/mf1/receipts', { agent: client.cashRegister('E001-000001'), token, body: cashSale('4.50', '10.00') });
    expect(sale.status).toBe(201);
    expect((sale.json as { document_number: string }).document_number).toMatch(/^0005-0001$/);
    const state = await client.call('GET', pem, { token });
    expect(state.json).toMatchObject({ operational_status: 'OPEN', journal: { number: '0005', documents_count: 1 } });
    expect((await client.call('GET', `${pem}/download-data`, { token })).status).toBe(409);
  });
});

describe('back-office reports', () => {
  it('moves a request queued → processed with growing progress, then serves a readable PDF', async () => {
    const queued = await client.call('POST', `${pem}/backoffice-reports/journal-reading`, { token });
    expect(queued.status).toBe(202);
    const request = queued.json as RequestEntry;
    expect(request).toMatchObject({ type: 'journal_reading', status: 'queued', progress: { generated: 0 } });
    expect(request.progress.total).toBeGreaterThanOrEqual(2);

    const pdfWhileQueued = await client.call('GET', `${pem}/backoffice-reports/${request.report_uuid}/pdf`, { token });
    expect(pdfWhileQueued.status).toBe(409);

    const seen: number[] = [];
    for (let step = 1; step <= request.progress.total; step++) {
      clock += STEP_MS;
      const entry = await requestEntry(pem, request.uuid);
      seen.push(entry.progress.generated);
      expect(entry.status).toBe(step < request.progress.total ? 'queued' : 'processed');
    }
    expect(seen).toEqual(Array.from({ length: request.progress.total }, (_, index) => index + 1));

    const reports = members<{ uuid: string; type: string; status: string; period: { from: string; to: string } }>(
      await client.call('GET', `${pem}/backoffice-reports`, { token }),
    );
    expect(reports.find((report) => report.uuid === request.report_uuid)).toMatchObject({ type: 'journal_reading', status: 'processed' });

    const pdf = await client.call('GET', `${pem}/backoffice-reports/${request.report_uuid}/pdf`, { token });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.bytes.subarray(0, 4).toString()).toBe('%PDF');
    const text = await pdfText(pdf.bytes);
    expect(text).toContain('Journal reading');
    expect(text).toContain('Bottega Rossi S.r.l.');
    expect(text).toContain('E001-000001');
    expect(text).toContain('Totals by VAT treatment');
    expect(text).toContain('10.00 %');
  });

  it('puts what telemetry used to say into the diagnostics report; telemetry itself is gone (404)', async () => {
    const telemetry = await client.call('GET', '/v1/mf1/pems/telemetry', { token });
    expect(telemetry.status).toBe(404);
    expect((telemetry.json as { detail: string }).detail).toContain('diagnostics');

    const queued = (await client.call('POST', `${pem}/backoffice-reports/diagnostics`, { token })).json as RequestEntry;
    clock += STEP_MS * queued.progress.total;
    expect((await requestEntry(pem, queued.uuid)).status).toBe('processed');
    const pdf = await client.call('GET', `${pem}/backoffice-reports/${queued.report_uuid}/pdf`, { token });
    const text = await pdfText(pdf.bytes);
    for (const expected of ['Diagnostics report', 'PEM status', 'Last transmission', 'Fiscal memory used']) expect(text).toContain(expected);
  });

  it('has seeded processed reports with content on every cash register PEM', async () => {
    for (const serial of ['E001-000001', 'E001-000002', 'E002-000001']) {
      const reports = members<{ uuid: string; type: string; status: string }>(await client.call('GET', `/v1/mf1/pems/${serial}/backoffice-reports?size=100`, { token }));
      const closure = reports.find((report) => report.type === 'journal_closure' && report.status === 'processed');
      expect(closure, serial).toBeDefined();
      const pdf = await client.call('GET', `/v1/mf1/pems/${serial}/backoffice-reports/${closure?.uuid}/pdf`, { token });
      expect(pdf.status).toBe(200);
      expect(await pdfText(pdf.bytes)).toContain('Commercial documents');
    }
  });

  it('answers 404 for an unknown report and for an unknown PEM', async () => {
    expect((await client.call('GET', `${pem}/backoffice-reports/00000000-0000-4000-8000-000000000000/pdf`, { token })).status).toBe(404);
    expect((await client.call('GET', '/v1/mf1/pems/X999-000000/backoffice-reports', { token })).status).toBe(404);
  });

  it.each([
    ['no filter', { type: 'summary' }],
    ['a wrong type', { type: 'full', date_from: '2026-10-01', date_to: '2026-10-02' }],
    ['no type', { date_from: '2026-10-01', date_to: '2026-10-02' }],
    ['a summary of one document', { type: 'summary', document_number: '0001-0001' }],
    ['two filter kinds', { type: 'details', document_number: '0001-0001', date_from: '2026-10-01', date_to: '2026-10-02' }],
    ['a number range and a date range', { type: 'summary', document_number_from: '0001-0001', document_number_to: '0001-0002', date_from: '2026-10-01', date_to: '2026-10-02' }],
    ['a range without its end', { type: 'summary', document_number_from: '0001-0001' }],
    ['a date range without its start', { type: 'details', date_to: '2026-10-02' }],
    ['a reversed range', { type: 'summary', date_from: '2026-10-05', date_to: '2026-10-02' }],
    ['a date not in the calendar', { type: 'summary', date_from: '2026-02-30', date_to: '2026-03-02' }],
    ['a date in another format', { type: 'summary', date_from: '01/10/2026', date_to: '2026-10-02' }],
    ['a malformed document number', { type: 'details', document_number: '1-1' }],
    ['an unknown field', { type: 'summary', date_from: '2026-10-01', date_to: '2026-10-02', format: 'pdf' }],
  ])('refuses a receipts report request with %s (422)', async (_label, body) => {
    const response = await client.call('POST', `${pem}/backoffice-reports/receipts`, { token, body });
    expect(response.status).toBe(422);
    expect(problems(response.json)[0]?.loc[0]).toBe('body');
  });

  it('accepts each valid receipts report filter', async () => {
    const receipts = members<{ document_number: string; document_datetime: string }>(await client.call('GET', `${pem}/receipts?order[document_number]=asc&size=100`, { token }));
    const first = receipts[0]?.document_number ?? '';
    const last = receipts.at(-1)?.document_number ?? '';
    const bodies = [
      { type: 'details', document_number: first },
      { type: 'details', document_number_from: first, document_number_to: last },
      { type: 'summary', document_number_from: first, document_number_to: last },
      { type: 'summary', date_from: receipts[0]?.document_datetime.slice(0, 10), date_to: receipts.at(-1)?.document_datetime.slice(0, 10) },
    ];
    for (const body of bodies) {
      const response = await client.call('POST', `${pem}/backoffice-reports/receipts`, { token, body });
      expect(response.status, JSON.stringify(body)).toBe(202);
      expect(response.json).toMatchObject({ type: `receipts_${body.type}`, status: 'queued' });
    }
    const unknown = await client.call('POST', `${pem}/backoffice-reports/receipts`, { token, body: { type: 'details', document_number: '9999-9999' } });
    expect(unknown.status).toBe(404);
  });
});

describe('emergency reports', () => {
  const report = (entry: Record<string, unknown>) => ({
    datetime: '2026-10-15T19:30:00+02:00',
    documents_count: 12,
    cash_payment_amount: '120.00',
    entries: [{ vat_rate_code: '22.00', partial_amount: '120.00', vat_amount: '21.64', ateco_code: '471120', ...entry }],
  });

  it('accepts an emergency report whose entries carry a 6-character ATECO code', async () => {
    const response = await client.call('POST', `${pem}/emergency-reports`, { token, body: report({}) });
    expect(response.status).toBe(201);
    expect(response.json).toMatchObject({ pem_serial_number: 'E001-000001' });
    expect(typeof (response.json as { id: unknown }).id).toBe('number');
    expect(members(await client.call('GET', `${pem}/emergency-reports`, { token })).length).toBe(1);
  });

  it.each(['47111', '4711100', 'ab1234', '47.11.10', '', null])('refuses the ATECO code %j (422)', async (ateco_code) => {
    const response = await client.call('POST', `${pem}/emergency-reports`, { token, body: report({ ateco_code }) });
    expect(response.status).toBe(422);
    expect(problems(response.json)[0]?.loc).toEqual(['body', 'entries', 0, 'ateco_code']);
  });

  it.each(REMOVED_VAT_RATES)('refuses the removed VAT rate %s in an entry (422)', async (rate) => {
    const response = await client.call('POST', `${pem}/emergency-reports`, { token, body: report({ vat_rate_code: rate }) });
    expect(response.status).toBe(422);
    expect(problems(response.json)[0]?.loc).toEqual(['body', 'entries', 0, 'vat_rate_code']);
  });
});

describe('injected report failures', () => {
  let failing: TestEmulator;
  let failingClient: FiscalClient;

  beforeAll(async () => {
    failing = await startTestEmulator({ processingDelayMs: STEP_MS, faults: { ...noFaults, reportFail: 1 } }, { now: () => new Date(clock) });
    failingClient = fiscalClient(failing);
  });

  afterAll(async () => {
    await failingClient?.close();
    await failing?.close();
  });

  it('ends a request failed, with a reason, when --faults reportFail=1; its PDF is refused (409)', async () => {
    const failingToken = await failing.login('full');
    const queued = await failingClient.call('POST', `${pem}/backoffice-reports/diagnostics`, { token: failingToken });
    expect(queued.status).toBe(202);
    const request = queued.json as RequestEntry;
    expect(request.status).toBe('queued');
    clock += STEP_MS * request.progress.total;
    const list = await failingClient.call('GET', `${pem}/backoffice-reports/requests?status=failed`, { token: failingToken });
    const entry = members<RequestEntry>(list).find((candidate) => candidate.uuid === request.uuid);
    expect(entry).toMatchObject({ status: 'failed' });
    expect(entry?.failure_reason).toContain('did not send its data in time');
    expect(entry?.progress.generated).toBeLessThan(request.progress.total);
    const pdf = await failingClient.call('GET', `${pem}/backoffice-reports/${request.report_uuid}/pdf`, { token: failingToken });
    expect(pdf.status).toBe(409);
    expect((pdf.json as { detail: string }).detail).toContain('failed');
  });
});
