import type { Located } from './located';

/** One failed rule, in the shape of an API Platform ConstraintViolation. */
export interface Violation {
  /** The rule id, e.g. `BR-01`, `BR-CO-15`, `PEPPOL-EN16931-R001`. */
  code: string;
  /** XPath-like location of the offending element, e.g. `/Invoice/cac:InvoiceLine[1]/cbc:InvoicedQuantity`. */
  propertyPath: string;
  message: string;
}

export type BillingDocumentKind = 'invoice' | 'credit-note';

export interface RuleContext {
  root: Located;
  kind: BillingDocumentKind;
  /** `Invoice` or `CreditNote`. */
  lineName: 'InvoiceLine' | 'CreditNoteLine';
  quantityName: 'InvoicedQuantity' | 'CreditedQuantity';
  typeCodeName: 'InvoiceTypeCode' | 'CreditNoteTypeCode';
  /** DocumentCurrencyCode, when given. */
  currency: string | undefined;
  report(code: string, at: Located, message: string): void;
}

export type Check = (context: RuleContext) => void;
