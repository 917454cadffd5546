/**
 * The emulator driven through the provider's reference OpenAPI, with the spec's changes applied
 * (testing/reference-openapi.ts): every operation is served, and every operation answers its
 * success and its main errors with bodies that match the reference's schemas.
 */
import { fetch } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEmulator, type TestEmulator } from '../testing';
import { cashSale, type FiscalClient, type CallOptions, fiscalClient } from './testing/fiscal-client';
import { loadReference, type ReferenceOperation, referenceValidator } from './testing/reference-openapi';

const { document, operations } = loadReference();
const validator = referenceValidator(document);

let emulator: TestEmulator;
let client: FiscalClient;
let token: string;
let readOnlyToken: string;
let merchantUuids: string[] = [];
const covered = new Map<string, Set<number>>();

beforeAll(async () => {
  emulator = await startTestEmulator();
  client = fiscalClient(emulator);
  [token, readOnlyToken] = await Promise.all([emulator.login('full'), emulator.login('read-only')]);
  const merchants = await client.call('GET', '/v1/mf2/merchants', { token, accept: 'application/json' });
  merchantUuids = (merchants.json as { uuid: string }[]).map((merchant) => merchant.uuid);
});

afterAll(async () => {
  await client?.close();
  await emulator?.close();
});

function operation(method: string, path: string): ReferenceOperation {
  const found = operations.find((candidate) => candidate.method === method && candidate.path === path);
  if (!found) throw new Error(`The reference has no ${method} ${path}`);
  return found;
}

/** Calls a reference operation and checks the answer against its schema; returns the answer. */
async function call(method: string, path: string, params: Record<string, string>, options: CallOptions & { query?: string } = {}) {
  const op = operation(method, path);
  const concrete = path.replace(/\{(\w+)\}/g, (_whole, name: string) => encodeURIComponent(params[name] ?? `missing-${name}`));
  const response = await client.call(method, `${concrete}${options.query ?? ''}`, { token, ...options });
  expect(validator.check(op, response.status, response.headers.get('content-type'), response.json), `${method} ${concrete} → ${response.status} ${response.text.slice(0, 400)}`).toEqual([]);
  const statuses = covered.get(`${method} ${path}`) ?? new Set<number>();
  statuses.add(response.status);
  covered.set(`${method} ${path}`, statuses);
  return response;
}

const UNKNOWN_UUID = '00000000-0000-4000-8000-000000000000';

