import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseUbl } from '../../shared/ubl';
import { startTestEmulator, type TestEmulator } from '../testing';
import { listParameterNames } from './list-query';
import {
  allRecords,
  client,
  hydraCollectionSchema,
  hydraErrorSchema,
  linkedRecordSchema,
  problemSchema,
  recordSchema,
  type Client,
  type TestRecord,
} from './test-support/client';

let emulator: TestEmulator;
let api: Client;
let invoices: TestRecord[];
let creditNotes: TestRecord[];

const resources = [
  ['invoices', 'Invoice'],
  ['credit-notes', 'CreditNote'],
  ['orders', 'Order'],
  ['order-responses', 'OrderResponse'],
  ['despatch-advices', 'DespatchAdvice'],
] as const;

beforeAll(async () => {
  emulator = await startTestEmulator({ documents: 240, seed: 7 });
  api = client(emulator.urls.documentsUrl, await emulator.login('full'));
  invoices = await allRecords(api, '/invoices');
  creditNotes = await allRecords(api, '/credit-notes');
});

afterAll(async () => {
  await emulator?.close();
});

async function listJson(path: string): Promise<TestRecord[]> {
  const response = await api.get(path, { accept: 'application/json' });
  expect(response.status).toBe(200);
  return z.array(recordSchema).parse(await response.json());
}

async function collection(path: string) {
  const response = await api.get(path);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^application\/ld\+json/);
  return hydraCollectionSchema.parse(await response.json());
}

/** The whole filtered list (all pages), for comparing with what the test computes itself. */
async function everything(path: string, query: string): Promise<TestRecord[]> {
  return allRecords(api, path, query);
}

const uuids = (records: TestRecord[]) => records.map((record) => record.uuid).sort();
const ms = (text: string) => Date.parse(text);
const dayMs = (date: string) => Date.parse(`${date}T00:00:00Z`);

describe('the seeded data', () => {
  it('has every type, both directions, several senders and Norwegian identifiers', async () => {
    for (const [path] of resources) expect((await collection(`/${path}`))['hydra:totalItems']).toBeGreaterThan(0);
    const all = [...invoices, ...creditNotes];
    expect(new Set(all.map((record) => record.direction))).toEqual(new Set(['incoming', 'outgoing']));
    expect(new Set(invoices.map((record) => record.sender.name)).size).toBeGreaterThan(5);
    expect(all.filter((record) => record.sender.identifier.startsWith('0192:')).length).toBeGreaterThan(all.length / 2);
  });

  it('a second emulator with the same seed has the same documents', async () => {
    const twin = await startTestEmulator({ documents: 240, seed: 7 });
    try {
      const twinApi = client(twin.urls.documentsUrl, await twin.login());
      expect(await allRecords(twinApi, '/invoices')).toEqual(invoices);
    } finally {
      await twin.close();
    }
  });
});

