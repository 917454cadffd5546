import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEmulator, type TestEmulator } from '../testing';
import { type FiscalClient, fiscalClient } from './testing/fiscal-client';

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

type Merchant = { '@id': string; uuid: string; vat_number: string; business_name: string | null; first_name: string | null; address: { city: string } };
type Collection<T> = { totalItems: number; member: T[]; view: { first: string | null; last: string | null; previous: string | null; next: string | null } };
type Pem = { serial_number: string; status: string; merchant_uuid: string; configuration: { display_cash_register_name: boolean; receipt_header: string | null } };

async function merchants(): Promise<Merchant[]> {
  return ((await client.call('GET', '/v1/mf2/merchants', { token })).json as Collection<Merchant>).member;
}

describe('MF2 merchants', () => {
  it('lists two seeded merchants as a Hydra collection whose absent links are null', async () => {
    const response = await client.call('GET', '/v1/mf2/merchants', { token });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/ld+json');
    const body = response.json as Collection<Merchant>;
    expect(body.totalItems).toBe(2);
    expect(body.view).toMatchObject({ first: '/v1/mf2/merchants?page=1', last: '/v1/mf2/merchants?page=1', previous: null, next: null });
    expect(body.member.map((merchant) => merchant.address.city)).toEqual(['Milano', 'Bologna']);
    expect(body.member.every((merchant) => /^\d{11}$/.test(merchant.vat_number))).toBe(true);
    expect(body.member[0]?.['@id']).toBe(`/v1/mf2/merchants/${body.member[0]?.uuid}`);
  });

  it('pages with itemsPerPage, and answers a plain array to Accept: application/json', async () => {
    const first = (await client.call('GET', '/v1/mf2/merchants?itemsPerPage=1', { token })).json as Collection<Merchant>;
    expect(first.member).toHaveLength(1);
    expect(first.view).toMatchObject({ previous: null, next: '/v1/mf2/merchants?page=2', last: '/v1/mf2/merchants?page=2' });
    const second = (await client.call('GET', '/v1/mf2/merchants?itemsPerPage=1&page=2', { token })).json as Collection<Merchant>;
    expect(second.view).toMatchObject({ previous: '/v1/mf2/merchants?page=1', next: null });
    const plain = await client.call('GET', '/v1/mf2/merchants', { token, accept: 'application/json' });
    expect(Array.isArray(plain.json)).toBe(true);
    expect((await client.call('GET', '/v1/mf2/merchants?page=0', { token })).status).toBe(400);
  });

  it('gets one merchant; an unknown one is 404 with an integer status', async () => {
    const [first] = await merchants();
    const response = await client.call('GET', `/v1/mf2/merchants/${first?.uuid}`, { token });
    expect(response.json).toMatchObject({ uuid: first?.uuid, business_name: 'Bottega Rossi S.r.l.' });
    for (const accept of [undefined, 'application/json', 'application/problem+json']) {
      const missing = await client.call('GET', '/v1/mf2/merchants/unknown', { token, ...(accept ? { accept } : {}) });
      expect(missing.status).toBe(404);
      const status = (missing.json as { status: unknown }).status;
      expect(status).toBe(404);
      expect(Number.isInteger(status)).toBe(true);
    }
  });

  it('answers 401 without a token, with an integer status', async () => {
    const response = await client.call('GET', '/v1/mf2/merchants', {});
    expect(response.status).toBe(401);
    expect(response.json).toMatchObject({ status: 401, title: 'An error occurred' });
  });
});

describe('MF2 PEMs', () => {
  it('lists at least two PEMs per merchant, in different states, with their configuration', async () => {
    const all: Pem[] = [];
    for (const merchant of await merchants()) {
      const response = await client.call('GET', `/v1/mf2/merchants/${merchant.uuid}/pems`, { token });
      expect(response.status).toBe(200);
      const body = response.json as Collection<Pem>;
      expect(body.totalItems).toBeGreaterThanOrEqual(2);
      expect(new Set(body.member.map((pem) => pem.status)).size).toBeGreaterThanOrEqual(2);
      expect(body.member.every((pem) => pem.merchant_uuid === merchant.uuid)).toBe(true);
      all.push(...body.member);
    }
    expect(all.find((pem) => pem.serial_number === 'E001-000001')?.status).toBe('online');
    expect(all.some((pem) => pem.status === 'discarded')).toBe(true);
    expect(all.some((pem) => pem.status === 'offline' || pem.status === 'activated')).toBe(true);
  });

  it('gets a PEM with configuration.display_cash_register_name; unknown is 404', async () => {
    const response = await client.call('GET', '/v1/mf2/pems/E001-000001', { token });
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({ '@id': '/v1/mf2/pems/E001-000001', serial_number: 'E001-000001', status: 'online', configuration: { display_cash_register_name: true } });
    expect((await client.call('GET', '/v1/mf2/pems/X000-000000', { token })).status).toBe(404);
  });

  it('discards a PEM (status discarded, repeatable); read-only accounts may not (403)', async () => {
    expect((await client.call('POST', '/v1/mf2/pems/E002-000002/discard', { token: readOnlyToken })).status).toBe(403);
    const discarded = await client.call('POST', '/v1/mf2/pems/E002-000002/discard', { token });
    expect(discarded.status).toBe(200);
    expect(discarded.json).toMatchObject({ status: 'discarded' });
    expect((await client.call('GET', '/v1/mf2/pems/E002-000002', { token })).json).toMatchObject({ status: 'discarded' });
    expect((await client.call('POST', '/v1/mf2/pems/E002-000002/discard', { token })).status).toBe(200);
    expect((await client.call('GET', '/v1/mf1/pems/E002-000002', { token })).json).toMatchObject({ status: 'DISCARDED' });
  });
});

