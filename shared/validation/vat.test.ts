import { describe, expect, it } from 'vitest';
import { ALLOWED_VAT_RATES, formatVatCode, NATURA_CODES, normalizeVatCode, REMOVED_VAT_RATES, validateVatCode, vatCodeSchema, vatRatePercent } from './vat';

describe('VAT codes (October 2026 rates)', () => {
  it.each([...ALLOWED_VAT_RATES, ...NATURA_CODES])('accepts %s', (code) => {
    expect(validateVatCode(code)).toEqual({ ok: true, code });
    expect(vatCodeSchema.safeParse(code).success).toBe(true);
  });

  it.each(REMOVED_VAT_RATES)('refuses the removed rate %s and says which rates remain', (rate) => {
    const check = validateVatCode(rate);
    expect(check).toMatchObject({ ok: false, code: 'removed_rate' });
    if (!check.ok) expect(check.message).toContain('4.00, 5.00, 10.00, 22.00');
  });

  it('names a removed rate even when typed loosely', () => {
    expect(validateVatCode('7')).toMatchObject({ ok: false, code: 'removed_rate' });
    expect(validateVatCode('12,3')).toMatchObject({ ok: false, code: 'removed_rate' });
  });

  it('tells how to write an allowed rate written differently', () => {
    const check = validateVatCode('22');
    expect(check).toMatchObject({ ok: false, code: 'badly_written' });
    if (!check.ok) expect(check.message).toContain('"22.00"');
    expect(validateVatCode('n4')).toMatchObject({ ok: false, code: 'badly_written' });
  });

  it('refuses other rates, empty values and non-strings', () => {
    expect(validateVatCode('3.00')).toMatchObject({ ok: false, code: 'unknown' });
    expect(validateVatCode('N7')).toMatchObject({ ok: false, code: 'unknown' });
    expect(validateVatCode('')).toMatchObject({ ok: false, code: 'empty' });
    expect(validateVatCode(22)).toMatchObject({ ok: false, code: 'not_a_string' });
    expect(vatCodeSchema.safeParse('6.40').success).toBe(false);
  });

  it('normalises and formats codes for people', () => {
    expect(normalizeVatCode(' 10 % ')).toBe('10.00');
    expect(normalizeVatCode('4,5')).toBe('4.50');
    expect(normalizeVatCode('n2')).toBe('N2');
    expect(formatVatCode('22.00')).toBe('22.00 %');
    expect(formatVatCode('N4')).toBe('N4 – Exempt');
    expect(vatRatePercent('5.00')).toBe(5);
    expect(vatRatePercent('N1')).toBeNull();
  });
});
