/**
 * The normalized view of a UBL 2.1 business document (invoice, credit note, order, order
 * response, despatch advice). Plain data only (no functions, no class instances), so it crosses
 * IPC and structured clone unchanged. Absent values are left out rather than set to null.
 */

export type UblDocumentType = 'invoice' | 'credit-note' | 'order' | 'order-response' | 'despatch-advice';

export interface Identifier {
  value: string;
  /** `schemeID`, e.g. `0192` (Norwegian organisation number) or `0088` (GLN). */
  scheme?: string;
}

export interface Amount {
  /** The number as written, e.g. `"1436.50"`. */
  text: string;
  /** `Number(text)`; NaN when the text is not a number. */
  value: number;
  /** `currencyID`. */
  currency?: string;
}

export interface Quantity {
  text: string;
  value: number;
  /** `unitCode` (UN/ECE Recommendation 20), e.g. `EA`, `HUR`. */
  unitCode?: string;
}

export interface Address {
  streetName?: string;
  additionalStreetName?: string;
  /** `AddressLine/Line` values. */
  lines: string[];
  cityName?: string;
  postalZone?: string;
  countrySubentity?: string;
  /** ISO 3166-1 alpha-2. */
  countryCode?: string;
}

export interface Contact {
  name?: string;
  telephone?: string;
  email?: string;
}

export interface PartyTaxRegistration {
  companyId: string;
  /** `TaxScheme/ID`, usually `VAT`. */
  taxScheme?: string;
}

export interface Party {
  /** `PartyName/Name`, else the legal registration name. */
  name?: string;
  registrationName?: string;
  /** The Peppol electronic address (`EndpointID`). */
  endpoint?: Identifier;
  /** `PartyIdentification/ID` values. */
  identifiers: Identifier[];
  /** `PartyLegalEntity/CompanyID` (the legal registration number). */
  legalId?: Identifier;
  /** The `PartyTaxScheme/CompanyID` whose tax scheme is VAT. */
  vatId?: string;
  taxRegistrations: PartyTaxRegistration[];
  address?: Address;
  contact?: Contact;
}

export interface Period {
  startDate?: string;
  endDate?: string;
}

export interface DocumentReferences {
  order?: string;
  salesOrder?: string;
  /** Invoices/credit notes referred to (`BillingReference/InvoiceDocumentReference/ID`, ...). */
  billing: string[];
  contract?: string;
  despatch: string[];
  receipt: string[];
  originator?: string;
  project?: string;
  customerReference?: string;
}

export interface Delivery {
  date?: string;
  /** Requested (order), promised (order response) or estimated (despatch advice) delivery period. */
  period?: Period;
  /** DespatchAdvice: `Shipment/Delivery/Despatch/ActualDespatchDate`. */
  despatchDate?: string;
  trackingId?: string;
  locationId?: Identifier;
  address?: Address;
  partyName?: string;
}

export interface TaxCategory {
  /** UNCL5305 VAT category code: S, Z, E, AE, K, G, O, L, M. */
  id?: string;
  percent?: number;
  exemptionReason?: string;
  exemptionReasonCode?: string;
  taxScheme?: string;
}

export interface TaxSubtotal {
  taxableAmount?: Amount;
  taxAmount?: Amount;
  category: TaxCategory;
}

export interface TaxTotal {
  taxAmount?: Amount;
  subtotals: TaxSubtotal[];
}

export interface MonetaryTotals {
  lineExtensionAmount?: Amount;
  taxExclusiveAmount?: Amount;
  taxInclusiveAmount?: Amount;
  allowanceTotalAmount?: Amount;
  chargeTotalAmount?: Amount;
  prepaidAmount?: Amount;
  payableRoundingAmount?: Amount;
  payableAmount?: Amount;
}

export interface AllowanceCharge {
  /** true: a charge; false: an allowance (discount). */
  isCharge: boolean;
  reason?: string;
  reasonCode?: string;
  amount?: Amount;
  baseAmount?: Amount;
  percent?: number;
  taxCategory?: TaxCategory;
}

export interface PaymentMeans {
  /** UNCL4461 code, e.g. `30` credit transfer, `58` SEPA credit transfer. */
  code?: string;
  /** `name` attribute of the code, when given. */
  name?: string;
  paymentId?: string;
  dueDate?: string;
  /** IBAN or other account number (`PayeeFinancialAccount/ID`). */
  account?: string;
  accountName?: string;
  /** BIC/branch (`PayeeFinancialAccount/FinancialInstitutionBranch/ID`). */
  financialInstitution?: string;
  cardPrimaryAccountNumber?: string;
  mandateId?: string;
}

