/** Element tree → normalized `UblDocument`. */
import { detectDocumentType } from './document-types';
import type {
  Address,
  AllowanceCharge,
  Amount,
  Attachment,
  Contact,
  Delivery,
  DocumentLine,
  DocumentReferences,
  HandlingUnit,
  Identifier,
  LineItem,
  MonetaryTotals,
  Parties,
  Party,
  PaymentMeans,
  Period,
  Quantity,
  Shipment,
  TaxCategory,
  TaxTotal,
  UblDocument,
  UblDocumentType,
} from './types';
import { childElement, childElements, findElement, findElements, textAt, type XmlElement } from './xml-tree';

export function normalizeUblTree(root: XmlElement): UblDocument {
  const documentType = detectDocumentType(root);
  const parties = readParties(root, documentType);
  const paymentMeans = childElements(root, 'PaymentMeans').map(readPaymentMeans);
  const document: UblDocument = {
    documentType,
    rootName: root.name,
    notes: texts(root, 'Note'),
    references: readReferences(root),
    parties,
    lines: readLines(root, documentType),
    allowanceCharges: childElements(root, 'AllowanceCharge').map(readAllowanceCharge),
    paymentMeans,
    paymentTerms: findElements(root, 'PaymentTerms/Note').map((note) => note.text.trim()).filter(Boolean),
    attachments: childElements(root, 'AdditionalDocumentReference').map(readAttachment).filter(isAttachment),
  };
  assign(document, 'ublVersionId', textAt(root, 'UBLVersionID'));
  assign(document, 'customizationId', textAt(root, 'CustomizationID'));
  assign(document, 'profileId', textAt(root, 'ProfileID'));
  assign(document, 'id', textAt(root, 'ID'));
  assign(document, 'uuid', textAt(root, 'UUID'));
  assign(document, 'issueDate', textAt(root, 'IssueDate'));
  assign(document, 'issueTime', textAt(root, 'IssueTime'));
  assign(document, 'dueDate', textAt(root, 'DueDate') ?? paymentMeans.find((means) => means.dueDate)?.dueDate);
  assign(document, 'typeCode', textAt(root, typeCodeElement[documentType]));
  assign(document, 'currency', textAt(root, 'DocumentCurrencyCode'));
  assign(document, 'taxCurrency', textAt(root, 'TaxCurrencyCode'));
  assign(document, 'buyerReference', textAt(root, 'BuyerReference'));
  assign(document, 'accountingCost', textAt(root, 'AccountingCost'));
  assign(document, 'period', readPeriod(childElement(root, 'InvoicePeriod') ?? childElement(root, 'ValidityPeriod')));
  const senderRole = senderRecipientRoles[documentType][0];
  const recipientRole = senderRecipientRoles[documentType][1];
  assign(document, 'sender', parties[senderRole]);
  assign(document, 'recipient', parties[recipientRole]);
  assign(document, 'delivery', readDelivery(root, documentType));
  if (documentType === 'despatch-advice') assign(document, 'shipment', readShipment(root));
  assign(document, 'taxTotal', readTaxTotal(root, textAt(root, 'DocumentCurrencyCode')));
  assign(
    document,
    'totals',
    readTotals(childElement(root, 'LegalMonetaryTotal') ?? childElement(root, 'AnticipatedMonetaryTotal')),
  );
  return document;
}

const typeCodeElement: Record<UblDocumentType, string> = {
  invoice: 'InvoiceTypeCode',
  'credit-note': 'CreditNoteTypeCode',
  order: 'OrderTypeCode',
  'order-response': 'OrderResponseCode',
  'despatch-advice': 'DespatchAdviceTypeCode',
};

const senderRecipientRoles: Record<UblDocumentType, [keyof Parties, keyof Parties]> = {
  invoice: ['supplier', 'customer'],
  'credit-note': ['supplier', 'customer'],
  order: ['buyer', 'seller'],
  'order-response': ['seller', 'buyer'],
  'despatch-advice': ['despatch', 'delivery'],
};

// ---- small readers ---------------------------------------------------------------------------

