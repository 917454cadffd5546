import { describe, expect, it } from 'vitest';
import { signP7m, zipOf } from '../test-support';
import { extractDocuments, type Extraction } from './extract';

const text = (value: string) => Buffer.from(value);
const names = (result: Extraction) => (result.ok ? result.documents.map((document) => document.fileName) : result.errors);
const contentOf = (result: Extraction, index: number) => (result.ok ? Buffer.from(result.documents[index]?.bytes ?? []).toString() : '');

describe('extractDocuments: single files', () => {
  it('accepts well-formed XML as one document sent as is', () => {
    const result = extractDocuments('invoice.xml', text('<?xml version="1.0"?><Invoice><ID>1</ID></Invoice>'));
    expect(names(result)).toEqual(['invoice.xml']);
  });

  it('rejects XML that is not well-formed, with the line and what to do', () => {
    const result = extractDocuments('invoice.xml', text('<Invoice>\n<ID>1</Invoice>'));
    expect(result.ok).toBe(false);
    expect(names(result)[0]).toMatch(/^invoice\.xml is not well-formed XML \(line 2.*Correct the file/);
  });

  it('reads XML in the encoding its declaration names', () => {
    const latin1 = Buffer.from('<?xml version="1.0" encoding="ISO-8859-1"?><a>caff\xe8</a>', 'latin1');
    expect(extractDocuments('a.xml', latin1).ok).toBe(true);
    expect(names(extractDocuments('a.xml', Buffer.from([0x3c, 0x61, 0x3e, 0xe8, 0x3c, 0x2f, 0x61, 0x3e])))[0]).toMatch(/not UTF-8/);
  });

  it('accepts JSON that parses and rejects JSON that does not', () => {
    expect(names(extractDocuments('data.json', text('{"a":[1,2]}')))).toEqual(['data.json']);
    expect(names(extractDocuments('data.json', text('{"a":')))[0]).toMatch(/^data\.json is not valid JSON/);
  });

  it('refuses empty files', () => {
    expect(names(extractDocuments('a.xml', new Uint8Array()))[0]).toMatch(/is empty/);
    expect(names(extractDocuments('a.xml', text('   \n')))[0]).toMatch(/is empty/);
  });

  it('refuses a FatturaPA or KSeF file with a DOCTYPE, never expanding it, and forbidden character references', () => {
    const bomb = '<?xml version="1.0"?>\n<!-- from the ERP -->\n<!DOCTYPE p:FatturaElettronica [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>\n<p:FatturaElettronica xmlns:p="http://ivaservizi.agenziaentrate.gov.it/docs/xsd/fatture/v1.2">&b;</p:FatturaElettronica>';
    expect(names(extractDocuments('IT01234567890_FPR01.xml', text(bomb)))).toEqual([
      'IT01234567890_FPR01.xml: The document contains a DOCTYPE declaration. E-invoices must not have one (Peppol and SDI refuse them): remove it and send the document again.',
    ]);
    expect(names(extractDocuments('FA_1.xml', text('<!doctype Faktura SYSTEM "http://evil.example/x.dtd"><Faktura/>')))[0]).toMatch(/DOCTYPE declaration/);
    for (const reference of ['&#1;', '&#xFFFE;', '&#xD800;']) {
      expect(names(extractDocuments('FA_1.xml', text(`<Faktura><P>${reference}</P></Faktura>`)))[0]).toBe(
        `FA_1.xml: The XML is not well-formed: the character reference ${reference} names a character XML does not allow. Correct the file and send it again.`,
      );
    }
    expect(extractDocuments('FA_1.xml', text('<Faktura><P>&#xE9;&#10;&#x1F600;</P></Faktura>')).ok).toBe(true);
  });

  it('finds the seller NIP of a Polish XML for the KSeF number', () => {
    const result = extractDocuments('FA_1.xml', text('<Faktura><Podmiot1><DaneIdentyfikacyjne><NIP>5265877635</NIP></DaneIdentyfikacyjne></Podmiot1></Faktura>'));
    expect(result.ok && result.documents[0]?.nip).toBe('5265877635');
  });
});

describe('extractDocuments: CSV', () => {
  const csv = [
    'invoice_number,customer,amount',
    'F-1,"Rossi, Mario",10.00',
    'F-2,Bianchi,5.00',
    'F-1,"Rossi, Mario",2.50',
    '',
    'F-3,"Quote ""Q""",1.00',
  ].join('\r\n');

  it('splits one document per invoice number, in order of first appearance, keeping the header', () => {
    const result = extractDocuments('batch.csv', text(csv));
    expect(names(result)).toEqual(['batch_F-1.csv', 'batch_F-2.csv', 'batch_F-3.csv']);
    expect(contentOf(result, 0)).toBe('invoice_number,customer,amount\r\nF-1,"Rossi, Mario",10.00\r\nF-1,"Rossi, Mario",2.50\r\n');
    expect(contentOf(result, 2)).toBe('invoice_number,customer,amount\r\nF-3,"Quote ""Q""",1.00\r\n');
  });

  it('detects ; as delimiter and keeps a quoted line break inside a field', () => {
    const result = extractDocuments('b.csv', text('Document Number;note\n1;"two\nlines"\n2;x\n'));
    expect(names(result)).toEqual(['b_1.csv', 'b_2.csv']);
    expect(contentOf(result, 0)).toBe('Document Number;note\r\n1;"two\nlines"\r\n');
  });

  it('keeps a CSV with a single document, or without a grouping column, whole', () => {
    expect(names(extractDocuments('one.csv', text('invoice_number,a\n7,x\n7,y\n')))).toEqual(['one.csv']);
    const whole = extractDocuments('lines.csv', text('sku,qty\nA,1\nB,2\n'));
    expect(names(whole)).toEqual(['lines.csv']);
    expect(contentOf(whole, 0)).toBe('sku,qty\nA,1\nB,2\n');
  });

  it.each([
    ['no data rows', 'invoice_number,a\n', /header row but no data rows/],
    ['an empty file', '\n\n', /is empty/],
    ['a short row', 'invoice_number,a\n1,x\n2\n', /line 3: the row has 1 fields but the header has 2/],
    ['an unclosed quote', 'a,b\n1,"x\n', /never closed/],
    ['a stray quote', 'a,b\n1,x"y\n', /line 2: a quote/],
    ['a nameless column', 'a,,c\n1,2,3\n', /column 2 of the header row has no name/],
    ['a duplicated column', 'a,A\n1,2\n', /names the column "A" twice/],
    ['an empty document number', 'invoice_number,a\n1,x\n,y\n', /line 3: the "invoice_number" field is empty/],
  ])('fails with %s', (_label, content, message) => {
    const result = extractDocuments('bad.csv', text(content));
    expect(result.ok).toBe(false);
    expect(names(result)[0]).toMatch(message);
  });
});

describe('extractDocuments: ZIP', () => {
  it('processes every entry on its own, skipping folders and macOS metadata', () => {
    const zip = zipOf({
      'a.xml': '<a/>',
      'sub/b.json': '{"b":1}',
      'sub/': new Uint8Array(),
      '__MACOSX/sub/._b.json': 'junk',
      'c.csv': 'invoice_number,x\n1,a\n2,b\n',
    });
    expect(names(extractDocuments('batch.zip', zip))).toEqual(['a.xml', 'b.json', 'c_1.csv', 'c_2.csv']);
  });

  it('reports every bad entry and fails the whole upload', () => {
    const zip = zipOf({ 'good.xml': '<a/>', 'bad.xml': '<a>', 'photo.pdf': '%PDF', 'inner.zip': zipOf({ 'x.xml': '<x/>' }) });
    const result = extractDocuments('batch.zip', zip);
    expect(result.ok).toBe(false);
    const errors = names(result);
    expect(errors).toHaveLength(3);
    expect(errors.join('\n')).toMatch(/batch\.zip: bad\.xml is not well-formed XML/);
    expect(errors.join('\n')).toMatch(/batch\.zip: photo\.pdf is not a CSV, JSON or XML file/);
    expect(errors.join('\n')).toMatch(/batch\.zip: inner\.zip is a ZIP inside the ZIP/);
  });

  it('refuses a corrupt or empty ZIP', () => {
    expect(names(extractDocuments('x.zip', text('not a zip at all')))[0]).toMatch(/not a readable ZIP archive/);
    expect(names(extractDocuments('x.zip', zipOf({})))[0]).toMatch(/contains no files/);
  });
});

describe('extractDocuments: signed .p7m', () => {
  it('opens a signed XML, checks the XML inside and sends the signed file as is', () => {
    const signed = signP7m('<FatturaElettronica><a>1</a></FatturaElettronica>');
    const result = extractDocuments('IT01234567890_00001.xml.p7m', signed);
    expect(names(result)).toEqual(['IT01234567890_00001.xml.p7m']);
    expect(result.ok && Buffer.from(result.documents[0]?.bytes ?? []).equals(Buffer.from(signed))).toBe(true);
  });

  it('accepts the base64 text form some signing tools produce', () => {
    const signed = Buffer.from(signP7m('<a/>')).toString('base64').replace(/(.{64})/g, '$1\n');
    expect(extractDocuments('a.xml.p7m', text(signed)).ok).toBe(true);
  });

  it('checks the document inside: broken XML in a valid signature fails', () => {
    expect(names(extractDocuments('a.xml.p7m', signP7m('<a>')))[0]).toMatch(/not well-formed XML/);
  });

  it('opens a signed ZIP and a signed CSV to their documents', () => {
    expect(names(extractDocuments('b.zip.p7m', signP7m(zipOf({ 'x.xml': '<x/>', 'y.json': '[]' }))))).toEqual(['x.xml', 'y.json']);
    expect(names(extractDocuments('c.csv.p7m', signP7m('invoice_number,a\n1,x\n2,y\n')))).toEqual(['c_1.csv', 'c_2.csv']);
    expect(names(extractDocuments('d.csv.p7m', signP7m('invoice_number,a\n1,x\n')))).toEqual(['d.csv']);
  });

  it('refuses a file that is not a signature, and a detached signature', () => {
    expect(names(extractDocuments('a.xml.p7m', text('<a/>')))[0]).toMatch(/not a valid signed file/);
    expect(names(extractDocuments('a.xml.p7m', signP7m('<a/>', { detached: true })))[0]).toMatch(/detached signature/);
  });
});