describe('spec rows: GET endpoints of the document interface', () => {
  it.each(resources)('GET /%s → 200, a Hydra collection of %s records', async (path, hydraType) => {
    const body = await collection(`/${path}`);
    expect(body['@id']).toBe(`/${path}`);
    expect(body['hydra:member'].length).toBeLessThanOrEqual(30);
    for (const member of body['hydra:member']) {
      expect(member['@type']).toBe(hydraType);
      expect(member['@id']).toBe(`/${path}/${member.uuid}`);
    }
  });

  it.each(resources)('GET /%s/{uuid} → 200 with the record; unknown uuid → 404', async (path, hydraType) => {
    const first = (await collection(`/${path}?itemsPerPage=1`))['hydra:member'][0];
    expect(first).toBeDefined();
    const response = await api.get(`/${path}/${first?.uuid}`);
    expect(response.status).toBe(200);
    const record = linkedRecordSchema.extend({ '@context': z.string() }).parse(await response.json());
    expect(record).toMatchObject({ '@type': hydraType, uuid: first?.uuid, number: first?.number });
    const missing = await api.get(`/${path}/00000000-0000-4000-8000-000000000000`);
    expect(missing.status).toBe(404);
    expect(hydraErrorSchema.parse(await missing.json()).detail).toContain('00000000-0000-4000-8000-000000000000');
  });

  it.each(resources)('GET /%s/{uuid}/source → the UBL source; unknown uuid → 404', async (path) => {
    const [first] = await listJson(`/${path}?itemsPerPage=1`);
    const response = await api.get(`/${path}/${first?.uuid}/source`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/xml/);
    const document = parseUbl(await response.text());
    expect(document.id).toBe(first?.number);
    expect((await api.get(`/${path}/nope/source`)).status).toBe(404);
  });

  it('a seeded public example is served byte for byte', async () => {
    const [record] = await listJson('/invoices?documentNumber=TOSL108');
    expect(record?.sender).toEqual({ name: 'Salescompany ltd.', identifier: '0192:123456785' });
    const response = await api.get(`/invoices/${record?.uuid}/source`);
    const expected = readFileSync(new URL('../seed/fixtures/Norwegian-example-1.xml', import.meta.url));
    expect(Buffer.from(await response.arrayBuffer()).equals(expected)).toBe(true);
  });

  it('a generated source is the same on every request and matches its record', async () => {
    const record = invoices.find((candidate) => candidate.number.startsWith('INV-') || candidate.number.includes('-20'));
    const first = await (await api.get(`/invoices/${record?.uuid}/source`)).text();
    const second = await (await api.get(`/invoices/${record?.uuid}/source`)).text();
    expect(second).toBe(first);
    const document = parseUbl(first);
    expect(document.issueDate).toBe(record?.date);
    expect(document.sender?.name).toBe(record?.sender.name);
    expect(`${document.recipient?.endpoint?.scheme}:${document.recipient?.endpoint?.value}`).toBe(record?.recipient.identifier);
  });

  it('a record of another type is not found under this type', async () => {
    const invoice = invoices[0];
    expect((await api.get(`/credit-notes/${invoice?.uuid}`)).status).toBe(404);
    expect((await api.get(`/credit-notes/${invoice?.uuid}/source`)).status).toBe(404);
    expect((await api.get(`/credit-notes/${invoice?.uuid}/print`)).status).toBe(404);
  });

  it.each(['invoices', 'credit-notes'])('GET /%s/{uuid}/print → 302 to a link without token; unknown uuid → 404', async (path) => {
    const [record] = await listJson(`/${path}?itemsPerPage=1`);
    const response = await api.get(`/${path}/${record?.uuid}/print`);
    expect(response.status).toBe(302);
    const location = response.headers.get('location');
    expect(location).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/print-files\/[\w-]{20,}$/);
    expect(await response.json()).toEqual({ url: location });
    const pdf = await fetch(location as string);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await pdf.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');
    expect((await api.get(`/${path}/nope/print`)).status).toBe(404);
  });

  it('GET /validation-rules → the rule list', async () => {
    const response = await api.get('/validation-rules');
    expect(response.status).toBe(200);
    const rules = z
      .array(
        z
          .object({
            code: z.string(),
            name: z.string(),
            identifier: z.string(),
            version: z.string(),
            documentTypes: z.array(z.string()),
            latest: z.boolean(),
            release: z.string(),
            validFrom: z.iso.date(),
            validUntil: z.iso.date().optional(),
            checkedOn: z.iso.date(),
            successor: z.object({ title: z.string(), version: z.string(), release: z.string(), validFrom: z.iso.date(), rulesAvailable: z.boolean(), currentVersion: z.string(), daysUntil: z.number() }).strict().optional(),
          })
          .strict(),
      )
      .parse(await response.json());
    // Each set with the dates of its release (issue 23): Peppol 2026.5 is mandatory from 2026-08-24.
    expect(rules.find((rule) => rule.code === 'peppol-order-t01')).toMatchObject({ release: 'OpenPeppol 2026.5', validFrom: '2026-08-24' });
    // One latest set per UBL document type: the newest official Peppol release.
    expect(rules.filter((rule) => rule.latest).map((rule) => rule.documentTypes).flat().sort()).toEqual(['application-response', 'credit-note', 'despatch-advice', 'invoice', 'order', 'order-response']);
    expect(rules.find((rule) => rule.code === 'peppol-bis-billing-3.0-invoice')).toMatchObject({
      identifier: 'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0',
      version: expect.stringContaining('2026.5'),
    });
    expect(rules.map((rule) => rule.code)).toEqual(expect.arrayContaining(['en16931-ubl-invoice', 'ehf-forward-billing-3.0', 'peppol-order-t01', 'ehf-order-3.0']));
  });

  it('an unknown path → 404 in the Hydra error format', async () => {
    const response = await api.get('/receipts');
    expect(response.status).toBe(404);
    hydraErrorSchema.parse(await response.json());
  });
});

