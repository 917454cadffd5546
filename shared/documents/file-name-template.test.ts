import { describe, expect, it } from 'vitest';
import { baseNameFor, MAX_FILE_NAME, sanitizeFileName, templateProblem, type NamingRecord } from './file-name-template';

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

  it('falls back to the uuid when the template renders to nothing usable', () => {
    expect(baseNameFor('{number}', record({ number: '' }))).toBe(record().uuid);
    expect(baseNameFor('{sender}', record({ sender: { name: '???', identifier: '' } }))).toBe(record().uuid);
  });

  it('names the problem of a broken template', () => {
    expect(templateProblem('')).toEqual({ kind: 'empty' });
    expect(templateProblem('a/b')).toEqual({ kind: 'slash' });
    expect(templateProblem('{date}_{amount}')).toEqual({ kind: 'unknown', name: 'amount' });
    expect(templateProblem('{date')).toEqual({ kind: 'brace' });
    expect(templateProblem('{date}_{number}')).toBeNull();
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
