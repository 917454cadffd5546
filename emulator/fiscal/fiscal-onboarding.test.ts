/**
 * Onboarding a shop through the emulator (issue #25): merchant → PEM → activation → cash register
 * with a real certificate → receipts over mTLS → cashiers; with the bad input of each step.
 */
import { X509Certificate } from 'node:crypto';
import { fetch } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEmulator, type TestEmulator } from '../testing';
import { cashSale, type FiscalClient, fiscalClient, members } from './testing/fiscal-client';

let emulator: TestEmulator;
let client: FiscalClient;
let token: string;
let readOnlyToken: string;

beforeAll(async () => {
  emulator = await startTestEmulator();
  client = fiscalClient(emulator);
  [token, readOnlyToken] = await Promise.all([emulator.login('full'), emulator.login('read-only')]);
});

afterAll(async () => {
  await client?.close();
  await emulator?.close();
});

async function signIn(email: string, password: string): Promise<{ status: number; token: string | null }> {
  const response = await fetch(`${emulator.urls.authUrl}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, environment: 'sandbox' }),
  });
  const body = (await response.json()) as { token?: string };
  return { status: response.status, token: body.token ?? null };
}

const newMerchant = {
  vat_number: '12345678903',
  email: 'owner@pasticceria-verdi.example',
  password: 'Dolci-2026!x',
  business_name: 'Pasticceria Verdi S.n.c.',
  address: { street_address: 'Via Roma', street_number: '8', zip_code: '10121', city: 'Torino', province: 'to' },
};

type Violations = { status: number; violations: { propertyPath: string; message: string }[] };
type Mf1Validation = { detail: { loc: (string | number)[]; msg: string; type: string }[] };
const violationPaths = (json: unknown) => (json as Violations).violations.map((violation) => violation.propertyPath);
const detailLocs = (json: unknown) => (json as Mf1Validation).detail.map((entry) => entry.loc.join('.'));

describe('onboarding a shop end to end', () => {
  let merchantUuid = '';
  let merchantToken = '';
  let serial = '';
  let registrationKey = '';
  let cashRegister: { uuid: string; mtls_certificate: string; private_key: string } = { uuid: '', mtls_certificate: '', private_key: '' };

  it('creates a merchant (MF2) that can sign in as ROLE_MERCHANT; bad and duplicate input are 422 per field', async () => {
    const created = await client.call('POST', '/v1/mf2/merchants', { token, body: newMerchant });
    expect(created.status, created.text).toBe(201);
    expect(created.json).toMatchObject({ '@type': 'Merchant', vat_number: '12345678903', business_name: 'Pasticceria Verdi S.n.c.', address: { province: 'TO', city: 'Torino' } });
    expect(created.json).not.toHaveProperty('password');
    merchantUuid = (created.json as { uuid: string }).uuid;

    const again = await client.call('POST', '/v1/mf2/merchants', { token, body: newMerchant });
    expect(again.status).toBe(422);
    expect(violationPaths(again.json).sort()).toEqual(['email', 'vat_number']);

    const wrong = await client.call('POST', '/v1/mf2/merchants', {
      token,
      body: { vat_number: 12345678901, email: 'not-an-email', password: 'short', address: { street_address: 'Via Po', zip_code: '1012', city: 'Torino', province: 'TO' } },
    });
    expect(wrong.status).toBe(422);
    expect((wrong.json as Violations).status).toBe(422);
    expect(violationPaths(wrong.json)).toEqual(expect.arrayContaining(['vat_number', 'email', 'password', 'address.zip_code']));

    const nameless = await client.call('POST', '/v1/mf2/merchants', { token, body: { ...newMerchant, vat_number: '12345678904', email: 'x@y.example', business_name: null } });
    expect(violationPaths(nameless.json)).toEqual(['business_name']);
    expect((await client.call('POST', '/v1/mf2/merchants', { token: readOnlyToken, body: newMerchant })).status).toBe(403);

    const login = await signIn(newMerchant.email, newMerchant.password);
    expect(login.status).toBe(200);
    merchantToken = login.token ?? '';
    const claims = JSON.parse(Buffer.from(merchantToken.split('.')[1] ?? '', 'base64url').toString()) as { roles: Record<string, string[]> };
    expect(claims.roles['ereceipts-it.acubeapi.com']).toEqual(['ROLE_MERCHANT']);
    // a merchant does not create other merchants
    expect((await client.call('POST', '/v1/mf2/merchants', { token: merchantToken, body: { ...newMerchant, vat_number: '99999999999', email: 'z@z.example' } })).status).toBe(403);
  });

  it('updates the merchant with PUT; a merchant cannot see another one', async () => {
    const updated = await client.call('PUT', `/v1/mf2/merchants/${merchantUuid}`, { token: merchantToken, body: { business_name: 'Pasticceria Verdi & Figli S.n.c.' } });
    expect(updated.status, updated.text).toBe(200);
    expect(updated.json).toMatchObject({ business_name: 'Pasticceria Verdi & Figli S.n.c.', vat_number: '12345678903' });
    const wrongType = await client.call('PUT', `/v1/mf2/merchants/${merchantUuid}`, { token, body: { address: { street_address: 1 } } });
    expect(wrongType.status).toBe(422);
    const [seeded] = ((await client.call('GET', '/v1/mf2/merchants', { token })).json as { member: { uuid: string }[] }).member;
    expect((await client.call('PUT', `/v1/mf2/merchants/${seeded?.uuid}`, { token: merchantToken, body: { business_name: 'Mine now' } })).status).toBe(404);
    expect((await client.call('PUT', '/v1/mf2/merchants/unknown', { token, body: { business_name: 'X' } })).status).toBe(404);
  });

  it('adds a PEM (MF2 POST /pems) that is NEW with its registration key', async () => {
    const created = await client.call('POST', '/v1/mf2/pems', { token: merchantToken, body: { merchant_uuid: merchantUuid, receipt_header: 'Pasticceria Verdi', external_pem_data: { version: '1.2.0', type: 'SP' } } });
    expect(created.status, created.text).toBe(201);
    ({ serial_number: serial, registration_key: registrationKey } = created.json as { serial_number: string; registration_key: string });
    expect(serial).toMatch(/^E003-000001$/);
    const pem = await client.call('GET', `/v1/mf1/pems/${serial}`, { token });
    expect(pem.json).toMatchObject({ status: 'NEW', registration_key: registrationKey, operational_status: null, type: 'SP' });
    const mf2Pem = await client.call('GET', `/v1/mf2/pems/${serial}`, { token });
    expect(mf2Pem.json).toMatchObject({ status: 'new', merchant_uuid: merchantUuid, address: { city: 'Torino' }, configuration: { receipt_header: 'Pasticceria Verdi' } });

    const unknown = await client.call('POST', '/v1/mf2/pems', { token, body: { merchant_uuid: '00000000-0000-4000-8000-000000000000' } });
    expect(unknown.status).toBe(422);
    expect(violationPaths(unknown.json)).toEqual(['merchant_uuid']);
    expect(violationPaths((await client.call('POST', '/v1/mf2/pems', { token, body: {} })).json)).toEqual(['merchant_uuid']);
    const badData = await client.call('POST', '/v1/mf2/pems', { token, body: { merchant_uuid: merchantUuid, external_pem_data: { version: 'one', type: 'XX' } } });
    expect(violationPaths(badData.json).sort()).toEqual(['external_pem_data.type', 'external_pem_data.version']);
  });

  it('refuses a cash register before activation, then activates the PEM with its key', async () => {
    expect((await client.call('POST', '/v1/mf1/cash-registers', { token, body: { pem_serial_number: serial, name: 'Banco' } })).status).toBe(409);
    const wrongKey = await client.call('POST', `/v1/mf1/pems/${serial}/activation`, { token, body: { registration_key: 'NOT-THE-KEY' } });
    expect(wrongKey.status).toBe(422);
    expect(detailLocs(wrongKey.json)).toEqual(['body.registration_key']);
    expect(detailLocs((await client.call('POST', `/v1/mf1/pems/${serial}/activation`, { token, body: {} })).json)).toEqual(['body.registration_key']);
    expect((await client.call('POST', '/v1/mf1/pems/E999-000001/activation', { token, body: { registration_key: 'x' } })).status).toBe(404);

    const activated = await client.call('POST', `/v1/mf1/pems/${serial}/activation`, { token: merchantToken, body: { registration_key: registrationKey } });
    expect(activated.status, activated.text).toBe(202);
    expect(activated.json).toMatchObject({ serial_number: serial, status: 'ACTIVATED' });
    expect((await client.call('GET', `/v1/mf1/pems/${serial}`, { token })).json).toMatchObject({ status: 'ACTIVATED', registration_key: null });
    expect((await client.call('POST', `/v1/mf1/pems/${serial}/activation`, { token, body: { registration_key: registrationKey } })).status).toBe(409);
  });

  it('registers a cash register with a certificate from the emulator CA; duplicates and other merchants are refused', async () => {
    const created = await client.call('POST', '/v1/mf1/cash-registers', { token: merchantToken, body: { pem_serial_number: serial, name: 'Banco pasticceria' } });
    expect(created.status, created.text).toBe(201);
    cashRegister = created.json as typeof cashRegister;
    expect(created.json).toMatchObject({ pem_serial_number: serial, name: 'Banco pasticceria' });
    const certificate = new X509Certificate(cashRegister.mtls_certificate);
    expect(certificate.subject).toContain(`CN=${serial}`);
    expect(certificate.verify(new X509Certificate(emulator.context.pki.caCertPem).publicKey)).toBe(true);
    expect(certificate.checkPrivateKey((await import('node:crypto')).createPrivateKey(cashRegister.private_key))).toBe(true);

    expect((await client.call('POST', '/v1/mf1/cash-registers', { token, body: { pem_serial_number: serial, name: 'Second' } })).status).toBe(409);
    expect((await client.call('POST', '/v1/mf1/cash-registers', { token, body: { pem_serial_number: 'E999-000001', name: 'Nowhere' } })).status).toBe(404);
    const foreign = await client.call('POST', '/v1/mf1/cash-registers', { token: merchantToken, body: { pem_serial_number: 'E002-000002', name: 'Not mine' } });
    expect(foreign.status).toBe(403);
    expect((foreign.json as { detail: string }).detail).toContain('another merchant');
    const wrong = await client.call('POST', '/v1/mf1/cash-registers', { token, body: { pem_serial_number: 42 } });
    expect(wrong.status).toBe(422);
    expect(detailLocs(wrong.json).sort()).toEqual(['body.name', 'body.pem_serial_number']);
  });

  it('lists, reads and renames cash registers', async () => {
    const mine = members<{ uuid: string; pem_serial_number: string }>(await client.call('GET', '/v1/mf1/cash-registers', { token: merchantToken }));
    expect(mine.map((register) => register.pem_serial_number)).toEqual([serial]);
    const all = members(await client.call('GET', '/v1/mf1/cash-registers', { token }));
    expect(all.length).toBe(4);
    expect(members(await client.call('GET', `/v1/mf1/cash-registers?pem_id=${serial}`, { token }))).toHaveLength(1);
    expect((await client.call('GET', `/v1/mf1/cash-registers/${cashRegister.uuid}`, { token })).json).toEqual({ uuid: cashRegister.uuid, pem_serial_number: serial, name: 'Banco pasticceria' });
    const renamed = await client.call('PATCH', `/v1/mf1/cash-registers/${cashRegister.uuid}`, { token: merchantToken, body: { name: 'Banco 1' } });
    expect(renamed.json).toMatchObject({ name: 'Banco 1' });
    expect((await client.call('PATCH', `/v1/mf1/cash-registers/${cashRegister.uuid}`, { token, body: { name: '' } })).status).toBe(422);
    expect((await client.call('GET', '/v1/mf1/cash-registers/not-a-uuid', { token })).status).toBe(422);
    expect((await client.call('GET', '/v1/mf1/cash-registers/00000000-0000-4000-8000-000000000000', { token })).status).toBe(404);
  });

  it('accepts the new certificate on the mTLS listener: cash-registers/me and a receipt that brings the PEM online', async () => {
    const agent = client.withPem(cashRegister.mtls_certificate, cashRegister.private_key);
    const me = await client.call('GET', '/v1/mf1/cash-registers/me', { agent, token: merchantToken });
    expect(me.status, me.text).toBe(200);
    expect(me.json).toMatchObject({ uuid: cashRegister.uuid, pem_serial_number: serial, name: 'Banco 1', merchant_uuid: merchantUuid });
    const sale = await client.call('POST', '/v1/mf1/receipts', { agent, token: merchantToken, body: cashSale('4.50', '10.00') });
    expect(sale.status, sale.text).toBe(201);
    expect((await client.call('GET', `/v1/mf1/pems/${serial}`, { token })).json).toMatchObject({ status: 'ONLINE', operational_status: 'OPEN' });
    // the merchant's token does not issue on another merchant's cash register
    expect((await client.call('POST', '/v1/mf1/receipts', { agent: client.cashRegister('E001-000001'), token: merchantToken, body: cashSale() })).status).toBe(403);
  });

  it('adds a cashier who signs in, issues receipts on its PEM only, and is removed', async () => {
    const body = { email: 'anna@pasticceria-verdi.example', password: 'cassa-2026', name: 'Anna Neri', display_name: 'Anna' };
    const created = await client.call('POST', '/v1/mf1/cashiers', { token: merchantToken, body });
    expect(created.status, created.text).toBe(201);
    const cashier = created.json as { uuid: string };
    expect(created.json).toMatchObject({ email: body.email, name: 'Anna Neri', display_name: 'Anna', status: 'active', merchant_uuid: merchantUuid });

    const duplicate = await client.call('POST', '/v1/mf1/cashiers', { token: merchantToken, body: { ...body, email: body.email.toUpperCase() } });
    expect(duplicate.status).toBe(422);
    expect(detailLocs(duplicate.json)).toEqual(['body.email']);
    const wrong = await client.call('POST', '/v1/mf1/cashiers', { token: merchantToken, body: { email: 'nope', password: 'short', name: 3 } });
    expect(detailLocs(wrong.json).sort()).toEqual(['body.display_name', 'body.email', 'body.name', 'body.password']);
    const partnerWithoutMerchant = await client.call('POST', '/v1/mf1/cashiers', { token, body: { ...body, email: 'x@verdi.example' } });
    expect(detailLocs(partnerWithoutMerchant.json)).toEqual(['body.merchant_uuid']);

    const login = await signIn(body.email, body.password);
    expect(login.status).toBe(200);
    const cashierToken = login.token ?? '';
    expect((await client.call('GET', '/v1/mf1/cashiers/me', { token: cashierToken })).json).toMatchObject({ uuid: cashier.uuid, merchant_uuid: merchantUuid });
    expect((await client.call('GET', '/v1/mf1/cashiers/me', { token })).status).toBe(403);
    expect((await client.call('POST', '/v1/mf1/cashiers', { token: cashierToken, body: { ...body, email: 'y@verdi.example' } })).status).toBe(403);

    const agent = client.withPem(cashRegister.mtls_certificate, cashRegister.private_key);
    const sale = await client.call('POST', '/v1/mf1/receipts', { agent, token: cashierToken, body: cashSale('2.00', '10.00') });
    expect(sale.status, sale.text).toBe(201);
    const details = await client.call('GET', `/v1/mf1/receipts/${(sale.json as { uuid: string }).uuid}/details`, { token });
    expect(details.json).toMatchObject({ cashier_name: 'Anna' });
    expect((await client.call('POST', '/v1/mf1/receipts', { agent: client.cashRegister('E002-000001'), token: cashierToken, body: cashSale() })).status).toBe(403);

    expect(members(await client.call('GET', '/v1/mf1/cashiers', { token: merchantToken })).map((entry) => entry.uuid)).toEqual([cashier.uuid]);
    expect(members(await client.call('GET', '/v1/mf1/cashiers?status=disabled', { token: merchantToken }))).toEqual([]);
    expect((await client.call('GET', '/v1/mf1/cashiers?status=gone', { token })).status).toBe(422);
    expect((await client.call('GET', `/v1/mf1/cashiers/${cashier.uuid}`, { token })).json).toMatchObject({ email: body.email });

    expect((await client.call('DELETE', `/v1/mf1/cashiers/${cashier.uuid}`, { token: merchantToken })).status).toBe(204);
    expect((await client.call('GET', `/v1/mf1/cashiers/${cashier.uuid}`, { token })).status).toBe(404);
    expect((await client.call('DELETE', `/v1/mf1/cashiers/${cashier.uuid}`, { token })).status).toBe(404);
    expect((await signIn(body.email, body.password)).status).toBe(401);
    expect((await client.call('GET', '/v1/mf1/cashiers/me', { token: cashierToken })).status).toBe(401);
  });

  it('starts an inactivity period only with the journal closed; the next receipt ends it', async () => {
    const open = await client.call('POST', `/v1/mf1/pems/${serial}/inactivity`, { token });
    expect(open.status).toBe(400);
    expect((open.json as { detail: string }).detail).toContain('open journal');
    expect((await client.call('POST', `/v1/mf1/pems/${serial}/close`, { token })).status).toBe(202);
    const inactive = await client.call('POST', `/v1/mf1/pems/${serial}/inactivity`, { token, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(inactive.status, inactive.text).toBe(200);
    expect((inactive.json as { inactive_since: string | null }).inactive_since).not.toBeNull();
    expect((await client.call('POST', '/v1/mf1/pems/E001-000003/inactivity', { token })).status).toBe(400);
    const agent = client.withPem(cashRegister.mtls_certificate, cashRegister.private_key);
    expect((await client.call('POST', '/v1/mf1/receipts', { agent, token, body: cashSale() })).status).toBe(201);
    expect((await client.call('GET', `/v1/mf1/pems/${serial}`, { token })).json).toMatchObject({ inactive_since: null });
  });

  it('takes the report of an offline period; future, missing or wrongly typed fields are refused', async () => {
    const reported = await client.call('POST', `/v1/mf1/pems/${serial}/communicate-offline`, { token, body: { timestamp: '2026-01-10T08:00:00+01:00', reason: 'Router fault' } });
    expect(reported.status, reported.text).toBe(202);
    expect(reported.json).toMatchObject({ serial_number: serial, reason: 'Router fault' });
    expect((await client.call('POST', `/v1/mf1/pems/${serial}/communicate-offline`, { token, body: { timestamp: '2999-01-01T00:00:00Z', reason: 'x' } })).status).toBe(400);
    const wrong = await client.call('POST', `/v1/mf1/pems/${serial}/communicate-offline`, { token, body: { timestamp: 'yesterday', reason: 7 } });
    expect(detailLocs(wrong.json).sort()).toEqual(['body.reason', 'body.timestamp']);
    expect((await client.call('POST', '/v1/mf1/pems/E001-000003/communicate-offline', { token, body: { timestamp: '2026-01-10T08:00:00Z', reason: 'x' } })).status).toBe(409);
  });
});

describe('MF2 emergency reports', () => {
  const report = { datetime: '2026-10-08T19:30:00+02:00', documents_count: 3, cash_payment_amount: '12.00', entries: [{ vat_rate_code: '10.00', partial_amount: '12.00', ateco_code: '561011' }] };

  it('uploads one (202 {id, closed_at}), lists it and reads it back', async () => {
    const uploaded = await client.call('POST', '/v1/mf2/pems/E002-000001/upload-emergency-report', { token, body: report });
    expect(uploaded.status, uploaded.text).toBe(202);
    const { id } = uploaded.json as { id: number };
    const list = (await client.call('GET', '/v1/mf2/pems/E002-000001/emergency-reports', { token })).json as { totalItems: number; member: { id: number }[] };
    expect(list.member.map((member) => member.id)).toContain(id);
    const one = await client.call('GET', `/v1/mf2/pems/E002-000001/emergency-reports/${id}`, { token, accept: 'application/json' });
    expect(one.json).toMatchObject({ id, documents_count: 3 });
    expect((await client.call('GET', '/v1/mf2/pems/E002-000001/emergency-reports/99999', { token })).status).toBe(404);
  });

  it('refuses invalid entries per field and a discarded PEM', async () => {
    const bad = await client.call('POST', '/v1/mf2/pems/E002-000001/upload-emergency-report', { token, body: { ...report, entries: [{ vat_rate_code: '7.00', partial_amount: 12, ateco_code: '5610' }] } });
    expect(bad.status).toBe(422);
    expect(violationPaths(bad.json).sort()).toEqual(['entries[0].ateco_code', 'entries[0].partial_amount', 'entries[0].vat_rate_code']);
    expect((await client.call('POST', '/v1/mf2/pems/E001-000003/upload-emergency-report', { token, body: report })).status).toBe(400);
    expect((await client.call('POST', '/v1/mf2/pems/E999-000001/upload-emergency-report', { token, body: report })).status).toBe(404);
  });
});

describe('fault injection on the onboarding operations', () => {
  it('drop=1 drops the new MF1 and MF2 operations on both fiscal listeners too', async () => {
    const faulty = await startTestEmulator({ faults: { upload503: 0, latency: null, drop: 1, documents500: 0, reportFail: 0, extra: {} } });
    const faultyClient = fiscalClient(faulty);
    try {
      for (const [method, path] of [['POST', '/v1/mf1/cashiers'], ['GET', '/v1/mf1/cash-registers'], ['POST', '/v1/mf2/merchants'], ['POST', '/v1/mf2/pems']]) {
        await expect(fetch(`${faulty.urls.fiscalUrl}${path}`, { method, headers: { 'content-type': 'application/json' }, body: method === 'GET' ? undefined : '{}' })).rejects.toThrow();
      }
      await expect(faultyClient.call('POST', '/v1/mf1/cash-registers', { agent: faultyClient.cashRegister('E001-000001'), body: {} })).rejects.toThrow();
    } finally {
      await faultyClient.close();
      await faulty.close();
    }
  });
});