/** Sets `target[key]` only when the value is defined, so absent data stays absent. */
function assign<T extends object, K extends keyof T>(target: T, key: K, value: T[K] | undefined): void {
  if (value !== undefined) target[key] = value;
}

function texts(element: XmlElement | undefined, name: string): string[] {
  return childElements(element, name)
    .map((child) => child.text.trim())
    .filter(Boolean);
}

function readIdentifier(element: XmlElement | undefined): Identifier | undefined {
  const value = textAt(element);
  if (!element || value === undefined) return undefined;
  const identifier: Identifier = { value };
  assign(identifier, 'scheme', element.attributes.schemeID);
  return identifier;
}

function readAmount(element: XmlElement | undefined): Amount | undefined {
  const text = textAt(element);
  if (!element || text === undefined) return undefined;
  const amount: Amount = { text, value: Number(text) };
  assign(amount, 'currency', element.attributes.currencyID);
  return amount;
}

function readQuantity(element: XmlElement | undefined): Quantity | undefined {
  const text = textAt(element);
  if (!element || text === undefined) return undefined;
  const quantity: Quantity = { text, value: Number(text) };
  assign(quantity, 'unitCode', element.attributes.unitCode);
  return quantity;
}

function readNumber(element: XmlElement | undefined): number | undefined {
  const text = textAt(element);
  if (text === undefined) return undefined;
  const value = Number(text);
  return Number.isFinite(value) ? value : undefined;
}

function readPeriod(element: XmlElement | undefined): Period | undefined {
  if (!element) return undefined;
  const period: Period = {};
  assign(period, 'startDate', textAt(element, 'StartDate'));
  assign(period, 'endDate', textAt(element, 'EndDate'));
  return period.startDate || period.endDate ? period : undefined;
}

function readAddress(element: XmlElement | undefined): Address | undefined {
  if (!element) return undefined;
  const address: Address = { lines: findElements(element, 'AddressLine/Line').map((line) => line.text.trim()).filter(Boolean) };
  assign(address, 'streetName', textAt(element, 'StreetName'));
  assign(address, 'additionalStreetName', textAt(element, 'AdditionalStreetName'));
  assign(address, 'cityName', textAt(element, 'CityName'));
  assign(address, 'postalZone', textAt(element, 'PostalZone'));
  assign(address, 'countrySubentity', textAt(element, 'CountrySubentity'));
  assign(address, 'countryCode', textAt(element, 'Country/IdentificationCode'));
  return address;
}

function readContact(element: XmlElement | undefined): Contact | undefined {
  if (!element) return undefined;
  const contact: Contact = {};
  assign(contact, 'name', textAt(element, 'Name'));
  assign(contact, 'telephone', textAt(element, 'Telephone'));
  assign(contact, 'email', textAt(element, 'ElectronicMail'));
  return Object.keys(contact).length > 0 ? contact : undefined;
}

function readParty(party: XmlElement | undefined): Party | undefined {
  if (!party) return undefined;
  const taxRegistrations = childElements(party, 'PartyTaxScheme').flatMap((scheme) => {
    const companyId = textAt(scheme, 'CompanyID');
    if (!companyId) return [];
    const registration = { companyId } as Party['taxRegistrations'][number];
    assign(registration, 'taxScheme', textAt(scheme, 'TaxScheme/ID'));
    return [registration];
  });
  const result: Party = {
    identifiers: findElements(party, 'PartyIdentification/ID').map(readIdentifier).filter(isDefined),
    taxRegistrations,
  };
  const registrationName = textAt(party, 'PartyLegalEntity/RegistrationName');
  assign(result, 'name', textAt(party, 'PartyName/Name') ?? registrationName);
  assign(result, 'registrationName', registrationName);
  assign(result, 'endpoint', readIdentifier(childElement(party, 'EndpointID')));
  assign(result, 'legalId', readIdentifier(findElement(party, 'PartyLegalEntity/CompanyID')));
  assign(
    result,
    'vatId',
    taxRegistrations.find((registration) => registration.taxScheme?.toUpperCase() === 'VAT')?.companyId,
  );
  assign(result, 'address', readAddress(childElement(party, 'PostalAddress')));
  assign(result, 'contact', readContact(childElement(party, 'Contact')));
  return result;
}

