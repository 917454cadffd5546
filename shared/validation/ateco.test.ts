import { describe, expect, it } from 'vitest';
import { atecoCodeSchema, normalizeAtecoCode, validateAtecoCode } from './ateco';

describe('ATECO codes', () => {
  it.each(['471110', '563000', 'AB12C3', 'ZZZZZZ'])('accepts %s', (code) => {
    expect(validateAtecoCode(code)).toEqual({ ok: true, code });
    expect(atecoCodeSchema.safeParse(code).success).toBe(true);
  });

  it.each([
    ['47.11.10', 'separators', '"471110"'],
    ['ab1234', 'lowercase', '"AB1234"'],
    ['47111', 'old_format', '5 digits'],
    ['4711100', 'length', '7 characters'],
    ['47_110', 'characters', 'only letters'],
    ['', 'empty', 'empty'],
  ])('refuses %s (%s) with a helpful message', (code, errorCode, hint) => {
    const check = validateAtecoCode(code);
    expect(check).toMatchObject({ ok: false, code: errorCode });
    if (!check.ok) expect(check.message).toContain(hint);
    expect(atecoCodeSchema.safeParse(code).success).toBe(false);
  });

  it('refuses non-strings and normalises typed codes', () => {
    expect(validateAtecoCode(471110)).toMatchObject({ ok: false, code: 'not_a_string' });
    expect(normalizeAtecoCode(' 47.11.10 ')).toBe('471110');
    expect(normalizeAtecoCode('ab-12 34')).toBe('AB1234');
  });
});
