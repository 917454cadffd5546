/** Wording and formatting for the document PDF. */
import type { Address, Amount, Identifier, Party, Quantity, UblDocumentType } from '../../../shared/ubl';

/** The extra characters of WinAnsiEncoding above U+00FF that the standard PDF fonts can draw. */
const winAnsiExtras = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
/** Letters without a Unicode decomposition that still have an obvious plain form. */
const plainLetters: Record<string, string> = { Ł: 'L', ł: 'l', Đ: 'D', đ: 'd', Ħ: 'H', ħ: 'h', ı: 'i', Ŧ: 'T', ŧ: 't' };

/**
 * Bounds on what one field may cost to lay out. pdfkit breaks a word wider than its column one
 * character at a time, re-measuring the rest each time: quadratic, so a 150 KB name without a space
 * froze the emulator for minutes. Runs are broken every MAX_RUN characters (narrower than any
 * column) and a field is cut at MAX_FIELD characters, saying so: the full text stays in the source.
 */
export const MAX_RUN = 40;
export const MAX_FIELD = 10_000;

function bounded(text: string): string {
  if (text.length <= MAX_FIELD) return text;
  const cut = text.slice(0, MAX_FIELD);
  return `${cut} … [${(text.length - MAX_FIELD).toLocaleString('en-US')} more characters are not shown here; the document's source has the full text]`;
}

/** Text the standard fonts can draw: Latin-1 and WinAnsi as is, other letters without accents, else '?'. */
export function pdfText(text: string): string {
  return breakLongRuns(drawable(bounded(text)));
}

function breakLongRuns(text: string): string {
  return text.length <= MAX_RUN ? text : text.replace(new RegExp(`\\S{${MAX_RUN}}(?=\\S)`, 'g'), '$& ');
}

function drawable(text: string): string {
  let result = '';
  for (const char of text.replace(/\s+/g, ' ')) {
    const code = char.codePointAt(0) ?? 0;
    if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || winAnsiExtras.has(char)) {
      result += char;
    } else {
      const stripped = plainLetters[char] ?? char.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
      result += /^[\x20-\x7e]+$/.test(stripped) ? stripped : '?';
    }
  }
  return result.trim();
}

export const documentTitle: Record<UblDocumentType, string> = {
  invoice: 'Invoice',
  'credit-note': 'Credit note',
  order: 'Order',
  'order-response': 'Order response',
  'despatch-advice': 'Despatch advice',
};

/** Labels of the sender and recipient blocks for each document type. */
export const partyLabels: Record<UblDocumentType, [string, string]> = {
  invoice: ['Seller', 'Buyer'],
  'credit-note': ['Seller', 'Buyer'],
  order: ['Buyer', 'Seller'],
  'order-response': ['Seller', 'Buyer'],
  'despatch-advice': ['Despatch party', 'Delivery party'],
};

const paymentMeansNames: Record<string, string> = {
  '1': 'Instrument not defined',
  '10': 'In cash',
  '20': 'Cheque',
  '30': 'Credit transfer',
  '31': 'Debit transfer',
  '42': 'Payment to bank account',
  '48': 'Bank card',
  '49': 'Direct debit',
  '57': 'Standing agreement',
  '58': 'SEPA credit transfer',
  '59': 'SEPA direct debit',
  '97': 'Clearing between partners',
  ZZZ: 'Mutually defined',
};

export function paymentMeansName(code: string | undefined, name: string | undefined): string {
  if (!code) return name ?? '';
  const known = name ?? paymentMeansNames[code];
  return known ? `${known} (${code})` : code;
}

const orderResponseCodes: Record<string, string> = {
  AP: 'Accepted',
  RE: 'Rejected',
  CA: 'Conditionally accepted',
  AB: 'Message acknowledged',
};

const lineStatusCodes: Record<string, string> = { '1': 'Added', '3': 'Changed', '5': 'Accepted', '7': 'Not accepted' };

export function typeCodeText(type: UblDocumentType, code: string | undefined): string | undefined {
  if (!code) return undefined;
  if (type === 'order-response') return orderResponseCodes[code] ? `${orderResponseCodes[code]} (${code})` : code;
  return code;
}

export function lineStatusText(code: string | undefined): string {
  if (!code) return '';
  return lineStatusCodes[code] ?? code;
}

export function amountText(amount: Amount | undefined): string {
  if (!amount) return '';
  return amount.currency ? `${amount.text} ${amount.currency}` : amount.text;
}

export function quantityText(quantity: Quantity | undefined): string {
  return quantity?.text ?? '';
}

export function identifierText(identifier: Identifier | undefined): string {
  if (!identifier) return '';
  return identifier.scheme ? `${identifier.scheme}:${identifier.value}` : identifier.value;
}

export function addressLines(address: Address | undefined): string[] {
  if (!address) return [];
  const lines = [address.streetName, address.additionalStreetName, ...address.lines].filter((line): line is string => Boolean(line));
  const city = [address.postalZone, address.cityName].filter(Boolean).join(' ');
  if (city) lines.push(city);
  const region = [address.countrySubentity, address.countryCode].filter(Boolean).join(', ');
  if (region) lines.push(region);
  return lines;
}

/** The lines of a party block: name, address, identifiers, contact. */
export function partyLines(party: Party | undefined): string[] {
  if (!party) return ['(not stated)'];
  const lines: string[] = [];
  if (party.registrationName && party.registrationName !== party.name) lines.push(party.registrationName);
  lines.push(...addressLines(party.address));
  if (party.endpoint) lines.push(`Electronic address: ${identifierText(party.endpoint)}`);
  if (party.legalId) lines.push(`Legal registration: ${identifierText(party.legalId)}`);
  if (party.vatId) lines.push(`VAT number: ${party.vatId}`);
  for (const identifier of party.identifiers) {
    if (identifierText(identifier) !== identifierText(party.endpoint)) lines.push(`Identifier: ${identifierText(identifier)}`);
  }
  const contact = party.contact;
  if (contact) {
    const parts = [contact.name, contact.telephone, contact.email].filter(Boolean);
    if (parts.length > 0) lines.push(`Contact: ${parts.join(', ')}`);
  }
  return lines;
}

export function formatBytes(size: number | undefined): string {
  if (size === undefined) return '';
  if (size < 1024) return `${size} bytes`;
  if (size < 1024 * 1024) return `${(size / 1024).toFixed(1)} KB`;
  return `${(size / 1024 / 1024).toFixed(1)} MB`;
}
