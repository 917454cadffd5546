/** A subset of the EN 16931 business rules (CEN Schematron for UBL): presence, code lists, arithmetic. */
import {
  countryCodes,
  creditTransferCodes,
  currencyCodes,
  easCodes,
  en16931InvoiceTypeCodes,
  paymentMeansCodes,
  vatCategoryCodes,
} from './code-lists';
import type { Located } from './located';
import type { Check, RuleContext } from './types';

const SUPPLIER = 'AccountingSupplierParty/Party';
const CUSTOMER = 'AccountingCustomerParty/Party';

function required(context: RuleContext, code: string, at: Located, what: string): void {
  if (at.text === undefined && !(at.element && at.element.children.length > 0)) {
    context.report(code, at, `${what} is required.`);
  }
}

/** BR-01 … BR-16, BR-CO-18, BR-CO-26: the elements every invoice and credit note must have. */
export const checkRequiredElements: Check = (context) => {
  const { root } = context;
  required(context, 'BR-01', root.one('CustomizationID'), 'The specification identifier (cbc:CustomizationID)');
  required(context, 'BR-02', root.one('ID'), 'The document number (cbc:ID)');
  required(context, 'BR-03', root.one('IssueDate'), 'The issue date (cbc:IssueDate)');
  required(context, 'BR-04', root.one(context.typeCodeName), `The document type code (cbc:${context.typeCodeName})`);
  required(context, 'BR-05', root.one('DocumentCurrencyCode'), 'The document currency code (cbc:DocumentCurrencyCode)');
  required(context, 'BR-06', root.one(`${SUPPLIER}/PartyLegalEntity/RegistrationName`), "The seller's legal name");
  required(context, 'BR-07', root.one(`${CUSTOMER}/PartyLegalEntity/RegistrationName`), "The buyer's legal name");
  required(context, 'BR-08', root.one(`${SUPPLIER}/PostalAddress`), "The seller's postal address");
  if (root.one(`${SUPPLIER}/PostalAddress`).exists) {
    required(context, 'BR-09', root.one(`${SUPPLIER}/PostalAddress/Country/IdentificationCode`), "The seller's country code");
  }
  required(context, 'BR-10', root.one(`${CUSTOMER}/PostalAddress`), "The buyer's postal address");
  if (root.one(`${CUSTOMER}/PostalAddress`).exists) {
    required(context, 'BR-11', root.one(`${CUSTOMER}/PostalAddress/Country/IdentificationCode`), "The buyer's country code");
  }
  const totals = root.one('LegalMonetaryTotal');
  required(context, 'BR-12', totals.one('LineExtensionAmount'), 'The sum of line net amounts (cbc:LineExtensionAmount)');
  required(context, 'BR-13', totals.one('TaxExclusiveAmount'), 'The total without VAT (cbc:TaxExclusiveAmount)');
  required(context, 'BR-14', totals.one('TaxInclusiveAmount'), 'The total with VAT (cbc:TaxInclusiveAmount)');
  required(context, 'BR-15', totals.one('PayableAmount'), 'The amount due for payment (cbc:PayableAmount)');
  if (root.all(context.lineName).length === 0) {
    context.report('BR-16', root.one(context.lineName), `At least one line (cac:${context.lineName}) is required.`);
  }
  if (root.every('TaxTotal/TaxSubtotal').length === 0) {
    context.report('BR-CO-18', root.one('TaxTotal/TaxSubtotal'), 'At least one VAT breakdown (cac:TaxSubtotal) is required.');
  }
  const supplier = root.one(SUPPLIER);
  if (
    supplier.exists &&
    !supplier.one('PartyIdentification/ID').text &&
    !supplier.one('PartyLegalEntity/CompanyID').text &&
    !supplier.every('PartyTaxScheme').some((scheme) => scheme.one('CompanyID').text && scheme.one('TaxScheme/ID').text === 'VAT')
  ) {
    context.report('BR-CO-26', supplier, 'The seller needs an identifier, a legal registration identifier or a VAT identifier.');
  }
  for (const [code, party] of [['BR-62', SUPPLIER], ['BR-63', CUSTOMER]] as const) {
    const endpoint = root.one(`${party}/EndpointID`);
    if (endpoint.text && !endpoint.attribute('schemeID')) {
      context.report(code, endpoint, 'The electronic address must have a scheme identifier (schemeID).');
    }
  }
};