function readParties(root: XmlElement, documentType: UblDocumentType): Parties {
  const parties: Parties = {};
  const wrapped = (name: string) => readParty(findElement(root, `${name}/Party`));
  if (documentType === 'invoice' || documentType === 'credit-note') {
    assign(parties, 'supplier', wrapped('AccountingSupplierParty'));
    assign(parties, 'customer', wrapped('AccountingCustomerParty'));
    assign(parties, 'payee', readParty(childElement(root, 'PayeeParty')));
    assign(parties, 'taxRepresentative', readParty(childElement(root, 'TaxRepresentativeParty')));
    assign(parties, 'buyer', wrapped('BuyerCustomerParty'));
    assign(parties, 'seller', wrapped('SellerSupplierParty'));
    return parties;
  }
  assign(parties, 'buyer', wrapped('BuyerCustomerParty'));
  assign(parties, 'seller', wrapped('SellerSupplierParty'));
  assign(parties, 'originator', wrapped('OriginatorCustomerParty'));
  assign(parties, 'supplier', wrapped('AccountingSupplierParty'));
  assign(parties, 'customer', wrapped('AccountingCustomerParty'));
  if (documentType === 'despatch-advice') {
    assign(parties, 'despatch', wrapped('DespatchSupplierParty'));
    const delivery = wrapped('DeliveryCustomerParty');
    const deliveryContact = readContact(findElement(root, 'DeliveryCustomerParty/DeliveryContact'));
    if (delivery && !delivery.contact && deliveryContact) delivery.contact = deliveryContact;
    assign(parties, 'delivery', delivery);
  } else {
    assign(parties, 'delivery', readParty(findElement(root, 'Delivery/DeliveryParty')));
  }
  return parties;
}

function readReferences(root: XmlElement): DocumentReferences {
  const references: DocumentReferences = {
    billing: [
      ...findElements(root, 'BillingReference/InvoiceDocumentReference/ID'),
      ...findElements(root, 'BillingReference/CreditNoteDocumentReference/ID'),
    ]
      .map((id) => id.text.trim())
      .filter(Boolean),
    despatch: findElements(root, 'DespatchDocumentReference/ID').map((id) => id.text.trim()).filter(Boolean),
    receipt: findElements(root, 'ReceiptDocumentReference/ID').map((id) => id.text.trim()).filter(Boolean),
  };
  assign(references, 'order', textAt(root, 'OrderReference/ID'));
  assign(references, 'salesOrder', textAt(root, 'OrderReference/SalesOrderID') ?? textAt(root, 'SalesOrderID'));
  assign(references, 'contract', textAt(root, 'ContractDocumentReference/ID') ?? textAt(root, 'Contract/ID'));
  assign(references, 'originator', textAt(root, 'OriginatorDocumentReference/ID'));
  assign(references, 'project', textAt(root, 'ProjectReference/ID'));
  assign(references, 'customerReference', textAt(root, 'CustomerReference'));
  return references;
}

function readDelivery(root: XmlElement, documentType: UblDocumentType): Delivery | undefined {
  const element =
    documentType === 'despatch-advice' ? findElement(root, 'Shipment/Delivery') : childElement(root, 'Delivery');
  if (!element) return undefined;
  const delivery: Delivery = {};
  assign(
    delivery,
    'date',
    textAt(element, 'ActualDeliveryDate') ??
      textAt(element, 'RequestedDeliveryPeriod/StartDate') ??
      textAt(element, 'EstimatedDeliveryPeriod/StartDate') ??
      textAt(element, 'PromisedDeliveryPeriod/StartDate'),
  );
  assign(delivery, 'locationId', readIdentifier(findElement(element, 'DeliveryLocation/ID')));
  assign(delivery, 'address', readAddress(findElement(element, 'DeliveryLocation/Address')));
  assign(delivery, 'partyName', textAt(element, 'DeliveryParty/PartyName/Name'));
  assign(delivery, 'period', readDeliveryPeriod(element));
  assign(delivery, 'despatchDate', textAt(element, 'Despatch/ActualDespatchDate'));
  assign(delivery, 'trackingId', textAt(element, 'TrackingID'));
  return Object.keys(delivery).length > 0 ? delivery : undefined;
}

