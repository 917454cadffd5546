import { describe, expect, it } from 'vitest';
import { detectDocumentType, parseXmlTree } from '../../../shared/ubl';
import { fixtureIndex, fixtureText } from '../test-support/fixtures';
import { isValidGln, isValidNorwegianOrgNumber, isValidSwedishOrgNumber } from './identifiers';
import { autodetectRuleSet, findRuleSet, listValidationRules, validateBillingDocument, type BillingDocumentKind, type Violation } from './index';

function validate(xml: string, ruleCode?: string): Violation[] {
  const tree = parseXmlTree(xml);
  const kind = detectDocumentType(tree) as BillingDocumentKind;
  const customizationId = tree.children.find((child) => child.name === 'CustomizationID')?.text.trim();
  const ruleSet = ruleCode ? findRuleSet(ruleCode) : autodetectRuleSet(kind, customizationId);
  if (!ruleSet) throw new Error(`unknown rule ${ruleCode}`);
  return validateBillingDocument(tree, kind, ruleSet);
}

const peppolCode = (path: string) => (fixtureIndex.find((entry) => entry.path === path)?.kind === 'credit-note' ? 'peppol-bis-billing-3.0-credit-note' : 'peppol-bis-billing-3.0-invoice');
const codes = (violations: Violation[]) => [...new Set(violations.map((violation) => violation.code))];
const billing = fixtureIndex.filter((entry) => entry.kind === 'invoice' || entry.kind === 'credit-note');

describe('the public examples index.json calls valid', () => {
  const valid = billing.filter((entry) => entry.expected === 'valid');

  it('covers invoices and credit notes', () => {
    expect(valid.length).toBeGreaterThanOrEqual(12);
    expect(valid.some((entry) => entry.kind === 'credit-note')).toBe(true);
  });

  it.each(valid.map((entry) => [entry.path] as const))('%s passes (autodetected and explicit Peppol rules)', (path) => {
    expect(validate(fixtureText(path))).toEqual([]);
    expect(validate(fixtureText(path), peppolCode(path))).toEqual([]);
  });
});

describe('the public examples index.json calls invalid fail with the rule SOURCES.md names', () => {
  const expectations: Record<string, string[]> = {
    // XSD-invalid: AdditionalDocumentReference after the parties
    'peppol-bis-invoice-3/GR-base-example-correct.xml': ['UBL-XSD-SEQUENCE'],
    'vefa-validator/ubl-invoice-empty.xml': ['BR-01', 'BR-02', 'BR-03', 'BR-04', 'BR-05', 'BR-16'],
    // invoice type 987, currency NRK, country NN
    'anskaffelser-ehf-postaward-g2/T10-hode-feilkoder.xml': ['BR-CL-01', 'BR-CL-04', 'BR-CL-14'],
    // a line without quantity, tax category SXX, price in NRK
    'anskaffelser-ehf-postaward-g2/T10-linje-feil.xml': ['BR-22', 'BR-CL-18', 'PEPPOL-EN16931-R051'],
    'anskaffelser-ehf-postaward-g2/T14-linje-feil.xml': ['BR-22', 'BR-CL-18', 'PEPPOL-EN16931-R051'],
    // organisation number 123456789 fails the mod-11 check
    'anskaffelser-ehf-postaward-g2/T10_wrong_orgnr.xml': ['PEPPOL-COMMON-R041'],
    // legacy EHF 2.0 documents are not BIS 3
    'anskaffelser-ehf-postaward-g2/T10-avrunding-2.xml': ['PEPPOL-EN16931-R004', 'BR-CL-25'],
    'anskaffelser-ehf-postaward-g2/T10 BII05 gyldig faktura.xml': ['PEPPOL-EN16931-R004', 'BR-CL-25'],
    'anskaffelser-ehf-postaward-g2/T14 BII05 gyldig kreditnota.xml': ['PEPPOL-EN16931-R004', 'BR-CL-25'],
  };
  const invalid = billing.filter((entry) => entry.expected === 'invalid');

  it('has an expectation for every invalid example', () => {
    expect(invalid.map((entry) => entry.path).sort()).toEqual(Object.keys(expectations).sort());
  });

  it.each(invalid.map((entry) => [entry.path, expectations[entry.path] ?? []] as const))('%s fails with %j', (path, expected) => {
    const violations = validate(fixtureText(path));
    expect(codes(violations)).toEqual(expect.arrayContaining(expected));
    for (const violation of violations) {
      expect(violation.propertyPath).toMatch(/^\/(Invoice|CreditNote)/);
      expect(violation.message.length).toBeGreaterThan(10);
    }
  });

  it('points at the element that is wrong', () => {
    const violations = validate(fixtureText('anskaffelser-ehf-postaward-g2/T10_wrong_orgnr.xml'));
    expect(violations.filter((violation) => violation.code === 'PEPPOL-COMMON-R041').map((violation) => violation.propertyPath)).toEqual([
      '/Invoice/cac:AccountingCustomerParty/cac:Party/cac:PartyIdentification/cbc:ID',
      '/Invoice/cac:AccountingCustomerParty/cac:Party/cac:PartyLegalEntity/cbc:CompanyID',
    ]);
    const sequence = validate(fixtureText('peppol-bis-invoice-3/GR-base-example-correct.xml'));
    expect(sequence[0]?.propertyPath).toMatch(/^\/Invoice\/cac:AdditionalDocumentReference(\[\d\])?$/);
  });
});