/** BR-21 … BR-27, BR-64, BR-65: what every line must have. */
export const checkLines: Check = (context) => {
  for (const line of context.root.all(context.lineName)) {
    required(context, 'BR-21', line.one('ID'), 'The line identifier (cbc:ID)');
    const quantity = line.one(context.quantityName);
    required(context, 'BR-22', quantity, `The line quantity (cbc:${context.quantityName})`);
    if (quantity.exists && !quantity.attribute('unitCode')) {
      context.report('BR-23', quantity, 'The line quantity must have a unit of measure (unitCode).');
    }
    required(context, 'BR-24', line.one('LineExtensionAmount'), 'The line net amount (cbc:LineExtensionAmount)');
    required(context, 'BR-25', line.one('Item/Name'), 'The item name (cac:Item/cbc:Name)');
    const price = line.one('Price/PriceAmount');
    required(context, 'BR-26', price, 'The item net price (cac:Price/cbc:PriceAmount)');
    if (price.number !== undefined && price.number < 0) {
      context.report('BR-27', price, `The item net price must not be negative; it is ${price.text}.`);
    }
    const gross = line.one('Price/AllowanceCharge/BaseAmount');
    if (gross.number !== undefined && gross.number < 0) {
      context.report('BR-28', gross, `The item gross price must not be negative; it is ${gross.text}.`);
    }
    const standardId = line.one('Item/StandardItemIdentification/ID');
    if (standardId.text && !standardId.attribute('schemeID')) {
      context.report('BR-64', standardId, 'The item standard identifier must have a scheme identifier (schemeID).');
    }
    for (const classification of line.every('Item/CommodityClassification/ItemClassificationCode')) {
      if (classification.text && !classification.attribute('listID')) {
        context.report('BR-65', classification, 'The item classification code must have a list identifier (listID).');
      }
    }
  }
};

/** BR-45 … BR-48 (VAT breakdown content), BR-49, BR-61 (payment means). */
export const checkBreakdownAndPayment: Check = (context) => {
  for (const subtotal of context.root.every('TaxTotal/TaxSubtotal')) {
    required(context, 'BR-45', subtotal.one('TaxableAmount'), 'The VAT category taxable amount (cbc:TaxableAmount)');
    required(context, 'BR-46', subtotal.one('TaxAmount'), 'The VAT category tax amount (cbc:TaxAmount)');
    const category = subtotal.one('TaxCategory/ID');
    required(context, 'BR-47', category, 'The VAT category code (cac:TaxCategory/cbc:ID)');
    if (category.text && category.text !== 'O') {
      required(context, 'BR-48', subtotal.one('TaxCategory/Percent'), `The VAT rate of category ${category.text} (cbc:Percent)`);
    }
  }
  for (const means of context.root.all('PaymentMeans')) {
    const code = means.one('PaymentMeansCode');
    required(context, 'BR-49', code, 'The payment means type code (cbc:PaymentMeansCode)');
    if (code.text && creditTransferCodes.has(code.text) && !means.one('PayeeFinancialAccount/ID').text) {
      context.report('BR-61', means.one('PayeeFinancialAccount/ID'), `Payment by credit transfer (code ${code.text}) needs the payee's account identifier (IBAN).`);
    }
  }
};

/** BR-CL-01, -03, -04, -05, -14, -16, -17, -18, -25. */
export const checkCodeLists: Check = (context) => {
  const { root } = context;
  const typeCode = root.one(context.typeCodeName);
  if (typeCode.text && !en16931InvoiceTypeCodes.has(typeCode.text)) {
    context.report('BR-CL-01', typeCode, `"${typeCode.text}" is not a document type code of UNCL1001 allowed by EN 16931.`);
  }
  for (const [code, name] of [['BR-CL-04', 'DocumentCurrencyCode'], ['BR-CL-05', 'TaxCurrencyCode']] as const) {
    const currency = root.one(name);
    if (currency.text && !currencyCodes.has(currency.text)) {
      context.report(code, currency, `"${currency.text}" is not an ISO 4217 currency code.`);
    }
  }
  for (const node of root.descendants()) {
    const element = node.element;
    if (!element) continue;
    const currencyId = element.attributes.currencyID;
    if (currencyId !== undefined && !currencyCodes.has(currencyId)) {
      context.report('BR-CL-03', node, `currencyID "${currencyId}" is not an ISO 4217 currency code.`);
    }
    if (element.name === 'IdentificationCode') {
      const country = element.text.trim();
      const rule = /\/cac:Country(\[\d+\])?\/cbc:IdentificationCode(\[\d+\])?$/.test(node.path)
        ? 'BR-CL-14'
        : /\/cac:OriginCountry(\[\d+\])?\/cbc:IdentificationCode(\[\d+\])?$/.test(node.path)
          ? 'BR-CL-15'
          : undefined;
      if (rule && country && !countryCodes.has(country)) context.report(rule, node, `"${country}" is not an ISO 3166-1 alpha-2 country code.`);
    }
    if (element.name === 'EndpointID') {
      const scheme = element.attributes.schemeID;
      if (scheme !== undefined && !easCodes.has(scheme)) {
        context.report('BR-CL-25', node, `Electronic address scheme "${scheme}" is not in the EAS code list.`);
      }
    }
  }
  for (const code of root.every('PaymentMeans/PaymentMeansCode')) {
    if (code.text && !paymentMeansCodes.has(code.text)) context.report('BR-CL-16', code, `"${code.text}" is not a UNCL4461 payment means code.`);
  }
  for (const category of root.every('TaxTotal/TaxSubtotal/TaxCategory/ID')) {
    if (category.text && !vatCategoryCodes.has(category.text)) {
      context.report('BR-CL-17', category, `"${category.text}" is not a VAT category code (S, Z, E, AE, K, G, O, L, M).`);
    }
  }
  const lineCategories = root.all(context.lineName).map((line) => line.one('Item/ClassifiedTaxCategory/ID'));
  const chargeCategories = root.all('AllowanceCharge').map((charge) => charge.one('TaxCategory/ID'));
  for (const category of [...lineCategories, ...chargeCategories]) {
    if (category.text && !vatCategoryCodes.has(category.text)) {
      context.report('BR-CL-18', category, `"${category.text}" is not a VAT category code (S, Z, E, AE, K, G, O, L, M).`);
    }
  }
};

