import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseUbl, ublToJson } from '../../shared/ubl';
import { noFaults } from '../faults';
import { startTestEmulator, type TestEmulator } from '../testing';
import { allRecords, client, hydraErrorSchema, linkedRecordSchema, problemSchema, recordSchema, violationListSchema, type Client } from './test-support/client';
import { fixtureBytes, fixtureIndex, fixtureText } from './test-support/fixtures';

let emulator: TestEmulator;
let api: Client;
let readOnly: Client;
let clock = Date.now();

const NORWEGIAN_INVOICE = 'peppol-bis-invoice-3/Norwegian-example-1.xml';
const CREDIT_NOTE = 'peppol-bis-invoice-3/base-creditnote-correction.xml';

beforeAll(async () => {
  emulator = await startTestEmulator({ documents: 60, seed: 3 }, { now: () => new Date(clock) });
  api = client(emulator.urls.documentsUrl, await emulator.login('full'));
  readOnly = client(emulator.urls.documentsUrl, await emulator.login('read-only'));
  // The official rules load once per emulator (worker threads, compiled rules): paid here, not by the first test.
  await emulator.context.standards.warm('peppol-bis-billing-3.0-invoice');
}, 180_000);

afterAll(async () => {
  await emulator?.close();
});

const xml = { contentType: 'application/xml' };

