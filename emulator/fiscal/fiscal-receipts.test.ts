import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALLOWED_VAT_RATES, NATURA_CODES, REMOVED_VAT_RATES } from '../../shared/validation/vat';
import { createCertificateAuthority, issueCertificate } from '../pki/certificates';
import { startTestEmulator, type TestEmulator } from '../testing';
import { cashSale, type FiscalClient, fiscalClient, members } from './testing/fiscal-client';

let emulator: TestEmulator;
let client: FiscalClient;
let token: string;
let readOnlyToken: string;
let register1: ReturnType<FiscalClient['cashRegister']>;

beforeAll(async () => {
  emulator = await startTestEmulator();
  client = fiscalClient(emulator);
  [token, readOnlyToken] = await Promise.all([emulator.login('full'), emulator.login('read-only')]);
  register1 = client.cashRegister('E001-000001');
});

afterAll(async () => {
  await client?.close();
  await emulator?.close();
});

type Problem = { loc: (string | number)[]; msg: string; type: string };
const problems = (body: unknown) => (body as { detail: Problem[] }).detail;

const sell = (body: unknown, agent = register1, bearer: string | null = token) => client.call('POST', '/v1/mf1/receipts', { agent, token: bearer, body });

describe('issuing receipts over mTLS', () => {
  it('issues a sale for the cash register whose certificate is presented', async () => {
    const response = await sell(cashSale('3.20'));
    expect(response.status).toBe(201);
    expect(response.json).toMatchObject({
      type: 'sale',
      total_amount: '3.20',
      pem_serial_number: 'E001-000001',
      is_voidable: true,
      is_returnable: true,
      parent_receipt_uuid: null,
    });
    const body = response.json as { document_number: string; document_datetime: string };
    expect(body.document_number).toMatch(/^\d{4}-\d{4}$/);
    expect(body.document_datetime).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
  });

  it('tells the cash register who it is: PEM serial number, name and the merchant ATECO codes', async () => {
    const response = await client.call('GET', '/v1/mf1/cash-registers/me', { agent: register1, token });
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({ pem_serial_number: 'E001-000001', name: 'Cassa 1 – Bottega Rossi', pem_status: 'ONLINE' });
    const codes = (response.json as { ateco_codes: { code: string; description: string | null }[] }).ateco_codes;
    expect(codes.length).toBeGreaterThan(0);
    expect(codes[0]?.code).toMatch(/^[A-Z0-9]{6}$/);
    expect(typeof codes[0]?.description).toBe('string');
  });

  it('refuses a call without a client certificate on the mTLS listener (401, MF1 error shape)', async () => {
    const response = await sell(cashSale(), client.anonymous());
    expect(response.status).toBe(401);
    expect(response.json).toMatchObject({ type: '/errors/401', title: 'Unauthorized', status: 401, instance: '/v1/mf1/receipts' });
    expect((response.json as { detail: string }).detail).toContain('No client certificate');
    expect((await client.call('GET', '/v1/mf1/cash-registers/me', { agent: client.anonymous(), token })).status).toBe(401);
  });

  it('refuses a certificate issued by another CA (401)', async () => {
    const otherCa = await createCertificateAuthority('Some Other CA');
    const stranger = await issueCertificate(
      { certPem: otherCa.certPem, privateKeyPem: otherCa.keys.privateKeyPem },
      { subject: [{ shortName: 'CN', value: 'E001-000001' }], days: 30, purpose: 'client' },
    );
    const response = await sell(cashSale(), client.withPem(stranger.certPem, stranger.keys.privateKeyPem));
    expect(response.status).toBe(401);
    expect((response.json as { detail: string }).detail).toContain("not issued by the service's CA");
  });

  it('issues receipts only on the mTLS listener, with a bearer token, by accounts that may write', async () => {
    const plain = await client.call('POST', '/v1/mf1/receipts', { token, body: cashSale() });
    expect(plain.status).toBe(401);
    expect((plain.json as { detail: string }).detail).toContain('mTLS');
    const noToken = await sell(cashSale(), register1, null);
    expect(noToken.status).toBe(401);
    expect(noToken.headers.get('www-authenticate')).toBe('Bearer');
    const readOnly = await sell(cashSale(), register1, readOnlyToken);
    expect(readOnly.status).toBe(403);
    expect(readOnly.json).toMatchObject({ status: 403, title: 'Forbidden' });
  });
});

