import { describe, expect, it } from 'vitest';
import { fixtureIndex, fixtureText, ublKinds } from '../../emulator/documents/test-support/fixtures';
import { decodeAttachment, jsonToUbl, parseUbl, parseUblJson, parseXmlTree, UblParseError, ublToJson, type UblJsonObject } from './index';

function parseError(run: () => unknown): UblParseError {
  try {
    run();
  } catch (error) {
    if (error instanceof UblParseError) return error;
    throw error;
  }
  throw new Error('expected a UblParseError');
}

const ublFixtures = fixtureIndex.filter((entry) => (ublKinds as readonly string[]).includes(entry.kind));

describe('parseUbl over every public UBL fixture', () => {
  it('knows at least 50 UBL fixtures of the five types', () => {
    expect(ublFixtures.length).toBeGreaterThanOrEqual(50);
    expect(new Set(ublFixtures.map((entry) => entry.kind))).toEqual(new Set(ublKinds));
  });

  it.each(ublFixtures.map((entry) => [entry.path, entry.kind] as const))('%s parses as %s', (path, kind) => {
    const document = parseUbl(fixtureText(path));
    expect(document.documentType).toBe(kind);
  });

  it.each(ublFixtures.map((entry) => [entry.path] as const))('%s reads the same from its JSON transposition', (path) => {
    const xml = fixtureText(path);
    const expected = parseUbl(xml);
    const json = JSON.parse(JSON.stringify(ublToJson(xml))) as unknown;
    expect(parseUblJson(json)).toEqual(expected);
    expect(parseUbl(jsonToUbl(json))).toEqual(expected);
  });
});

