import forge from 'node-forge';
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { fixtureBytes, fixtureIndex } from '../../../emulator/documents/test-support/fixtures';
import { isKsefTemplate, substituteTemplate } from '../../../standards/test-support/template-values';
import { openFile, ZIP_LIMITS } from './open';

const readable = fixtureIndex.filter((entry) => entry.kind !== 'application-response');
/** Published as broken on purpose: no DatiGenerali / an Invoice element with nothing inside. */
const emptyByDesign = new Set(['ph-fatturapa/bad/IT01234567890_FPA01.xml', 'vefa-validator/ubl-invoice-empty.xml']);

function signed(content: Uint8Array, signingTime: Date): Uint8Array {
  const keys = forge.pki.rsa.generateKeyPair({ bits: 1024, e: 0x10001 });
  const cert = forge.pki.createCertificate();
  cert.publicKey = keys.publicKey;
  cert.serialNumber = '0a1b';
  cert.validity.notBefore = new Date('2026-01-01T00:00:00Z');
  cert.validity.notAfter = new Date('2036-01-01T00:00:00Z');
  const subject = [
    { name: 'commonName', value: 'Mario Rossi' },
    { name: 'organizationName', value: 'Alpha Srl' },
    { type: '2.5.4.5', value: 'TINIT-RSSMRA80A01H501U' },
  ];
  cert.setSubject(subject);
  cert.setIssuer(subject);
  cert.sign(keys.privateKey, forge.md.sha256.create());
  const p7 = forge.pkcs7.createSignedData();
  p7.content = forge.util.createBuffer(Buffer.from(content).toString('binary'));
  p7.addCertificate(cert);
  p7.addSigner({
    key: keys.privateKey,
    certificate: cert,
    digestAlgorithm: forge.pki.oids.sha256 as string,
    authenticatedAttributes: [
      { type: forge.pki.oids.contentType as string, value: forge.pki.oids.data as string },
      { type: forge.pki.oids.messageDigest as string },
      { type: forge.pki.oids.signingTime as string, value: signingTime as unknown as string },
    ],
  });
  p7.sign();
  return Buffer.from(forge.asn1.toDer(p7.toAsn1()).getBytes(), 'binary');
}