describe('the reference, as the emulator serves it', () => {
  it('has the 36 operations of the reference, renamed by the spec', () => {
    expect(operations).toHaveLength(36);
    expect(operations.some((op) => op.path.includes('point-of-sales'))).toBe(false);
    expect(operations.every((op) => op.path.startsWith('/v1/mf1/') || op.path.startsWith('/v1/mf2/'))).toBe(true);
  });

  it('serves every path and method of the reference (no 404, no 405 with real ids)', async () => {
    // real ids for every path parameter, so that a 404 can only mean "not served"
    const agent = client.cashRegister('E001-000001');
    const sale = await client.call('POST', '/v1/mf1/receipts', { agent, token, body: cashSale() });
    const cashier = await client.call('POST', '/v1/mf1/cashiers', { token, body: { email: 'probe@cashier.example', password: 'probe-pass-1', name: 'Probe', display_name: null, merchant_uuid: merchantUuids[0] } });
    const report = await client.call('POST', '/v1/mf2/pems/E001-000001/upload-emergency-report', { token, body: { datetime: '2026-10-08T19:30:00+02:00', entries: [{ vat_rate_code: '22.00', partial_amount: '1.00', ateco_code: '471120' }] } });
    const registers = (await client.call('GET', '/v1/mf1/cash-registers', { token })).json as { members: { uuid: string }[] };
    const ids: Record<string, string> = {
      serial_number: 'E001-000001',
      receipt_uuid: (sale.json as { uuid: string }).uuid,
      cashier_id: (cashier.json as { uuid: string }).uuid,
      id: '',
      uuid: merchantUuids[0] ?? '',
      merchant_uuid: merchantUuids[0] ?? '',
    };
    const registerId = registers.members[0]?.uuid ?? '';
    const reportId = String((report.json as { id: number }).id);
    const unserved: string[] = [];
    for (const op of operations) {
      const concrete = op.path.replace(/\{(\w+)\}/g, (_whole, name: string) => (name === 'id' ? (op.path.includes('emergency') ? reportId : registerId) : (ids[name] ?? '')));
      const body = op.method === 'GET' || op.path.endsWith('/cashiers/{cashier_id}') ? undefined : {};
      const response = await fetch(`${emulator.urls.fiscalUrl}${concrete}`, {
        method: op.method,
        headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      await response.arrayBuffer();
      if (response.status === 404 || response.status === 405) unserved.push(`${op.method} ${concrete} → ${response.status}`);
    }
    expect(unserved).toEqual([]);
  });

  it('checks bodies for real: a wrong body, status or media type is reported', () => {
    const pem = operation('GET', '/v1/mf1/pems/{serial_number}');
    expect(validator.check(pem, 200, 'application/json', { serial_number: 'E001-000001', status: 'SLEEPING' })).not.toEqual([]);
    expect(validator.check(pem, 200, 'application/json', { serial_number: 'E001-000001', status: 'ONLINE', address: { street_address: 'x', street_number: '1', zip_code: '20121', city: 'Milano', province: 'MI' }, operational_status: 'OPEN', registration_key: null })).toEqual([]);
    expect(validator.check(pem, 418, 'application/json', {})).not.toEqual([]);
    expect(validator.check(pem, 200, 'text/html', '<p>')).not.toEqual([]);
    const receipt = operation('POST', '/v1/mf1/receipts');
    expect(validator.check(receipt, 422, 'application/json', { detail: [{ loc: ['body'], msg: 'x' }] })).not.toEqual([]);
    const mf2Error = operation('GET', '/v1/mf2/merchants/{uuid}');
    expect(validator.check(mf2Error, 404, 'application/problem+json', { status: 404.5, detail: 'x' })).not.toEqual([]);
  });

  it('keeps the removed telemetry endpoint removed', async () => {
    expect((await client.call('GET', '/v1/mf1/pems/telemetry', { token })).status).toBe(404);
  });
});

describe('MF1 operations: success and main errors match the reference schemas', () => {
  it('PEMs: list, get, receipts of a PEM', async () => {
    expect((await call('GET', '/v1/mf1/pems', {})).status).toBe(200);
    expect((await call('GET', '/v1/mf1/pems', {}, { query: '?status=SLEEPING' })).status).toBe(422);
    expect((await call('GET', '/v1/mf1/pems', {}, { token: null })).status).toBe(401);
    expect((await call('GET', '/v1/mf1/pems/{serial_number}', { serial_number: 'E001-000001' })).status).toBe(200);
    expect((await call('GET', '/v1/mf1/pems/{serial_number}', { serial_number: 'E001-000003' })).json).toMatchObject({ status: 'DISCARDED' });
    expect((await call('GET', '/v1/mf1/pems/{serial_number}', { serial_number: 'E999-000001' })).status).toBe(404);
    expect((await call('GET', '/v1/mf1/pems/{serial_number}/receipts', { serial_number: 'E001-000001' })).status).toBe(200);
    expect((await call('GET', '/v1/mf1/pems/{serial_number}/receipts', { serial_number: 'E001-000001' }, { query: '?size=0' })).status).toBe(422);
  });

  it('receipts: sale, details, returnable items, returns and voids (mTLS)', async () => {
    const agent = client.cashRegister('E001-000001');
    const sale = await call('POST', '/v1/mf1/receipts', {}, { agent, body: { items: [{ quantity: '2.00', description: 'Caffè', unit_price: '1.20', vat_rate_code: '10.00' }], payments: [{ payment_type: 'cash', amount: '2.40' }] } });
    expect(sale.status).toBe(201);
    const { uuid, document_number: documentNumber } = sale.json as { uuid: string; document_number: string };
    expect((await call('POST', '/v1/mf1/receipts', {}, { agent, body: cashSale('1.00', '7.00') })).status).toBe(422);
    expect((await call('POST', '/v1/mf1/receipts', {}, { body: cashSale() })).status).toBe(401);
    expect((await call('POST', '/v1/mf1/receipts', {}, { agent, token: readOnlyToken, body: cashSale() })).status).toBe(403);

    expect((await call('GET', '/v1/mf1/receipts/{receipt_uuid}', { receipt_uuid: uuid })).status).toBe(200);
    expect((await call('GET', '/v1/mf1/receipts/{receipt_uuid}', { receipt_uuid: 'nope' })).status).toBe(422);
    expect((await call('GET', '/v1/mf1/receipts/{receipt_uuid}', { receipt_uuid: UNKNOWN_UUID })).status).toBe(404);
    expect((await call('GET', '/v1/mf1/receipts/{receipt_uuid}/details', { receipt_uuid: uuid })).status).toBe(200);
    expect((await call('GET', '/v1/mf1/receipts/{receipt_uuid}/details', { receipt_uuid: UNKNOWN_UUID })).status).toBe(404);
    const returnable = await call('GET', '/v1/mf1/receipts/{receipt_uuid}/returnable-items', { receipt_uuid: uuid });
    expect(returnable.status).toBe(200);
    const itemId = (returnable.json as { id: number }[])[0]?.id ?? 0;
    expect((await call('GET', '/v1/mf1/receipts/{receipt_uuid}/returnable-items', { receipt_uuid: UNKNOWN_UUID })).status).toBe(404);

    expect((await call('POST', '/v1/mf1/receipts/return', {}, { agent, body: { document_number: documentNumber, items: [{ id: itemId, quantity: '1.00' }] } })).status).toBe(201);
    expect((await call('POST', '/v1/mf1/receipts/return', {}, { agent, body: { document_number: documentNumber, items: [{ id: itemId, quantity: '5.00' }] } })).status).toBe(422);
    const foreignItems = [{ quantity: '1.00', description: 'Pane', unit_price: '2.00', vat_rate_code: '4.00' }];
    const other = { device_id: 'E009-000001', document_number: '0001-0001', document_datetime: '2026-10-01T10:00:00', items: foreignItems };
    expect((await call('POST', '/v1/mf1/receipts/return-via-different-device', {}, { agent, body: other })).status).toBe(201);
    expect((await call('POST', '/v1/mf1/receipts/return-via-different-device', {}, { agent, body: { ...other, document_datetime: 'yesterday' } })).status).toBe(422);
    const proof = { proof: 'POS', document_datetime: '2026-10-01T10:00:00', items: foreignItems };
    expect((await call('POST', '/v1/mf1/receipts/return-with-proof', {}, { agent, body: proof })).status).toBe(201);
    expect((await call('POST', '/v1/mf1/receipts/return-with-proof', {}, { agent, body: { ...proof, proof: 'XX' } })).status).toBe(422);
    expect((await call('DELETE', '/v1/mf1/receipts/void-via-different-device', {}, { agent, body: other })).status).toBe(204);
    expect((await call('DELETE', '/v1/mf1/receipts/void-via-different-device', {}, { agent, body: { ...other, items: [] } })).status).toBe(422);
    expect((await call('DELETE', '/v1/mf1/receipts/void-with-proof', {}, { agent, body: proof })).status).toBe(204);
    expect((await call('DELETE', '/v1/mf1/receipts/void-with-proof', {}, { agent, body: { ...proof, document_datetime: 3 } })).status).toBe(422);

    const second = await call('POST', '/v1/mf1/receipts', {}, { agent, body: cashSale() });
    const secondNumber = (second.json as { document_number: string }).document_number;
    expect((await call('DELETE', '/v1/mf1/receipts', {}, { agent, body: { document_number: secondNumber } })).status).toBe(204);
    expect((await call('DELETE', '/v1/mf1/receipts', {}, { agent, body: { document_number: secondNumber } })).status).toBe(409);
    expect((await call('DELETE', '/v1/mf1/receipts', {}, { agent, body: { document_number: '9999-9999' } })).status).toBe(404);
    expect((await call('DELETE', '/v1/mf1/receipts', {}, { agent, body: {} })).status).toBe(422);
  });

  it('journal closure: 202, then 409 with nothing open, 404 for an unknown PEM', async () => {
    expect((await call('POST', '/v1/mf1/pems/{serial_number}/close', { serial_number: 'E001-000001' }, { headers: { 'content-type': 'application/x-www-form-urlencoded' } })).status).toBe(202);
    expect((await call('POST', '/v1/mf1/pems/{serial_number}/close', { serial_number: 'E001-000001' })).status).toBe(409);
    expect((await call('POST', '/v1/mf1/pems/{serial_number}/close', { serial_number: 'E999-000001' })).status).toBe(404);
  });

  it('PEM lifecycle: activation, inactivity, offline communication', async () => {
    const created = await client.call('POST', '/v1/mf2/pems', { token, accept: 'application/json', body: { merchant_uuid: merchantUuids[1] } });
    const { serial_number: serial, registration_key: key } = created.json as { serial_number: string; registration_key: string };
    expect((await call('POST', '/v1/mf1/pems/{serial_number}/activation', { serial_number: serial }, { body: { registration_key: 'WRONG' } })).status).toBe(422);
    expect((await call('POST', '/v1/mf1/pems/{serial_number}/activation', { serial_number: 'E999-000001' }, { body: { registration_key: key } })).status).toBe(404);
    expect((await call('POST', '/v1/mf1/pems/{serial_number}/activation', { serial_number: serial }, { token: readOnlyToken, body: { registration_key: key } })).status).toBe(403);
    expect((await call('POST', '/v1/mf1/pems/{serial_number}/activation', { serial_number: serial }, { body: { registration_key: key } })).status).toBe(202);
    expect((await call('POST', '/v1/mf1/pems/{serial_number}/activation', { serial_number: serial }, { body: { registration_key: key } })).status).toBe(409);

    expect((await call('POST', '/v1/mf1/pems/{serial_number}/inactivity', { serial_number: serial })).status).toBe(200);
    expect((await call('POST', '/v1/mf1/pems/{serial_number}/inactivity', { serial_number: 'E001-000003' })).status).toBe(400);
    expect((await call('POST', '/v1/mf1/pems/{serial_number}/inactivity', { serial_number: 'E999-000001' })).status).toBe(404);

    const offline = { timestamp: '2026-10-01T09:00:00Z', reason: 'Power cut' };
    expect((await call('POST', '/v1/mf1/pems/{serial_number}/communicate-offline', { serial_number: serial }, { body: offline })).status).toBe(202);
    expect((await call('POST', '/v1/mf1/pems/{serial_number}/communicate-offline', { serial_number: serial }, { body: { reason: 'x' } })).status).toBe(422);
    expect((await call('POST', '/v1/mf1/pems/{serial_number}/communicate-offline', { serial_number: serial }, { body: { ...offline, timestamp: '2999-01-01T00:00:00Z' } })).status).toBe(400);
    expect((await call('POST', '/v1/mf1/pems/{serial_number}/communicate-offline', { serial_number: 'E001-000003' }, { body: offline })).status).toBe(409);
    expect((await call('POST', '/v1/mf1/pems/{serial_number}/communicate-offline', { serial_number: 'E999-000001' }, { body: offline })).status).toBe(404);
  });

  it('cashiers: create, list, me, get, delete', async () => {
    const input = { email: 'marta@bottegarossi.example', password: 'marta-2026!', name: 'Marta Gallo', display_name: 'Marta', merchant_uuid: merchantUuids[0] };
    const created = await call('POST', '/v1/mf1/cashiers', {}, { body: input });
    expect(created.status).toBe(201);
    const id = (created.json as { uuid: string }).uuid;
    expect((await call('POST', '/v1/mf1/cashiers', {}, { body: input })).status).toBe(422);
    expect((await call('POST', '/v1/mf1/cashiers', {}, { body: { ...input, password: 1 } })).status).toBe(422);
    expect((await call('POST', '/v1/mf1/cashiers', {}, { token: readOnlyToken, body: { ...input, email: 'other@x.example' } })).status).toBe(403);
    expect((await call('GET', '/v1/mf1/cashiers', {})).status).toBe(200);
    expect((await call('GET', '/v1/mf1/cashiers', {}, { query: '?status=gone' })).status).toBe(422);
    expect((await call('GET', '/v1/mf1/cashiers/{cashier_id}', { cashier_id: id })).status).toBe(200);
    expect((await call('GET', '/v1/mf1/cashiers/{cashier_id}', { cashier_id: UNKNOWN_UUID })).status).toBe(404);
    expect((await call('GET', '/v1/mf1/cashiers/{cashier_id}', { cashier_id: 'abc' })).status).toBe(422);

    const login = await fetch(`${emulator.urls.authUrl}/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: input.email, password: input.password, environment: 'sandbox' }) });
    const cashierToken = ((await login.json()) as { token: string }).token;
    expect((await call('GET', '/v1/mf1/cashiers/me', {}, { token: cashierToken })).status).toBe(200);
    expect((await call('GET', '/v1/mf1/cashiers/me', {})).status).toBe(403);

    expect((await call('DELETE', '/v1/mf1/cashiers/{cashier_id}', { cashier_id: id })).status).toBe(204);
    expect((await call('DELETE', '/v1/mf1/cashiers/{cashier_id}', { cashier_id: id })).status).toBe(404);
    expect((await call('DELETE', '/v1/mf1/cashiers/{cashier_id}', { cashier_id: 'abc' })).status).toBe(422);
  });

  it('cash registers: create with a certificate, list, get, rename', async () => {
    const created = await call('POST', '/v1/mf1/cash-registers', {}, { body: { pem_serial_number: 'E002-000002', name: 'Cassa 2 Bar Centrale' } });
    expect(created.status).toBe(201);
    const id = (created.json as { uuid: string }).uuid;
    expect((await call('POST', '/v1/mf1/cash-registers', {}, { body: { pem_serial_number: 'E002-000002', name: 'Again' } })).status).toBe(409);
    expect((await call('POST', '/v1/mf1/cash-registers', {}, { body: { pem_serial_number: 'E999-000001', name: 'Nowhere' } })).status).toBe(404);
    expect((await call('POST', '/v1/mf1/cash-registers', {}, { body: { name: 'No PEM' } })).status).toBe(422);
    expect((await call('POST', '/v1/mf1/cash-registers', {}, { token: readOnlyToken, body: { pem_serial_number: 'E002-000002', name: 'x' } })).status).toBe(403);
    expect((await call('GET', '/v1/mf1/cash-registers', {})).status).toBe(200);
    expect((await call('GET', '/v1/mf1/cash-registers', {}, { query: '?page=0' })).status).toBe(422);
    expect((await call('GET', '/v1/mf1/cash-registers/{id}', { id })).status).toBe(200);
    expect((await call('GET', '/v1/mf1/cash-registers/{id}', { id: UNKNOWN_UUID })).status).toBe(404);
    expect((await call('GET', '/v1/mf1/cash-registers/{id}', { id: 'abc' })).status).toBe(422);
    expect((await call('PATCH', '/v1/mf1/cash-registers/{id}', { id }, { body: { name: 'Cassa bancone' } })).status).toBe(200);
    expect((await call('PATCH', '/v1/mf1/cash-registers/{id}', { id }, { body: { name: 5 } })).status).toBe(422);
    expect((await call('PATCH', '/v1/mf1/cash-registers/{id}', { id: UNKNOWN_UUID }, { body: { name: 'x' } })).status).toBe(404);
  });
});

describe('MF2 operations: success and main errors match the reference schemas', () => {
  const newMerchant = {
    vat_number: '01234567897',
    email: 'info@ferramenta-conti.example',
    password: 'Chiodi-2026!',
    first_name: 'Paolo',
    last_name: 'Conti',
    address: { street_address: 'Via Dante', street_number: '1', zip_code: '50123', city: 'Firenze', province: 'FI' },
  };

  it('merchants: list, get, create, replace (JSON-LD and plain JSON)', async () => {
    expect((await call('GET', '/v1/mf2/merchants', {})).status).toBe(200);
    expect((await call('GET', '/v1/mf2/merchants', {}, { accept: 'application/json' })).status).toBe(200);
    expect((await call('GET', '/v1/mf2/merchants', {}, { token: null })).status).toBe(401);
    expect((await call('GET', '/v1/mf2/merchants/{uuid}', { uuid: merchantUuids[0] ?? '' })).status).toBe(200);
    expect((await call('GET', '/v1/mf2/merchants/{uuid}', { uuid: 'unknown' })).status).toBe(404);
    expect((await call('GET', '/v1/mf2/merchants/{uuid}', { uuid: 'unknown' }, { accept: 'application/json' })).status).toBe(404);
    const created = await call('POST', '/v1/mf2/merchants', {}, { body: newMerchant });
    expect(created.status).toBe(201);
    const uuid = (created.json as { uuid: string }).uuid;
    expect((await call('POST', '/v1/mf2/merchants', {}, { body: newMerchant })).status).toBe(422);
    expect((await call('POST', '/v1/mf2/merchants', {}, { body: newMerchant, accept: 'application/json' })).status).toBe(422);
    expect((await call('POST', '/v1/mf2/merchants', {}, { token: readOnlyToken, body: { ...newMerchant, vat_number: '01234567898' } })).status).toBe(403);
    expect((await call('POST', '/v1/mf2/merchants', {}, { headers: { 'content-type': 'application/json' }, body: undefined })).status).toBe(400);
    expect((await call('PUT', '/v1/mf2/merchants/{uuid}', { uuid }, { body: { business_name: 'Ferramenta Conti' } })).status).toBe(200);
    expect((await call('PUT', '/v1/mf2/merchants/{uuid}', { uuid }, { body: { address: { zip_code: 'abc' } } })).status).toBe(422);
    expect((await call('PUT', '/v1/mf2/merchants/{uuid}', { uuid: 'unknown' }, { body: { business_name: 'x' } })).status).toBe(404);
  });

  it('PEMs: create, get, list of a merchant', async () => {
    const created = await call('POST', '/v1/mf2/pems', {}, { body: { merchant_uuid: merchantUuids[0], address: null, external_pem_data: null } });
    expect(created.status).toBe(201);
    expect((await call('POST', '/v1/mf2/pems', {}, { body: { merchant_uuid: 7 } })).status).toBe(422);
    expect((await call('POST', '/v1/mf2/pems', {}, { token: readOnlyToken, body: { merchant_uuid: merchantUuids[0] } })).status).toBe(403);
    const serial = (created.json as { serial_number: string }).serial_number;
    expect((await call('GET', '/v1/mf2/pems/{serial_number}', { serial_number: serial })).json).toMatchObject({ status: 'new' });
    expect((await call('GET', '/v1/mf2/pems/{serial_number}', { serial_number: 'E999-000001' })).status).toBe(404);
    expect((await call('GET', '/v1/mf2/merchants/{merchant_uuid}/pems', { merchant_uuid: merchantUuids[0] ?? '' })).status).toBe(200);
    expect((await call('GET', '/v1/mf2/merchants/{merchant_uuid}/pems', { merchant_uuid: merchantUuids[0] ?? '' }, { accept: 'application/json' })).status).toBe(200);
    expect((await call('GET', '/v1/mf2/merchants/{merchant_uuid}/pems', { merchant_uuid: 'unknown' })).status).toBe(404);
  });

  it('emergency reports: upload, list, get', async () => {
    const report = { datetime: '2026-10-08T19:30:00+02:00', documents_count: 2, cash_payment_amount: '5.00', entries: [{ vat_rate_code: '22.00', partial_amount: '5.00', ateco_code: '471120' }] };
    const uploaded = await call('POST', '/v1/mf2/pems/{serial_number}/upload-emergency-report', { serial_number: 'E001-000002' }, { body: report });
    expect(uploaded.status).toBe(202);
    expect((await call('POST', '/v1/mf2/pems/{serial_number}/upload-emergency-report', { serial_number: 'E001-000002' }, { body: { entries: [] } })).status).toBe(422);
    expect((await call('POST', '/v1/mf2/pems/{serial_number}/upload-emergency-report', { serial_number: 'E001-000003' }, { body: report })).status).toBe(400);
    const id = String((uploaded.json as { id: number }).id);
    expect((await call('GET', '/v1/mf2/pems/{serial_number}/emergency-reports', { serial_number: 'E001-000002' })).status).toBe(200);
    expect((await call('GET', '/v1/mf2/pems/{serial_number}/emergency-reports', { serial_number: 'E001-000002' }, { accept: 'application/json' })).status).toBe(200);
    expect((await call('GET', '/v1/mf2/pems/{serial_number}/emergency-reports', { serial_number: 'E999-000001' })).status).toBe(404);
    expect((await call('GET', '/v1/mf2/pems/{serial_number}/emergency-reports/{id}', { serial_number: 'E001-000002', id })).status).toBe(200);
    expect((await call('GET', '/v1/mf2/pems/{serial_number}/emergency-reports/{id}', { serial_number: 'E001-000002', id: '999999' })).status).toBe(404);
  });
});

describe('coverage', () => {
  it('called every operation of the reference with a success and at least one error', () => {
    const missing = operations
      .map((op) => `${op.method} ${op.path}`)
      .filter((key) => {
        const statuses = [...(covered.get(key) ?? [])];
        return !statuses.some((status) => status < 300) || !statuses.some((status) => status >= 400);
      });
    expect(missing).toEqual([]);
  });
});
