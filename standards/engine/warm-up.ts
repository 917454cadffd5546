/**
 * A made-up Peppol BIS invoice the workers validate while they warm up. SaxonJS turns each compiled
 * rule into JavaScript closures on first use and V8 only optimises them after they have run a few
 * times, so loading a rule set is not enough: the first real validations would run up to ten times
 * slower than later ones. Running the layers on a document with the usual parts (parties, VAT,
 * allowances, payment, lines) does that work before the user's first document arrives.
 */
const party = (role: 'Supplier' | 'Customer', country: string, vat: string): string => `
  <cac:Accounting${role}Party><cac:Party>
    <cbc:EndpointID schemeID="0088">73100000${country === 'NO' ? '12345' : '67890'}</cbc:EndpointID>
    <cac:PartyIdentification><cbc:ID>${role}-1</cbc:ID></cac:PartyIdentification>
    <cac:PartyName><cbc:Name>Warm-up ${role} AS</cbc:Name></cac:PartyName>
    <cac:PostalAddress><cbc:StreetName>Street 1</cbc:StreetName><cbc:CityName>City</cbc:CityName><cbc:PostalZone>0150</cbc:PostalZone>
      <cac:Country><cbc:IdentificationCode>${country}</cbc:IdentificationCode></cac:Country></cac:PostalAddress>
    <cac:PartyTaxScheme><cbc:CompanyID>${vat}</cbc:CompanyID><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme>
    <cac:PartyLegalEntity><cbc:RegistrationName>Warm-up ${role}</cbc:RegistrationName><cbc:CompanyID>${vat.slice(2)}</cbc:CompanyID></cac:PartyLegalEntity>
    <cac:Contact><cbc:Name>Contact</cbc:Name><cbc:Telephone>12345678</cbc:Telephone><cbc:ElectronicMail>a@example.com</cbc:ElectronicMail></cac:Contact>
  </cac:Party></cac:Accounting${role}Party>`;

const category = (tag: 'TaxCategory' | 'ClassifiedTaxCategory'): string =>
  `<cac:${tag}><cbc:ID>S</cbc:ID><cbc:Percent>25</cbc:Percent><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:${tag}>`;

const line = (id: number, quantity: number, price: number): string => `
  <cac:InvoiceLine>
    <cbc:ID>${id}</cbc:ID><cbc:InvoicedQuantity unitCode="C62">${quantity}</cbc:InvoicedQuantity>
    <cbc:LineExtensionAmount currencyID="EUR">${(quantity * price - 10).toFixed(2)}</cbc:LineExtensionAmount>
    <cac:InvoicePeriod><cbc:StartDate>2026-01-01</cbc:StartDate><cbc:EndDate>2026-01-31</cbc:EndDate></cac:InvoicePeriod>
    <cac:OrderLineReference><cbc:LineID>${id}</cbc:LineID></cac:OrderLineReference>
    <cac:AllowanceCharge><cbc:ChargeIndicator>false</cbc:ChargeIndicator><cbc:AllowanceChargeReasonCode>95</cbc:AllowanceChargeReasonCode><cbc:Amount currencyID="EUR">10.00</cbc:Amount></cac:AllowanceCharge>
    <cac:Item><cbc:Description>Item ${id}</cbc:Description><cbc:Name>Item ${id}</cbc:Name>
      <cac:SellersItemIdentification><cbc:ID>SKU-${id}</cbc:ID></cac:SellersItemIdentification>
      <cac:StandardItemIdentification><cbc:ID schemeID="0160">0123456789012${id % 10}</cbc:ID></cac:StandardItemIdentification>
      <cac:CommodityClassification><cbc:ItemClassificationCode listID="STI">12345678</cbc:ItemClassificationCode></cac:CommodityClassification>
      ${category('ClassifiedTaxCategory')}
      <cac:AdditionalItemProperty><cbc:Name>Colour</cbc:Name><cbc:Value>Blue</cbc:Value></cac:AdditionalItemProperty>
    </cac:Item>
    <cac:Price><cbc:PriceAmount currencyID="EUR">${price.toFixed(2)}</cbc:PriceAmount><cbc:BaseQuantity unitCode="C62">1</cbc:BaseQuantity></cac:Price>
  </cac:InvoiceLine>`;

const LINES = 6;