function readDeliveryPeriod(delivery: XmlElement | undefined): Period | undefined {
  if (!delivery) return undefined;
  return readPeriod(
    childElement(delivery, 'RequestedDeliveryPeriod') ?? childElement(delivery, 'PromisedDeliveryPeriod') ?? childElement(delivery, 'EstimatedDeliveryPeriod'),
  );
}

function readShipment(root: XmlElement): Shipment | undefined {
  const element = childElement(root, 'Shipment');
  if (!element) return undefined;
  const shipment: Shipment = { handlingUnits: childElements(element, 'TransportHandlingUnit').map(readHandlingUnit) };
  assign(shipment, 'id', textAt(element, 'ID'));
  assign(shipment, 'information', textAt(element, 'Information'));
  assign(shipment, 'grossWeight', readQuantity(childElement(element, 'GrossWeightMeasure')));
  assign(shipment, 'grossVolume', readQuantity(childElement(element, 'GrossVolumeMeasure')));
  assign(shipment, 'handlingUnitCount', textAt(element, 'TotalTransportHandlingUnitQuantity'));
  assign(shipment, 'consignmentId', textAt(element, 'Consignment/ID'));
  assign(shipment, 'carrier', textAt(element, 'Consignment/CarrierParty/PartyName/Name') ?? textAt(element, 'Consignment/CarrierParty/PartyLegalEntity/RegistrationName'));
  return shipment;
}

function readHandlingUnit(element: XmlElement): HandlingUnit {
  const unit: HandlingUnit = {
    measures: childElements(element, 'MeasurementDimension').flatMap((dimension) => {
      const quantity = readQuantity(childElement(dimension, 'Measure'));
      if (!quantity) return [];
      const attribute = textAt(dimension, 'AttributeID');
      return [attribute ? { attribute, quantity } : { quantity }];
    }),
    packages: childElements(element, 'Package').map((pack) => {
      const result: HandlingUnit['packages'][number] = {};
      assign(result, 'id', textAt(pack, 'ID'));
      assign(result, 'typeCode', textAt(pack, 'PackagingTypeCode'));
      assign(result, 'quantity', textAt(pack, 'Quantity'));
      return result;
    }),
  };
  assign(unit, 'id', textAt(element, 'ID'));
  assign(unit, 'typeCode', textAt(element, 'TransportHandlingUnitTypeCode'));
  assign(unit, 'shippingMarks', textAt(element, 'ShippingMarks'));
  return unit;
}

function readTaxCategory(element: XmlElement | undefined): TaxCategory | undefined {
  if (!element) return undefined;
  const category: TaxCategory = {};
  assign(category, 'id', textAt(element, 'ID'));
  assign(category, 'percent', readNumber(childElement(element, 'Percent')));
  assign(category, 'exemptionReason', textAt(element, 'TaxExemptionReason'));
  assign(category, 'exemptionReasonCode', textAt(element, 'TaxExemptionReasonCode'));
  assign(category, 'taxScheme', textAt(element, 'TaxScheme/ID'));
  return category;
}

/** The TaxTotal in the document currency (a second one may carry VAT in the accounting currency). */
function readTaxTotal(root: XmlElement, currency: string | undefined): TaxTotal | undefined {
  const totals = childElements(root, 'TaxTotal');
  if (totals.length === 0) return undefined;
  const main =
    totals.find((total) => childElements(total, 'TaxSubtotal').length > 0) ??
    totals.find((total) => childElement(total, 'TaxAmount')?.attributes.currencyID === currency) ??
    totals[0];
  const taxTotal: TaxTotal = {
    subtotals: childElements(main, 'TaxSubtotal').map((subtotal) => {
      const entry: TaxTotal['subtotals'][number] = { category: readTaxCategory(childElement(subtotal, 'TaxCategory')) ?? {} };
      assign(entry, 'taxableAmount', readAmount(childElement(subtotal, 'TaxableAmount')));
      assign(entry, 'taxAmount', readAmount(childElement(subtotal, 'TaxAmount')));
      return entry;
    }),
  };
  assign(taxTotal, 'taxAmount', readAmount(childElement(main, 'TaxAmount')));
  return taxTotal;
}