describe('MF2 merchant ATECO codes', () => {
  it('reads the codes with descriptions and replaces them', async () => {
    const [, bar] = await merchants();
    const path = `/v1/mf2/merchants/${bar?.uuid}/ateco-codes`;
    const before = await client.call('GET', path, { token });
    expect(before.status).toBe(200);
    expect((before.json as { ateco_codes: unknown[] }).ateco_codes).toContainEqual({ code: '563000', description: 'Bar e altri esercizi simili senza cucina' });

    const replaced = await client.call('PUT', path, { token, body: { ateco_codes: ['561011', 'AB12C3'] } });
    expect(replaced.status).toBe(200);
    expect((replaced.json as { ateco_codes: unknown[] }).ateco_codes).toEqual([
      { code: '561011', description: 'Ristorazione con somministrazione' },
      { code: 'AB12C3', description: null },
    ]);
    expect(((await client.call('GET', path, { token })).json as { ateco_codes: { code: string }[] }).ateco_codes.map((entry) => entry.code)).toEqual(['561011', 'AB12C3']);
  });

  it('refuses invalid codes with 422 naming each one, and changes nothing', async () => {
    const [shop] = await merchants();
    const path = `/v1/mf2/merchants/${shop?.uuid}/ateco-codes`;
    const response = await client.call('PUT', path, { token, body: { ateco_codes: ['471120', '47111', 'ab1234', '47.11.10', 471120] } });
    expect(response.status).toBe(422);
    const body = response.json as { status: number; detail: string; violations: { propertyPath: string; message: string }[] };
    expect(body.status).toBe(422);
    expect(body.violations.map((violation) => violation.propertyPath)).toEqual(['ateco_codes[1]', 'ateco_codes[2]', 'ateco_codes[3]', 'ateco_codes[4]']);
    for (const bad of ['47111', 'ab1234', '47.11.10', '471120']) expect(body.detail).toContain(bad);
    const after = (await client.call('GET', path, { token })).json as { ateco_codes: { code: string }[] };
    expect(after.ateco_codes.map((entry) => entry.code)).toEqual(['471120', '472400']);
  });

  it('refuses bodies that are not a list of codes, duplicates and read-only writers', async () => {
    const [shop] = await merchants();
    const path = `/v1/mf2/merchants/${shop?.uuid}/ateco-codes`;
    expect((await client.call('PUT', path, { token, body: { codes: ['471120'] } })).status).toBe(422);
    expect((await client.call('PUT', path, { token, body: { ateco_codes: ['471120', '471120'] } })).status).toBe(422);
    expect((await client.call('PUT', path, { token: readOnlyToken, body: { ateco_codes: ['471120'] } })).status).toBe(403);
    const notJson = await client.call('PUT', path, { token, headers: { 'content-type': 'application/json' }, body: undefined });
    expect(notJson.status).toBe(400);
    expect((notJson.json as { status: unknown }).status).toBe(400);
    expect((await client.call('PUT', '/v1/mf2/merchants/unknown/ateco-codes', { token, body: { ateco_codes: [] } })).status).toBe(404);
  });
});

describe('MF1 PEM resource and list filter (the reference OpenAPI)', () => {
  it('a PEM carries every field the reference requires, registration_key included (null once activated)', async () => {
    const pem = (await client.call('GET', '/v1/mf1/pems/E001-000001', { token })).json as Record<string, unknown>;
    for (const field of ['serial_number', 'status', 'address', 'operational_status', 'registration_key']) expect(pem).toHaveProperty(field);
    expect(pem.status).toBe('ONLINE');
    expect(pem.registration_key).toBeNull();
  });

  it('filters the PEM list by status, and answers 422 naming the allowed values for an unknown status', async () => {
    const online = (await client.call('GET', '/v1/mf1/pems?status=ONLINE', { token })).json as { members: { status: string }[] };
    expect(online.members.length).toBeGreaterThan(0);
    expect(online.members.every((pem) => pem.status === 'ONLINE')).toBe(true);
    const bad = await client.call('GET', '/v1/mf1/pems?status=SLEEPING', { token });
    expect(bad.status).toBe(422);
    const detail = (bad.json as { detail: { loc: unknown[]; msg: string }[] }).detail;
    expect(detail[0]?.loc).toEqual(['query', 'status']);
    expect(detail[0]?.msg).toMatch(/ONLINE/);
  });
});