describe('parseUbl reads real values', () => {
  it('Norwegian-example-1: header, parties, lines, totals, payment, attachment', () => {
    const document = parseUbl(fixtureText('peppol-bis-invoice-3/Norwegian-example-1.xml'));
    expect(document).toMatchObject({
      documentType: 'invoice',
      rootName: 'Invoice',
      customizationId: 'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0',
      profileId: 'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0',
      id: 'TOSL108',
      issueDate: '2013-06-30',
      dueDate: '2013-07-20',
      typeCode: '380',
      currency: 'NOK',
      buyerReference: '3150bdn',
      notes: ['Ordered in our booth at the convention.'],
      period: { startDate: '2013-06-01', endDate: '2013-06-30' },
      references: { order: '123', contract: 'Contract321' },
    });
    const supplier = document.parties.supplier;
    expect(supplier).toMatchObject({
      name: 'Salescompany ltd.',
      registrationName: 'The Sellercompany ASA',
      endpoint: { value: '123456785', scheme: '0192' },
      legalId: { value: '123456785', scheme: '0192' },
      vatId: 'NO123456785MVA',
      identifiers: [{ value: '1238764941386', scheme: '0088' }],
      address: { streetName: 'Main street 34', additionalStreetName: 'Suite 123', cityName: 'Big city', postalZone: '54321', countryCode: 'NO' },
      contact: { name: 'Antonio Salesmacher', telephone: '46211230', email: 'antonio@salescompany.no' },
    });
    expect(document.sender).toEqual(supplier);
    expect(document.parties.customer?.name).toBe('The Buyercompany');
    expect(document.recipient?.legalId).toEqual({ value: '987654325', scheme: '0192' });
    expect(document.parties.payee?.name).toBe('Ebeneser Scrooge AS');
    expect(document.parties.taxRepresentative?.vatId).toBe('NO999999999MVA');
    expect(document.delivery).toMatchObject({ date: '2013-06-15', locationId: { value: '6754238987643', scheme: '0088' } });

    expect(document.lines).toHaveLength(5);
    const first = document.lines[0];
    expect(first).toMatchObject({
      id: '1',
      notes: ['Scratch on box'],
      quantity: { value: 1, unitCode: 'NAR' },
      lineExtensionAmount: { text: '1273', value: 1273, currency: 'NOK' },
      price: { value: 1273 },
      baseQuantity: { value: 1 },
      orderLineReference: '1',
      item: {
        name: 'Laptop computer',
        sellersItemId: 'JB007',
        standardItemId: { value: '1234567890124', scheme: '0088' },
        originCountry: 'DE',
        taxCategory: { id: 'S', percent: 25, taxScheme: 'VAT' },
      },
    });
    expect(first?.allowanceCharges.map((charge) => [charge.isCharge, charge.amount?.value])).toEqual([[false, 12], [true, 12]]);
    expect(document.lines[1]?.quantity?.value).toBe(-1);

    expect(document.taxTotal?.taxAmount?.value).toBe(365.28);
    expect(document.taxTotal?.subtotals.map((subtotal) => [subtotal.category.id, subtotal.category.percent, subtotal.taxableAmount?.value, subtotal.taxAmount?.value])).toEqual([
      ['S', 25, 1460.5, 365.13],
      ['S', 15, 1, 0.15],
      ['E', 0, -25, 0],
    ]);
    expect(document.taxTotal?.subtotals[2]?.category.exemptionReason).toBe('Exempt New Means of Transport');
    expect(document.totals).toMatchObject({
      lineExtensionAmount: { value: 1436.5 },
      taxExclusiveAmount: { value: 1436.5 },
      taxInclusiveAmount: { value: 1801.78 },
      allowanceTotalAmount: { value: 100 },
      chargeTotalAmount: { value: 100 },
      prepaidAmount: { value: 1000 },
      payableRoundingAmount: { value: 0.22 },
      payableAmount: { text: '802.00', value: 802, currency: 'NOK' },
    });
    expect(document.allowanceCharges).toHaveLength(2);
    expect(document.paymentMeans).toEqual([{ code: '31', paymentId: '0003434323213231', account: 'NO9386011117947', financialInstitution: 'DNBANOKK' }]);
    expect(document.paymentTerms).toEqual(['2 % discount if paid within 2 days. Penalty percentage 10% from due date']);

    expect(document.attachments).toHaveLength(2);
    expect(document.attachments[0]).toEqual({ id: 'Doc1', description: 'Timesheet', uri: 'http://www.suppliersite.eu/sheet001.html' });
    const embedded = document.attachments[1];
    expect(embedded).toMatchObject({ id: 'Doc2', filename: 'Hours-spent.csv', mimeCode: 'application/pdf', size: 21 });
    expect(new TextDecoder().decode(decodeAttachment(embedded ?? {}))).toBe('Test base 64 encoding');
  });

  it('a credit note: type code, billing reference, credited quantities', () => {
    const document = parseUbl(fixtureText('peppol-bis-invoice-3/base-creditnote-correction.xml'));
    expect(document.documentType).toBe('credit-note');
    expect(document.typeCode).toBe('381');
    expect(document.references.billing).toEqual(['Snippet1']);
    expect(document.lines.map((line) => line.quantity?.value)).toEqual([7, -3]);
    expect(document.totals?.payableAmount?.value).toBe(1656.25);
    expect(document.sender?.name).toBe('SupplierTradingName Ltd.');
  });

  it('an order: buyer sends to seller, anticipated totals, order lines', () => {
    const document = parseUbl(fixtureText('poacc-upgrade-3/Order_Example.xml'));
    expect(document).toMatchObject({ documentType: 'order', id: '34', typeCode: '220', currency: 'NOK', references: { customerReference: '9000012345', contract: '34322' } });
    expect(document.sender?.name).toBe('Helseforetak');
    expect(document.sender?.registrationName).toBe('Helseforetak AS');
    expect(document.recipient?.name).toBe('Medical');
    expect(document.parties.buyer).toEqual(document.sender);
    expect(document.totals).toMatchObject({ lineExtensionAmount: { value: 6525 }, payableAmount: { value: 6363 } });
    expect(document.lines).toHaveLength(2);
    expect(document.lines[0]?.notes).toEqual(['Freetext note on line 1']);
    expect(document.attachments[1]).toMatchObject({ id: 'Doc2', filename: 'Hours-spend.csv', mimeCode: 'application/pdf' });
  });

  it('an order response: response code and line statuses', () => {
    const document = parseUbl(fixtureText('poacc-upgrade-3/OrderResponse_Example.xml'));
    expect(document).toMatchObject({ documentType: 'order-response', id: '101', typeCode: 'CA' });
    expect(document.sender?.name).toBe('The Supplier AB');
    expect(document.recipient?.name).toBe('City Hospital');
    expect(document.lines.map((line) => line.lineStatusCode)).toEqual(['3', '5', '3']);
    expect(document.lines[0]?.quantity).toEqual({ text: '10', value: 10, unitCode: 'C62' });
  });

  it('a despatch advice: despatch and delivery parties, delivered and outstanding quantities', () => {
    const document = parseUbl(fixtureText('poacc-upgrade-3/DespatchAdvice_Example.xml'));
    expect(document).toMatchObject({ documentType: 'despatch-advice', id: '565899', issueDate: '2018-09-20', references: { order: 'AEG012345' } });
    expect(document.sender?.name).toBe('Consortial');
    expect(document.recipient?.name).toBe('IYT Corporation');
    expect(document.recipient?.contact?.name).toBe('Mr Fred Churchill');
    expect(document.lines[0]).toMatchObject({ id: '1', quantity: { value: 10, unitCode: 'C62' }, outstandingQuantity: { value: 2 }, item: { name: 'beeswax' } });
    expect(document.delivery?.date).toBe('2018-09-25');
  });

  it('the XRechnung example: 23 lines and a real 150 KB PDF attachment, decoded on demand', () => {
    const document = parseUbl(fixtureText('xrechnung-testsuite/02.05a-INVOICE_ubl.xml'));
    expect(document.lines).toHaveLength(23);
    const pdf = document.attachments.find((attachment) => attachment.mimeCode === 'application/pdf');
    expect(pdf?.filename).toBe('01_15_Anhang_01.pdf');
    expect(pdf?.size).toBeGreaterThan(140_000);
    const bytes = decodeAttachment(pdf ?? {});
    expect(bytes.length).toBe(pdf?.size);
    expect(new TextDecoder().decode(bytes.subarray(0, 5))).toBe('%PDF-');
  });

  it('an empty Invoice root is still an invoice, with nothing in it', () => {
    const document = parseUbl(fixtureText('vefa-validator/ubl-invoice-empty.xml'));
    expect(document).toMatchObject({ documentType: 'invoice', lines: [], notes: [], attachments: [] });
    expect(document.id).toBeUndefined();
  });
});