describe('examples that are EN 16931 but not Peppol BIS', () => {
  const peppolFailures: Record<string, string[]> = {
    'anskaffelser-ehf-postaward-g3/Invoice_EHF3.0_forward-billing-nettleie-corporate_v2.0.xml': ['PEPPOL-EN16931-R007', 'PEPPOL-COMMON-R040'],
    'anskaffelser-ehf-postaward-g3/Creditnote_EHF3.0_forward-billing-nettleie-consumer_v2.0.xml': ['PEPPOL-EN16931-R007', 'PEPPOL-COMMON-R040'],
    'eInvoicing-EN16931/BIS_Billing_30-Telefoni.xml': ['PEPPOL-COMMON-R049'],
    'eInvoicing-EN16931/BIS_Billing_30-Valutor i faktura.xml': ['PEPPOL-COMMON-R049'],
    'eInvoicing-EN16931/Invoice-Max_content.xml': ['PEPPOL-COMMON-R049'],
    'eInvoicing-EN16931/CreditNote-Max_content.xml': ['PEPPOL-COMMON-R049'],
    'eInvoicing-EN16931/CreditNote-Min_content_with_VAT.xml': ['PEPPOL-COMMON-R049'],
    'eInvoicing-EN16931/BIS_Billing_30-Kreditering_med_kreditnota.xml': ['PEPPOL-COMMON-R049', 'PEPPOL-COMMON-R040'],
    'eInvoicing-EN16931/ubl-tc434-example1.xml': ['PEPPOL-EN16931-R001', 'PEPPOL-EN16931-R004'],
    'eInvoicing-EN16931/ubl-tc434-creditnote1.xml': ['PEPPOL-EN16931-R004'],
    'xrechnung-testsuite/02.05a-INVOICE_ubl.xml': ['PEPPOL-EN16931-R004', 'PEPPOL-EN16931-CL008'],
    'phive-rules/UBLBE_BE0000000196_V01-15000001 Full.xml': ['PEPPOL-EN16931-R004'],
    'ph-ubl/UBL-Invoice-2.1-Example.xml': ['BR-01', 'PEPPOL-EN16931-R001'],
    'ph-ubl/UBL-CreditNote-2.1-Example.xml': ['BR-01', 'BR-04'],
    'ph-ubl/UBL-Invoice-2.1-Example-Trivial.xml': ['BR-01', 'BR-05'],
  };
  const notPeppol = billing.filter((entry) => entry.expected === 'not-peppol' || entry.expected === 'see-sources');

  it('has an expectation for every one of them', () => {
    expect(notPeppol.map((entry) => entry.path).sort()).toEqual(Object.keys(peppolFailures).sort());
  });

  it.each(notPeppol.map((entry) => [entry.path, peppolFailures[entry.path] ?? []] as const))('%s fails the Peppol rules with %j', (path, expected) => {
    expect(codes(validate(fixtureText(path), peppolCode(path)))).toEqual(expect.arrayContaining(expected));
  });

  it('the Swedish examples fail only the organisation number rule added after they were written', () => {
    expect(codes(validate(fixtureText('eInvoicing-EN16931/BIS_Billing_30-Telefoni.xml')))).toEqual(['PEPPOL-COMMON-R049']);
  });

  it.each([
    'eInvoicing-EN16931/ubl-tc434-example1.xml',
    'eInvoicing-EN16931/ubl-tc434-creditnote1.xml',
    'xrechnung-testsuite/02.05a-INVOICE_ubl.xml',
    'phive-rules/UBLBE_BE0000000196_V01-15000001 Full.xml',
  ])('%s passes the EN 16931 core rules its CustomizationID selects', (path) => {
    expect(validate(fixtureText(path))).toEqual([]);
  });

  it('an EHF Forward Billing invoice selects the EHF rules and fails only its GLN check digit', () => {
    const violations = validate(fixtureText('anskaffelser-ehf-postaward-g3/Invoice_EHF3.0_forward-billing-nettleie-corporate_v2.0.xml'));
    expect(codes(violations)).toEqual(['PEPPOL-COMMON-R040']);
    expect(violations[0]?.message).toContain('7080001234567');
  });
});