function readTotals(element: XmlElement | undefined): MonetaryTotals | undefined {
  if (!element) return undefined;
  const totals: MonetaryTotals = {};
  const names: Array<[keyof MonetaryTotals, string]> = [
    ['lineExtensionAmount', 'LineExtensionAmount'],
    ['taxExclusiveAmount', 'TaxExclusiveAmount'],
    ['taxInclusiveAmount', 'TaxInclusiveAmount'],
    ['allowanceTotalAmount', 'AllowanceTotalAmount'],
    ['chargeTotalAmount', 'ChargeTotalAmount'],
    ['prepaidAmount', 'PrepaidAmount'],
    ['payableRoundingAmount', 'PayableRoundingAmount'],
    ['payableAmount', 'PayableAmount'],
  ];
  for (const [key, name] of names) assign(totals, key, readAmount(childElement(element, name)));
  return totals;
}

function readAllowanceCharge(element: XmlElement): AllowanceCharge {
  const charge: AllowanceCharge = { isCharge: textAt(element, 'ChargeIndicator')?.toLowerCase() === 'true' };
  assign(charge, 'reason', textAt(element, 'AllowanceChargeReason'));
  assign(charge, 'reasonCode', textAt(element, 'AllowanceChargeReasonCode'));
  assign(charge, 'amount', readAmount(childElement(element, 'Amount')));
  assign(charge, 'baseAmount', readAmount(childElement(element, 'BaseAmount')));
  assign(charge, 'percent', readNumber(childElement(element, 'MultiplierFactorNumeric')));
  assign(charge, 'taxCategory', readTaxCategory(childElement(element, 'TaxCategory')));
  return charge;
}

function readPaymentMeans(element: XmlElement): PaymentMeans {
  const means: PaymentMeans = {};
  const code = childElement(element, 'PaymentMeansCode');
  assign(means, 'code', textAt(code));
  assign(means, 'name', code?.attributes.name);
  assign(means, 'paymentId', textAt(element, 'PaymentID'));
  assign(means, 'dueDate', textAt(element, 'PaymentDueDate'));
  assign(means, 'account', textAt(element, 'PayeeFinancialAccount/ID'));
  assign(means, 'accountName', textAt(element, 'PayeeFinancialAccount/Name'));
  assign(means, 'financialInstitution', textAt(element, 'PayeeFinancialAccount/FinancialInstitutionBranch/ID'));
  assign(means, 'cardPrimaryAccountNumber', textAt(element, 'CardAccount/PrimaryAccountNumberID'));
  assign(means, 'mandateId', textAt(element, 'PaymentMandate/ID'));
  return means;
}

function readAttachment(reference: XmlElement): Attachment | undefined {
  const attachment: Attachment = {};
  assign(attachment, 'id', textAt(reference, 'ID'));
  assign(attachment, 'description', textAt(reference, 'DocumentDescription'));
  assign(attachment, 'documentType', textAt(reference, 'DocumentType') ?? textAt(reference, 'DocumentTypeCode'));
  const embedded = findElement(reference, 'Attachment/EmbeddedDocumentBinaryObject');
  if (embedded) {
    const base64 = embedded.text.replace(/\s+/g, '');
    assign(attachment, 'filename', embedded.attributes.filename);
    assign(attachment, 'mimeCode', embedded.attributes.mimeCode);
    attachment.base64 = base64;
    attachment.size = base64DecodedSize(base64);
  }
  assign(attachment, 'uri', textAt(reference, 'Attachment/ExternalReference/URI'));
  return embedded || attachment.uri ? attachment : undefined;
}

