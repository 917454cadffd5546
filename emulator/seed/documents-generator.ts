/**
 * Generated seed documents. `generatedSpec(index)` is cheap (a few random numbers) and gives every
 * field a record needs; `generatedSource(spec)` writes the UBL only when someone asks for it, the
 * same bytes every time. So 100 000 documents start in well under a second.
 */
import type { UblDocumentType } from '../../shared/ubl';
import type { SeededRandom } from '../context';
import { counterparts, ownCompany, type SeedParty } from './documents-parties';
import { XmlWriter } from './documents-xml-writer';

export type Direction = 'incoming' | 'outgoing';

export interface GeneratedSpec {
  index: number;
  type: UblDocumentType;
  direction: Direction;
  uuid: string;
  number: string;
  issueDate: string;
  createdAtMs: number;
  sender: SeedParty;
  recipient: SeedParty;
  downloaded: boolean;
  /** Drives the content (lines, notes, codes) when the source is written. */
  random: SeededRandom;
}

/** What a record keeps of a generated document: everything but the content stream. */
export type GeneratedSummary = Omit<GeneratedSpec, 'random'>;

/** Generated documents are dated in the two years before this day (fixed, so the data is stable). */
export const SEED_ANCHOR_MS = Date.UTC(2026, 10, 1);
const DAY_MS = 86_400_000;
const SPREAD_DAYS = 730;

const typeThresholds: Array<[number, UblDocumentType]> = [
  [0.45, 'invoice'],
  [0.6, 'credit-note'],
  [0.75, 'order'],
  [0.87, 'order-response'],
  [1, 'despatch-advice'],
];

const numberPrefix: Record<UblDocumentType, string> = {
  invoice: 'INV',
  'credit-note': 'CN',
  order: 'PO',
  'order-response': 'OR',
  'despatch-advice': 'DA',
};

/** mulberry32 over a 32-bit state: the per-document draws of the summaries, without allocating forks. */
function drawer(seed: number): { next(): number; int(min: number, max: number): number } {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: (min, max) => min + Math.floor(next() * (max - min + 1)) };
}

const hex8 = (value: number) => (value >>> 0).toString(16).padStart(8, '0');

/** A v4-shaped UUID whose last 8 hex digits are a bijection of the index, so no two collide. */
export function seedUuid(random: { next(): number }, index: number): string {
  const a = hex8(random.next() * 2 ** 32);
  const b = hex8(random.next() * 2 ** 32);
  const c = hex8(random.next() * 2 ** 32);
  const unique = hex8(Math.imul(index + 1, 0x9e3779b1));
  const variant = (8 + (Number.parseInt(c[0] as string, 16) & 3)).toString(16);
  return `${a}-${b.slice(0, 4)}-4${b.slice(5, 8)}-${variant}${c.slice(1, 4)}-${c.slice(4, 8)}${unique}`;
}

const isoDateCache = new Map<number, string>();

export function isoDate(ms: number): string {
  let date = isoDateCache.get(ms);
  if (date === undefined) {
    date = new Date(ms).toISOString().slice(0, 10);
    if (isoDateCache.size < 10_000) isoDateCache.set(ms, date);
  }
  return date;
}

/** Computes the record fields of generated documents; one per seeding, cheap per index. */
export function summaryGenerator(documentsRandom: SeededRandom): (index: number) => GeneratedSummary {
  const base = Math.floor(documentsRandom.fork('summaries').next() * 2 ** 32);
  return (index) => {
    const random = drawer(Math.imul(base ^ Math.imul(index + 1, 0x85ebca6b), 0xc2b2ae35) ^ index);
    const uuid = seedUuid(random, index);
    const typeDraw = random.next();
    const type: UblDocumentType = typeThresholds.find(([threshold]) => typeDraw < threshold)?.[1] ?? 'invoice';
    const direction: Direction = random.next() < 0.6 ? 'incoming' : 'outgoing';
    const other = counterparts[Math.floor(random.next() * counterparts.length)] as SeedParty;
    const sender = direction === 'incoming' ? other : ownCompany;
    const recipient = direction === 'incoming' ? ownCompany : other;
    const issueMs = SEED_ANCHOR_MS - random.int(0, SPREAD_DAYS) * DAY_MS;
    const issueDate = isoDate(issueMs);
    const delayDays = direction === 'incoming' ? random.int(0, 2) : 0;
    const createdAtMs = Math.min(SEED_ANCHOR_MS - 1000, issueMs + delayDays * DAY_MS + random.int(7 * 3600, 18 * 3600) * 1000);
    const old = SEED_ANCHOR_MS - createdAtMs > 14 * DAY_MS;
    const downloaded = direction === 'incoming' ? old && random.next() < 0.85 : random.next() < 0.5;
    const number = `${direction === 'incoming' ? sender.code : numberPrefix[type]}-${issueDate.slice(0, 4)}-${String(index + 1).padStart(6, '0')}`;
    return { index, type, direction, uuid, number, issueDate, createdAtMs, sender, recipient, downloaded };
  };
}

