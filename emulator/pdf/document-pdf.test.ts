import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { parseUbl } from '../../shared/ubl';
import { fixtureText } from '../documents/test-support/fixtures';
import { renderDocumentPdf } from './document-pdf';

/** The text of every page, as a reader (or a search) would get it. */
async function pdfText(pdf: Buffer): Promise<{ pages: number; text: string }> {
  const loaded = await getDocument({ data: new Uint8Array(pdf), isEvalSupported: false, verbosity: 0 }).promise;
  let text = '';
  for (let number = 1; number <= loaded.numPages; number += 1) {
    const content = await (await loaded.getPage(number)).getTextContent();
    text += `${content.items.map((item) => ('str' in item ? item.str : '')).join(' ')}\n`;
  }
  const pages = loaded.numPages;
  await loaded.destroy();
  return { pages, text: text.replace(/\s+/g, ' ') };
}

describe('document PDF', () => {
  it('an invoice: header, parties with identifiers and addresses, lines, VAT, totals, payment, notes', async () => {
    const { text } = await pdfText(await renderDocumentPdf(parseUbl(fixtureText('peppol-bis-invoice-3/Norwegian-example-1.xml'))));
    for (const expected of [
      'Invoice TOSL108',
      'Issue date',
      '2013-06-30',
      '2013-07-20',
      'Seller',
      'Salescompany ltd.',
      'Main street 34',
      '0192:123456785',
      'NO123456785MVA',
      'Buyer',
      'The Buyercompany',
      'Laptop computer',
      'VAT breakdown',
      '1460.5 NOK',
      '365.13 NOK',
      'Total with VAT',
      '1801.78 NOK',
      'Amount due',
      '802.00 NOK',
      'Debit transfer (31)',
      'NO9386011117947',
      'Ordered in our booth at the convention.',
      'Hours-spent.csv',
      'Page 1 of',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('a long invoice flows onto more pages with the table header repeated', async () => {
    const base = fixtureText('peppol-bis-invoice-3/base-example.xml');
    const firstLine = base.indexOf('<cac:InvoiceLine>');
    const lines = base.slice(firstLine, base.lastIndexOf('</cac:InvoiceLine>') + '</cac:InvoiceLine>'.length);
    const long = `${base.slice(0, firstLine)}${lines.repeat(60)}</Invoice>`;
    expect(parseUbl(long).lines).toHaveLength(120);
    const { pages, text } = await pdfText(await renderDocumentPdf(parseUbl(long)));
    expect(pages).toBeGreaterThan(2);
    // the line table's header opens every page the table runs over (all but possibly the last)
    expect(text.match(/Description/g)?.length).toBeGreaterThanOrEqual(pages - 1);
    expect(text).toContain(`Page ${pages} of ${pages}`);
  });

  it('an order response, a despatch advice and an order use their own labels', async () => {
    const response = await pdfText(await renderDocumentPdf(parseUbl(fixtureText('poacc-upgrade-3/OrderResponse_Example.xml'))));
    expect(response.text).toContain('Order response 101');
    expect(response.text).toContain('Conditionally accepted (CA)');
    expect(response.text).toContain('Accepted');
    const despatch = await pdfText(await renderDocumentPdf(parseUbl(fixtureText('poacc-upgrade-3/DespatchAdvice_Example.xml'))));
    expect(despatch.text).toContain('Despatch advice 565899');
    expect(despatch.text).toContain('Delivery party');
    expect(despatch.text).toContain('beeswax');
    const order = await pdfText(await renderDocumentPdf(parseUbl(fixtureText('poacc-upgrade-3/Order_Example.xml'))));
    expect(order.text).toContain('Order 34');
    expect(order.text).toContain('Helseforetak');
  });

  it('letters the standard fonts lack are written without their accents', async () => {
    const xml = fixtureText('peppol-bis-invoice-3/base-example.xml').replace('SupplierTradingName Ltd.', 'Łódź Łukasz Sp. z o.o. ÆØÅ 中');
    const { text } = await pdfText(await renderDocumentPdf(parseUbl(xml)));
    expect(text).toContain('Lódz Lukasz Sp. z o.o. ÆØÅ ?');
  });
});