describe('October 2026 receipt rules', () => {
  it.each(REMOVED_VAT_RATES)('refuses the removed VAT rate %s with 422', async (rate) => {
    const response = await sell(cashSale('10.00', rate));
    expect(response.status).toBe(422);
    const [problem] = problems(response.json);
    expect(problem).toMatchObject({ loc: ['body', 'items', 0, 'vat_rate_code'], type: 'value_error' });
    expect(problem?.msg).toContain(rate);
    expect(problem?.msg).toContain('4.00, 5.00, 10.00, 22.00');
  });

  it('refuses any other VAT code', async () => {
    for (const code of ['3.00', '22', 'N7', '']) {
      const response = await sell(cashSale('10.00', code));
      expect(response.status, code).toBe(422);
      expect(problems(response.json)[0]?.loc).toEqual(['body', 'items', 0, 'vat_rate_code']);
    }
  });

  it('accepts every allowed rate and natura code, and computes VAT per treatment', async () => {
    const codes = [...ALLOWED_VAT_RATES, ...NATURA_CODES];
    const response = await sell({
      items: codes.map((code) => ({ quantity: '1.00', description: `Item ${code}`, unit_price: '12.20', vat_rate_code: code })),
      payments: [{ payment_type: 'electronic', amount: (12.2 * codes.length).toFixed(2) }],
    });
    expect(response.status).toBe(201);
    const uuid = (response.json as { uuid: string }).uuid;
    const details = await client.call('GET', `/v1/mf1/receipts/${uuid}/details`, { token });
    expect(details.status).toBe(200);
    const body = details.json as { vat_breakdown: { vat_rate_code: string; vat_amount: string; taxable_amount: string }[]; items: unknown[] };
    expect(body.items).toHaveLength(codes.length);
    expect(body.vat_breakdown.map((line) => line.vat_rate_code)).toEqual(codes);
    expect(body.vat_breakdown.find((line) => line.vat_rate_code === '22.00')).toMatchObject({ vat_amount: '2.20', taxable_amount: '10.00' });
    expect(body.vat_breakdown.find((line) => line.vat_rate_code === 'N4')).toMatchObject({ vat_amount: '0.00', taxable_amount: '12.20' });
  });

  it("refuses payment_type 'credit' and names uncollected_goods; accepts uncollected_goods", async () => {
    const credit = await sell({ ...cashSale('5.00'), payments: [{ payment_type: 'credit', amount: '5.00' }] });
    expect(credit.status).toBe(422);
    const [problem] = problems(credit.json);
    expect(problem?.loc).toEqual(['body', 'payments', 0, 'payment_type']);
    expect(problem?.msg).toContain('uncollected_goods');
    const renamed = await sell({ ...cashSale('5.00'), payments: [{ payment_type: 'uncollected_goods', amount: '5.00' }] });
    expect(renamed.status).toBe(201);
  });

  it('accepts every 2026 payment type and sums split payments', async () => {
    const types = ['cash', 'electronic', 'ticket_restaurant', 'uncollected_goods', 'uncollected_services', 'uncollected_invoiced'];
    const response = await sell({ ...cashSale('6.00'), payments: types.map((payment_type) => ({ payment_type, amount: '1.00' })) });
    expect(response.status).toBe(201);
    const details = await client.call('GET', `/v1/mf1/receipts/${(response.json as { uuid: string }).uuid}/details`, { token });
    expect(details.json).toMatchObject({ total_uncollected_amount: '3.00' });
  });

  it('checks amount strings (2 to 8 decimals) and quantities (exactly 2 decimals)', async () => {
    const precise = await sell({ ...cashSale('3.12345678'), payments: [{ payment_type: 'cash', amount: '3.12' }] });
    expect(precise.status).toBe(201);
    expect(precise.json).toMatchObject({ total_amount: '3.12' });
    for (const price of ['3.2', '3', '3.123456789']) {
      const response = await sell(cashSale(price));
      expect(response.status, price).toBe(422);
      expect(problems(response.json).some((problem) => problem.loc.join('.') === 'body.items.0.unit_price')).toBe(true);
    }
    for (const quantity of ['1', '1.5', '1.000']) {
      const response = await sell({ ...cashSale('2.00'), items: [{ quantity, description: 'Latte', unit_price: '2.00', vat_rate_code: '4.00' }] });
      expect(response.status, quantity).toBe(422);
      expect(problems(response.json)[0]?.loc).toEqual(['body', 'items', 0, 'quantity']);
      expect(problems(response.json)[0]?.msg).toContain('exactly 2 decimals');
    }
  });

  it('accepts an optional ATECO code on items in the 6-character format only', async () => {
    expect((await sell(cashSale('2.00', '4.00', { ateco_code: '472400' }))).status).toBe(201);
    const bad = await sell(cashSale('2.00', '4.00', { ateco_code: '47.24' }));
    expect(bad.status).toBe(422);
    expect(problems(bad.json)[0]?.loc).toEqual(['body', 'items', 0, 'ateco_code']);
  });

  it('refuses payments that do not add up to the amount to pay, saying both amounts', async () => {
    const response = await sell({ ...cashSale('5.00'), payments: [{ payment_type: 'cash', amount: '4.00' }] });
    expect(response.status).toBe(422);
    const [problem] = problems(response.json);
    expect(problem?.loc).toEqual(['body', 'payments']);
    expect(problem?.msg).toContain('4.00');
    expect(problem?.msg).toContain('5.00');
  });

  it('answers 422 in the FastAPI shape for a body that is not JSON or has no items', async () => {
    const missing = await sell({ payments: [] });
    expect(missing.status).toBe(422);
    expect(problems(missing.json)[0]).toMatchObject({ loc: ['body', 'items'], type: 'missing', msg: 'Field required' });
    const notJson = await client.call('POST', '/v1/mf1/receipts', { agent: register1, token, headers: { 'content-type': 'application/json' }, body: undefined });
    expect(notJson.status).toBe(422);
  });
});

