import { describe, expect, it } from 'vitest';
import { base64DecodedLength, decodeBase64, describeBase64Problem, encodeBase64, isStandardBase64 } from './base64';

describe('isStandardBase64', () => {
  it.each(['', 'QQ==', 'QUI=', 'QUJD', 'a+/9', 'AAAAAA=='])('accepts %j', (value) => {
    expect(isStandardBase64(value)).toBe(true);
  });

  it.each([
    ['URL-safe minus', 'a-b9'],
    ['URL-safe underscore', 'a_b9'],
    ['missing padding', 'QQ'],
    ['three padding characters', 'Q==='],
    ['padding in the middle', 'QQ==QUJD'],
    ['length not a multiple of 4', 'QUJDR'],
    ['a space', 'QUJD QUJD'],
    ['a line break', 'QUJD\nQUJD'],
    ['a trailing line break', 'QUJD\n'],
    ['a carriage return', 'QUJD\r\n'],
    ['a tab', 'QU\tJD'],
    ['a non-ASCII letter', 'QUJé'],
    ['a lone equals', '===='],
  ])('rejects %s', (_label, value) => {
    expect(isStandardBase64(value)).toBe(false);
    expect(describeBase64Problem(value)).toEqual(expect.any(String));
  });

  it('explains URL-safe and whitespace problems specifically', () => {
    expect(describeBase64Problem('a-b9')).toMatch(/URL-safe/);
    expect(describeBase64Problem('QUJD\nQUJD')).toMatch(/line breaks/);
    expect(describeBase64Problem('QQ')).toMatch(/padded/);
  });
});

describe('decodeBase64 / encodeBase64', () => {
  it('round-trips every length remainder and all byte values like btoa does', () => {
    const all = Uint8Array.from({ length: 256 }, (_, i) => i);
    for (const length of [0, 1, 2, 3, 4, 5, 255, 256]) {
      const bytes = all.slice(0, length);
      const encoded = encodeBase64(bytes);
      expect(encoded).toBe(btoa(String.fromCharCode(...bytes)));
      expect(base64DecodedLength(encoded)).toBe(length);
      expect(Array.from(decodeBase64(encoded))).toEqual(Array.from(bytes));
    }
  });

  it('refuses to decode invalid input', () => {
    expect(() => decodeBase64('a_b9')).toThrow();
  });
});