function readLineItem(item: XmlElement | undefined): LineItem {
  const result: LineItem = {
    classificationCodes: findElements(item, 'CommodityClassification/ItemClassificationCode').flatMap((code) => {
      const value = textAt(code);
      if (!value) return [];
      const identifier: Identifier = { value };
      assign(identifier, 'scheme', code.attributes.listID);
      return [identifier];
    }),
  };
  assign(result, 'name', textAt(item, 'Name'));
  assign(result, 'description', texts(item, 'Description').join('\n') || undefined);
  assign(result, 'sellersItemId', textAt(item, 'SellersItemIdentification/ID'));
  assign(result, 'buyersItemId', textAt(item, 'BuyersItemIdentification/ID'));
  assign(result, 'standardItemId', readIdentifier(findElement(item, 'StandardItemIdentification/ID')));
  assign(result, 'originCountry', textAt(item, 'OriginCountry/IdentificationCode'));
  assign(result, 'taxCategory', readTaxCategory(childElement(item, 'ClassifiedTaxCategory')));
  return result;
}

function readLines(root: XmlElement, documentType: UblDocumentType): DocumentLine[] {
  switch (documentType) {
    case 'invoice':
      return childElements(root, 'InvoiceLine').map((line) => readLine(line, line, 'InvoicedQuantity'));
    case 'credit-note':
      return childElements(root, 'CreditNoteLine').map((line) => readLine(line, line, 'CreditedQuantity'));
    case 'order':
    case 'order-response':
      return childElements(root, 'OrderLine').map((line) =>
        readLine(childElement(line, 'LineItem') ?? line, line, 'Quantity'),
      );
    case 'despatch-advice':
      return childElements(root, 'DespatchLine').map((line) => readLine(line, line, 'DeliveredQuantity'));
  }
}

/** `line` holds the line data; `outer` holds the notes (they differ for order lines). */
function readLine(line: XmlElement, outer: XmlElement, quantityName: string): DocumentLine {
  const price = childElement(line, 'Price');
  const result: DocumentLine = {
    notes: [...new Set([...texts(outer, 'Note'), ...texts(line, 'Note')])],
    item: readLineItem(childElement(line, 'Item')),
    allowanceCharges: childElements(line, 'AllowanceCharge').map(readAllowanceCharge),
  };
  assign(result, 'id', textAt(line, 'ID'));
  assign(result, 'quantity', readQuantity(childElement(line, quantityName)));
  assign(result, 'outstandingQuantity', readQuantity(childElement(line, 'OutstandingQuantity')));
  assign(result, 'lineExtensionAmount', readAmount(childElement(line, 'LineExtensionAmount')));
  assign(result, 'price', readAmount(childElement(price, 'PriceAmount')));
  assign(result, 'baseQuantity', readQuantity(childElement(price, 'BaseQuantity')));
  assign(result, 'lineStatusCode', textAt(line, 'LineStatusCode'));
  assign(result, 'orderLineReference', textAt(line, 'OrderLineReference/LineID') ?? textAt(outer, 'OrderLineReference/LineID'));
  assign(result, 'period', readPeriod(childElement(line, 'InvoicePeriod')));
  assign(result, 'outstandingReason', textAt(line, 'OutstandingReason'));
  const units = findElements(line, 'Shipment/TransportHandlingUnit').map(readHandlingUnit);
  if (units.length > 0) result.handlingUnits = units;
  const substituted = childElement(outer, 'SellerSubstitutedLineItem');
  if (substituted) result.substitutedItem = readLineItem(childElement(substituted, 'Item'));
  assign(result, 'deliveryPeriod', readDeliveryPeriod(childElement(line, 'Delivery')));
  return result;
}

// ---- attachments -----------------------------------------------------------------------------

export function base64DecodedSize(base64: string): number {
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  return Math.max(0, Math.floor((base64.length * 3) / 4) - padding);
}

/** Decodes an attachment's content on demand (atob exists in browsers and Node ≥ 16). */
export function decodeAttachment(attachment: Pick<Attachment, 'base64'>): Uint8Array {
  const binary = atob(attachment.base64 ?? '');
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

function isDefined<T>(value: T | undefined): value is T {
  return value !== undefined;
}

function isAttachment(value: Attachment | undefined): value is Attachment {
  return value !== undefined;
}