describe('single rules on an otherwise valid invoice', () => {
  const base = fixtureText('peppol-bis-invoice-3/base-example.xml');

  it.each([
    ['BR-CO-16', (xml: string) => xml.replace('<cbc:PayableAmount currencyID="EUR">1656.25', '<cbc:PayableAmount currencyID="EUR">1600.00'), '/Invoice/cac:LegalMonetaryTotal/cbc:PayableAmount'],
    ['BR-CO-15', (xml: string) => xml.replace('<cbc:TaxInclusiveAmount currencyID="EUR">1656.25', '<cbc:TaxInclusiveAmount currencyID="EUR">1700.00'), '/Invoice/cac:LegalMonetaryTotal/cbc:TaxInclusiveAmount'],
    ['BR-CO-10', (xml: string) => xml.replace('<cbc:LineExtensionAmount currencyID="EUR">1300</cbc:LineExtensionAmount>', '<cbc:LineExtensionAmount currencyID="EUR">1400</cbc:LineExtensionAmount>'), '/Invoice/cac:LegalMonetaryTotal/cbc:LineExtensionAmount'],
    ['BR-CO-14', (xml: string) => xml.replace('<cbc:TaxAmount currencyID="EUR">331.25</cbc:TaxAmount>', '<cbc:TaxAmount currencyID="EUR">300.00</cbc:TaxAmount>'), '/Invoice/cac:TaxTotal/cbc:TaxAmount'],
    ['PEPPOL-EN16931-R120', (xml: string) => xml.replace('<cbc:LineExtensionAmount currencyID= "EUR">2800', '<cbc:LineExtensionAmount currencyID= "EUR">2900'), '/Invoice/cac:InvoiceLine[1]/cbc:LineExtensionAmount'],
    ['BR-CL-04', (xml: string) => xml.replace('<cbc:DocumentCurrencyCode>EUR<', '<cbc:DocumentCurrencyCode>EUX<'), '/Invoice/cbc:DocumentCurrencyCode'],
    ['BR-CL-01', (xml: string) => xml.replace('<cbc:InvoiceTypeCode>380<', '<cbc:InvoiceTypeCode>999<'), '/Invoice/cbc:InvoiceTypeCode'],
    ['BR-CL-14', (xml: string) => xml.replace('<cbc:IdentificationCode>GB<', '<cbc:IdentificationCode>XX<'), '/Invoice/cac:AccountingSupplierParty/cac:Party/cac:PostalAddress/cac:Country/cbc:IdentificationCode'],
    ['BR-CL-16', (xml: string) => xml.replace('<cbc:PaymentMeansCode name="Credit transfer">30<', '<cbc:PaymentMeansCode name="Credit transfer">99<'), '/Invoice/cac:PaymentMeans/cbc:PaymentMeansCode'],
    ['BR-CL-25', (xml: string) => xml.replace('<cbc:EndpointID schemeID="0002">', '<cbc:EndpointID schemeID="XYZ">'), '/Invoice/cac:AccountingCustomerParty/cac:Party/cbc:EndpointID'],
    ['PEPPOL-COMMON-R041', (xml: string) => xml.replace('<cbc:EndpointID schemeID="0002">FR23342', '<cbc:EndpointID schemeID="0192">123456789'), '/Invoice/cac:AccountingCustomerParty/cac:Party/cbc:EndpointID'],
    ['BR-02', (xml: string) => xml.replace('<cbc:ID>Snippet1</cbc:ID>', ''), '/Invoice/cbc:ID'],
    ['UBL-XSD-DATE', (xml: string) => xml.replace('<cbc:IssueDate>2017-11-13<', '<cbc:IssueDate>13.11.2017<'), '/Invoice/cbc:IssueDate'],
    ['PEPPOL-EN16931-R008', (xml: string) => xml.replace('<cbc:BuyerReference>', '<cbc:AccountingCost></cbc:AccountingCost><cbc:BuyerReference>'), '/Invoice/cbc:AccountingCost[2]'],
  ])('%s', (code, mutate, propertyPath) => {
    const mutated = mutate(base);
    expect(mutated).not.toBe(base);
    const violations = validate(mutated);
    expect(violations).toContainEqual(expect.objectContaining({ code, propertyPath }));
  });
});

