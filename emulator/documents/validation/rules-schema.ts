/** The parts of the UBL 2.1 XML Schema that matter most in practice: element order and data types. */
import type { Check } from './types';

/** Child element order of the Invoice-2 root (UBL 2.1 maindoc schema). */
const invoiceSequence = [
  'UBLExtensions', 'UBLVersionID', 'CustomizationID', 'ProfileID', 'ProfileExecutionID', 'ID', 'CopyIndicator',
  'UUID', 'IssueDate', 'IssueTime', 'DueDate', 'InvoiceTypeCode', 'Note', 'TaxPointDate', 'DocumentCurrencyCode',
  'TaxCurrencyCode', 'PricingCurrencyCode', 'PaymentCurrencyCode', 'PaymentAlternativeCurrencyCode',
  'AccountingCostCode', 'AccountingCost', 'LineCountNumeric', 'BuyerReference', 'InvoicePeriod', 'OrderReference',
  'BillingReference', 'DespatchDocumentReference', 'ReceiptDocumentReference', 'StatementDocumentReference',
  'OriginatorDocumentReference', 'ContractDocumentReference', 'AdditionalDocumentReference', 'ProjectReference',
  'Signature', 'AccountingSupplierParty', 'AccountingCustomerParty', 'PayeeParty', 'BuyerCustomerParty',
  'SellerSupplierParty', 'TaxRepresentativeParty', 'Delivery', 'DeliveryTerms', 'PaymentMeans', 'PaymentTerms',
  'PrepaidPayment', 'AllowanceCharge', 'TaxExchangeRate', 'PricingExchangeRate', 'PaymentExchangeRate',
  'PaymentAlternativeExchangeRate', 'TaxTotal', 'WithholdingTaxTotal', 'LegalMonetaryTotal', 'InvoiceLine',
];

/** Child element order of the CreditNote-2 root (UBL 2.1 maindoc schema). */
const creditNoteSequence = [
  'UBLExtensions', 'UBLVersionID', 'CustomizationID', 'ProfileID', 'ProfileExecutionID', 'ID', 'CopyIndicator',
  'UUID', 'IssueDate', 'IssueTime', 'TaxPointDate', 'CreditNoteTypeCode', 'Note', 'DocumentCurrencyCode',
  'TaxCurrencyCode', 'PricingCurrencyCode', 'PaymentCurrencyCode', 'PaymentAlternativeCurrencyCode',
  'AccountingCostCode', 'AccountingCost', 'LineCountNumeric', 'BuyerReference', 'InvoicePeriod',
  'DiscrepancyResponse', 'OrderReference', 'BillingReference', 'DespatchDocumentReference',
  'ReceiptDocumentReference', 'ContractDocumentReference', 'AdditionalDocumentReference',
  'StatementDocumentReference', 'OriginatorDocumentReference', 'Signature', 'AccountingSupplierParty',
  'AccountingCustomerParty', 'PayeeParty', 'BuyerCustomerParty', 'SellerSupplierParty', 'TaxRepresentativeParty',
  'Delivery', 'DeliveryTerms', 'PaymentMeans', 'PaymentTerms', 'TaxExchangeRate', 'PricingExchangeRate',
  'PaymentExchangeRate', 'PaymentAlternativeExchangeRate', 'AllowanceCharge', 'TaxTotal', 'LegalMonetaryTotal',
  'CreditNoteLine',
];

/** Elements of the root that come in the wrong order (XSD sequence). Unknown names are left alone. */
export const checkRootSequence: Check = (context) => {
  const sequence = context.kind === 'invoice' ? invoiceSequence : creditNoteSequence;
  const rank = new Map(sequence.map((name, index) => [name, index]));
  let highest = -1;
  let highestName = '';
  const counts = new Map<string, number>();
  for (const child of context.root.element?.children ?? []) {
    const occurrence = (counts.get(child.name) ?? 0) + 1;
    counts.set(child.name, occurrence);
    const position = rank.get(child.name);
    if (position === undefined) continue;
    if (position < highest) {
      const located = context.root.all(child.name)[occurrence - 1] ?? context.root.one(child.name);
      context.report(
        'UBL-XSD-SEQUENCE',
        located,
        `${child.name} is out of sequence: the UBL 2.1 ${context.root.element?.name} schema puts it before ${highestName}.`,
      );
      return;
    }
    if (position > highest) {
      highest = position;
      highestName = child.name;
    }
  }
};

const datePattern = /^(\d{4})-(\d{2})-(\d{2})$/;

function isCalendarDate(text: string): boolean {
  const match = datePattern.exec(text);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.getUTCFullYear() === Number(match[1]) && date.getUTCMonth() === Number(match[2]) - 1 && date.getUTCDate() === Number(match[3]);
}

const dateNames = new Set(['IssueDate', 'DueDate', 'TaxPointDate', 'StartDate', 'EndDate', 'ActualDeliveryDate', 'PaymentDueDate']);
const decimalNames = /(Amount|Quantity|Percent|Numeric)$/;

/** xs:date and xs:decimal values anywhere in the document. */
export const checkDataTypes: Check = (context) => {
  for (const node of context.root.descendants()) {
    const element = node.element;
    if (!element || element.children.length > 0) continue;
    const text = element.text.trim();
    if (text === '') continue;
    if (dateNames.has(element.name) && !isCalendarDate(text)) {
      context.report('UBL-XSD-DATE', node, `${element.name} "${text}" is not a date in the form YYYY-MM-DD.`);
    } else if (decimalNames.test(element.name) && element.name !== 'LineCountNumeric' && node.number === undefined) {
      context.report('UBL-XSD-DECIMAL', node, `${element.name} "${text}" is not a decimal number.`);
    }
  }
};