describe('POST /invoices and /credit-notes (send)', () => {
  it('a valid UBL invoice → 202 with the new outgoing record; its source is kept byte for byte', async () => {
    const bytes = fixtureBytes(NORWEGIAN_INVOICE);
    const response = await api.post('/invoices', bytes, xml);
    expect(response.status).toBe(202);
    const record = linkedRecordSchema.parse(await response.json());
    expect(record).toMatchObject({
      '@type': 'Invoice',
      direction: 'outgoing',
      number: 'TOSL108',
      date: '2013-06-30',
      downloaded: false,
      sender: { name: 'Salescompany ltd.', identifier: '0192:123456785' },
      recipient: { name: 'The Buyercompany', identifier: '0192:987654325' },
    });
    expect(response.headers.get('location')).toBe(`/invoices/${record.uuid}`);
    expect(response.headers.get('x-validation-rule')).toBe('peppol-bis-billing-3.0-invoice');
    const fetched = await api.get(`/invoices/${record.uuid}`, { accept: 'application/json' });
    expect(recordSchema.parse(await fetched.json()).uuid).toBe(record.uuid);
    const source = await api.get(`/invoices/${record.uuid}/source`);
    expect(source.headers.get('content-type')).toMatch(/^application\/xml/);
    expect(Buffer.from(await source.arrayBuffer()).equals(bytes)).toBe(true);
    const listed = await allRecords(api, '/invoices', 'direction=outgoing&documentNumber=TOSL108');
    expect(listed.map((item) => item.uuid)).toContain(record.uuid);
    expect((await allRecords(api, '/invoices'))[0]?.uuid).toBe(record.uuid);
  });

  it('a valid credit note → 202', async () => {
    const response = await api.post('/credit-notes', fixtureBytes(CREDIT_NOTE), xml);
    expect(response.status).toBe(202);
    expect(linkedRecordSchema.parse(await response.json())).toMatchObject({ '@type': 'CreditNote', direction: 'outgoing' });
  });

  it('the JSON transposition → 202; the source stays JSON and is also readable as XML', async () => {
    const json = JSON.stringify(ublToJson(fixtureText('peppol-bis-invoice-3/base-example.xml')));
    const response = await api.post('/invoices', json, { contentType: 'application/json', accept: 'application/json' });
    expect(response.status).toBe(202);
    const record = recordSchema.parse(await response.json());
    expect(record.number).toBe('Snippet1');
    const source = await api.get(`/invoices/${record.uuid}/source`);
    expect(source.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await source.text()).toBe(json);
    const asXml = await api.get(`/invoices/${record.uuid}`, { accept: 'application/xml' });
    expect(parseUbl(await asXml.text()).id).toBe('Snippet1');
    const pdf = await api.get(`/invoices/${record.uuid}`, { accept: 'application/pdf' });
    expect(pdf.status).toBe(200);
  });

  const validExamples = fixtureIndex.filter((entry) => (entry.kind === 'invoice' || entry.kind === 'credit-note') && entry.expected === 'valid');
  it.each(validExamples.map((entry) => [entry.path, entry.kind] as const))('valid example %s → 202', async (path, kind) => {
    const response = await api.post(kind === 'invoice' ? '/invoices' : '/credit-notes', fixtureBytes(path), xml);
    expect(response.status).toBe(202);
  });

  const invalidExamples = fixtureIndex.filter((entry) => (entry.kind === 'invoice' || entry.kind === 'credit-note') && entry.expected === 'invalid');
  it.each(invalidExamples.map((entry) => [entry.path, entry.kind] as const))('invalid example %s → 422 with rule ids', async (path, kind) => {
    const response = await api.post(kind === 'invoice' ? '/invoices' : '/credit-notes', fixtureBytes(path), xml);
    expect(response.status).toBe(422);
    const body = violationListSchema.parse(await response.json());
    // Official rule ids of the CEN/Peppol Schematron, or XSD for a UBL 2.1 schema error.
    for (const violation of body.violations) expect(violation.code).toMatch(/^(XSD|(BR|PEPPOL|UBL|[A-Z]{2})-[A-Z0-9-]+)$/);
  });

  it('violations name the rule and the element (Hydra and problem+json)', async () => {
    const bytes = fixtureBytes('anskaffelser-ehf-postaward-g2/T10-hode-feilkoder.xml');
    const response = await api.post('/invoices', bytes, xml);
    const body = violationListSchema.parse(await response.json());
    expect(body).toMatchObject({ '@type': 'ConstraintViolationList', title: 'An error occurred', status: 422 });
    expect(body.violations).toContainEqual({ code: 'BR-CL-01', propertyPath: '/Invoice/cbc:InvoiceTypeCode', message: expect.stringContaining('document type code MUST be coded') });
    expect(body.violations).toContainEqual({ code: 'BR-CL-04', propertyPath: '/Invoice/cbc:DocumentCurrencyCode', message: expect.stringContaining('ISO code list 4217') });
    const problem = await api.post('/invoices', bytes, { ...xml, accept: 'application/problem+json' });
    expect(problem.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    const problemBody = (await problem.json()) as { violations: unknown[]; status: number; type: string };
    expect(problemBody.status).toBe(422);
    expect(problemBody.violations.length).toBeGreaterThan(3);
  });

  it('an explicit X-Validation-Rule is used: the EN 16931 core rules accept a non-Peppol invoice the Peppol rules reject', async () => {
    const bytes = fixtureBytes('eInvoicing-EN16931/ubl-tc434-example1.xml');
    const peppol = await api.post('/invoices', bytes, { ...xml, headers: { 'x-validation-rule': 'peppol-bis-billing-3.0-invoice' } });
    expect(peppol.status).toBe(422);
    expect(violationListSchema.parse(await peppol.json()).violations.map((violation) => violation.code)).toContain('PEPPOL-EN16931-R004');
    const core = await api.post('/invoices', bytes, { ...xml, headers: { 'x-validation-rule': 'en16931-ubl-invoice' } });
    expect(core.status).toBe(202);
    expect(core.headers.get('x-validation-rule')).toBe('en16931-ubl-invoice');
  });

  it('an unknown X-Validation-Rule → 400 listing the valid codes', async () => {
    const response = await api.post('/invoices', fixtureBytes(NORWEGIAN_INVOICE), { ...xml, headers: { 'x-validation-rule': 'bis-2' } });
    expect(response.status).toBe(400);
    const detail = hydraErrorSchema.parse(await response.json()).detail;
    expect(detail).toContain('Unknown validation rule "bis-2"');
    expect(detail).toContain('peppol-bis-billing-3.0-invoice');
  });

  it('a rule for another document type → 422', async () => {
    const response = await api.post('/invoices', fixtureBytes(NORWEGIAN_INVOICE), { ...xml, headers: { 'x-validation-rule': 'peppol-bis-billing-3.0-credit-note' } });
    expect(response.status).toBe(422);
    expect(violationListSchema.parse(await response.json()).violations[0]).toMatchObject({ code: 'validation_rule_not_applicable', propertyPath: 'X-Validation-Rule' });
  });

  it('a credit note sent to /invoices, or an invoice to /credit-notes → 422 naming the mismatch', async () => {
    const wrongWay = await api.post('/invoices', fixtureBytes(CREDIT_NOTE), xml);
    expect(wrongWay.status).toBe(422);
    const violation = violationListSchema.parse(await wrongWay.json()).violations[0];
    expect(violation).toMatchObject({ code: 'document_type_mismatch', propertyPath: '/CreditNote' });
    expect(violation?.message).toContain('Send it to /credit-notes');
    const otherWay = await api.post('/credit-notes', fixtureBytes(NORWEGIAN_INVOICE), xml);
    expect(otherWay.status).toBe(422);
    expect(violationListSchema.parse(await otherWay.json()).violations[0]?.message).toContain('Send it to /invoices');
    const order = await api.post('/invoices', fixtureBytes('poacc-upgrade-3/Order_Example.xml'), xml);
    expect(violationListSchema.parse(await order.json()).violations[0]?.message).toContain('Only invoices and credit notes can be sent');
  });

  it('malformed XML → 400 with the parser message and position', async () => {
    const response = await api.post('/invoices', '<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2">\n  <ID>1</ID>\n  <Note>oops</Nope>\n</Invoice>', xml);
    expect(response.status).toBe(400);
    expect(hydraErrorSchema.parse(await response.json()).detail).toMatch(/not well-formed \(line 3, column \d+\)/);
  });

  it('malformed JSON, or JSON of the wrong shape → 400', async () => {
    const malformed = await api.post('/invoices', '{"Invoice": ', { contentType: 'application/json' });
    expect(malformed.status).toBe(400);
    expect(hydraErrorSchema.parse(await malformed.json()).detail).toContain('not valid JSON');
    const shape = await api.post('/invoices', '{"Invoice": {"ID": null}}', { contentType: 'application/json' });
    expect(shape.status).toBe(400);
    expect(hydraErrorSchema.parse(await shape.json()).detail).toContain('Invoice.ID');
  });

  it('a JSON transposition nested 10 000 levels deep → 400 naming the limit, and the emulator keeps answering', async () => {
    const json = `{"Invoice":${'{"Note":'.repeat(10_000)}"x"${'}'.repeat(10_000)}}`;
    const response = await api.post('/invoices', json, { contentType: 'application/json' });
    expect(response.status).toBe(400);
    expect(hydraErrorSchema.parse(await response.json()).detail).toContain('nested more than 200 levels deep');
    expect((await api.get('/invoices')).status).toBe(200);
  });

  it('an attribute name that is not an XML name → 400; nothing reaches the XML served back', async () => {
    const invoice = ublToJson(fixtureText('peppol-bis-invoice-3/base-example.xml')) as { Invoice: Record<string, unknown> };
    invoice.Invoice.ID = { '@attributes': { 'schemeID="x"><cbc:Injected>1</cbc:Injected><x y': '1' }, '#text': 'Smuggle1' };
    const response = await api.post('/invoices', JSON.stringify(invoice), { contentType: 'application/json' });
    expect(response.status).toBe(400);
    expect(hydraErrorSchema.parse(await response.json()).detail).toMatch(/at Invoice\.ID\.@attributes: "schemeID=.*" is not a valid attribute name/);
    const list = await allRecords(api, '/invoices', 'documentNumber=Smuggle1');
    expect(list).toEqual([]);
    const control = { '@attributes': { schemeID: 'a\u0001b' }, '#text': 'Smuggle2' };
    invoice.Invoice.ID = control;
    const withControl = await api.post('/invoices', JSON.stringify(invoice), { contentType: 'application/json' });
    expect(withControl.status).toBe(400);
    expect(hydraErrorSchema.parse(await withControl.json()).detail).toContain('the character U+0001 cannot appear in XML');
  });

  it('a character reference to a character XML forbids → 400 malformed, not text', async () => {
    for (const reference of ['&#1;', '&#xFFFE;', '&#xD800;']) {
      const response = await api.post('/invoices', `<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"><ID>A${reference}</ID></Invoice>`, xml);
      expect(response.status).toBe(400);
      expect(hydraErrorSchema.parse(await response.json()).detail).toBe(
        `The XML is not well-formed: the character reference ${reference} names a character XML does not allow.`,
      );
    }
  });

  it('a UBL document with a DOCTYPE → 400 saying so; its entities are never expanded', async () => {
    const source = fixtureText(NORWEGIAN_INVOICE).replace(/<Invoice\b/, '<!DOCTYPE Invoice [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;">]>\n<Invoice');
    const response = await api.post('/invoices', source, xml);
    expect(response.status).toBe(400);
    expect(hydraErrorSchema.parse(await response.json()).detail).toBe(
      'The document contains a DOCTYPE declaration. E-invoices must not have one (Peppol and SDI refuse them): remove it and send the document again.',
    );
  });

  it('a document that is not UBL → 400; a UBL type that cannot be sent → 422', async () => {
    const fattura = await api.post('/invoices', fixtureBytes('ph-fatturapa/IT01234567890_FPR01.xml'), xml);
    expect(fattura.status).toBe(400);
    expect(hydraErrorSchema.parse(await fattura.json()).detail).toContain('not a UBL document');
    const response = await api.post('/invoices', fixtureBytes('poacc-upgrade-3/InvoiceResponse_Example.xml'), xml);
    expect(response.status).toBe(422);
  });

  it('another content type, or an empty body → 400', async () => {
    const text = await api.post('/invoices', 'hello', { contentType: 'text/plain' });
    expect(text.status).toBe(400);
    expect(hydraErrorSchema.parse(await text.json()).detail).toContain('Content-Type: application/xml');
    const empty = await api.post('/invoices', '', xml);
    expect(empty.status).toBe(400);
    expect(hydraErrorSchema.parse(await empty.json()).detail).toContain('empty');
  });

  it('the read-only account → 403; no token → 401', async () => {
    for (const path of ['/invoices', '/credit-notes']) {
      const forbidden = await readOnly.post(path, fixtureBytes(NORWEGIAN_INVOICE), xml);
      expect(forbidden.status).toBe(403);
      expect(hydraErrorSchema.parse(await forbidden.json()).detail).toContain('may read documents but not send them');
      expect((await api.post(path, fixtureBytes(NORWEGIAN_INVOICE), { ...xml, token: null })).status).toBe(401);
    }
  });
});

describe('POST /invoices/downloaded and /credit-notes/downloaded', () => {
  const json = { contentType: 'application/json' };

  it('marks and unmarks documents → 204, visible in records and the downloaded filter', async () => {
    const notDownloaded = await allRecords(api, '/credit-notes', 'downloaded=false');
    const chosen = notDownloaded.slice(0, 2).map((record) => record.uuid);
    expect(chosen).toHaveLength(2);
    const marked = await api.post('/credit-notes/downloaded', JSON.stringify({ downloaded: true, uuids: chosen }), json);
    expect(marked.status).toBe(204);
    expect(await marked.text()).toBe('');
    for (const uuid of chosen) {
      expect(recordSchema.parse(await (await api.get(`/credit-notes/${uuid}`, { accept: 'application/json' })).json()).downloaded).toBe(true);
    }
    const downloaded = (await allRecords(api, '/credit-notes', 'downloaded=true')).map((record) => record.uuid);
    expect(downloaded).toEqual(expect.arrayContaining(chosen));
    expect((await api.post('/credit-notes/downloaded', JSON.stringify({ downloaded: false, uuids: chosen }), json)).status).toBe(204);
    expect(recordSchema.parse(await (await api.get(`/credit-notes/${chosen[0]}`, { accept: 'application/json' })).json()).downloaded).toBe(false);
  });

  it.each([
    ['not JSON', 'downloaded=true', /not valid JSON/],
    ['an empty body', '', /empty/],
    ['a string for downloaded', JSON.stringify({ downloaded: 'yes', uuids: ['a'] }), /downloaded/],
    ['uuids not an array', JSON.stringify({ downloaded: true, uuids: 'a' }), /uuids/],
    ['a number among the uuids', JSON.stringify({ downloaded: true, uuids: [1] }), /uuid/],
    ['no uuids', JSON.stringify({ downloaded: true, uuids: [] }), /at least one uuid/],
    ['an array body', JSON.stringify([]), /JSON object/],
  ])('%s → 400', async (_label, body, message) => {
    const response = await api.post('/invoices/downloaded', body, json);
    expect(response.status).toBe(400);
    expect(hydraErrorSchema.parse(await response.json()).detail).toMatch(message);
  });

  it('an unknown uuid → 422 ConstraintViolationList, and nothing is changed', async () => {
    const [record] = await allRecords(api, '/invoices', 'downloaded=false');
    const response = await api.post('/invoices/downloaded', JSON.stringify({ downloaded: true, uuids: [record?.uuid, 'no-such-uuid'] }), json);
    expect(response.status).toBe(422);
    const body = violationListSchema.parse(await response.json());
    expect(body.violations).toEqual([{ code: 'not_found', propertyPath: 'uuids[1]', message: 'No invoice with uuid "no-such-uuid" exists.' }]);
    expect(recordSchema.parse(await (await api.get(`/invoices/${record?.uuid}`, { accept: 'application/json' })).json()).downloaded).toBe(false);
  });

  it('a credit note uuid is unknown to /invoices/downloaded', async () => {
    const [creditNote] = await allRecords(api, '/credit-notes');
    const response = await api.post('/invoices/downloaded', JSON.stringify({ downloaded: true, uuids: [creditNote?.uuid] }), { ...json, accept: 'application/problem+json' });
    expect(response.status).toBe(422);
    expect(problemSchema.extend({ violations: violationListSchema.shape.violations }).parse(await response.json()).violations[0]?.propertyPath).toBe('uuids[0]');
  });

  it('the read-only account → 403; no token → 401', async () => {
    const body = JSON.stringify({ downloaded: true, uuids: ['x'] });
    expect((await readOnly.post('/invoices/downloaded', body, json)).status).toBe(403);
    expect((await api.post('/credit-notes/downloaded', body, { ...json, token: null })).status).toBe(401);
  });
});

describe('print links', () => {
  it('work without a token for five minutes, then answer 410 Gone', async () => {
    const [record] = await allRecords(api, '/invoices');
    const response = await api.get(`/invoices/${record?.uuid}/print`);
    expect(response.status).toBe(302);
    const location = response.headers.get('location') as string;
    expect((await fetch(location)).status).toBe(200);
    clock += 4 * 60_000;
    expect((await fetch(location)).status).toBe(200);
    clock += 60_000 + 1000;
    const expired = await fetch(location);
    expect(expired.status).toBe(410);
    expect(hydraErrorSchema.parse(await expired.json()).detail).toMatch(/expired at .*valid for 5 minutes/);
    const fresh = await api.get(`/invoices/${record?.uuid}/print`);
    expect((await fetch(fresh.headers.get('location') as string)).status).toBe(200);
  });

  const withNote = (length: number, id: string): string =>
    fixtureText('peppol-bis-invoice-3/base-example.xml').replace(/<cbc:DocumentCurrencyCode>/, `<cbc:Note>${'N'.repeat(length)}</cbc:Note>\n<cbc:DocumentCurrencyCode>`).replace(/<cbc:ID>Snippet1</, `<cbc:ID>${id}<`);

  it('a single text over the XML parser\'s 10 000 000-character limit is refused with a clear 400', async () => {
    const sent = await api.post('/invoices', withNote(10 * 1024 * 1024, 'HugeNote1'), { ...xml, accept: 'application/json' });
    expect(sent.status).toBe(400);
    expect(JSON.stringify(await sent.json())).toContain('Text node too long');
  }, 60_000);

  it('a document with a ~10 MB unbroken note prints within seconds while the other listeners keep answering', async () => {
    // Just under the parser's limit on one text node (10 000 000 characters), so the document is accepted and printed.
    const source = withNote(9_900_000, 'LongNote1');
    const sent = await api.post('/invoices', source, { ...xml, accept: 'application/json' });
    expect(sent.status).toBe(202);
    const { uuid } = recordSchema.parse(await sent.json());
    const order: string[] = [];
    const printing = api.get(`/invoices/${uuid}`, { accept: 'application/pdf' }).then(async (response) => {
      order.push('print');
      return response;
    });
    // A request on another listener while the print is in flight is answered before it ends.
    const health = await fetch(`${emulator.urls.authUrl}/users/me`, { headers: { authorization: `Bearer ${await emulator.login('full')}` } });
    order.push('health');
    expect(health.status).toBe(200);
    const pdf = await printing;
    expect(pdf.status).toBe(200);
    expect(order).toEqual(['health', 'print']);
    const text = Buffer.from(await pdf.arrayBuffer()).toString('latin1');
    expect(text.startsWith('%PDF-')).toBe(true);
  }, 60_000);

  it('an unknown link → 404', async () => {
    const response = await fetch(`${emulator.urls.documentsUrl}/print-files/not-a-token`);
    expect(response.status).toBe(404);
  });
});

describe('state across restarts and injected faults', () => {
  it('with --data-dir, sent documents and downloaded marks survive a restart', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'ledgerdesk-documents-test-'));
    const pkiDir = mkdtempSync(join(tmpdir(), 'ledgerdesk-documents-test-pki-'));
    try {
      const first = await startTestEmulator({ documents: 30, seed: 5, dataDir }, { pkiDir });
      const firstApi = client(first.urls.documentsUrl, await first.login());
      const sent = recordSchema.parse(await (await firstApi.post('/invoices', fixtureBytes(NORWEGIAN_INVOICE), { ...xml, accept: 'application/json' })).json());
      const [seeded] = await allRecords(firstApi, '/invoices', 'downloaded=false');
      await firstApi.post('/invoices/downloaded', JSON.stringify({ downloaded: true, uuids: [seeded?.uuid, sent.uuid] }), { contentType: 'application/json' });
      await first.close();

      const second = await startTestEmulator({ documents: 30, seed: 5, dataDir }, { pkiDir });
      try {
        const secondApi = client(second.urls.documentsUrl, await second.login());
        const restored = recordSchema.parse(await (await secondApi.get(`/invoices/${sent.uuid}`, { accept: 'application/json' })).json());
        expect(restored).toEqual({ ...sent, downloaded: true });
        const source = await secondApi.get(`/invoices/${sent.uuid}/source`);
        expect(Buffer.from(await source.arrayBuffer()).equals(fixtureBytes(NORWEGIAN_INVOICE))).toBe(true);
        expect(recordSchema.parse(await (await secondApi.get(`/invoices/${seeded?.uuid}`, { accept: 'application/json' })).json()).downloaded).toBe(true);
      } finally {
        await second.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(pkiDir, { recursive: true, force: true });
    }
  }, 180_000); // a fresh emulator loads the official rules on its first send

  it('--faults documents500=1 makes document GETs answer 500', async () => {
    const faulty = await startTestEmulator({ documents: 10, faults: { ...noFaults, documents500: 1 } });
    try {
      const faultyApi = client(faulty.urls.documentsUrl, await faulty.login());
      const response = await faultyApi.get('/invoices');
      expect(response.status).toBe(500);
      expect(hydraErrorSchema.parse(await response.json()).detail).toContain('documents500');
    } finally {
      await faulty.close();
    }
  });
});
