/**
 * A Peppol BIS invoice of N lines, valid under the official rules: the two lines of
 * peppol-bis-invoice-3/base-example.xml repeated (ids renumbered) with the totals and VAT recomputed.
 * No public invoice this large exists (../shared/fixtures/SOURCES.md).
 */
import { fixtureBytes } from './fixtures';

export function largeInvoice(lines: number): Uint8Array {
  if (lines < 2 || lines % 2 !== 0) throw new Error('largeInvoice: an even number of lines, at least 2.');
  const base = new TextDecoder().decode(fixtureBytes('peppol-bis-invoice-3/base-example.xml'));
  const first = base.indexOf('<cac:InvoiceLine>');
  const end = base.lastIndexOf('</cac:InvoiceLine>') + '</cac:InvoiceLine>'.length;
  const pair = base.slice(first, end).split(/(?=<cac:InvoiceLine>)/).map((line) => line.trim());
  const body = Array.from({ length: lines }, (_, index) => pair[index % 2]!.replace(/<cbc:ID>\d+<\/cbc:ID>/, `<cbc:ID>${index + 1}</cbc:ID>`)).join('\n');
  // base-example: lines 2800 and -1500, a charge of 25, VAT 25 %.
  const net = (lines / 2) * 1300;
  const taxable = net + 25;
  const tax = (taxable * 0.25).toFixed(2);
  const gross = (taxable * 1.25).toFixed(2);
  return new TextEncoder().encode(
    (base.slice(0, first) + body + base.slice(end))
      .replaceAll('<cbc:TaxAmount currencyID="EUR">331.25</cbc:TaxAmount>', `<cbc:TaxAmount currencyID="EUR">${tax}</cbc:TaxAmount>`)
      .replace('<cbc:TaxableAmount currencyID="EUR">1325</cbc:TaxableAmount>', `<cbc:TaxableAmount currencyID="EUR">${taxable}</cbc:TaxableAmount>`)
      .replace('<cbc:LineExtensionAmount currencyID="EUR">1300</cbc:LineExtensionAmount>', `<cbc:LineExtensionAmount currencyID="EUR">${net}</cbc:LineExtensionAmount>`)
      .replace('<cbc:TaxExclusiveAmount currencyID="EUR">1325</cbc:TaxExclusiveAmount>', `<cbc:TaxExclusiveAmount currencyID="EUR">${taxable}</cbc:TaxExclusiveAmount>`)
      .replaceAll('1656.25', gross),
  );
}
