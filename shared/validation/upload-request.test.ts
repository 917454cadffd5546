import { describe, expect, it } from 'vitest';
import { suggestCountryFromFileName, validateCountry } from './country';
import { validateUploadRequest } from './upload-request';
import { fitsInOneUpload, MAX_UPLOAD_BODY_BYTES, maxFileBytesForUpload, uploadBodyBytes } from './upload-limits';

describe('validateUploadRequest', () => {
  const valid = { country: 'IT', file_name: 'invoice.xml', content: 'PGEvPg==', e2e_id: ' x'.trim() };

  it('accepts a valid body and returns the fields in camelCase', () => {
    expect(validateUploadRequest(valid)).toEqual({
      ok: true,
      fieldErrors: {},
      request: { country: 'IT', fileName: 'invoice.xml', content: 'PGEvPg==', e2eId: 'x' },
    });
  });

  it('treats an absent or null e2e_id as none', () => {
    const { e2e_id: _omit, ...withoutId } = valid;
    expect(validateUploadRequest(withoutId)).toMatchObject({ ok: true, request: { e2eId: null } });
    expect(validateUploadRequest({ ...valid, e2e_id: null })).toMatchObject({ ok: true, request: { e2eId: null } });
  });

  it('reports every invalid field at once with the spec keys', () => {
    const result = validateUploadRequest({ country: 'FR', file_name: 'a.pdf', content: 'a-b9', e2e_id: ' x' });
    expect(result.ok).toBe(false);
    expect(Object.keys(result.fieldErrors).sort()).toEqual(['content', 'country', 'e2eId', 'fileName']);
  });

  it('reports missing and wrongly typed fields', () => {
    const result = validateUploadRequest({ country: 1, content: ['x'] });
    expect(Object.keys(result.fieldErrors).sort()).toEqual(['content', 'country', 'fileName']);
    expect(validateUploadRequest({ ...valid, content: '' }).fieldErrors).toEqual({ content: expect.stringMatching(/empty/) });
    expect(Object.keys(validateUploadRequest(null).fieldErrors).sort()).toEqual(['content', 'country', 'fileName']);
  });
});

describe('validateCountry', () => {
  it('accepts exactly IT and PL', () => {
    expect(validateCountry('IT')).toEqual({ ok: true, country: 'IT' });
    expect(validateCountry('PL')).toEqual({ ok: true, country: 'PL' });
  });
  it.each(['it', 'Pl', 'FR', '', ' IT', undefined, 5])('rejects %j', (value) => {
    expect(validateCountry(value).ok).toBe(false);
  });
  it('tells to use capitals for lowercase codes', () => {
    expect(validateCountry('it')).toMatchObject({ message: expect.stringContaining('"IT"') });
  });
});

describe('upload limits', () => {
  it('is 5 MiB', () => {
    expect(MAX_UPLOAD_BODY_BYTES).toBe(5 * 1024 * 1024);
  });

  it('computes the largest file whose JSON body still fits (about 3.75 MiB)', () => {
    const name = 'invoice.xml';
    const max = maxFileBytesForUpload(name, 'e2e-1');
    expect(max).toBeGreaterThan(3.74 * 1024 * 1024);
    expect(max).toBeLessThan(3.75 * 1024 * 1024);
    expect(fitsInOneUpload(max, name, 'e2e-1')).toBe(true);
    expect(fitsInOneUpload(max + 1, name, 'e2e-1')).toBe(false);
    const body = JSON.stringify({ country: 'PL', file_name: name, content: 'A'.repeat(Math.ceil(max / 3) * 4), e2e_id: 'e2e-1' });
    expect(body.length).toBe(uploadBodyBytes(max, name, 'e2e-1'));
    expect(body.length).toBeLessThanOrEqual(MAX_UPLOAD_BODY_BYTES);
  });

  it('accounts for JSON escaping of the e2e id', () => {
    expect(maxFileBytesForUpload('a.xml', '"\\"')).toBeLessThan(maxFileBytesForUpload('a.xml', 'abc'));
    expect(maxFileBytesForUpload('a.xml')).toBeGreaterThan(maxFileBytesForUpload('a.xml', 'abc'));
  });
});

describe('suggestCountryFromFileName', () => {
  it.each([
    ['IT01234567890_abcde.xml', 'IT'],
    ['IT01234567890_00001.xml.p7m', 'IT'],
    ['itRSSMRA85T10A562S_1A2B3.XML', 'IT'],
    ['5265877635-20230625-0100A0B2E5CB-5D.xml', 'PL'],
    ['FA_2026_001.xml', 'PL'],
    ['FA(3)-invoice.xml', 'PL'],
    ['export-ksef.json', 'PL'],
    ['invoice.xml', null],
    ['IT0123_abc.xml', null],
    ['ITALY_report.csv', null],
  ] as const)('%s → %s', (name, expected) => {
    expect(suggestCountryFromFileName(name)).toBe(expected);
  });
});
