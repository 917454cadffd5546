/**
 * KSeF's acceptance as the emulator plays it: `--environment production` refuses an FA (2) invoice (since
 * 2026-02-01 KSeF's production system takes only FA (3)) and the sandbox delivers it; a KSeF file with a
 * BOM, or over KSeF's size limit, fails in every environment, with the reason in `errors`.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { fixtureBytes } from '../../standards/test-support/fixtures';
import { startTestEmulator, type TestEmulator } from '../testing';
import { b64, transferClient } from './test-support';

const FA2 = 'ksef-fop/fa2/podstawowa/FA_2_Przyklad_4.xml';
const FA3 = 'ksef-pdf-generator/invoice.xml';

interface Upload {
  id: string;
  status: string;
  errors?: string[];
}

let emulator: TestEmulator | undefined;
afterEach(async () => {
  await emulator?.close();
  emulator = undefined;
});

async function upload(environment: 'sandbox' | 'production', fileName: string, bytes: Uint8Array): Promise<Upload> {
  emulator ??= await startTestEmulator({ documents: 0, processingDelayMs: 0, environment });
  const transfer = transferClient(emulator.urls.transferUrl, await emulator.login('full', environment));
  const response = await transfer.post(JSON.stringify({ country: 'PL', file_name: fileName, content: b64(bytes) }));
  expect(response.status, await response.clone().text()).toBe(202);
  const { id } = (await response.json()) as Upload;
  for (;;) {
    const { body } = await transfer.getJson<Upload>(`/uploads/${id}`);
    if (body.status === 'delivered' || body.status === 'failed') return body;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('the emulator refuses what KSeF would refuse', () => {
  it('production: an FA (2) upload ends failed, naming FA (3) and the date', async () => {
    const result = await upload('production', 'FA_2_Przyklad_4.xml', fixtureBytes(FA2));
    expect(result.status).toBe('failed');
    expect(result.errors?.join('\n')).toMatch(/FA_2_Przyklad_4\.xml: This is an FA \(2\) invoice: since 2026-02-01 KSeF's production system takes only FA \(3\)/);
  }, 120_000);

  it('sandbox (KSeF TEST): the same FA (2) file is delivered', async () => {
    const result = await upload('sandbox', 'FA_2_Przyklad_4.xml', fixtureBytes(FA2));
    expect(result.status, result.errors?.join('\n')).toBe('delivered');
  }, 120_000);

  it('an FA (3) file with a BOM fails with the BOM named', async () => {
    const result = await upload('sandbox', 'bom.xml', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), fixtureBytes(FA3)]));
    expect(result.status).toBe('failed');
    expect(result.errors?.join('\n')).toContain('bom.xml: The file starts with a UTF-8 byte order mark');
  }, 120_000);

  it('an FA (3) file over 1 000 000 bytes fails with its size and the limit', async () => {
    const big = Buffer.from(Buffer.from(fixtureBytes(FA3)).toString('utf8').replace('</Faktura>', `<!--${'x'.repeat(1_000_000)}--></Faktura>`));
    const result = await upload('sandbox', 'big.xml', big);
    expect(result.status).toBe('failed');
    expect(result.errors?.join('\n')).toContain(`big.xml: The file is ${big.byteLength} bytes; KSeF takes invoices of at most 1000000 bytes`);
  }, 120_000);
});