describe('the rule catalogue', () => {
  it('lists unique codes with one latest rule per document type', () => {
    const rules = listValidationRules();
    expect(new Set(rules.map((rule) => rule.code)).size).toBe(rules.length);
    for (const type of ['invoice', 'credit-note'] as const) {
      expect(rules.filter((rule) => rule.latest && rule.documentTypes.includes(type))).toHaveLength(1);
    }
  });

  it('autodetects by CustomizationID, else the latest Peppol rule', () => {
    expect(autodetectRuleSet('invoice', 'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0').code).toBe('peppol-bis-billing-3.0-invoice');
    expect(autodetectRuleSet('credit-note', undefined).code).toBe('peppol-bis-billing-3.0-credit-note');
    expect(autodetectRuleSet('invoice', 'urn:cen.eu:en16931:2017').code).toBe('en16931-ubl-invoice');
    expect(autodetectRuleSet('invoice', 'urn:www.cenbii.eu:transaction:biitrns010:ver2.0').code).toBe('peppol-bis-billing-3.0-invoice');
  });
});

describe('identifier check digits', () => {
  it('Norwegian organisation numbers (mod 11)', () => {
    expect(isValidNorwegianOrgNumber('123456785')).toBe(true);
    expect(isValidNorwegianOrgNumber('987654325')).toBe(true);
    expect(isValidNorwegianOrgNumber('123456789')).toBe(false);
    expect(isValidNorwegianOrgNumber('12345678')).toBe(false);
  });

  it('GLNs (GS1 mod 10) and Swedish organisation numbers (Luhn)', () => {
    expect(isValidGln('7300010000001')).toBe(true);
    expect(isValidGln('7080001234567')).toBe(false);
    expect(isValidSwedishOrgNumber('5567321707')).toBe(true);
    expect(isValidSwedishOrgNumber('1234567890')).toBe(false);
  });
});