/** The warm-up invoice: the usual parts of a Peppol BIS 3 invoice, with `LINES` lines. */
export const warmUpInvoice = (): string => {
  const lines = Array.from({ length: LINES }, (_, index) => line(index + 1, index + 2, 100 + index));
  const net = Array.from({ length: LINES }, (_, index) => (index + 2) * (100 + index) - 10).reduce((sum, amount) => sum + amount, 0);
  const taxable = net + 25;
  const tax = (taxable * 0.25).toFixed(2);
  const gross = (taxable * 1.25).toFixed(2);
  return `<?xml version="1.0" encoding="UTF-8"?>
<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2" xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2" xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">
  <cbc:CustomizationID>urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0</cbc:CustomizationID>
  <cbc:ProfileID>urn:fdc:peppol.eu:2017:poacc:billing:01:1.0</cbc:ProfileID>
  <cbc:ID>WARM-UP-1</cbc:ID><cbc:IssueDate>2026-02-01</cbc:IssueDate><cbc:DueDate>2026-03-01</cbc:DueDate>
  <cbc:InvoiceTypeCode>380</cbc:InvoiceTypeCode><cbc:Note>Warm-up</cbc:Note><cbc:TaxPointDate>2026-01-31</cbc:TaxPointDate>
  <cbc:DocumentCurrencyCode>EUR</cbc:DocumentCurrencyCode><cbc:AccountingCost>4025</cbc:AccountingCost><cbc:BuyerReference>REF-1</cbc:BuyerReference>
  <cac:InvoicePeriod><cbc:StartDate>2026-01-01</cbc:StartDate><cbc:EndDate>2026-01-31</cbc:EndDate></cac:InvoicePeriod>
  <cac:OrderReference><cbc:ID>PO-1</cbc:ID></cac:OrderReference>
  <cac:ContractDocumentReference><cbc:ID>C-1</cbc:ID></cac:ContractDocumentReference>
  <cac:AdditionalDocumentReference><cbc:ID>ATT-1</cbc:ID><cbc:DocumentDescription>Timesheet</cbc:DocumentDescription></cac:AdditionalDocumentReference>
  ${party('Supplier', 'NO', 'NO999999999MVA')}
  ${party('Customer', 'SE', 'SE556677889901')}
  <cac:Delivery><cbc:ActualDeliveryDate>2026-01-15</cbc:ActualDeliveryDate>
    <cac:DeliveryLocation><cbc:ID schemeID="0088">7300010000001</cbc:ID><cac:Address><cbc:CityName>City</cbc:CityName><cac:Country><cbc:IdentificationCode>SE</cbc:IdentificationCode></cac:Country></cac:Address></cac:DeliveryLocation></cac:Delivery>
  <cac:PaymentMeans><cbc:PaymentMeansCode>30</cbc:PaymentMeansCode><cbc:PaymentID>WARM-UP-1</cbc:PaymentID>
    <cac:PayeeFinancialAccount><cbc:ID>NO9386011117947</cbc:ID><cbc:Name>Account</cbc:Name><cac:FinancialInstitutionBranch><cbc:ID>DNBANOKK</cbc:ID></cac:FinancialInstitutionBranch></cac:PayeeFinancialAccount></cac:PaymentMeans>
  <cac:PaymentTerms><cbc:Note>30 days</cbc:Note></cac:PaymentTerms>
  <cac:AllowanceCharge><cbc:ChargeIndicator>true</cbc:ChargeIndicator><cbc:AllowanceChargeReasonCode>FC</cbc:AllowanceChargeReasonCode><cbc:AllowanceChargeReason>Freight</cbc:AllowanceChargeReason><cbc:Amount currencyID="EUR">25.00</cbc:Amount>${category('TaxCategory')}</cac:AllowanceCharge>
  <cac:TaxTotal><cbc:TaxAmount currencyID="EUR">${tax}</cbc:TaxAmount>
    <cac:TaxSubtotal><cbc:TaxableAmount currencyID="EUR">${taxable.toFixed(2)}</cbc:TaxableAmount><cbc:TaxAmount currencyID="EUR">${tax}</cbc:TaxAmount>${category('TaxCategory')}</cac:TaxSubtotal></cac:TaxTotal>
  <cac:LegalMonetaryTotal><cbc:LineExtensionAmount currencyID="EUR">${net.toFixed(2)}</cbc:LineExtensionAmount><cbc:TaxExclusiveAmount currencyID="EUR">${taxable.toFixed(2)}</cbc:TaxExclusiveAmount>
    <cbc:TaxInclusiveAmount currencyID="EUR">${gross}</cbc:TaxInclusiveAmount><cbc:ChargeTotalAmount currencyID="EUR">25.00</cbc:ChargeTotalAmount><cbc:PayableAmount currencyID="EUR">${gross}</cbc:PayableAmount></cac:LegalMonetaryTotal>
  ${lines.join('')}
</Invoice>`;
};
