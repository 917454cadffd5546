import { describe, expect, it } from 'vitest';
import { crc8, findNip, isValidNip, ksefNumber, nipFromText } from './destination-ids';

describe('destination ids', () => {
  it('builds KSeF numbers: NIP, date, 12 hex, CRC-8 check', () => {
    const number = ksefNumber('5265877635', new Date('2026-10-05T10:00:00Z'), '0100a0b2e5cb');
    expect(number).toMatch(/^5265877635-20261005-0100A0B2E5CB-[0-9A-F]{2}$/);
    expect(number).toHaveLength(35);
    expect(number.slice(-2)).toBe(crc8(number.slice(0, 32)).toString(16).toUpperCase().padStart(2, '0'));
  });

  it('computes CRC-8 (poly 0x07) like the reference check value', () => {
    expect(crc8('123456789')).toBe(0xf4);
  });

  it('validates NIPs and derives valid ones', () => {
    expect(isValidNip('5265877635')).toBe(true);
    expect(isValidNip('5265877636')).toBe(false);
    for (const seed of ['a', 'user-1', 'user-2', '']) expect(isValidNip(nipFromText(seed))).toBe(true);
    expect(nipFromText('same')).toBe(nipFromText('same'));
  });

  it("finds the seller's valid NIP in XML or JSON and ignores invalid ones", () => {
    expect(findNip('<p:Podmiot1><p:DaneIdentyfikacyjne><p:NIP>5265877635</p:NIP></p:DaneIdentyfikacyjne></p:Podmiot1>')).toBe('5265877635');
    expect(findNip('{"seller_nip": "5265877635"}')).toBe('5265877635');
    expect(findNip('{"seller": {"name": "ACME", "nip": "5265877635"}}')).toBe('5265877635');
    expect(findNip('<Podmiot1><NIP>1234567890</NIP></Podmiot1>')).toBeNull();
  });

  it("never takes the buyer's NIP for the KSeF number, even when the buyer comes first or the seller has none", () => {
    const seller = '<Podmiot1><DaneIdentyfikacyjne><NIP>5265877635</NIP></DaneIdentyfikacyjne></Podmiot1>';
    const buyer = '<Podmiot2><DaneIdentyfikacyjne><NIP>5451824119</NIP></DaneIdentyfikacyjne></Podmiot2>';
    expect(findNip(`<Faktura>${buyer}${seller}</Faktura>`)).toBe('5265877635');
    expect(findNip(`<Faktura><Podmiot1><DaneIdentyfikacyjne><Nazwa>No NIP</Nazwa></DaneIdentyfikacyjne></Podmiot1>${buyer}</Faktura>`)).toBeNull();
    expect(findNip('{"buyer": {"nip": "5451824119"}, "nip": "5451824119"}')).toBeNull();
  });
});
