import { mkdtempSync, rmSync } from 'node:fs';
import { fetch } from 'undici';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startTestEmulator } from '../testing';
import { cashSale, fiscalClient } from './testing/fiscal-client';

const dataDir = mkdtempSync(join(tmpdir(), 'ledgerdesk-fiscal-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('fiscal state with --data-dir', () => {
  it('keeps receipts, journals and ATECO codes across a restart', async () => {
    const first = await startTestEmulator({ dataDir });
    const firstClient = fiscalClient(first);
    let receiptUuid: string;
    let merchantUuid: string;
    try {
      const token = await first.login('full');
      const sale = await firstClient.call('POST', '/v1/mf1/receipts', { agent: firstClient.cashRegister('E002-000001'), token, body: cashSale('9.90', '22.00') });
      expect(sale.status).toBe(201);
      receiptUuid = (sale.json as { uuid: string }).uuid;
      merchantUuid = ((await firstClient.call('GET', '/v1/mf2/merchants', { token })).json as { member: { uuid: string }[] }).member[1]?.uuid ?? '';
      expect((await firstClient.call('PUT', `/v1/mf2/merchants/${merchantUuid}/ateco-codes`, { token, body: { ateco_codes: ['561020'] } })).status).toBe(200);
    } finally {
      await firstClient.close();
      await first.close();
    }

    const second = await startTestEmulator({ dataDir });
    const secondClient = fiscalClient(second);
    try {
      const token = await second.login('full');
      const receipt = await secondClient.call('GET', `/v1/mf1/receipts/${receiptUuid}`, { token });
      expect(receipt.status).toBe(200);
      expect(receipt.json).toMatchObject({ total_amount: '9.90', pem_serial_number: 'E002-000001' });
      expect((await secondClient.call('GET', '/v1/mf1/pems/E002-000001', { token })).json).toMatchObject({ operational_status: 'OPEN' });
      const codes = (await secondClient.call('GET', `/v1/mf2/merchants/${merchantUuid}/ateco-codes`, { token })).json as { ateco_codes: { code: string }[] };
      expect(codes.ateco_codes.map((entry) => entry.code)).toEqual(['561020']);
    } finally {
      await secondClient.close();
      await second.close();
    }
  });

  it('keeps merchants, PEMs, activation, cash registers with their certificates, cashiers and their logins across a restart', async () => {
    const cashier = { email: 'restart@cashier.example', password: 'restart-2026', name: 'Rita', display_name: null };
    let serial: string;
    let register = { uuid: '', mtls_certificate: '', private_key: '' };
    let cashierUuid: string;
    const first = await startTestEmulator({ dataDir });
    const firstClient = fiscalClient(first);
    try {
      const token = await first.login('full');
      const merchant = await firstClient.call('POST', '/v1/mf2/merchants', {
        token,
        accept: 'application/json',
        body: { vat_number: '07643520567', email: 'owner@restart.example', password: 'Restart-2026!', business_name: 'Restart S.r.l.', address: { street_address: 'Via Verdi', zip_code: '00184', city: 'Roma', province: 'RM' } },
      });
      expect(merchant.status, merchant.text).toBe(201);
      const merchantUuid = (merchant.json as { uuid: string }).uuid;
      const pem = (await firstClient.call('POST', '/v1/mf2/pems', { token, accept: 'application/json', body: { merchant_uuid: merchantUuid } })).json as { serial_number: string; registration_key: string };
      serial = pem.serial_number;
      expect((await firstClient.call('POST', `/v1/mf1/pems/${serial}/activation`, { token, body: { registration_key: pem.registration_key } })).status).toBe(202);
      const created = await firstClient.call('POST', '/v1/mf1/cash-registers', { token, body: { pem_serial_number: serial, name: 'Cassa Roma' } });
      register = created.json as typeof register;
      const added = await firstClient.call('POST', '/v1/mf1/cashiers', { token, body: { ...cashier, merchant_uuid: merchantUuid } });
      cashierUuid = (added.json as { uuid: string }).uuid;
      expect((await firstClient.call('POST', `/v1/mf1/pems/${serial}/communicate-offline`, { token, body: { timestamp: '2026-02-01T10:00:00Z', reason: 'Line down' } })).status).toBe(202);
    } finally {
      await firstClient.close();
      await first.close();
    }

    const second = await startTestEmulator({ dataDir });
    const secondClient = fiscalClient(second);
    try {
      const token = await second.login('full');
      expect((await secondClient.call('GET', `/v1/mf1/pems/${serial}`, { token })).json).toMatchObject({ status: 'ACTIVATED' });
      expect((await secondClient.call('GET', `/v1/mf1/cash-registers/${register.uuid}`, { token })).json).toMatchObject({ name: 'Cassa Roma', pem_serial_number: serial });
      const merchantLogin = await fetch(`${second.urls.authUrl}/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'owner@restart.example', password: 'Restart-2026!', environment: 'sandbox' }) });
      expect(merchantLogin.status).toBe(200);
      const login = await fetch(`${second.urls.authUrl}/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: cashier.email, password: cashier.password, environment: 'sandbox' }) });
      expect(login.status).toBe(200);
      const cashierToken = ((await login.json()) as { token: string }).token;
      expect((await secondClient.call('GET', '/v1/mf1/cashiers/me', { token: cashierToken })).json).toMatchObject({ uuid: cashierUuid });
      const agent = secondClient.withPem(register.mtls_certificate, register.private_key);
      const sale = await secondClient.call('POST', '/v1/mf1/receipts', { agent, token: cashierToken, body: cashSale('3.00', '22.00') });
      expect(sale.status, sale.text).toBe(201);
      expect((await secondClient.call('GET', '/v1/mf1/cash-registers/me', { agent, token })).json).toMatchObject({ uuid: register.uuid, name: 'Cassa Roma' });
    } finally {
      await secondClient.close();
      await second.close();
    }
  });
});
