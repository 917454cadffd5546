import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEmulator, type TestEmulator } from '../../../emulator/testing';
import type { EventName, EventPayload } from '../../../shared/contract';
import { createCoreEvents } from '../events';
import { MemoryLogger } from '../testing/memory-ports';
import { createDocumentsService, type DocumentsService } from './service';
import { fakeDocuments, startFakeDocumentsServer } from './testing/fake-documents-server';
import { createTestHttp, type TestHttp } from './testing/http';

const fixture = (name: string) => fs.readFile(path.join('/work/shared/fixtures/peppol-bis-invoice-3', name));

let emulator: TestEmulator;
let client: TestHttp;
let service: DocumentsService;
let dir: string;
const emitted: Array<{ event: EventName; payload: unknown }> = [];

function serviceFor(baseUrl: string, token: string): DocumentsService {
  const events = createCoreEvents(new MemoryLogger());
  events.on((event, payload) => emitted.push({ event, payload }));
  return createDocumentsService({ http: client.http, baseUrl: () => baseUrl, token: () => token, events, logger: new MemoryLogger(), userDataDir: dir });
}

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ledgerdesk-documents-'));
  emulator = await startTestEmulator({ documents: 40 });
  client = createTestHttp();
  service = serviceFor(emulator.urls.documentsUrl, await emulator.login('full'));
});

afterAll(async () => {
  await service?.dispose();
  await client?.close();
  await emulator?.close();
  await fs.rm(dir, { recursive: true, force: true });
});

async function findInvoice(number: string) {
  const [record] = (await service.list('invoice', { documentNumber: [number] }, 1, 30)).items;
  if (!record) throw new Error(`The emulator has no invoice ${number}`);
  return record;
}