describe('parseUbl is independent of namespace prefixes', () => {
  it('reads the same document written with other prefixes', () => {
    const original = fixtureText('peppol-bis-invoice-3/Norwegian-example-1.xml');
    const renamed = original
      .replace('<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"', '<inv:Invoice xmlns:inv="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"')
      .replace('</Invoice>', '</inv:Invoice>')
      .replaceAll('cbc:', 'basic:')
      .replaceAll('xmlns:basic=', 'xmlns:basic=')
      .replaceAll('cac:', 'agg:');
    expect(renamed).toContain('<inv:Invoice');
    expect(parseUbl(renamed)).toEqual(parseUbl(original));
  });

  it('decodes entities and character references in text and attributes', () => {
    const xml = `<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2" xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2" xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2">
  <cbc:ID>A&amp;B-&#229;&#x00F8;</cbc:ID>
  <cbc:Note><![CDATA[1 < 2]]></cbc:Note>
  <cac:AccountingSupplierParty><cac:Party><cbc:EndpointID schemeID="0192&amp;">1</cbc:EndpointID></cac:Party></cac:AccountingSupplierParty>
</Invoice>`;
    const document = parseUbl(xml);
    expect(document.id).toBe('A&B-åø');
    expect(document.notes).toEqual(['1 < 2']);
    expect(document.sender?.endpoint).toEqual({ value: '1', scheme: '0192&' });
  });
});

/** KSeF's PEF (3)/PEF_KOR (3) are UBL 2.1 with Polish extensions: the UBL reader takes them. */
const isPef = (path: string): boolean => /<(?:\w+:)?(?:Invoice|CreditNote)[\s>]/.test(fixtureText(path).slice(0, 4096));

describe('KSeF PEF documents are UBL', () => {
  it.each(fixtureIndex.filter((entry) => entry.kind === 'ksef' && isPef(entry.path)).map((entry) => [entry.path] as const))('%s is read as UBL', (path) => {
    expect(['Invoice', 'CreditNote']).toContain(parseUbl(fixtureText(path)).rootName);
  });
});

