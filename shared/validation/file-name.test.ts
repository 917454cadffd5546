import { describe, expect, it } from 'vitest';
import { fileNameStem, validateFileName } from './file-name';

describe('validateFileName', () => {
  it.each([
    ['invoice.xml', 'xml', false],
    ['data.json', 'json', false],
    ['rows.csv', 'csv', false],
    ['batch.zip', 'zip', false],
    ['invoice.xml.p7m', 'xml', true],
    ['data.json.p7m', 'json', true],
    ['rows.csv.p7m', 'csv', true],
    ['batch.zip.p7m', 'zip', true],
    ['INVOICE.XML.P7M', 'xml', true],
    ['Invoice.Xml', 'xml', false],
    ['IT01234567890_abcde.xml', 'xml', false],
    ['my invoice (copy) #2.v1.csv', 'csv', false],
  ] as const)('accepts %s as %s (signed: %s)', (name, kind, signed) => {
    expect(validateFileName(name)).toEqual({ ok: true, kind, signed });
  });

  it.each(['report.pdf', 'notes.txt', 'README', 'invoice.xml.bak', 'invoice.p7m', 'invoice.xmlp7m', 'archive.tar.gz'])(
    'rejects the unknown extension of %s and lists the known ones',
    (name) => {
      const result = validateFileName(name);
      expect(result).toMatchObject({ ok: false, code: 'unknown_extension' });
      if (!result.ok) expect(result.message).toContain('.xml.p7m');
    },
  );

  it('accepts 255 characters and rejects 256', () => {
    const name255 = `${'a'.repeat(251)}.xml`;
    expect(name255).toHaveLength(255);
    expect(validateFileName(name255).ok).toBe(true);
    const result = validateFileName(`a${name255}`);
    expect(result).toMatchObject({ ok: false, code: 'too_long' });
    if (!result.ok) expect(result.message).toMatch(/256 characters.*at most 255/);
  });

  it.each([
    ['a tab', 'in\tvoice.xml', 'a tab'],
    ['a newline', 'in\nvoice.xml', 'a line break'],
    ['a carriage return', 'in\rvoice.xml', 'a line break'],
    ['DEL', 'in\x7fvoice.xml', 'DEL'],
    ['a NUL', 'in\x00voice.xml', 'control character'],
    ['an accented letter', 'fattura-è.xml', '"è"'],
    ['an emoji', 'invoice-😀.xml', '"😀"'],
  ])('rejects %s and names it', (_label, name, described) => {
    const result = validateFileName(name);
    expect(result).toMatchObject({ ok: false, code: 'non_printable' });
    if (!result.ok) expect(result.message).toContain(described);
  });

  it.each(['folder/invoice.xml', 'folder\\invoice.xml', '/invoice.xml'])('rejects the path separator in %s', (name) => {
    expect(validateFileName(name)).toMatchObject({ ok: false, code: 'path_separator' });
  });

  it('rejects empty names, bare extensions and non-strings with a clear message', () => {
    expect(validateFileName('')).toMatchObject({ ok: false, code: 'empty' });
    expect(validateFileName('.xml')).toMatchObject({ ok: false, code: 'empty' });
    expect(validateFileName('.XML.p7m')).toMatchObject({ ok: false, code: 'empty' });
    expect(validateFileName(undefined)).toMatchObject({ ok: false, code: 'not_a_string' });
    expect(validateFileName(42)).toMatchObject({ ok: false, code: 'not_a_string' });
  });

  it('accepts spaces and symbols of printable ASCII', () => {
    expect(validateFileName(' !"#$%&\'()*+,-.:;<=>?@[]^_`{|}~.json').ok).toBe(true);
  });

  it('gives the stem without the recognised extensions', () => {
    expect(fileNameStem('a.b.XML.p7m')).toBe('a.b');
    expect(fileNameStem('rows.csv')).toBe('rows');
  });
});
