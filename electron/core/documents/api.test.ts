import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEmulator, type TestEmulator } from '../../../emulator/testing';
import type { DocumentRecord } from '../../../shared/contract';
import { createDocumentsApi, type DocumentsApi } from './api';
import { createTestHttp, type TestHttp } from './testing/http';
import { fakeDocuments, PDF_BYTES, startFakeDocumentsServer } from './testing/fake-documents-server';

let emulator: TestEmulator;
let client: TestHttp;
let api: DocumentsApi;
let token: string;

beforeAll(async () => {
  emulator = await startTestEmulator({ documents: 80 });
  token = await emulator.login('full');
  client = createTestHttp();
  api = createDocumentsApi({ http: client.http, baseUrl: () => emulator.urls.documentsUrl, token: () => token });
});

afterAll(async () => {
  await client?.close();
  await emulator?.close();
});

async function allInvoices(): Promise<DocumentRecord[]> {
  const out: DocumentRecord[] = [];
  for (let page = 1; ; page += 1) {
    const result = await api.list('invoice', {}, page, 30);
    out.push(...result.items);
    if (out.length >= result.totalItems || result.items.length === 0) return out;
  }
}

describe('documents API against the emulator', () => {
  it('lists a Hydra page into records of the asked type with the total', async () => {
    const page = await api.list('invoice', {}, 1, 5);
    expect(page.items).toHaveLength(5);
    expect(page.totalItems).toBeGreaterThan(5);
    expect(page).toMatchObject({ page: 1, itemsPerPage: 5 });
    for (const item of page.items) {
      expect(item.type).toBe('invoice');
      expect(item.uuid).not.toBe('');
      expect(['incoming', 'outgoing']).toContain(item.direction);
    }
  });

  it('applies each filter on the server', async () => {
    const invoices = await allInvoices();
    const first = invoices[0] as DocumentRecord;
    const second = invoices[1] as DocumentRecord;

    const bySender = await api.list('invoice', { senderId: [first.sender.identifier] }, 1, 30);
    expect(bySender.items.length).toBeGreaterThan(0);
    expect(bySender.items.every((item) => item.sender.identifier === first.sender.identifier)).toBe(true);

    const byNumbers = await api.list('invoice', { documentNumber: [first.number, second.number] }, 1, 30);
    expect(new Set(byNumbers.items.map((item) => item.number))).toEqual(new Set([first.number, second.number]));

    const outgoing = await api.list('invoice', { direction: 'outgoing' }, 1, 30);
    expect(outgoing.items.every((item) => item.direction === 'outgoing')).toBe(true);
    expect(outgoing.totalItems).toBe(invoices.filter((item) => item.direction === 'outgoing').length);

    const notDownloaded = await api.list('invoice', { downloaded: false }, 1, 30);
    expect(notDownloaded.items.every((item) => !item.downloaded)).toBe(true);

    const sorted = (await api.list('invoice', { sort: { field: 'createdAt', order: 'asc' } }, 1, 30)).items.map((item) => Date.parse(item.createdAt));
    expect(sorted).toEqual([...sorted].sort((a, b) => a - b));

    const middle = [...invoices].sort((a, b) => a.createdAt.localeCompare(b.createdAt))[Math.floor(invoices.length / 2)] as DocumentRecord;
    const after = await api.list('invoice', { createdAt: { after: middle.createdAt } }, 1, 30);
    expect(after.items.every((item) => Date.parse(item.createdAt) >= Date.parse(middle.createdAt))).toBe(true);
    expect(after.totalItems).toBeLessThan(invoices.length);
  });

  it('gets one record and says not_found for an unknown uuid', async () => {
    const [first] = (await api.list('credit-note', {}, 1, 1)).items;
    expect(await api.get('credit-note', first?.uuid as string)).toEqual(first);
    await expect(api.get('credit-note', 'no-such-uuid')).rejects.toMatchObject({ code: 'not_found', status: 404 });
  });

  it('returns the source byte for byte with its content type', async () => {
    const [first] = (await api.list('order', {}, 1, 1)).items;
    const source = await api.source('order', first?.uuid as string);
    const raw = await fetch(`${emulator.urls.documentsUrl}/orders/${first?.uuid}/source`, { headers: { authorization: `Bearer ${token}` } });
    expect(Buffer.compare(source.bytes, Buffer.from(await raw.arrayBuffer()))).toBe(0);
    expect(source.contentType).toMatch(/xml|json/);
  });

  it('downloads the printed PDF through the redirect', async () => {
    const [first] = (await api.list('invoice', {}, 1, 1)).items;
    const pdf = await api.print('invoice', first?.uuid as string);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('marks documents downloaded and back', async () => {
    const [first] = (await api.list('credit-note', { downloaded: false }, 1, 1)).items;
    const uuid = first?.uuid as string;
    await api.markDownloaded('credit-note', [uuid], true);
    expect((await api.get('credit-note', uuid)).downloaded).toBe(true);
    await api.markDownloaded('credit-note', [uuid], false);
    expect((await api.get('credit-note', uuid)).downloaded).toBe(false);
    await expect(api.markDownloaded('credit-note', ['no-such-uuid'], true)).rejects.toMatchObject({ code: 'validation', status: 422 });
  });

  it('lists the validation rules', async () => {
    const rules = await api.validationRules();
    expect(rules.length).toBeGreaterThan(0);
    expect(rules.some((rule) => rule.latest && rule.documentTypes.includes('invoice'))).toBe(true);
  });

  it('says unauthorized when the token is refused', async () => {
    const stale = createDocumentsApi({ http: client.http, baseUrl: () => emulator.urls.documentsUrl, token: () => 'not-a-token' });
    await expect(stale.list('invoice', {}, 1, 30)).rejects.toMatchObject({ code: 'unauthorized' });
  });
});

describe('documents API against a scripted server', () => {
  it('sends the exact spec query string and asks for Hydra', async () => {
    const server = await startFakeDocumentsServer({ documents: fakeDocuments(2) });
    try {
      const fake = createDocumentsApi({ http: client.http, baseUrl: () => server.url, token: () => 'secret-token' });
      await fake.list('invoice', { senderId: ['a', 'b'], createdAt: { after: '2026-01-01' }, sort: { field: 'senderName', order: 'desc' }, downloaded: true, direction: 'outgoing' }, 3, 30);
      const request = server.requests.at(-1);
      const query = decodeURIComponent(request?.url.split('?')[1] ?? '');
      expect(query).toBe('page=3&itemsPerPage=30&senderId[]=a&senderId[]=b&createdAt[after]=2026-01-01&downloaded=true&direction=outgoing&sortBy[senderName]=desc');
      expect(request?.headers.accept).toBe('application/ld+json');
      expect(request?.headers.authorization).toBe('Bearer secret-token');
    } finally {
      await server.close();
    }
  });

  it('turns a malformed envelope into bad_response', async () => {
    for (const listBody of ['{"hydra:member": "nope"}', '<html>oops</html>', '{"hydra:member": [{"number": "1"}]}']) {
      const server = await startFakeDocumentsServer({ listBody });
      try {
        const fake = createDocumentsApi({ http: client.http, baseUrl: () => server.url, token: () => 't' });
        await expect(fake.list('invoice', {}, 1, 30)).rejects.toMatchObject({ code: 'bad_response' });
      } finally {
        await server.close();
      }
    }
  });

  it('fetches the print file without the bearer token, refreshing an expired link once', async () => {
    const server = await startFakeDocumentsServer({ documents: fakeDocuments(1), expiredPrintLinks: 1 });
    try {
      const fake = createDocumentsApi({ http: client.http, baseUrl: () => server.url, token: () => 'secret-token' });
      const uuid = server.documents[0]?.uuid as string;
      expect(Buffer.compare(await fake.print('invoice', uuid), PDF_BYTES)).toBe(0);
      const printCalls = server.requests.filter((request) => request.url.endsWith('/print'));
      const fileCalls = server.requests.filter((request) => request.url.startsWith('/print-files/'));
      expect(printCalls).toHaveLength(2);
      expect(printCalls.every((request) => request.headers.authorization === 'Bearer secret-token')).toBe(true);
      expect(fileCalls).toHaveLength(2);
      expect(fileCalls.every((request) => request.headers.authorization === undefined)).toBe(true);
    } finally {
      await server.close();
    }
  });

  it('gives a clear error when the fresh link has expired too', async () => {
    const server = await startFakeDocumentsServer({ documents: fakeDocuments(1), expiredPrintLinks: 5 });
    try {
      const fake = createDocumentsApi({ http: client.http, baseUrl: () => server.url, token: () => 't' });
      await expect(fake.print('invoice', server.documents[0]?.uuid as string)).rejects.toMatchObject({
        code: 'not_found',
        message: expect.stringMatching(/download link had expired, and so had a fresh one/),
      });
      expect(server.requests.filter((request) => request.url.endsWith('/print'))).toHaveLength(2);
    } finally {
      await server.close();
    }
  });

  it('reads the print link from the JSON body when there is no Location', async () => {
    const server = await startFakeDocumentsServer({ documents: fakeDocuments(1), printUrlInBodyOnly: true });
    try {
      const fake = createDocumentsApi({ http: client.http, baseUrl: () => server.url, token: () => 't' });
      expect(Buffer.compare(await fake.print('invoice', server.documents[0]?.uuid as string), PDF_BYTES)).toBe(0);
    } finally {
      await server.close();
    }
  });
});
