/**
 * Documents that used to end as "the validation engine failed" (issue 24, points 8 and 10): a DOCTYPE
 * behind a byte-order mark, and values that stop an official Schematron with a dynamic error.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixtureBytes } from '../test-support/fixtures';
import { ValidationFailure } from './types';
import { validateInThread, type PartialResult } from './validate';

const secretFile = join(mkdtempSync(join(tmpdir(), 'ledgerdesk-xxe-')), 'secret.txt');
writeFileSync(secretFile, 'FAKE-PRIVATE-KEY-0xDEADBEEF');
const doctypeXml = `<?xml version="1.0"?>\n<!DOCTYPE Invoice [<!ENTITY leak SYSTEM "file://${secretFile}">]>\n<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"><ID>&leak;</ID></Invoice>`;

const utf16 = (text: string, order: 'le' | 'be', bom: boolean): Uint8Array => {
  const le = Buffer.from((bom ? '\uFEFF' : '') + text, 'utf16le');
  if (order === 'le') return le;
  const be = Buffer.alloc(le.length);
  for (let index = 0; index + 1 < le.length; index += 2) {
    be[index] = le[index + 1]!;
    be[index + 1] = le[index]!;
  }
  return be;
};

const failureOf = (bytes: Uint8Array): ValidationFailure => {
  try {
    validateInThread({ bytes, schemaOnly: true });
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationFailure);
    return error as ValidationFailure;
  }
  throw new Error('the document was validated');
};

describe('a DOCTYPE is refused as a DOCTYPE whatever the encoding marker', () => {
  it.each([
    ['no byte-order mark', Buffer.from(doctypeXml)],
    ['a UTF-8 byte-order mark', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(doctypeXml)])],
    ['UTF-16 LE with a byte-order mark', utf16(doctypeXml.replace('?>', ' encoding="UTF-16"?>'), 'le', true)],
    ['UTF-16 BE with a byte-order mark', utf16(doctypeXml.replace('?>', ' encoding="UTF-16"?>'), 'be', true)],
    ['UTF-16 LE without a byte-order mark', utf16(doctypeXml.replace('?>', ' encoding="UTF-16"?>'), 'le', false)],
    ['UTF-16 BE without a byte-order mark', utf16(doctypeXml.replace('?>', ' encoding="UTF-16"?>'), 'be', false)],
  ])('%s', (_, bytes) => {
    const failure = failureOf(bytes);
    expect(failure.code).toBe('doctype');
    expect(failure.message).toContain('DOCTYPE');
    expect(failure.message).not.toContain('FAKE-PRIVATE-KEY');
  });
});

const base = new TextDecoder().decode(fixtureBytes('peppol-bis-invoice-3/base-example.xml'));
const fatalOf = (result: PartialResult) => result.parts.flatMap((part) => part.issues).filter((issue) => issue.flag === 'fatal');

describe('a value that stops the official Schematron is a finding, not an engine failure', () => {
  it.each([['1e400'], ['']])('PayableAmount "%s": a fatal finding naming the value, the rule and the place', (value) => {
    const xml = base.replace(/(<cbc:PayableAmount[^>]*>)[^<]*/, `$1${value}`);
    const result = validateInThread({ bytes: Buffer.from(xml), ruleSet: 'peppol-bis-billing-3.0-invoice' });
    const finding = fatalOf(result).find((issue) => issue.ruleId === 'FORG0001');
    expect(finding).toBeDefined();
    expect(finding?.message).toContain(`The value "${value}" at /Invoice/cac:LegalMonetaryTotal/cbc:PayableAmount`);
    expect(finding?.message).toContain('cac:LegalMonetaryTotal');
    expect(finding?.location).toBe('/Invoice/cac:LegalMonetaryTotal/cbc:PayableAmount');
    expect(finding?.line).toBe(xml.split('\n').findIndex((line) => line.includes('<cbc:PayableAmount')) + 1);
    expect(finding?.artefact.name).toBe('CEN EN 16931 UBL rules');
  });

  it('the other layers still report their own findings', () => {
    const xml = base.replace(/(<cbc:PayableAmount[^>]*>)[^<]*/, '$11e400');
    const result = validateInThread({ bytes: Buffer.from(xml), ruleSet: 'peppol-bis-billing-3.0-invoice' });
    expect(result.parts.filter((part) => part.order > 0).map((part) => part.artefact.name)).toEqual(['CEN EN 16931 UBL rules', 'Peppol BIS Billing 3.0 rules']);
  });
});