describe('authentication', () => {
  const routes = ['/invoices', '/credit-notes', '/orders', '/validation-rules'];

  it.each(routes)('GET %s without a token → 401', async (path) => {
    const response = await api.get(path, { token: null });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect(hydraErrorSchema.parse(await response.json()).status).toBe(401);
  });

  it('record, source and print need a token too; a forged token → 401', async () => {
    const uuid = invoices[0]?.uuid;
    for (const path of [`/invoices/${uuid}`, `/invoices/${uuid}/source`, `/invoices/${uuid}/print`]) {
      expect((await api.get(path, { token: null })).status).toBe(401);
    }
    expect((await api.get('/invoices', { token: 'eyJhbGciOiJub25lIn0.eyJ1c2VybmFtZSI6IngifQ.' })).status).toBe(401);
  });

  it('the read-only account can read', async () => {
    const readOnly = client(emulator.urls.documentsUrl, await emulator.login('read-only'));
    expect((await readOnly.get('/invoices')).status).toBe(200);
    expect((await readOnly.get(`/invoices/${invoices[0]?.uuid}`)).status).toBe(200);
  });
});

describe('list parameters', () => {
  it('default: page 1, 30 items, newest first', async () => {
    const body = await collection('/invoices');
    expect(body['hydra:totalItems']).toBe(invoices.length);
    expect(body['hydra:member'].map((member) => member.uuid)).toEqual(invoices.slice(0, 30).map((record) => record.uuid));
    const created = invoices.map((record) => ms(record.createdAt));
    expect(created).toEqual([...created].sort((a, b) => b - a));
  });

  it('page selects the page; pages neither overlap nor miss a record', async () => {
    const second = await listJson('/invoices?page=2');
    expect(second.map((record) => record.uuid)).toEqual(invoices.slice(30, 60).map((record) => record.uuid));
    expect(new Set(uuids(invoices)).size).toBe(invoices.length);
    const beyond = await collection(`/invoices?page=${Math.ceil(invoices.length / 30) + 5}`);
    expect(beyond['hydra:member']).toEqual([]);
    expect(beyond['hydra:totalItems']).toBe(invoices.length);
  });

  it.each(['0', '-1', 'abc', '1.5', ''])('page=%s → 400 with a clear message', async (page) => {
    const response = await api.get(`/invoices?page=${page}`);
    expect(response.status).toBe(400);
    expect(hydraErrorSchema.parse(await response.json()).detail).toMatch(/page must be/);
  });

  it('itemsPerPage 0..30 is honoured, above 30 is clamped to 30', async () => {
    expect((await collection('/invoices?itemsPerPage=5'))['hydra:member']).toHaveLength(5);
    const none = await collection('/invoices?itemsPerPage=0');
    expect(none['hydra:member']).toEqual([]);
    expect(none['hydra:totalItems']).toBe(invoices.length);
    expect((await collection('/invoices?itemsPerPage=31'))['hydra:member']).toHaveLength(30);
    expect((await collection('/invoices?itemsPerPage=1000'))['hydra:member']).toHaveLength(30);
  });

  it.each(['-1', 'ten'])('itemsPerPage=%s → 400', async (value) => {
    const response = await api.get(`/invoices?itemsPerPage=${value}`);
    expect(response.status).toBe(400);
    expect(hydraErrorSchema.parse(await response.json()).detail).toContain('itemsPerPage');
  });

  it('senderName and recipientName match part of the name, ignoring case', async () => {
    const sender = invoices.find((record) => record.direction === 'incoming')?.sender.name as string;
    const part = sender.slice(2, 8).toUpperCase();
    const expected = invoices.filter((record) => record.sender.name.toLowerCase().includes(part.toLowerCase()));
    expect(expected.length).toBeGreaterThan(0);
    expect(uuids(await everything('/invoices', `senderName=${encodeURIComponent(part)}`))).toEqual(uuids(expected));
    const recipient = invoices.find((record) => record.direction === 'outgoing')?.recipient.name as string;
    const recipientPart = recipient.slice(0, 5).toLowerCase();
    const expectedRecipients = invoices.filter((record) => record.recipient.name.toLowerCase().includes(recipientPart));
    expect(uuids(await everything('/invoices', `recipientName=${encodeURIComponent(recipientPart)}`))).toEqual(uuids(expectedRecipients));
  });

  it('senderId, senderId[], recipientId and recipientId[] match exactly', async () => {
    const ids = [...new Set(invoices.map((record) => record.sender.identifier))];
    const [one, two] = ids;
    expect(uuids(await everything('/invoices', `senderId=${one}`))).toEqual(uuids(invoices.filter((record) => record.sender.identifier === one)));
    expect(uuids(await everything('/invoices', `senderId[]=${one}&senderId[]=${two}`))).toEqual(
      uuids(invoices.filter((record) => record.sender.identifier === one || record.sender.identifier === two)),
    );
    expect(await listJson(`/invoices?senderId=${one?.slice(0, -1)}`)).toEqual([]);
    const recipientIds = [...new Set(invoices.map((record) => record.recipient.identifier))];
    expect(uuids(await everything('/invoices', `recipientId=${recipientIds[0]}`))).toEqual(uuids(invoices.filter((record) => record.recipient.identifier === recipientIds[0])));
    expect(uuids(await everything('/invoices', `recipientId[]=${recipientIds[0]}&recipientId[]=${recipientIds[1]}`))).toEqual(
      uuids(invoices.filter((record) => record.recipient.identifier === recipientIds[0] || record.recipient.identifier === recipientIds[1])),
    );
  });

  it('documentNumber and documentNumber[] match exactly', async () => {
    const [a, b] = creditNotes;
    expect(uuids(await listJson(`/credit-notes?documentNumber=${a?.number}`))).toEqual([a?.uuid]);
    expect(uuids(await listJson(`/credit-notes?documentNumber[]=${a?.number}&documentNumber[]=${b?.number}`))).toEqual(uuids([a, b] as TestRecord[]));
    expect(await listJson(`/credit-notes?documentNumber=${a?.number.slice(0, -1)}`)).toEqual([]);
  });

  const dateCases = [
    ['before', (value: number, bound: number) => value <= bound],
    ['strictly_before', (value: number, bound: number) => value < bound],
    ['after', (value: number, bound: number) => value >= bound],
    ['strictly_after', (value: number, bound: number) => value > bound],
  ] as const;

  it.each(dateCases)('createdAt[%s] compares with the record at the boundary as DESIGN says', async (operator, holds) => {
    const pivot = invoices[Math.floor(invoices.length / 2)] as TestRecord;
    const expected = invoices.filter((record) => holds(ms(record.createdAt), ms(pivot.createdAt)));
    const result = await everything('/invoices', `createdAt[${operator}]=${encodeURIComponent(pivot.createdAt)}`);
    expect(uuids(result)).toEqual(uuids(expected));
    expect(result.some((record) => record.uuid === pivot.uuid)).toBe(operator === 'before' || operator === 'after');
  });

  it.each(dateCases)('documentDate[%s] compares dates', async (operator, holds) => {
    const pivot = invoices[Math.floor(invoices.length / 3)] as TestRecord;
    const expected = invoices.filter((record) => holds(dayMs(record.date), dayMs(pivot.date)));
    expect(uuids(await everything('/invoices', `documentDate[${operator}]=${pivot.date}`))).toEqual(uuids(expected));
  });

  it('date filters combine into a range', async () => {
    const from = '2025-01-01';
    const to = '2025-06-30';
    const expected = invoices.filter((record) => dayMs(record.date) >= dayMs(from) && dayMs(record.date) <= dayMs(to));
    expect(uuids(await everything('/invoices', `documentDate[after]=${from}&documentDate[before]=${to}`))).toEqual(uuids(expected));
  });

  it.each([
    ['createdAt[before]=yesterday', /createdAt\[before\] must be a date/],
    ['documentDate[after]=2025-02-30', /documentDate\[after\] must be a date/],
    ['createdAt[around]=2025-01-01', /not a date filter/],
  ])('%s → 400', async (query, message) => {
    const response = await api.get(`/invoices?${query}`);
    expect(response.status).toBe(400);
    expect(hydraErrorSchema.parse(await response.json()).detail).toMatch(message);
  });

  it('downloaded=true|false filters; other values → 400', async () => {
    expect(uuids(await everything('/invoices', 'downloaded=true'))).toEqual(uuids(invoices.filter((record) => record.downloaded)));
    expect(uuids(await everything('/invoices', 'downloaded=false'))).toEqual(uuids(invoices.filter((record) => !record.downloaded)));
    expect(invoices.some((record) => record.downloaded) && invoices.some((record) => !record.downloaded)).toBe(true);
    expect((await api.get('/invoices?downloaded=maybe')).status).toBe(400);
  });

  it('direction=incoming|outgoing filters; other values → 400', async () => {
    for (const direction of ['incoming', 'outgoing'] as const) {
      expect(uuids(await everything('/credit-notes', `direction=${direction}`))).toEqual(uuids(creditNotes.filter((record) => record.direction === direction)));
    }
    const response = await api.get('/credit-notes?direction=sideways');
    expect(response.status).toBe(400);
    expect(hydraErrorSchema.parse(await response.json()).detail).toMatch(/direction must be incoming or outgoing/);
  });

  const collator = new Intl.Collator('nb', { sensitivity: 'base', numeric: true });
  const sortCases = [
    ['createdAt', (record: TestRecord) => ms(record.createdAt), (a: number, b: number) => a - b],
    ['documentDate', (record: TestRecord) => dayMs(record.date), (a: number, b: number) => a - b],
    ['senderName', (record: TestRecord) => record.sender.name, (a: string, b: string) => collator.compare(a, b)],
    ['recipientName', (record: TestRecord) => record.recipient.name, (a: string, b: string) => collator.compare(a, b)],
  ] as const;

  for (const [field, key, compare] of sortCases) {
    for (const direction of ['asc', 'desc'] as const) {
      it(`sortBy[${field}]=${direction} orders the whole list`, async () => {
        const sorted = await everything('/invoices', `sortBy[${field}]=${direction}`);
        expect(uuids(sorted)).toEqual(uuids(invoices));
        const sign = direction === 'asc' ? 1 : -1;
        for (let index = 1; index < sorted.length; index += 1) {
          const previous = key(sorted[index - 1] as TestRecord) as never;
          const current = key(sorted[index] as TestRecord) as never;
          expect(sign * (compare as (a: never, b: never) => number)(previous, current)).toBeLessThanOrEqual(0);
        }
      });
    }
  }

  it('several sortBy keys apply in order', async () => {
    const sorted = await everything('/invoices', 'sortBy[senderName]=asc&sortBy[documentDate]=desc');
    for (let index = 1; index < sorted.length; index += 1) {
      const previous = sorted[index - 1] as TestRecord;
      const current = sorted[index] as TestRecord;
      const byName = collator.compare(previous.sender.name, current.sender.name);
      expect(byName).toBeLessThanOrEqual(0);
      if (byName === 0) expect(dayMs(previous.date)).toBeGreaterThanOrEqual(dayMs(current.date));
    }
  });

  it.each([
    ['sortBy[createdAt]=up', /must be asc or desc/],
    ['sortBy[amount]=asc', /Cannot sort by "amount"/],
  ])('%s → 400', async (query, message) => {
    const response = await api.get(`/invoices?${query}`);
    expect(response.status).toBe(400);
    expect(hydraErrorSchema.parse(await response.json()).detail).toMatch(message);
  });

  it('filters combine', async () => {
    const expected = invoices.filter((record) => record.direction === 'incoming' && !record.downloaded);
    expect(uuids(await everything('/invoices', 'direction=incoming&downloaded=false'))).toEqual(uuids(expected));
  });
});