describe('the viewer opens every public fixture', () => {
  it.each(readable.map((entry) => [entry.path, entry] as const))('%s shows its number, date, parties and total', (path, entry) => {
    // A published KSeF template is shown once SOURCES.md's values replace its placeholders (its dates are `#issue_date#`).
    const file = openFile(path.split('/').pop() as string, isKsefTemplate(entry) ? substituteTemplate(fixtureBytes(path)) : fixtureBytes(path));
    expect(file.documents).toHaveLength(1);
    const [document] = file.documents;
    if (!document) throw new Error('no document');
    // KSeF's PEF (3)/PEF_KOR (3) are UBL invoices and credit notes: shown with the UBL view, labelled with the KSeF format when they say they are Polish.
    const pef = entry.kind === 'ksef' && /<(?:\w+:)?(?:Invoice|CreditNote)[\s>]/.test(fixtureBytes(path).subarray(0, 4096).toString('utf8'));
    expect(document.family).toBe(entry.kind === 'fatturapa' ? 'fatturapa' : entry.kind === 'ksef' && !pef ? 'ksef' : 'ubl');
    if (path.endsWith('invoice-template-fa-3-pef-correction.xml')) expect(document.formatLabel).toBe('FA_KOR_PEF (3)');
    expect(document.problem).toBeUndefined();
    expect(document.source.pretty.length).toBeGreaterThan(0);
    if (emptyByDesign.has(path)) return;
    {
      expect(document.summary.number).toMatch(/\S/);
      expect(document.summary.date).toMatch(/^\d{4}-\d{2}-\d{2}/);
    }
    expect(document.summary.seller?.name ?? document.summary.seller?.taxId).toMatch(/\S/);
    expect(document.summary.buyer?.name ?? document.summary.buyer?.taxId).toMatch(/\S/);
    // Order responses and despatch advices carry no amounts; every other kind states its total.
    if (!['order-response', 'despatch-advice'].includes(entry.kind)) {
      expect(Number(document.summary.total?.text)).not.toBeNaN();
    }
    if (document.family !== 'ubl') expect(document.layout?.sections.length).toBeGreaterThan(2);
  });

  it('lists the AdE and AssoSoftware stylesheets for FatturaPA (and AdE’s PA sheet 1.2.3 for FPA12), none for the semplificata, the Ministry one for FA(2) and none for FA(3)', () => {
    expect(openFile('a.xml', fixtureBytes('ph-fatturapa/IT01234567890_FPR01.xml')).documents[0]?.stylesheets).toEqual(['fatturapa-ade', 'fatturapa-asso']);
    expect(openFile('p.xml', fixtureBytes('ph-fatturapa/IT01234567890_FPA01.xml')).documents[0]?.stylesheets).toEqual(['fatturapa-ade', 'fatturapa-ade-1.2.3', 'fatturapa-asso']);
    expect(openFile('s.xml', fixtureBytes('FatturaElettronica.NET/IT01234567890_FSM10.xml')).documents[0]?.stylesheets).toEqual([]);
    expect(openFile('b.xml', fixtureBytes('ksef-fop/fa2/podstawowa/FA_2_Przyklad_4.xml')).documents[0]?.stylesheets).toEqual(['ksef-fa2']);
    expect(openFile('c.xml', fixtureBytes('ksef-fop/fa3/podstawowa/FA_3_complex.xml')).documents[0]?.stylesheets).toEqual([]);
  });

  it('lays a semplificata out along its schema: transmission, parties, the document with its total, the lines', () => {
    const [document] = openFile('IT01234567890_FSM10.xml', fixtureBytes('FatturaElettronica.NET/IT01234567890_FSM10.xml')).documents;
    expect(document).toMatchObject({ family: 'fatturapa', formatLabel: 'FSM10', version: '1.0' });
    expect(document?.summary).toMatchObject({ number: '123', date: '2019-01-01', kindCode: 'TD07', seller: { name: "SOCIETA' ALPHA SRL", taxId: 'IT01234567890' }, buyer: { name: 'BETA GAMMA', taxId: 'IT09876543210' }, total: { text: '25.00', currency: 'EUR' } });
    expect(document?.layout?.sections.map((section) => section.key)).toEqual(['fpaTransmission', 'seller', 'buyer', 'fpaDocument', 'lines']);
    const lines = document?.layout?.sections.find((section) => section.key === 'lines')?.tables[0];
    expect(lines?.columns.map((column) => column.key)).toEqual(['description', 'amount', 'vatRate']);
    expect(lines?.rows[0]?.slice(1)).toEqual(['25.00', '22.00']);
  });

  it('shows what a semplificata credit note (TD08) corrects', () => {
    const [document] = openFile('ndc.xml', fixtureBytes('fatturaelettronicaphp/ESEMPIO NDC SEMPL.xml')).documents;
    const fields = document?.layout?.sections.find((section) => section.key === 'fpaDocument')?.fields ?? [];
    expect(fields).toEqual(expect.arrayContaining([
      { key: 'documentKind', value: 'TD08', kind: 'code' },
      { key: 'correctedNumber', value: '123456789' },
      { key: 'correctedDate', value: '2020-12-14', kind: 'date' },
      { key: 'correctionReason', value: 'Prodotto consegnato in precedenza' },
    ]));
  });

  it('says which semplificata versions it knows when another is declared', () => {
    const xml = fixtureBytes('FatturaElettronica.NET/IT01234567890_FSM10.xml').toString('utf8').replace('versione="FSM10"', 'versione="FSM11"');
    const [document] = openFile('x.xml', Buffer.from(xml)).documents;
    expect(document?.problem).toMatch(/"FSM11".*FSM10/);
  });

  it('lays FA(3) out along the schema: parties, lines, VAT summary, payment, footer, attachment blocks', () => {
    const [document] = openFile('fa3.xml', fixtureBytes('ksef-client-csharp/invoice-template-fa-3-with-attachment.xml'), '5265877635-20250826-0100001AF629-AF').documents;
    const keys = document?.layout?.sections.map((section) => section.key) ?? [];
    expect(keys.slice(0, 3)).toEqual(['ksefHeader', 'seller', 'buyer']);
    expect(keys).toEqual(expect.arrayContaining(['ksefInvoice', 'lines', 'vatSummary', 'payment', 'footer', 'attachmentBlock']));
    const header = document?.layout?.sections[0];
    expect(header?.fields).toContainEqual({ key: 'ksefNumber', value: '5265877635-20250826-0100001AF629-AF', kind: 'code' });
    const lines = document?.layout?.sections.find((section) => section.key === 'lines')?.tables[0];
    expect(lines?.rows.length).toBeGreaterThan(0);
  });

  it('reads several FatturaPA bodies and extracts embedded attachments (Allegati)', () => {
    const xml = fixtureBytes('ph-fatturapa/IT01234567890_FPR01.xml').toString('utf8');
    const body = /<FatturaElettronicaBody>[\s\S]*<\/FatturaElettronicaBody>/.exec(xml)?.[0] ?? '';
    const withAttachment = body.replace(
      '</FatturaElettronicaBody>',
      `<Allegati><NomeAttachment>ordine.txt</NomeAttachment><FormatoAttachment>TXT</FormatoAttachment><Attachment>${Buffer.from('Ordine 42').toString('base64')}</Attachment></Allegati></FatturaElettronicaBody>`,
    );
    const twoBodies = xml.replace(body, body + withAttachment);
    const [document] = openFile('two.xml', Buffer.from(twoBodies)).documents;
    expect(document?.layout?.sections.filter((section) => section.key === 'fpaDocument').map((section) => section.subtitle)).toEqual(['1 / 2', '2 / 2']);
    expect(document?.attachments).toEqual([expect.objectContaining({ name: 'ordine.txt', mimeType: 'text/plain', size: 9, base64: Buffer.from('Ordine 42').toString('base64') })]);
  });
});