/** Everything about generated document number `index` (0-based), with the stream its content is drawn from. */
export function generatedSpec(documentsRandom: SeededRandom, index: number): GeneratedSpec {
  return { ...summaryGenerator(documentsRandom)(index), random: documentsRandom.fork(`document-${index}`) };
}

// ---- content ---------------------------------------------------------------------------------

interface CatalogItem {
  name: string;
  description: string;
  sku: string;
  unit: string;
  /** Unit price in øre. */
  price: [number, number];
  vatPercent: 25 | 15 | 12;
}

const catalog: CatalogItem[] = [
  { name: 'Kontorstol Ergo Pro', description: 'Ergonomic office chair, black', sku: 'KS-1001', unit: 'EA', price: [189_900, 349_900], vatPercent: 25 },
  { name: 'Skrivebord hev/senk 160 cm', description: 'Height-adjustable desk', sku: 'SB-160', unit: 'EA', price: [459_900, 799_900], vatPercent: 25 },
  { name: 'Kopipapir A4 80 g', description: 'Copy paper, box of 5 reams', sku: 'PA-A4-5', unit: 'XBX', price: [24_900, 34_900], vatPercent: 25 },
  { name: 'Konsulenttime', description: 'IT consultancy, per hour', sku: 'KT-H', unit: 'HUR', price: [95_000, 165_000], vatPercent: 25 },
  { name: 'Kaffe hele bønner 1 kg', description: 'Whole coffee beans, medium roast', sku: 'KF-1000', unit: 'KGM', price: [18_900, 32_900], vatPercent: 15 },
  { name: 'Fersk laks', description: 'Fresh salmon fillet', sku: 'FL-01', unit: 'KGM', price: [14_900, 24_900], vatPercent: 15 },
  { name: 'Epler Aroma', description: 'Apples from Hardanger', sku: 'EP-AR', unit: 'KGM', price: [3_900, 6_900], vatPercent: 15 },
  { name: 'Frakt Oslo–Bergen', description: 'Freight, pallet', sku: 'FR-OB', unit: 'EA', price: [89_000, 149_000], vatPercent: 12 },
  { name: 'Persontransport', description: 'Passenger transport, per trip', sku: 'PT-01', unit: 'EA', price: [45_000, 95_000], vatPercent: 12 },
  { name: 'Elektrikerarbeid', description: 'Electrician, per hour', sku: 'EL-H', unit: 'HUR', price: [79_000, 119_000], vatPercent: 25 },
  { name: 'Rengjøring kontor', description: 'Office cleaning, monthly', sku: 'RK-M', unit: 'MON', price: [350_000, 690_000], vatPercent: 25 },
  { name: 'Programvarelisens', description: 'Software licence, per user per month', sku: 'SW-U', unit: 'EA', price: [9_900, 29_900], vatPercent: 25 },
  { name: 'Hydraulikkslange 2 m', description: 'Hydraulic hose', sku: 'HS-2', unit: 'EA', price: [39_900, 79_900], vatPercent: 25 },
  { name: 'Betong B30', description: 'Ready-mix concrete', sku: 'BT-30', unit: 'MTQ', price: [149_000, 199_000], vatPercent: 25 },
];

interface GeneratedLine {
  id: string;
  item: CatalogItem;
  quantity: number;
  /** øre */
  price: number;
  /** øre */
  amount: number;
}

function generateLines(random: SeededRandom, maxLines: number): GeneratedLine[] {
  const count = random.int(1, maxLines);
  return Array.from({ length: count }, (_, index) => {
    const item = random.pick(catalog);
    const quantity = random.int(1, 20);
    const price = Math.round(random.int(item.price[0], item.price[1]) / 100) * 100;
    return { id: String(index + 1), item, quantity, price, amount: quantity * price };
  });
}

