import { describe, expect, it } from 'vitest';
import { baseNameFor, EXTENSION_ROOM, MAX_FILE_NAME, sanitizeFileName, templateProblem, type NamingRecord } from './file-name-template';

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

  it('keeps names within the byte limit without splitting a character', () => {
    const long = baseNameFor('{sender}', record({ sender: { name: '😀'.repeat(300), identifier: '' } }));
    expect(Buffer.byteLength(long, 'utf8')).toBeLessThanOrEqual(MAX_FILE_NAME - EXTENSION_ROOM);
    expect(long).toMatch(/^(😀)+$/u);
  });

  it('cuts by 255 UTF-8 bytes, not characters, keeping the extension', () => {
    const cjk = '票'.repeat(200);
    const cut = sanitizeFileName(`${cjk}.xml`);
    expect(Buffer.byteLength(cut, 'utf8')).toBeLessThanOrEqual(255);
    expect(cut).toMatch(/^票+\.xml$/u);
    expect(cut).toBe(`${'票'.repeat(83)}.xml`);
    // A 4-byte character is never split, even where only part of it would fit.
    expect(sanitizeFileName(`a${'😀'.repeat(70)}.pdf`, 20)).toBe(`a${'😀'.repeat(3)}.pdf`);
    // The app's own names leave room for the temporary file of an atomic write and the longest extension.
    const base = baseNameFor('{number}', record({ number: cjk }));
    expect(Buffer.byteLength(`.${base}.meta.json.0123456789ab.tmp`, 'utf8')).toBeLessThanOrEqual(255);
  });

  it('removes bidi controls and zero-width characters', () => {
    expect(sanitizeFileName('invoice_x\u202Etxt.exe.xml')).toBe('invoice_xtxt.exe.xml');
    expect(sanitizeFileName('a\u200Bb\u200Cc\u200Dd\u2060e\uFEFFf\u200E\u200F\u061C\u202A\u202B\u202C\u202D\u2066\u2067\u2068\u2069g')).toBe('abcdefg');
  });
});
