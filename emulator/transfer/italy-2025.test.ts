/**
 * The IT transfer processing checks FatturaPA with the schema in force (1.2.3) and the semplificata with
 * its own (VFSM10 1.0.1): a TD29 is delivered; an RF20 semplificata fails with the reason (1.0.2, which
 * adds RF20, has no verified copy). TD29/RF20 documents are built from the public fixtures by changing
 * only that code (no public sample exists).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureBytes } from '../../standards/test-support/fixtures';
import { startTestEmulator, type TestEmulator } from '../testing';
import { b64, transferClient, type TransferClient } from './test-support';

interface Upload {
  id: string;
  status: string;
  errors?: string[];
}

let emulator: TestEmulator;
let transfer: TransferClient;

beforeAll(async () => {
  emulator = await startTestEmulator({ documents: 0, processingDelayMs: 0 });
  transfer = transferClient(emulator.urls.transferUrl, await emulator.login('full'));
}, 120_000);
afterAll(() => emulator?.close());

const withCode = (path: string, element: string, from: string, to: string): string =>
  Buffer.from(fixtureBytes(path)).toString('utf8').replace(`<${element}>${from}</${element}>`, `<${element}>${to}</${element}>`);

const uploadToItaly = async (fileName: string, xml: string): Promise<Upload> => {
  const response = await transfer.post(JSON.stringify({ country: 'IT', file_name: fileName, content: b64(xml) }));
  expect(response.status).toBe(202);
  const { id } = (await response.json()) as Upload;
  for (;;) {
    const { body } = await transfer.getJson<Upload>(`/uploads/${id}`);
    if (body.status === 'delivered' || body.status === 'failed') return body;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

describe('IT uploads under FatturaPA 1.2.3 and the semplificata', () => {
  it('delivers a TD29 invoice', async () => {
    const upload = await uploadToItaly('IT01234567890_TD29.xml', withCode('ph-fatturapa/IT01234567890_FPR01.xml', 'TipoDocumento', 'TD01', 'TD29'));
    expect(upload.status, (upload.errors ?? []).join('\n')).toBe('delivered');
  }, 120_000);

  it('delivers an invoice of a seller under RF20', async () => {
    const upload = await uploadToItaly('IT01234567890_RF20.xml', withCode('ph-fatturapa/IT01234567890_FPR01.xml', 'RegimeFiscale', 'RF19', 'RF20'));
    expect(upload.status, (upload.errors ?? []).join('\n')).toBe('delivered');
  }, 120_000);

  it('fails an RF20 semplificata with the reason, naming the file', async () => {
    const upload = await uploadToItaly('IT01234567890_FSM10.xml', withCode('FatturaElettronica.NET/IT01234567890_FSM10.xml', 'RegimeFiscale', 'RF01', 'RF20'));
    expect(upload.status).toBe('failed');
    const message = (upload.errors ?? []).join('\n');
    expect(message).toContain('IT01234567890_FSM10.xml');
    expect(message).toContain('No verified copy of 1.0.2 exists');
    expect(message).toContain('[FatturaPA semplificata schema 1.0.1]');
  }, 120_000);
});