function money(ore: number): string {
  const sign = ore < 0 ? '-' : '';
  const absolute = Math.abs(ore);
  return `${sign}${Math.floor(absolute / 100)}.${String(absolute % 100).padStart(2, '0')}`;
}

const NOK = { currencyID: 'NOK' };

/** A Norwegian KID number: digits with a Luhn (mod 10) check digit. */
function kid(index: number): string {
  const body = String(100_000 + index).padStart(9, '0');
  let sum = 0;
  for (let position = 0; position < body.length; position += 1) {
    let digit = Number(body[body.length - 1 - position]);
    if (position % 2 === 0) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return `${body}${(10 - (sum % 10)) % 10}`;
}

function addDays(date: string, days: number): string {
  return isoDate(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS);
}

/** `minimal`: only what the Peppol Order Response data model (T76) allows in its parties. */
function writeParty(xml: XmlWriter, party: SeedParty, withTax: boolean, minimal = false): void {
  xml.wrap('cac:Party', () => {
    xml.leaf('cbc:EndpointID', party.orgNumber, { schemeID: '0192' });
    xml.wrap('cac:PartyIdentification', () => xml.leaf('cbc:ID', party.orgNumber, { schemeID: '0192' }));
    if (minimal) {
      xml.wrap('cac:PartyLegalEntity', () => xml.leaf('cbc:RegistrationName', party.name));
      return;
    }
    xml.wrap('cac:PartyName', () => xml.leaf('cbc:Name', party.name));
    xml.wrap('cac:PostalAddress', () => {
      xml.leaf('cbc:StreetName', party.streetName);
      xml.leaf('cbc:CityName', party.cityName);
      xml.leaf('cbc:PostalZone', party.postalZone);
      xml.wrap('cac:Country', () => xml.leaf('cbc:IdentificationCode', 'NO'));
    });
    if (withTax) {
      xml.wrap('cac:PartyTaxScheme', () => {
        xml.leaf('cbc:CompanyID', `NO${party.orgNumber}MVA`);
        xml.wrap('cac:TaxScheme', () => xml.leaf('cbc:ID', 'VAT'));
      });
    }
    xml.wrap('cac:PartyLegalEntity', () => {
      xml.leaf('cbc:RegistrationName', party.name);
      xml.leaf('cbc:CompanyID', party.orgNumber, { schemeID: '0192' });
    });
    xml.wrap('cac:Contact', () => {
      xml.leaf('cbc:Name', party.contactName);
      xml.leaf('cbc:Telephone', party.telephone);
      xml.leaf('cbc:ElectronicMail', party.email);
    });
  });
}

/** The Peppol Despatch Advice (T16) item has no description. */
function writeItem(xml: XmlWriter, item: CatalogItem, withTax: boolean, withDescription = true): void {
  xml.wrap('cac:Item', () => {
    if (withDescription) xml.leaf('cbc:Description', item.description);
    xml.leaf('cbc:Name', item.name);
    xml.wrap('cac:SellersItemIdentification', () => xml.leaf('cbc:ID', item.sku));
    if (withTax) {
      xml.wrap('cac:ClassifiedTaxCategory', () => {
        xml.leaf('cbc:ID', 'S');
        xml.leaf('cbc:Percent', item.vatPercent);
        xml.wrap('cac:TaxScheme', () => xml.leaf('cbc:ID', 'VAT'));
      });
    }
  });
}

const NAMESPACES = {
  'xmlns:cac': 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  'xmlns:cbc': 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
};

const notes = [
  'Takk for handelen!',
  'Vennligst oppgi KID ved betaling.',
  'Levert i henhold til avtale.',
  'Please quote the invoice number on all correspondence.',
  undefined,
  undefined,
];

/** Peppol BIS Billing 3.0 invoice or credit note, valid under the emulator's rules. */
function billingDocument(spec: GeneratedSpec, kind: 'invoice' | 'credit-note'): string {
  const { random } = spec;
  const isInvoice = kind === 'invoice';
  const root = isInvoice ? 'Invoice' : 'CreditNote';
  const lines = generateLines(random, 5);
  const lineTotal = lines.reduce((sum, line) => sum + line.amount, 0);
  const rates = [...new Set(lines.map((line) => line.item.vatPercent))].sort((a, b) => b - a);
  const breakdown = rates.map((rate) => {
    const taxable = lines.filter((line) => line.item.vatPercent === rate).reduce((sum, line) => sum + line.amount, 0);
    return { rate, taxable, tax: Math.round((taxable * rate) / 100) };
  });
  const taxTotal = breakdown.reduce((sum, entry) => sum + entry.tax, 0);
  const note = random.pick(notes);
  const buyerReference = `${spec.recipient.code}-${random.int(100, 999)}`;
  const orderNumber = random.next() < 0.6 ? `PO-${spec.issueDate.slice(0, 4)}-${String(random.int(1, 99_999)).padStart(6, '0')}` : undefined;
  const dueDate = addDays(spec.issueDate, 30);
  const xml = new XmlWriter();
  xml.open(root, { xmlns: `urn:oasis:names:specification:ubl:schema:xsd:${root}-2`, ...NAMESPACES });
  xml.leaf('cbc:CustomizationID', 'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0');
  xml.leaf('cbc:ProfileID', 'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0');
  xml.leaf('cbc:ID', spec.number);
  xml.leaf('cbc:IssueDate', spec.issueDate);
  if (isInvoice) {
    xml.leaf('cbc:DueDate', dueDate);
    xml.leaf('cbc:InvoiceTypeCode', '380');
  } else {
    xml.leaf('cbc:CreditNoteTypeCode', '381');
  }
  xml.leaf('cbc:Note', note);
  xml.leaf('cbc:DocumentCurrencyCode', 'NOK');
  xml.leaf('cbc:BuyerReference', buyerReference);
  if (orderNumber) xml.wrap('cac:OrderReference', () => xml.leaf('cbc:ID', orderNumber));
  if (!isInvoice) {
    const invoiceNumber = `${spec.sender.code}-${spec.issueDate.slice(0, 4)}-${String(random.int(1, 99_999)).padStart(6, '0')}`;
    xml.wrap('cac:BillingReference', () => xml.wrap('cac:InvoiceDocumentReference', () => xml.leaf('cbc:ID', invoiceNumber)));
  }
  xml.wrap('cac:AccountingSupplierParty', () => writeParty(xml, spec.sender, true));
  xml.wrap('cac:AccountingCustomerParty', () => writeParty(xml, spec.recipient, true));
  if (isInvoice) xml.wrap('cac:Delivery', () => xml.leaf('cbc:ActualDeliveryDate', addDays(spec.issueDate, -random.int(0, 5))));
  xml.wrap('cac:PaymentMeans', () => {
    xml.leaf('cbc:PaymentMeansCode', '30', { name: 'Credit transfer' });
    if (!isInvoice) xml.leaf('cbc:PaymentDueDate', dueDate);
    xml.leaf('cbc:PaymentID', kid(spec.index));
    xml.wrap('cac:PayeeFinancialAccount', () => {
      xml.leaf('cbc:ID', spec.sender.iban);
      xml.leaf('cbc:Name', spec.sender.name);
    });
  });
  xml.wrap('cac:PaymentTerms', () => xml.leaf('cbc:Note', 'Netto 30 dager'));
  xml.wrap('cac:TaxTotal', () => {
    xml.leaf('cbc:TaxAmount', money(taxTotal), NOK);
    for (const entry of breakdown) {
      xml.wrap('cac:TaxSubtotal', () => {
        xml.leaf('cbc:TaxableAmount', money(entry.taxable), NOK);
        xml.leaf('cbc:TaxAmount', money(entry.tax), NOK);
        xml.wrap('cac:TaxCategory', () => {
          xml.leaf('cbc:ID', 'S');
          xml.leaf('cbc:Percent', entry.rate);
          xml.wrap('cac:TaxScheme', () => xml.leaf('cbc:ID', 'VAT'));
        });
      });
    }
  });
  xml.wrap('cac:LegalMonetaryTotal', () => {
    xml.leaf('cbc:LineExtensionAmount', money(lineTotal), NOK);
    xml.leaf('cbc:TaxExclusiveAmount', money(lineTotal), NOK);
    xml.leaf('cbc:TaxInclusiveAmount', money(lineTotal + taxTotal), NOK);
    xml.leaf('cbc:PayableAmount', money(lineTotal + taxTotal), NOK);
  });
  for (const line of lines) {
    xml.wrap(isInvoice ? 'cac:InvoiceLine' : 'cac:CreditNoteLine', () => {
      xml.leaf('cbc:ID', line.id);
      xml.leaf(isInvoice ? 'cbc:InvoicedQuantity' : 'cbc:CreditedQuantity', line.quantity, { unitCode: line.item.unit });
      xml.leaf('cbc:LineExtensionAmount', money(line.amount), NOK);
      writeItem(xml, line.item, true);
      xml.wrap('cac:Price', () => xml.leaf('cbc:PriceAmount', money(line.price), NOK));
    });
  }
  xml.close(root);
  return xml.toString();
}

/** Peppol BIS Order only 3 (T01). */
function order(spec: GeneratedSpec): string {
  const { random } = spec;
  const lines = generateLines(random, 6);
  const lineTotal = lines.reduce((sum, line) => sum + line.amount, 0);
  const tax = lines.reduce((sum, line) => sum + Math.round((line.amount * line.item.vatPercent) / 100), 0);
  const buyer = spec.sender;
  const seller = spec.recipient;
  const xml = new XmlWriter();
  xml.open('Order', { xmlns: 'urn:oasis:names:specification:ubl:schema:xsd:Order-2', ...NAMESPACES });
  xml.leaf('cbc:CustomizationID', 'urn:fdc:peppol.eu:poacc:trns:order:3');
  xml.leaf('cbc:ProfileID', 'urn:fdc:peppol.eu:poacc:bis:order_only:3');
  xml.leaf('cbc:ID', spec.number);
  xml.leaf('cbc:IssueDate', spec.issueDate);
  xml.leaf('cbc:OrderTypeCode', '220');
  xml.leaf('cbc:Note', random.pick(['Levering til varemottak.', 'Ring før levering.', undefined]));
  xml.leaf('cbc:DocumentCurrencyCode', 'NOK');
  xml.leaf('cbc:CustomerReference', `${buyer.code}-${random.int(100, 999)}`);
  xml.wrap('cac:BuyerCustomerParty', () => writeParty(xml, buyer, true));
  // The Peppol Order (T01) has the buyer's VAT number only.
  xml.wrap('cac:SellerSupplierParty', () => writeParty(xml, seller, false));
  xml.wrap('cac:Delivery', () => {
    xml.wrap('cac:DeliveryLocation', () =>
      xml.wrap('cac:Address', () => {
        xml.leaf('cbc:StreetName', buyer.streetName);
        xml.leaf('cbc:CityName', buyer.cityName);
        xml.leaf('cbc:PostalZone', buyer.postalZone);
        xml.wrap('cac:Country', () => xml.leaf('cbc:IdentificationCode', 'NO'));
      }),
    );
    xml.wrap('cac:RequestedDeliveryPeriod', () => {
      xml.leaf('cbc:StartDate', addDays(spec.issueDate, 7));
      xml.leaf('cbc:EndDate', addDays(spec.issueDate, 14));
    });
  });
  xml.wrap('cac:TaxTotal', () => xml.leaf('cbc:TaxAmount', money(tax), NOK));
  xml.wrap('cac:AnticipatedMonetaryTotal', () => {
    xml.leaf('cbc:LineExtensionAmount', money(lineTotal), NOK);
    xml.leaf('cbc:TaxExclusiveAmount', money(lineTotal), NOK);
    xml.leaf('cbc:TaxInclusiveAmount', money(lineTotal + tax), NOK);
    xml.leaf('cbc:PayableAmount', money(lineTotal + tax), NOK);
  });
  for (const line of lines) {
    xml.wrap('cac:OrderLine', () =>
      xml.wrap('cac:LineItem', () => {
        xml.leaf('cbc:ID', line.id);
        xml.leaf('cbc:Quantity', line.quantity, { unitCode: line.item.unit });
        xml.leaf('cbc:LineExtensionAmount', money(line.amount), NOK);
        xml.wrap('cac:Price', () => xml.leaf('cbc:PriceAmount', money(line.price), NOK));
        writeItem(xml, line.item, true);
      }),
    );
  }
  xml.close('Order');
  return xml.toString();
}

/** Peppol BIS Ordering 3 order response (T76): accepted, rejected, or accepted with changes. */
function orderResponse(spec: GeneratedSpec): string {
  const { random } = spec;
  const code = random.pick(['AP', 'AP', 'CA', 'RE'] as const);
  const seller = spec.sender;
  const buyer = spec.recipient;
  const xml = new XmlWriter();
  xml.open('OrderResponse', { xmlns: 'urn:oasis:names:specification:ubl:schema:xsd:OrderResponse-2', ...NAMESPACES });
  xml.leaf('cbc:CustomizationID', 'urn:fdc:peppol.eu:poacc:trns:order_response:3');
  xml.leaf('cbc:ProfileID', 'urn:fdc:peppol.eu:poacc:bis:ordering:3');
  xml.leaf('cbc:ID', spec.number);
  xml.leaf('cbc:IssueDate', spec.issueDate);
  xml.leaf('cbc:OrderResponseCode', code);
  xml.leaf('cbc:Note', code === 'RE' ? 'Varene er utsolgt.' : code === 'CA' ? 'Noen linjer er endret.' : undefined);
  xml.leaf('cbc:DocumentCurrencyCode', 'NOK');
  xml.wrap('cac:OrderReference', () => xml.leaf('cbc:ID', `PO-${spec.issueDate.slice(0, 4)}-${String(random.int(1, 99_999)).padStart(6, '0')}`));
  xml.wrap('cac:SellerSupplierParty', () => writeParty(xml, seller, false, true));
  xml.wrap('cac:BuyerCustomerParty', () => writeParty(xml, buyer, false, true));
  if (code === 'CA') {
    for (const line of generateLines(random, 4)) {
      xml.wrap('cac:OrderLine', () =>
        xml.wrap('cac:LineItem', () => {
          xml.leaf('cbc:ID', line.id);
          xml.leaf('cbc:LineStatusCode', random.pick(['3', '5', '7']));
          xml.leaf('cbc:Quantity', line.quantity, { unitCode: line.item.unit });
          xml.wrap('cac:Price', () => xml.leaf('cbc:PriceAmount', money(line.price), NOK));
          writeItem(xml, line.item, false);
        }),
      );
    }
  }
  xml.close('OrderResponse');
  return xml.toString();
}

/** Peppol BIS Despatch Advice 3 (T16). */
function despatchAdvice(spec: GeneratedSpec): string {
  const { random } = spec;
  const lines = generateLines(random, 5);
  const xml = new XmlWriter();
  xml.open('DespatchAdvice', { xmlns: 'urn:oasis:names:specification:ubl:schema:xsd:DespatchAdvice-2', ...NAMESPACES });
  xml.leaf('cbc:CustomizationID', 'urn:fdc:peppol.eu:poacc:trns:despatch_advice:3');
  xml.leaf('cbc:ProfileID', 'urn:fdc:peppol.eu:poacc:bis:despatch_advice:3');
  xml.leaf('cbc:ID', spec.number);
  xml.leaf('cbc:IssueDate', spec.issueDate);
  xml.leaf('cbc:Note', random.pick(['Levert på pall.', undefined]));
  xml.wrap('cac:OrderReference', () => xml.leaf('cbc:ID', `PO-${spec.issueDate.slice(0, 4)}-${String(random.int(1, 99_999)).padStart(6, '0')}`));
  xml.wrap('cac:DespatchSupplierParty', () => writeParty(xml, spec.sender, false, true));
  xml.wrap('cac:DeliveryCustomerParty', () => writeParty(xml, spec.recipient, false, true));
  xml.wrap('cac:Shipment', () => {
    xml.leaf('cbc:ID', String(random.int(10_000, 99_999)));
    xml.wrap('cac:Delivery', () => {
      xml.wrap('cac:EstimatedDeliveryPeriod', () => {
        xml.leaf('cbc:StartDate', addDays(spec.issueDate, 1));
        xml.leaf('cbc:EndDate', addDays(spec.issueDate, 3));
      });
      xml.wrap('cac:Despatch', () => xml.leaf('cbc:ActualDespatchDate', spec.issueDate));
    });
  });
  for (const line of lines) {
    xml.wrap('cac:DespatchLine', () => {
      xml.leaf('cbc:ID', line.id);
      xml.leaf('cbc:DeliveredQuantity', line.quantity, { unitCode: line.item.unit });
      xml.wrap('cac:OrderLineReference', () => xml.leaf('cbc:LineID', line.id));
      writeItem(xml, line.item, false, false);
    });
  }
  xml.close('DespatchAdvice');
  return xml.toString();
}

/** The UBL source of a generated document; the same text every time for the same spec. */
export function generatedSource(spec: GeneratedSpec): string {
  // The content stream is re-forked so repeated calls start from the same state.
  const content = { ...spec, random: spec.random.fork('source') };
  switch (spec.type) {
    case 'invoice':
      return billingDocument(content, 'invoice');
    case 'credit-note':
      return billingDocument(content, 'credit-note');
    case 'order':
      return order(content);
    case 'order-response':
      return orderResponse(content);
    case 'despatch-advice':
      return despatchAdvice(content);
  }
}