describe('returns, voids, lists and details', () => {
  it('returns part of a sale, then refuses to void it; voids another sale and refuses to return or void it again', async () => {
    const sale = await sell({
      items: [
        { quantity: '2.00', description: 'Parmigiano', unit_price: '7.90', vat_rate_code: '4.00' },
        { quantity: '1.00', description: 'Vino', unit_price: '8.50', vat_rate_code: '22.00' },
      ],
      payments: [{ payment_type: 'cash', amount: '24.30' }],
    });
    const saleBody = sale.json as { uuid: string; document_number: string };
    const returned = await client.call('POST', '/v1/mf1/receipts/return', {
      agent: register1,
      token,
      body: { document_number: saleBody.document_number, items: [{ id: 1, quantity: '1.00' }] },
    });
    expect(returned.status).toBe(201);
    expect(returned.json).toMatchObject({ type: 'return', total_amount: null, parent_receipt_uuid: saleBody.uuid, is_voidable: false, is_returnable: false });

    const after = await client.call('GET', `/v1/mf1/receipts/${saleBody.uuid}`, { token });
    expect(after.json).toMatchObject({ is_voidable: false, is_returnable: true });
    const returnable = await client.call('GET', `/v1/mf1/receipts/${saleBody.uuid}/returnable-items`, { token });
    expect(returnable.json).toMatchObject([
      { id: 1, quantity: '1.00', returned_quantity: '1.00' },
      { id: 2, quantity: '1.00', returned_quantity: '0.00' },
    ]);
    const tooMany = await client.call('POST', '/v1/mf1/receipts/return', {
      agent: register1,
      token,
      body: { document_number: saleBody.document_number, items: [{ id: 1, quantity: '2.00' }] },
    });
    expect(tooMany.status).toBe(422);
    expect(problems(tooMany.json)[0]?.msg).toContain('only 1.00');

    const voidReturned = await client.call('DELETE', '/v1/mf1/receipts', { agent: register1, token, body: { document_number: saleBody.document_number } });
    expect(voidReturned.status).toBe(409);

    const other = (await sell(cashSale('1.20', '10.00'))).json as { uuid: string; document_number: string };
    const voided = await client.call('DELETE', '/v1/mf1/receipts', { agent: register1, token, body: { document_number: other.document_number } });
    expect(voided.status).toBe(204);
    expect((await client.call('GET', `/v1/mf1/receipts/${other.uuid}`, { token })).json).toMatchObject({ is_voidable: false, is_returnable: false });
    expect((await client.call('DELETE', '/v1/mf1/receipts', { agent: register1, token, body: { document_number: other.document_number } })).status).toBe(409);
    const returnVoided = await client.call('POST', '/v1/mf1/receipts/return', { agent: register1, token, body: { document_number: other.document_number, items: [{ id: 1, quantity: '1.00' }] } });
    expect(returnVoided.status).toBe(409);
    expect((await client.call('DELETE', '/v1/mf1/receipts', { agent: register1, token, body: { document_number: '9999-9999' } })).status).toBe(404);
  });

  it('issues returns and voids of other devices and with a proof of purchase, under the same VAT rules', async () => {
    const items = [{ quantity: '1.00', description: 'Caffè', unit_price: '3.90', vat_rate_code: '22.00' }];
    const viaDevice = await client.call('POST', '/v1/mf1/receipts/return-via-different-device', {
      agent: register1,
      token,
      body: { device_id: 'E002-000001', document_number: '0001-0001', document_datetime: '2026-10-01T10:00:00', items },
    });
    expect(viaDevice.status).toBe(201);
    expect(viaDevice.json).toMatchObject({ type: 'return', parent_receipt_uuid: null });
    const withProof = await client.call('DELETE', '/v1/mf1/receipts/void-with-proof', { agent: register1, token, body: { proof: 'POS', document_datetime: '2026-10-01T10:00:00', items } });
    expect(withProof.status).toBe(204);
    const oldRate = await client.call('POST', '/v1/mf1/receipts/return-with-proof', {
      agent: register1,
      token,
      body: { proof: 'ND', document_datetime: '2026-10-01T10:00:00', items: [{ ...items[0], vat_rate_code: '7.30' }] },
    });
    expect(oldRate.status).toBe(422);
  });

  it('lists receipts per PEM with filters and pages, on the plain listener with the bearer token', async () => {
    const list = await client.call('GET', '/v1/mf1/pems/E001-000001/receipts?size=5&type=return', { token });
    expect(list.status).toBe(200);
    expect(list.json).toMatchObject({ page: 1, size: 5 });
    const body = list.json as { total: number; pages: number };
    expect(body.pages).toBe(Math.ceil(body.total / 5));
    expect(members<{ type: string }>(list).every((receipt) => receipt.type === 'return')).toBe(true);
    const all = await client.call('GET', '/v1/mf1/receipts?serial_number=E002-000001&order[document_number]=asc&size=100', { token });
    const numbers = members<{ document_number: string; pem_serial_number: string }>(all);
    expect(numbers.length).toBeGreaterThan(0);
    expect(numbers.every((receipt) => receipt.pem_serial_number === 'E002-000001')).toBe(true);
    expect(numbers.map((receipt) => receipt.document_number)).toEqual([...numbers.map((receipt) => receipt.document_number)].sort());
    expect((await client.call('GET', '/v1/mf1/pems/E001-000001/receipts?document_datetime[after]=yesterday', { token })).status).toBe(422);
    expect((await client.call('GET', '/v1/mf1/pems/E001-000001/receipts', {})).status).toBe(401);
  });

  it('serves receipt details as JSON or, with Accept: application/pdf, as a PDF', async () => {
    const sale = (await sell(cashSale('2.40', '22.00'))).json as { uuid: string };
    const pdf = await client.call('GET', `/v1/mf1/receipts/${sale.uuid}/details`, { token, accept: 'application/pdf' });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await client.call('GET', '/v1/mf1/receipts/00000000-0000-4000-8000-000000000000', { token })).status).toBe(404);
    const badUuid = await client.call('GET', '/v1/mf1/receipts/not-a-uuid', { token });
    expect(badUuid.status).toBe(422);
    expect(problems(badUuid.json)[0]?.loc).toEqual(['path', 'receipt_uuid']);
  });
});

describe('a discarded PEM', () => {
  it('refuses new receipts (409) after MF2 discards it, but still identifies its cash register', async () => {
    const register2 = client.cashRegister('E001-000002');
    expect((await sell(cashSale('1.00'), register2)).status).toBe(201);
    const discard = await client.call('POST', '/v1/mf2/pems/E001-000002/discard', { token });
    expect(discard.status).toBe(200);
    expect(discard.json).toMatchObject({ serial_number: 'E001-000002', status: 'discarded' });
    const refused = await sell(cashSale('1.00'), register2);
    expect(refused.status).toBe(409);
    expect((refused.json as { detail: string }).detail).toContain('discarded');
    const me = await client.call('GET', '/v1/mf1/cash-registers/me', { agent: register2, token });
    expect(me.json).toMatchObject({ pem_serial_number: 'E001-000002', pem_status: 'DISCARDED' });
    expect((await client.call('POST', '/v1/mf1/pems/E001-000002/backoffice-reports/journal-reading', { token })).status).toBe(409);
  });
});