describe('containers', () => {
  it('opens a signed .p7m and names its signer and signing time, unverified', () => {
    const xml = fixtureBytes('ph-fatturapa/IT01234567890_FPA01.xml');
    const file = openFile('IT01234567890_FPA01.xml.p7m', signed(xml, new Date('2026-03-04T10:20:30Z')));
    expect(file.containers).toEqual(['p7m']);
    expect(file.signature).toEqual({ verified: false, signers: [{ name: 'Mario Rossi', organization: 'Alpha Srl', serialNumber: 'TINIT-RSSMRA80A01H501U', signingTime: '2026-03-04T10:20:30.000Z' }] });
    expect(file.documents[0]?.name).toBe('IT01234567890_FPA01.xml');
    expect(file.documents[0]?.summary.number).toBe('123');
  });

  it('opens a base64-encoded .p7m as some signing tools save it', () => {
    const der = signed(fixtureBytes('ph-fatturapa/IT01234567890_FPR01.xml'), new Date('2026-01-02T00:00:00Z'));
    const file = openFile('a.xml.p7m', Buffer.from(Buffer.from(der).toString('base64')));
    expect(file.documents[0]?.family).toBe('fatturapa');
  });

  it('lists the documents of a ZIP one by one and says which entries it skipped', () => {
    const zip = zipSync({
      'a/IT01234567890_FPR01.xml': fixtureBytes('ph-fatturapa/IT01234567890_FPR01.xml'),
      'b.xml': fixtureBytes('peppol-bis-invoice-3/base-example.xml'),
      'inner.zip': zipSync({ 'x.xml': Buffer.from('<a/>') }),
      'empty.xml': new Uint8Array(),
    });
    const file = openFile('batch.zip', zip);
    expect(file.containers).toEqual(['zip']);
    expect(file.documents.map((document) => [document.name, document.family])).toEqual([
      ['IT01234567890_FPR01.xml', 'fatturapa'],
      ['b.xml', 'ubl'],
    ]);
    expect(file.skipped.map((entry) => entry.name)).toEqual(['empty.xml', 'inner.zip']);
  });

  it('refuses a ZIP bomb by its declared size, ratio and entry count without unpacking it', () => {
    const bomb = zipSync({ 'zeros.xml': new Uint8Array(30 * 1024 * 1024) }, { level: 9 });
    expect(() => openFile('bomb.zip', bomb)).toThrow(/ZIP bomb/);
    const many = zipSync(Object.fromEntries(Array.from({ length: ZIP_LIMITS.entries + 1 }, (_, index) => [`f${index}.xml`, Buffer.from('<a/>')])));
    expect(() => openFile('many.zip', many)).toThrow(/more than 500 files/);
  });

  it('splits a multi-document CSV into its documents', () => {
    const csv = 'document_number;date;seller_name;buyer_name;total\nF1;2026-01-02;Alpha;Beta;10.00\nF1;2026-01-02;Alpha;Beta;10.00\nF2;2026-01-03;Alpha;Gamma;5.50\n';
    const file = openFile('batch.csv', Buffer.from(csv));
    expect(file.containers).toEqual(['csv']);
    expect(file.documents.map((document) => document.summary)).toEqual([
      { number: 'F1', date: '2026-01-02', seller: { name: 'Alpha' }, buyer: { name: 'Beta' }, total: { text: '10.00' } },
      { number: 'F2', date: '2026-01-03', seller: { name: 'Alpha' }, buyer: { name: 'Gamma' }, total: { text: '5.50' } },
    ]);
    expect(file.documents[0]?.csv?.rows).toHaveLength(2);
  });
});

