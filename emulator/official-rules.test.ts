/**
 * The emulator's verdict on every public fixture equals what index.json records: invoices and credit
 * notes through POST /invoices and /credit-notes (202 or 422 with the official rule ids), FatturaPA and
 * KSeF through the transfer interface (delivered, or failed with the schema's message). Orders, order
 * responses, despatch advices and application responses cannot be sent to the service (no POST), so
 * their verdict is the engine's alone (standards/engine/fixtures.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectedValidity, fixtureBytes, fixtureIndex, ksefPrecheckRefusals, namedErrors } from '../standards/test-support/fixtures';
import { isKsefTemplate, substituteTemplate } from '../standards/test-support/template-values';
import { client, violationListSchema, type Client } from './documents/test-support/client';
import { startTestEmulator, type TestEmulator } from './testing';
import { b64, transferClient, type TransferClient } from './transfer/test-support';

let emulator: TestEmulator;
let documents: Client;
let transfer: TransferClient;

beforeAll(async () => {
  emulator = await startTestEmulator({ documents: 0, processingDelayMs: 0 });
  const token = await emulator.login('full');
  documents = client(emulator.urls.documentsUrl, token);
  transfer = transferClient(emulator.urls.transferUrl, token);
  await emulator.context.standards.warm('peppol-bis-billing-3.0-invoice');
}, 180_000);

afterAll(() => emulator?.close());

const entries = fixtureIndex();
const billing = entries.filter((entry) => entry.kind === 'invoice' || entry.kind === 'credit-note');
const transferred = entries.filter((entry) => entry.kind === 'fatturapa' || entry.kind === 'ksef');

describe('POST /invoices and /credit-notes: the official verdict of every UBL billing fixture', () => {
  it.each(billing.map((entry) => [entry.path, entry] as const))('%s', async (_, entry) => {
    const expected = expectedValidity(entry);
    const headers: Record<string, string> = expected.ruleSet ? { 'x-validation-rule': expected.ruleSet } : {};
    const response = await documents.post(entry.kind === 'invoice' ? '/invoices' : '/credit-notes', fixtureBytes(entry.path), { contentType: 'application/xml', headers });
    if (expected.valid) {
      expect(response.status, await response.clone().text()).toBe(202);
      return;
    }
    expect(response.status).toBe(422);
    const codes = violationListSchema.parse(await response.json()).violations.map((violation) => violation.code);
    const named = namedErrors[entry.path];
    if (named && (!named.ruleSet || named.ruleSet === expected.ruleSet)) {
      for (const id of named.ruleIds ?? []) expect(codes).toContain(id);
      if (named.schemaText) expect(codes).toContain('XSD');
    }
  }, 120_000);
});

interface Upload {
  id: string;
  status: string;
  errors?: string[];
}

/** A KSeF PEF template whose CustomizationID is plain Peppol and that uses no Polish extension. */
const isPlainUblTemplate = (entry: { kind: string; path: string }): boolean => {
  const head = Buffer.from(fixtureBytes(entry.path)).subarray(0, 8192).toString('latin1');
  return entry.kind === 'ksef' && head.includes('<Invoice') && !head.includes('urn:fdc:www.efaktura.gov.pl') && !head.includes('urn:pl:extended:');
};

const settle = async (id: string): Promise<Upload> => {
  for (;;) {
    const { body } = await transfer.getJson<Upload>(`/uploads/${id}`);
    if (body.status === 'delivered' || body.status === 'failed') return body;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

describe('POST /upload: FatturaPA and KSeF are checked against their official schema while processing', () => {
  it.each(transferred.map((entry) => [entry.path, entry] as const))('%s', async (_, entry) => {
    const fileName = entry.path.split('/').pop()!;
    const response = await transfer.post(JSON.stringify({ country: entry.kind === 'ksef' ? 'PL' : 'IT', file_name: fileName, content: b64(fixtureBytes(entry.path)) }));
    expect(response.status).toBe(202);
    const upload = await settle(((await response.json()) as Upload).id);
    if (isPlainUblTemplate(entry)) {
      // No Polish mark: the transfer interface passes a plain UBL invoice to PL unchecked (the engine's test checks it as PEF).
      expect(upload.status).toBe('delivered');
      return;
    }
    if (ksefPrecheckRefusals[entry.path]) {
      // Valid by the official schema (index.json), refused by KSeF's own acceptance checks.
      expect(upload.status).toBe('failed');
      expect((upload.errors ?? []).join('\n')).toContain('KSeF acceptance check');
      return;
    }
    if (expectedValidity(entry).valid) {
      expect(upload.status, (upload.errors ?? []).join('\n')).toBe('delivered');
      return;
    }
    expect(upload.status).toBe('failed');
    const named = namedErrors[entry.path];
    const message = (upload.errors ?? []).join('\n');
    expect(message).toContain(fileName);
    if (named?.schemaText) expect(message).toContain(named.schemaText);
    if (named?.line) expect(message).toContain(`line ${named.line}`);
  }, 120_000);
});

describe('POST /upload to PL: the published KSeF templates are delivered once SOURCES.md’s values are put in', () => {
  it.each(transferred.filter(isKsefTemplate).map((entry) => [entry.path, entry] as const))('%s', async (_, entry) => {
    const fileName = entry.path.split('/').pop()!;
    const response = await transfer.post(JSON.stringify({ country: 'PL', file_name: fileName, content: b64(substituteTemplate(fixtureBytes(entry.path))) }));
    expect(response.status).toBe(202);
    const upload = await settle(((await response.json()) as Upload).id);
    expect(upload.status, (upload.errors ?? []).join('\n')).toBe('delivered');
  }, 120_000);
});