// ---- arithmetic --------------------------------------------------------------------------------

/** Amounts compared in cents, as the Schematron does after rounding to two decimals. */
function cents(value: number): number {
  return Math.round(Number((value * 100).toFixed(6)));
}

function sameAmount(a: number, b: number): boolean {
  return cents(a) === cents(b);
}

/** BR-CO-17 and BR-x-08 accept a difference below one currency unit, as the CEN Schematron does. */
function withinOneUnit(a: number, b: number): boolean {
  return Math.abs(cents(a) - cents(b)) < 100;
}

function format(value: number): string {
  return (Math.round(value * 100) / 100).toFixed(2);
}

function sumOf(nodes: Located[]): number {
  return nodes.reduce((total, node) => total + (node.number ?? 0), 0);
}

function chargesOf(parent: Located, isCharge: boolean): Located[] {
  return parent.all('AllowanceCharge').filter((charge) => (charge.one('ChargeIndicator').text?.toLowerCase() === 'true') === isCharge);
}

/** The TaxTotal in the document currency that holds the VAT breakdown. */
function mainTaxTotal(context: RuleContext): Located | undefined {
  const totals = context.root.all('TaxTotal');
  return totals.find((total) => total.all('TaxSubtotal').length > 0) ?? totals.find((total) => total.one('TaxAmount').attribute('currencyID') === context.currency);
}