describe('bad input: a clear reason and the source, never a crash', () => {
  it('not XML', () => {
    const [document] = openFile('notes.txt', Buffer.from('Just some words')).documents;
    expect(document?.problem).toMatch(/not XML, JSON or CSV/);
    expect(document?.source.text).toBe('Just some words');
  });

  it('XML that is not well-formed says where', () => {
    const [document] = openFile('broken.xml', Buffer.from('<Invoice>\n  <ID>1</Invoice>')).documents;
    expect(document?.problem).toMatch(/not well-formed.*line 2/);
  });

  it('a FatturaPA with an unknown version', () => {
    const xml = fixtureBytes('ph-fatturapa/IT01234567890_FPR01.xml').toString('utf8').replace('versione="FPR12"', 'versione="FPR99"');
    const [document] = openFile('x.xml', Buffer.from(xml)).documents;
    expect(document?.family).toBe('fatturapa');
    expect(document?.problem).toMatch(/"FPR99".*FPA12 and FPR12/);
    expect(document?.stylesheets).toEqual([]);
  });

  it('a broken .p7m', () => {
    const der = signed(Buffer.from('<a/>'), new Date());
    expect(() => openFile('x.xml.p7m', der.subarray(0, 200))).toThrow(/not a readable signed file|holds no signature/);
    expect(() => openFile('x.xml.p7m', Buffer.from('hello'))).toThrow(/not a readable signed file/);
  });

  it('a binary file and an empty file', () => {
    expect(openFile('a.xml', Buffer.from([0x3c, 0, 1, 2])).documents[0]?.problem).toMatch(/binary file/);
    expect(() => openFile('a.xml', new Uint8Array())).toThrow(/empty/);
  });

  it('a 10 MB document opens, with its source kept to the first 2 million characters', () => {
    const base = fixtureBytes('peppol-bis-invoice-3/base-example.xml').toString('utf8');
    const note = `<cbc:Note>${'x'.repeat(10 * 1024 * 1024)}</cbc:Note>`;
    const big = base.replace(/(<cbc:IssueDate>)/, `${note}$1`);
    const [document] = openFile('big.xml', Buffer.from(big)).documents;
    expect(document?.summary.number).toBe('Snippet1');
    expect(document?.source.truncated).toBe(true);
    expect(document?.source.pretty.length).toBe(2_000_000);
  });

  it('a file beyond the viewer limit is refused as too large', () => {
    expect(() => openFile('huge.xml', new Uint8Array(41 * 1024 * 1024))).toThrow(/up to 40 MB/);
  });
});