describe('parseUbl errors', () => {
  it.each(fixtureIndex.filter((entry) => (entry.kind === 'fatturapa' || entry.kind === 'ksef') && !isPef(entry.path)).map((entry) => [entry.path] as const))(
    '%s is not UBL',
    (path) => {
      const error = parseError(() => parseUbl(fixtureText(path)));
      expect(error.code).toBe('not_ubl');
      expect(error.message).toMatch(/not a UBL document: the root element is (FatturaElettronica|Faktura)/);
    },
  );

  it.each(fixtureIndex.filter((entry) => entry.kind === 'application-response').map((entry) => [entry.path] as const))(
    '%s is a UBL type the app does not handle',
    (path) => {
      const error = parseError(() => parseUbl(fixtureText(path)));
      expect(error.code).toBe('unsupported_type');
      expect(error.message).toContain('ApplicationResponse');
    },
  );

  it('malformed XML gives malformed_xml with the line and column', () => {
    const error = parseError(() => parseUbl('<Invoice>\n  <ID>1</ID>\n  <Note>x</Nope>\n</Invoice>'));
    expect(error.code).toBe('malformed_xml');
    expect(error.line).toBe(3);
    expect(error.column).toBeGreaterThan(0);
    expect(error.message).toMatch(/not well-formed \(line 3, column \d+\)/);
  });

  it('an empty string, plain text and two roots are malformed', () => {
    expect(parseError(() => parseUbl('')).code).toBe('malformed_xml');
    expect(parseError(() => parseUbl('hello')).code).toBe('malformed_xml');
    expect(parseError(() => parseUbl('<Invoice/><Invoice/>')).message).toContain('more than one root');
  });
});

describe('the JSON transposition', () => {
  const xml = fixtureText('peppol-bis-invoice-3/Norwegian-example-1.xml');

  it('uses local names as keys, text as values, @attributes and arrays for repeats', () => {
    const json = ublToJson(xml);
    const invoice = json.Invoice as UblJsonObject;
    expect(Object.keys(json)).toEqual(['Invoice']);
    expect(invoice.ID).toBe('TOSL108');
    expect(invoice.DocumentCurrencyCode).toBe('NOK');
    expect(Array.isArray(invoice.InvoiceLine)).toBe(true);
    expect((invoice.InvoiceLine as unknown[]).length).toBe(5);
    const party = (invoice.AccountingSupplierParty as UblJsonObject).Party as UblJsonObject;
    expect(party.EndpointID).toEqual({ '@attributes': { schemeID: '0192' }, '#text': '123456785' });
    expect(Array.isArray(party.PartyTaxScheme)).toBe(true);
    expect(invoice['@attributes']).toBeUndefined();
  });

  it('jsonToUbl writes well-formed UBL with the standard namespaces', () => {
    const written = jsonToUbl(ublToJson(xml));
    const tree = parseXmlTree(written);
    expect(tree.namespace).toBe('urn:oasis:names:specification:ubl:schema:xsd:Invoice-2');
    expect(tree.children.find((child) => child.name === 'ID')?.namespace).toBe('urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2');
    expect(tree.children.find((child) => child.name === 'AccountingSupplierParty')?.namespace).toBe('urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2');
    expect(written).toContain('<cbc:EndpointID schemeID="0192">123456785</cbc:EndpointID>');
  });

  it('accepts numbers, booleans and single-element arrays', () => {
    const document = parseUblJson({ Invoice: { ID: 42, InvoiceLine: [{ ID: 1, InvoicedQuantity: { '@attributes': { unitCode: 'EA' }, '#text': 2 } }] } });
    expect(document.id).toBe('42');
    expect(document.lines[0]?.quantity).toEqual({ text: '2', value: 2, unitCode: 'EA' });
  });

  it.each([
    ['an array', [], /root element as its only key/],
    ['two roots', { Invoice: {}, CreditNote: {} }, /exactly one key/],
    ['null', { Invoice: { ID: null } }, /at Invoice\.ID: null is not allowed/],
    ['nested arrays', { Invoice: { Note: [['a']] } }, /Invoice\.Note\[0\]: nested arrays/],
    ['bad attributes', { Invoice: { ID: { '@attributes': 'x' } } }, /Invoice\.ID\.@attributes/],
    ['a bad element name', { Invoice: { 'not a name': 'x' } }, /not a valid element name/],
  ])('rejects %s with invalid_json', (_label, json, message) => {
    const error = parseError(() => parseUblJson(json));
    expect(error.code).toBe('invalid_json');
    expect(error.message).toMatch(message);
  });

  it('a JSON root that is not a UBL type is not_ubl', () => {
    expect(parseError(() => parseUblJson({ FatturaElettronica: {} })).code).toBe('not_ubl');
  });
});