describe('reading documents', () => {
  it('parses the source into the normalized view', async () => {
    const record = await findInvoice('TOSL108');
    const detail = await service.get('invoice', record.uuid);
    expect(detail.record).toEqual(record);
    expect(detail.sourceFormat).toBe('xml');
    expect(detail.parseError).toBeUndefined();
    expect(detail.document).toMatchObject({ documentType: 'invoice', id: 'TOSL108' });
    expect(detail.document?.lines.length).toBeGreaterThan(0);
  });

  it('gives the source as text and pretty-printed, with the bytes in base64', async () => {
    const record = await findInvoice('TOSL108');
    const source = await service.source('invoice', record.uuid);
    expect(Buffer.from(source.base64, 'base64').toString('utf8')).toBe(source.text);
    expect(source.size).toBe(Buffer.byteLength(source.text));
    expect(source.fileName).toBe('TOSL108.xml');
    expect(source.pretty).toContain('<cbc:ID>TOSL108</cbc:ID>');
    expect(source.pretty.split('\n').some((line) => line.startsWith('  <cac:AccountingSupplierParty>'))).toBe(true);
  });

  it('decodes an embedded attachment and explains the ones it cannot give', async () => {
    const record = await findInvoice('TOSL108');
    const { document } = await service.get('invoice', record.uuid);
    const attachments = document?.attachments ?? [];
    const embedded = attachments.findIndex((candidate) => candidate.base64);
    const external = attachments.findIndex((candidate) => !candidate.base64 && candidate.uri);
    const attachment = await service.attachment('invoice', record.uuid, embedded);
    expect(attachment).toMatchObject({ fileName: 'Hours-spent.csv', contentType: 'application/pdf' });
    expect(Buffer.from(attachment.base64, 'base64').toString('utf8')).toBe('Test base 64 encoding');
    await expect(service.attachment('invoice', record.uuid, external)).rejects.toMatchObject({ code: 'not_found', message: expect.stringMatching(/not embedded.*http/) });
    await expect(service.attachment('invoice', record.uuid, 7)).rejects.toMatchObject({
      code: 'not_found',
      message: `This invoice has ${attachments.length} attachments; there is no attachment number 8.`,
    });
  });

  it('prints to a PDF payload', async () => {
    const record = await findInvoice('TOSL108');
    const pdf = await service.print('invoice', record.uuid);
    expect(pdf.contentType).toBe('application/pdf');
    expect(Buffer.from(pdf.base64, 'base64').subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('reports a source it cannot parse as parseError, not as a failure', async () => {
    const server = await startFakeDocumentsServer({ documents: fakeDocuments(1) });
    try {
      const document = server.documents[0];
      if (!document) throw new Error('no document');
      document.source = Buffer.from('<Invoice><cbc:ID>broken</Invoice>');
      const detail = await serviceFor(server.url, 't').get('invoice', document.uuid);
      expect(detail.document).toBeNull();
      expect(detail.parseError).toMatch(/not well-formed/);
    } finally {
      await server.close();
    }
  });
});

describe('sending documents', () => {
  it('sends a valid invoice and emits documents.changed', async () => {
    emitted.length = 0;
    const result = await service.send('invoice', { kind: 'bytes', name: 'base-example.xml', base64: (await fixture('base-example.xml')).toString('base64') });
    expect(result.record).toMatchObject({ type: 'invoice', direction: 'outgoing' });
    expect(result.validationRule).toBeTruthy();
    expect(emitted).toContainEqual({ event: 'documents.changed', payload: { type: 'invoice', uuids: [result.record.uuid] } satisfies EventPayload<'documents.changed'> });
  });

  it('sends a file by path with a chosen validation rule', async () => {
    const [rule] = (await service.validationRules()).filter((candidate) => candidate.documentTypes.includes('invoice'));
    const file = path.join(dir, 'invoice.xml');
    await fs.writeFile(file, await fixture('base-example.xml'));
    const result = await service.send('invoice', { kind: 'path', path: file }, rule?.code);
    expect(result.validationRule).toBe(rule?.code);
  });

  it('returns the violated rules with their locations on 422', async () => {
    const broken = (await fixture('base-example.xml')).toString('utf8').replace(/<cbc:IssueDate>[^<]*<\/cbc:IssueDate>/, '');
    const error = await service.send('invoice', { kind: 'bytes', name: 'no-date.xml', base64: Buffer.from(broken).toString('base64') }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: 'validation', status: 422, message: expect.stringMatching(/BR-03/) });
    const violations = (error as { details: { violations: Array<{ rule: string; location: string; message: string }> } }).details.violations;
    expect(violations).toContainEqual(expect.objectContaining({ rule: 'BR-03', location: expect.stringContaining('Invoice') }));
  });

  it('refuses malformed XML and JSON before sending anything', async () => {
    const server = await startFakeDocumentsServer();
    try {
      const offline = serviceFor(server.url, 't');
      const xml = offline.send('invoice', { kind: 'bytes', name: 'bad.xml', base64: Buffer.from('<Invoice><ID>1</Invoic>').toString('base64') });
      await expect(xml).rejects.toMatchObject({ code: 'validation', message: expect.stringMatching(/"bad.xml" is not well-formed XML.*line 1/) });
      const json = offline.send('invoice', { kind: 'bytes', name: 'bad.json', base64: Buffer.from('{"Invoice": ').toString('base64') });
      await expect(json).rejects.toMatchObject({ code: 'validation', message: expect.stringMatching(/"bad.json" is not valid JSON/) });
      // The parser's own message quotes the file; the app's names only where it broke.
      const confidential = '{"Invoice": {"Note": "salary of Ms Rossi: 4 200 EUR" oops}}';
      const leaked = await offline.send('invoice', { kind: 'bytes', name: 'leak.json', base64: Buffer.from(confidential).toString('base64') }).catch((caught: unknown) => caught);
      expect(leaked).toMatchObject({ code: 'validation', message: expect.stringMatching(/"leak.json" is not valid JSON/) });
      expect(JSON.stringify(leaked)).not.toMatch(/salary|Rossi|Invoice/);
      const neither = offline.send('invoice', { kind: 'bytes', name: 'notes.txt', base64: Buffer.from('hello').toString('base64') });
      await expect(neither).rejects.toMatchObject({ code: 'validation', message: expect.stringMatching(/neither XML nor JSON/) });
      expect(server.requests).toHaveLength(0);
    } finally {
      await server.close();
    }
  });

  it('refuses a credit note sent as an invoice before sending it', async () => {
    const server = await startFakeDocumentsServer();
    try {
      const creditNote = await fixture('base-creditnote-correction.xml');
      const sending = serviceFor(server.url, 't').send('invoice', { kind: 'bytes', name: 'cn.xml', base64: creditNote.toString('base64') });
      await expect(sending).rejects.toMatchObject({ code: 'validation', message: '"cn.xml" is a credit note (root element CreditNote), not an invoice. Choose the matching document type, or another file.' });
      const foreign = serviceFor(server.url, 't').send('invoice', { kind: 'bytes', name: 'cii.xml', base64: Buffer.from('<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"/>').toString('base64') });
      await expect(foreign).rejects.toMatchObject({ code: 'validation', message: expect.stringMatching(/not a UBL document/) });
      expect(server.requests).toHaveLength(0);
    } finally {
      await server.close();
    }
  });

  it('refuses a 200 MiB file before reading it', async () => {
    const big = path.join(dir, 'huge.xml');
    await fs.writeFile(big, '');
    await fs.truncate(big, 200 * 1024 * 1024);
    await expect(service.send('invoice', { kind: 'path', path: big })).rejects.toMatchObject({ code: 'too_large', message: expect.stringMatching(/200 MiB.*50 MiB/) });
  });

  it('sends a JSON transposition as application/json', async () => {
    const server = await startFakeDocumentsServer();
    try {
      const json = JSON.stringify({ Invoice: { ID: 'J-1', IssueDate: '2026-01-01' } });
      await serviceFor(server.url, 't')
        .send('invoice', { kind: 'bytes', name: 'doc.json', base64: Buffer.from(json).toString('base64') }, 'peppol-bis-billing-3.0-invoice')
        .catch(() => undefined);
      const request = server.requests.at(-1);
      expect(request?.method).toBe('POST');
      expect(request?.headers['content-type']).toBe('application/json');
      expect(request?.headers['x-validation-rule']).toBe('peppol-bis-billing-3.0-invoice');
      expect(request?.body.toString('utf8')).toBe(json);
    } finally {
      await server.close();
    }
  });
});