/** BR-CO-10 … BR-CO-17 and the per-category taxable amounts (BR-S-08 and siblings). */
export const checkTotals: Check = (context) => {
  const { root } = context;
  const totals = root.one('LegalMonetaryTotal');
  const lineSum = sumOf(root.all(context.lineName).map((line) => line.one('LineExtensionAmount')));
  const lineExtension = totals.one('LineExtensionAmount');
  if (lineExtension.number !== undefined && root.all(context.lineName).length > 0 && !sameAmount(lineExtension.number, lineSum)) {
    context.report('BR-CO-10', lineExtension, `The sum of line net amounts is ${lineExtension.text}, but the lines add up to ${format(lineSum)}.`);
  }
  const allowances = sumOf(chargesOf(root, false).map((charge) => charge.one('Amount')));
  const charges = sumOf(chargesOf(root, true).map((charge) => charge.one('Amount')));
  const allowanceTotal = totals.one('AllowanceTotalAmount');
  if (allowanceTotal.number !== undefined && !sameAmount(allowanceTotal.number, allowances)) {
    context.report('BR-CO-11', allowanceTotal, `The allowance total is ${allowanceTotal.text}, but the document allowances add up to ${format(allowances)}.`);
  }
  const chargeTotal = totals.one('ChargeTotalAmount');
  if (chargeTotal.number !== undefined && !sameAmount(chargeTotal.number, charges)) {
    context.report('BR-CO-12', chargeTotal, `The charge total is ${chargeTotal.text}, but the document charges add up to ${format(charges)}.`);
  }
  const taxExclusive = totals.one('TaxExclusiveAmount');
  if (taxExclusive.number !== undefined && lineExtension.number !== undefined) {
    const expected = lineExtension.number - (allowanceTotal.number ?? 0) + (chargeTotal.number ?? 0);
    if (!sameAmount(taxExclusive.number, expected)) {
      context.report('BR-CO-13', taxExclusive, `The total without VAT is ${taxExclusive.text}, but line total − allowances + charges is ${format(expected)}.`);
    }
  }
  const taxTotal = mainTaxTotal(context);
  const taxAmount = taxTotal?.one('TaxAmount');
  if (taxTotal && taxAmount?.number !== undefined && taxTotal.all('TaxSubtotal').length > 0) {
    const subtotalSum = sumOf(taxTotal.all('TaxSubtotal').map((subtotal) => subtotal.one('TaxAmount')));
    if (!sameAmount(taxAmount.number, subtotalSum)) {
      context.report('BR-CO-14', taxAmount, `The VAT total is ${taxAmount.text}, but the VAT breakdown adds up to ${format(subtotalSum)}.`);
    }
  }
  const taxInclusive = totals.one('TaxInclusiveAmount');
  if (taxInclusive.number !== undefined && taxExclusive.number !== undefined) {
    const expected = taxExclusive.number + (taxAmount?.number ?? 0);
    if (!sameAmount(taxInclusive.number, expected)) {
      context.report('BR-CO-15', taxInclusive, `The total with VAT is ${taxInclusive.text}, but total without VAT + VAT is ${format(expected)}.`);
    }
  }
  const payable = totals.one('PayableAmount');
  if (payable.number !== undefined && taxInclusive.number !== undefined) {
    const expected = taxInclusive.number - (totals.one('PrepaidAmount').number ?? 0) + (totals.one('PayableRoundingAmount').number ?? 0);
    if (!sameAmount(payable.number, expected)) {
      context.report('BR-CO-16', payable, `The amount due is ${payable.text}, but total with VAT − prepaid + rounding is ${format(expected)}.`);
    }
  }
  for (const subtotal of taxTotal?.all('TaxSubtotal') ?? []) {
    const taxable = subtotal.one('TaxableAmount').number;
    const tax = subtotal.one('TaxAmount');
    const percent = subtotal.one('TaxCategory/Percent').number;
    if (taxable === undefined || tax.number === undefined || percent === undefined) continue;
    const expected = (taxable * percent) / 100;
    if (!withinOneUnit(tax.number, expected)) {
      context.report('BR-CO-17', tax, `The VAT amount is ${tax.text}, but ${format(taxable)} × ${percent} % is ${format(expected)}.`);
    }
  }
  checkCategoryTaxableAmounts(context, taxTotal);
};

const categoryRule: Record<string, string> = {
  S: 'BR-S-08', Z: 'BR-Z-08', E: 'BR-E-08', AE: 'BR-AE-08', K: 'BR-IC-08', G: 'BR-G-08', O: 'BR-O-08', L: 'BR-AF-08', M: 'BR-AG-08',
};

function categoryKey(category: Located): string {
  return `${category.one('ID').text ?? ''}|${category.one('Percent').number ?? 0}`;
}

/** Per VAT category and rate: taxable amount = its lines + its document charges − its allowances. */
function checkCategoryTaxableAmounts(context: RuleContext, taxTotal: Located | undefined): void {
  if (!taxTotal) return;
  const expected = new Map<string, number>();
  const add = (key: string, amount: number | undefined) => expected.set(key, (expected.get(key) ?? 0) + (amount ?? 0));
  for (const line of context.root.all(context.lineName)) add(categoryKey(line.one('Item/ClassifiedTaxCategory')), line.one('LineExtensionAmount').number);
  for (const charge of context.root.all('AllowanceCharge')) {
    const sign = charge.one('ChargeIndicator').text?.toLowerCase() === 'true' ? 1 : -1;
    add(categoryKey(charge.one('TaxCategory')), sign * (charge.one('Amount').number ?? 0));
  }
  for (const subtotal of taxTotal.all('TaxSubtotal')) {
    const category = subtotal.one('TaxCategory');
    const code = category.one('ID').text;
    const rule = code ? categoryRule[code] : undefined;
    const taxable = subtotal.one('TaxableAmount');
    if (!rule || taxable.number === undefined) continue;
    const sum = expected.get(categoryKey(category)) ?? 0;
    if (!withinOneUnit(taxable.number, sum)) {
      const rate = category.one('Percent').text;
      context.report(rule, taxable, `The taxable amount of VAT category ${code}${rate ? ` at ${rate} %` : ''} is ${taxable.text}, but its lines, charges and allowances add up to ${format(sum)}.`);
    }
  }
}
