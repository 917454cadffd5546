import { describe, expect, it } from 'vitest';
import { DEFAULT_E2E_ID_TEMPLATE, generateE2eId, validateE2eId } from './e2e-id';

describe('validateE2eId', () => {
  it('accepts printable ASCII with inner spaces and symbols', () => {
    expect(validateE2eId('order 42 / batch #7 <"quoted"> \\ {x}').ok).toBe(true);
    expect(validateE2eId('x').ok).toBe(true);
  });

  it('accepts 255 characters and rejects 256', () => {
    expect(validateE2eId('e'.repeat(255)).ok).toBe(true);
    expect(validateE2eId('e'.repeat(256))).toMatchObject({ ok: false, code: 'too_long' });
  });

  it.each([' leading', 'trailing ', ' both ', ' '])('rejects surrounding spaces in %j', (id) => {
    expect(validateE2eId(id)).toMatchObject({ ok: false, code: 'surrounding_space' });
  });

  it.each([
    ['tab', 'a\tb'],
    ['newline', 'a\nb'],
    ['DEL', 'a\x7fb'],
    ['é', 'caffè'],
    ['emoji', 'id-🚀'],
    ['no-break space', 'a\u00a0b'],
  ])('rejects %s', (_label, id) => {
    expect(validateE2eId(id)).toMatchObject({ ok: false, code: 'non_printable' });
  });

  it('rejects empty and non-string ids', () => {
    expect(validateE2eId('')).toMatchObject({ ok: false, code: 'empty' });
    expect(validateE2eId(12)).toMatchObject({ ok: false, code: 'not_a_string' });
  });
});

describe('generateE2eId', () => {
  const now = new Date('2026-10-05T07:08:09Z');
  const base = { now, fileName: 'invoice.xml', counter: 3, random: () => 0.5 };

  it('fills every placeholder', () => {
    expect(generateE2eId('{date}/{time}/{file}/{n}/{rand}', base)).toBe('20261005/070809/invoice.xml/3/88888888');
  });

  it('keeps unknown placeholders as written', () => {
    expect(generateE2eId('{date}-{unknown}-{constructor}', base)).toBe('20261005-{unknown}-{constructor}');
  });

  it('sanitises file names with non-printable characters and trims spaces', () => {
    const id = generateE2eId(' {file} ', { ...base, fileName: 'fattura è\t😀.xml' });
    expect(id).toBe('fattura __' + '__.xml');
    expect(validateE2eId(id).ok).toBe(true);
  });

  it('cuts long results to 255 characters that still pass validation and keep the random tail', () => {
    const id = generateE2eId(DEFAULT_E2E_ID_TEMPLATE, { ...base, fileName: `${'f'.repeat(300)}.xml` });
    expect(id).toHaveLength(255);
    expect(id.endsWith('-88888888')).toBe(true);
    expect(validateE2eId(id).ok).toBe(true);
  });

  it('falls back to a generated id when the template yields nothing', () => {
    const id = generateE2eId('   ', base);
    expect(id).toBe('upload-20261005-070809-88888888');
  });

  it('reads placeholders like the /\\{(\\w+)\\}/ rule in odd templates (nested, empty, spaced, unclosed braces)', () => {
    const values: Record<string, string> = { date: '20261005', time: '070809', file: 'invoice.xml', n: '3', rand: '88888888' };
    const byRule = (template: string): string => template.replace(/\{(\w+)\}/g, (placeholder, key: string) => (Object.hasOwn(values, key) ? (values[key] ?? placeholder) : placeholder));
    const pieces = ['{', '}', 'date', 'n', 'file', 'x', ' ', '-', '{n}', '{{', '}}', '_'];
    let seed = 7;
    const next = (): number => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
    for (let sample = 0; sample < 2000; sample += 1) {
      const template = Array.from({ length: 1 + Math.floor(next() * 8) }, () => pieces[Math.floor(next() * pieces.length)]).join('') + 'Z';
      expect(generateE2eId(template, base), template).toBe(byRule(template).trim());
    }
    expect(generateE2eId('{{n}}-{date {n}-{}-{file', base)).toBe('{3}-{date 3-{}-{file');
  });

  it('differs between files of a batch with the default template', () => {
    let seed = 0;
    const random = () => ((seed = (seed * 9301 + 49297) % 233280) / 233280);
    const first = generateE2eId(DEFAULT_E2E_ID_TEMPLATE, { ...base, random });
    const second = generateE2eId(DEFAULT_E2E_ID_TEMPLATE, { ...base, random });
    expect(first).not.toBe(second);
  });
});