describe('Hydra envelope', () => {
  it('hydra:view links keep the filters; following next walks every page', async () => {
    const query = 'direction=incoming&sortBy[documentDate]=asc&itemsPerPage=7';
    const expectedTotal = invoices.filter((record) => record.direction === 'incoming').length;
    const first = await collection(`/invoices?${query}`);
    const view = first['hydra:view'];
    expect(view['@id']).toBe(`/invoices?direction=incoming&sortBy[documentDate]=asc&itemsPerPage=7&page=1`);
    expect(view['hydra:first']).toBe(view['@id']);
    expect(view['hydra:last']).toBe(`/invoices?direction=incoming&sortBy[documentDate]=asc&itemsPerPage=7&page=${Math.ceil(expectedTotal / 7)}`);
    expect(view['hydra:previous']).toBeUndefined();
    const seen: string[] = [];
    let page: typeof first | undefined = first;
    let pages = 0;
    while (page) {
      pages += 1;
      seen.push(...page['hydra:member'].map((member) => member.uuid));
      const next: string | undefined = page['hydra:view']['hydra:next'];
      if (pages > 1) expect(page['hydra:view']['hydra:previous']).toBeDefined();
      page = next ? await collection(next) : undefined;
    }
    expect(pages).toBe(Math.ceil(expectedTotal / 7));
    expect(seen.sort()).toEqual(uuids(invoices.filter((record) => record.direction === 'incoming')));
  });

  it('hydra:search maps every parameter of the spec table', async () => {
    const search = (await collection('/credit-notes'))['hydra:search'];
    const specParameters = [
      'page', 'itemsPerPage', 'senderName', 'senderId', 'senderId[]', 'recipientName', 'recipientId', 'recipientId[]',
      'documentNumber', 'documentNumber[]', 'sortBy[createdAt]', 'sortBy[documentDate]', 'sortBy[senderName]', 'sortBy[recipientName]',
      'createdAt[before]', 'createdAt[strictly_before]', 'createdAt[after]', 'createdAt[strictly_after]',
      'documentDate[before]', 'documentDate[strictly_before]', 'documentDate[after]', 'documentDate[strictly_after]',
      'downloaded', 'direction',
    ];
    expect(search['hydra:mapping'].map((mapping) => mapping.variable).sort()).toEqual([...specParameters].sort());
    expect([...listParameterNames].sort()).toEqual([...specParameters].sort());
    expect(search['hydra:template']).toBe(`/credit-notes{?${listParameterNames.join(',')}}`);
    expect(search['hydra:mapping'].find((mapping) => mapping.variable === 'senderName')?.property).toBe('sender.name');
    expect(search['hydra:mapping'].find((mapping) => mapping.variable === 'documentNumber[]')?.property).toBe('number');
  });
});