export interface Attachment {
  /** `AdditionalDocumentReference/ID`. */
  id?: string;
  description?: string;
  documentType?: string;
  filename?: string;
  mimeCode?: string;
  /** Decoded size in bytes, computed from the base64 text without decoding it. */
  size?: number;
  /** The embedded content as written (whitespace removed); decode with `decodeAttachment`. */
  base64?: string;
  /** External attachments carry a URI instead of content. */
  uri?: string;
}

export interface LineItem {
  name?: string;
  description?: string;
  sellersItemId?: string;
  buyersItemId?: string;
  standardItemId?: Identifier;
  classificationCodes: Identifier[];
  originCountry?: string;
  taxCategory?: TaxCategory;
}

/** A package, pallet or other transport handling unit (DespatchAdvice `TransportHandlingUnit`). */
export interface HandlingUnit {
  id?: string;
  /** UNECE Rec. 21 package type, e.g. `PX` pallet, `BX` box. */
  typeCode?: string;
  shippingMarks?: string;
  /** `MeasurementDimension`: e.g. `AAB` gross weight, `AAW` gross volume. */
  measures: Array<{ attribute?: string; quantity: Quantity }>;
  packages: Array<{ id?: string; typeCode?: string; quantity?: string }>;
}

/** DespatchAdvice: the shipment (`cac:Shipment`). */
export interface Shipment {
  id?: string;
  information?: string;
  grossWeight?: Quantity;
  grossVolume?: Quantity;
  handlingUnitCount?: string;
  consignmentId?: string;
  carrier?: string;
  handlingUnits: HandlingUnit[];
}

export interface DocumentLine {
  id?: string;
  /** InvoicedQuantity / CreditedQuantity / Quantity / DeliveredQuantity. */
  quantity?: Quantity;
  /** DespatchAdvice: quantity still to be delivered. */
  outstandingQuantity?: Quantity;
  lineExtensionAmount?: Amount;
  notes: string[];
  item: LineItem;
  price?: Amount;
  baseQuantity?: Quantity;
  allowanceCharges: AllowanceCharge[];
  /** OrderResponse: UNCL1229 line status (e.g. 5 accepted, 7 not accepted, 3 changed). */
  lineStatusCode?: string;
  orderLineReference?: string;
  period?: Period;
  /** DespatchAdvice: why a quantity is outstanding (UNCL4053-like code, e.g. `AV`). */
  outstandingReason?: string;
  /** DespatchAdvice: the packages this line travels in. */
  handlingUnits?: HandlingUnit[];
  /** OrderResponse: the item the seller offers instead (`SellerSubstitutedLineItem`). */
  substitutedItem?: LineItem;
  /** Orders and order responses: the line's requested or promised delivery period. */
  deliveryPeriod?: Period;
}

export interface Parties {
  /** Invoice/credit note: AccountingSupplierParty (the seller). */
  supplier?: Party;
  /** Invoice/credit note: AccountingCustomerParty (the buyer). */
  customer?: Party;
  payee?: Party;
  taxRepresentative?: Party;
  /** Orders, order responses, despatch advices: BuyerCustomerParty. */
  buyer?: Party;
  /** Orders, order responses, despatch advices: SellerSupplierParty. */
  seller?: Party;
  /** DespatchAdvice: DespatchSupplierParty. */
  despatch?: Party;
  /** DespatchAdvice: DeliveryCustomerParty. Orders: Delivery/DeliveryParty. */
  delivery?: Party;
  originator?: Party;
}

export interface UblDocument {
  documentType: UblDocumentType;
  /** Root element local name: Invoice, CreditNote, Order, OrderResponse, DespatchAdvice. */
  rootName: string;
  ublVersionId?: string;
  customizationId?: string;
  profileId?: string;
  /** The document number (`cbc:ID`). */
  id?: string;
  uuid?: string;
  issueDate?: string;
  issueTime?: string;
  dueDate?: string;
  /** InvoiceTypeCode, CreditNoteTypeCode, OrderTypeCode, OrderResponseCode or DespatchAdviceTypeCode. */
  typeCode?: string;
  currency?: string;
  taxCurrency?: string;
  notes: string[];
  buyerReference?: string;
  accountingCost?: string;
  period?: Period;
  references: DocumentReferences;
  parties: Parties;
  /** The party that sends this kind of document (supplier of an invoice, buyer of an order, ...). */
  sender?: Party;
  /** The party it is addressed to. */
  recipient?: Party;
  delivery?: Delivery;
  /** DespatchAdvice: the shipment, carrier and packages. */
  shipment?: Shipment;
  lines: DocumentLine[];
  allowanceCharges: AllowanceCharge[];
  taxTotal?: TaxTotal;
  /** LegalMonetaryTotal (invoices, credit notes) or AnticipatedMonetaryTotal (orders). */
  totals?: MonetaryTotals;
  paymentMeans: PaymentMeans[];
  paymentTerms: string[];
  attachments: Attachment[];
}
