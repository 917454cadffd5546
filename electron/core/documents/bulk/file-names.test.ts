import { describe, expect, it } from 'vitest';
import { assignBaseNames, baseNameFor, checkTemplate, MAX_FILE_NAME, sanitizeFileName, type NamingRecord } from './file-names';

const record = (overrides: Partial<NamingRecord> = {}): NamingRecord => ({
  uuid: '1b4e28ba-2fa1-11d2-883f-0016d3cca427',
  type: 'invoice',
  number: 'INV-001',
  date: '2026-03-01T10:00:00+01:00',
  direction: 'incoming',
  sender: { name: 'Acme AS', identifier: '0192:987654321' },
  recipient: { name: 'Buyer AS', identifier: '0192:123456789' },
  ...overrides,
});

describe('file-name templates', () => {
  it('fills every placeholder from the record (the date without its time)', () => {
    expect(baseNameFor('{date}_{number}_{sender}', record())).toBe('2026-03-01_INV-001_Acme AS');
    expect(baseNameFor('{type}-{direction}-{senderId}-{recipient}-{uuid}', record())).toBe(
      'invoice-incoming-0192_987654321-Buyer AS-1b4e28ba-2fa1-11d2-883f-0016d3cca427',
    );
  });

  it('rejects unknown placeholders and lone braces with a message that lists the known ones', () => {
    expect(() => checkTemplate('{date}_{amount}')).toThrow(/\{amount\}.*\{date\} \{number\}/);
    expect(() => checkTemplate('{date')).toThrow(/lone/);
    expect(() => checkTemplate('{date}_{number}')).not.toThrow();
  });

  it('falls back to the uuid when the template renders to nothing usable', () => {
    expect(baseNameFor('{number}', record({ number: '' }))).toBe(record().uuid);
    expect(baseNameFor('{sender}', record({ sender: { name: '???', identifier: '' } }))).toBe(record().uuid);
  });
});

describe('sanitizing for every OS', () => {
  it('replaces characters Windows forbids and control characters', () => {
    expect(sanitizeFileName('a/b\\c:d*e?f"g<h>i|j\u0001k\u007f')).toBe('a_b_c_d_e_f_g_h_i_j_k_');
  });

  it('drops trailing dots and spaces and hides nothing behind a leading dot', () => {
    expect(sanitizeFileName('invoice. . ')).toBe('invoice');
    expect(sanitizeFileName('..hidden')).toBe('_hidden');
  });

  it('prefixes reserved Windows device names, with or without an extension', () => {
    expect(sanitizeFileName('CON')).toBe('_CON');
    expect(sanitizeFileName('nul.txt')).toBe('_nul.txt');
    expect(sanitizeFileName('Com1')).toBe('_Com1');
    expect(sanitizeFileName('CONTOSO')).toBe('CONTOSO');
  });

  it('keeps names at most 200 characters without splitting a character', () => {
    const long = baseNameFor('{sender}', record({ sender: { name: '😀'.repeat(300), identifier: '' } }));
    expect(long.length).toBeLessThanOrEqual(MAX_FILE_NAME);
    expect(long).toMatch(/^(😀)+$/u);
  });
});

describe('de-duplication', () => {
  it('keeps the first name and suffixes later clashes with their uuid, ignoring case', () => {
    const names = assignBaseNames([
      { uuid: 'u1', baseName: 'INV-1' },
      { uuid: 'u2', baseName: 'inv-1' },
      { uuid: 'u3', baseName: 'INV-2' },
      { uuid: 'u4', baseName: 'INV-1' },
    ]);
    expect(names).toEqual(['INV-1', 'inv-1_u2', 'INV-2', 'INV-1_u4']);
  });

  it('is deterministic: the same selection always gets the same names', () => {
    const items = Array.from({ length: 20 }, (_, index) => ({ uuid: `u${index}`, baseName: `N${index % 3}` }));
    expect(assignBaseNames(items)).toEqual(assignBaseNames(items));
  });

  it('stays within the length limit with the suffix', () => {
    const [, second] = assignBaseNames([
      { uuid: 'a', baseName: 'x'.repeat(195) },
      { uuid: '1b4e28ba-2fa1-11d2-883f-0016d3cca427', baseName: 'x'.repeat(195) },
    ]);
    expect(second?.length).toBeLessThanOrEqual(MAX_FILE_NAME - 5);
    expect(second).toMatch(/_1b4e28ba-2fa1-11d2-883f-0016d3cca427$/);
  });
});