describe('content negotiation', () => {
  it('lists: ld+json by default and for */*, a plain array for application/json, a table for text/html, 406 otherwise', async () => {
    expect((await api.get('/invoices', { accept: '*/*' })).headers.get('content-type')).toMatch(/^application\/ld\+json/);
    const json = await api.get('/invoices', { accept: 'application/json' });
    expect(json.headers.get('content-type')).toMatch(/^application\/json/);
    expect(Array.isArray(await json.json())).toBe(true);
    const weighted = await api.get('/invoices', { accept: 'application/ld+json;q=0.5, application/json;q=0.9' });
    expect(weighted.headers.get('content-type')).toMatch(/^application\/json/);
    const html = await api.get('/invoices', { accept: 'text/html' });
    expect(html.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await html.text()).toContain('<table>');
    const pdf = await api.get('/invoices', { accept: 'application/pdf' });
    expect(pdf.status).toBe(406);
    hydraErrorSchema.parse(await pdf.json());
  });

  it('a record as ld+json, json, html, xml (the source), text/xml and pdf; 406 otherwise', async () => {
    const record = invoices[3] as TestRecord;
    const path = `/invoices/${record.uuid}`;
    const linked = await api.get(path, { accept: 'application/ld+json' });
    expect(linked.headers.get('content-type')).toMatch(/^application\/ld\+json/);
    expect(await linked.json()).toMatchObject({ '@id': path, '@type': 'Invoice', ...record });
    const plain = await api.get(path, { accept: 'application/json' });
    expect(recordSchema.parse(await plain.json())).toEqual(record);
    const html = await api.get(path, { accept: 'text/html' });
    expect(html.headers.get('content-type')).toMatch(/^text\/html/);
    const page = await html.text();
    expect(page).toContain(record.number);
    expect(page).toContain(record.sender.name.replace('&', '&amp;'));
    const source = await (await api.get(`${path}/source`)).text();
    for (const accept of ['application/xml', 'text/xml']) {
      const xml = await api.get(path, { accept });
      expect(xml.headers.get('content-type')).toMatch(new RegExp(`^${accept}`));
      expect(await xml.text()).toBe(source);
    }
    const pdf = await api.get(path, { accept: 'application/pdf' });
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await pdf.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');
    expect((await api.get(path, { accept: 'image/png' })).status).toBe(406);
  });

  it('errors as a Hydra error (default, ld+json) or a problem (problem+json, json)', async () => {
    const hydra = await api.get('/invoices/nope', { accept: 'application/ld+json' });
    expect(hydra.headers.get('content-type')).toMatch(/^application\/ld\+json/);
    expect(hydraErrorSchema.parse(await hydra.json())).toMatchObject({ '@type': 'hydra:Error', status: 404, title: 'An error occurred' });
    const problem = await api.get('/invoices?page=0', { accept: 'application/problem+json' });
    expect(problem.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(problemSchema.parse(await problem.json())).toMatchObject({ status: 400, title: 'An error occurred' });
    const json = await api.get('/invoices', { accept: 'application/json', token: null });
    expect(json.headers.get('content-type')).toMatch(/^application\/json/);
    expect(problemSchema.parse(await json.json()).status).toBe(401);
  });
});
