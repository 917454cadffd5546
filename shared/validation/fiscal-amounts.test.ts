import { describe, expect, it } from 'vitest';
import {
  amountStringSchema,
  formatAmountUnits,
  formatQuantityUnits,
  multiplyAmountByQuantity,
  parseAmountUnits,
  parseQuantityUnits,
  quantityStringSchema,
  roundToCents,
  sumAmounts,
  validateAmount,
  validateQuantity,
} from './fiscal-amounts';

describe('amount strings (2 to 8 decimals)', () => {
  it.each(['0.00', '1.50', '12.345', '0.12345678', '9999999999.99'])('accepts %s', (value) => {
    expect(validateAmount(value).ok).toBe(true);
    expect(amountStringSchema().safeParse(value).success).toBe(true);
  });

  it.each([
    ['1.5', 'decimals', '"1.50"'],
    ['1', 'decimals', '2 to 8'],
    ['1.123456789', 'decimals', '9 decimals'],
    ['1,50', 'comma', '"1.50"'],
    ['-1.00', 'negative', 'negative'],
    ['12345678901.00', 'too_large', 'too large'],
    ['abc', 'format', 'not an amount'],
    ['', 'empty', 'empty'],
  ])('refuses %s (%s)', (value, code, hint) => {
    const check = validateAmount(value, 'unit_price');
    expect(check).toMatchObject({ ok: false, code });
    if (!check.ok) expect(check.message).toContain(hint);
  });

  it('names the field in its messages', () => {
    const check = validateAmount('2.5', 'unit_price');
    expect(check.ok ? '' : check.message).toMatch(/^unit_price "2.5"/);
    expect(validateAmount(2.5)).toMatchObject({ ok: false, code: 'not_a_string' });
  });
});

describe('quantity strings (exactly 2 decimals)', () => {
  it.each(['1.00', '0.50', '12.25'])('accepts %s', (value) => {
    expect(validateQuantity(value).ok).toBe(true);
    expect(quantityStringSchema().safeParse(value).success).toBe(true);
  });

  it.each([
    ['1', 'decimals'],
    ['1.5', 'decimals'],
    ['1.500', 'decimals'],
    ['0.00', 'zero'],
    ['1,00', 'comma'],
    ['x', 'format'],
  ])('refuses %s (%s)', (value, code) => {
    expect(validateQuantity(value)).toMatchObject({ ok: false, code });
  });
});

describe('exact arithmetic', () => {
  it('parses, multiplies, rounds and formats without binary errors', () => {
    expect(formatAmountUnits(sumAmounts(['0.10', '0.20']), 2)).toBe('0.30');
    expect(formatAmountUnits(multiplyAmountByQuantity(parseAmountUnits('1.49'), parseQuantityUnits('3.00')), 2)).toBe('4.47');
    expect(formatAmountUnits(parseAmountUnits('0.005'), 2)).toBe('0.01');
    expect(formatAmountUnits(parseAmountUnits('2.12345678'), 8)).toBe('2.12345678');
    expect(formatAmountUnits(roundToCents(parseAmountUnits('0.125')), 2)).toBe('0.13');
    expect(formatAmountUnits(-parseAmountUnits('1.50'), 2)).toBe('-1.50');
    expect(formatQuantityUnits(150n)).toBe('1.50');
    expect(formatQuantityUnits(5n)).toBe('0.05');
  });
});
