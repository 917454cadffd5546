import { mkdtempSync, rmSync } from 'node:fs';
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
});
