/**
 * Identifiers a document gets in the destination country's system once sent:
 * - IT: the SDI identifier (identificativo SdI), a number.
 * - PL: the KSeF number `<NIP>-<YYYYMMDD>-<12 hex>-<2 hex CRC-8>` (35 characters).
 */
export function sdiIdentifier(sequence: number): string {
  return String(sequence);
}

export function ksefNumber(nip: string, date: Date, technicalPart: string): string {
  const day = `${date.getUTCFullYear()}${String(date.getUTCMonth() + 1).padStart(2, '0')}${String(date.getUTCDate()).padStart(2, '0')}`;
  const body = `${nip}-${day}-${technicalPart.toUpperCase()}`;
  return `${body}-${crc8(body).toString(16).toUpperCase().padStart(2, '0')}`;
}

/** CRC-8, polynomial 0x07, initial value 0x00 (the KSeF number's check sum). */
export function crc8(text: string): number {
  let crc = 0;
  for (let i = 0; i < text.length; i++) {
    crc ^= text.charCodeAt(i) & 0xff;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x80 ? ((crc << 1) ^ 0x07) & 0xff : (crc << 1) & 0xff;
  }
  return crc;
}

const NIP_WEIGHTS = [6, 5, 7, 2, 3, 4, 5, 6, 7];

export function isValidNip(nip: string): boolean {
  if (!/^\d{10}$/.test(nip)) return false;
  const sum = NIP_WEIGHTS.reduce((total, weight, index) => total + weight * Number(nip[index]), 0);
  return sum % 11 === Number(nip[9]);
}

/** A valid NIP derived from any text (e.g. an account id), for documents that name none. */
export function nipFromText(text: string): string {
  let hash = 2166136261;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 16777619) >>> 0;
  for (let attempt = 0; ; attempt++) {
    const digits = String((hash + attempt * 7919) % 1_000_000_000).padStart(9, '0');
    const first = digits[0] === '0' ? `1${digits.slice(1)}` : digits;
    const sum = NIP_WEIGHTS.reduce((total, weight, index) => total + weight * Number(first[index]), 0);
    if (sum % 11 !== 10) return `${first}${sum % 11}`;
  }
}

/**
 * The seller's NIP as written in a Polish document, when it can be found: in KSeF XML the NIP of
 * `Podmiot1` (the seller; `Podmiot2` is the buyer), in JSON `seller_nip` or the `nip` of a `seller` /
 * `Podmiot1` object. Never the buyer's: a document without the seller's NIP gives null.
 */
export function findNip(text: string): string | null {
  const seller = /<(?:[\w-]+:)?Podmiot1\b[^>]*>([\s\S]*?)<\/(?:[\w-]+:)?Podmiot1>/.exec(text)?.[1];
  const xml = seller === undefined ? undefined : /<(?:[\w-]+:)?NIP>\s*(\d{10})\s*</.exec(seller)?.[1];
  const json =
    /"seller_nip"\s*:\s*"(\d{10})"/i.exec(text)?.[1] ?? /"(?:seller|podmiot1)"\s*:\s*\{[^{}]*?"nip"\s*:\s*"(\d{10})"/i.exec(text)?.[1];
  const candidate = xml ?? json ?? null;
  return candidate !== null && isValidNip(candidate) ? candidate : null;
}
