import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureBytes } from '../test-support/fixtures';
import { createStandardsEngine, MAX_DOCUMENT_BYTES, type StandardsEngine, ValidationFailure } from './index';

const text = (xml: string) => new TextEncoder().encode(xml);
const failureOf = async (promise: Promise<unknown>): Promise<ValidationFailure> => {
  const error = await promise.then(() => undefined, (caught: unknown) => caught);
  expect(error).toBeInstanceOf(ValidationFailure);
  return error as ValidationFailure;
};

let engine: StandardsEngine;
beforeAll(async () => {
  engine = createStandardsEngine({ timeoutMs: 120_000 });
  // The first validation loads the engine and the rules (worker start, SEFs, schema).
  await engine.validate(fixtureBytes('peppol-bis-invoice-3/base-example.xml'));
}, 180_000);
afterAll(() => engine.close());

describe('standards engine: results', () => {
  it('reports each official rule with its id, flag, message, place, line, test and artefact', async () => {
    const result = await engine.validate(fixtureBytes('ph-ubl/UBL-Invoice-2.1-Example-Trivial.xml'));
    expect(result.ruleSet.code).toBe('peppol-bis-billing-3.0-invoice');
    expect(result.valid).toBe(false);
    const br01 = result.fatal.find((issue) => issue.ruleId === 'BR-01');
    expect(br01).toMatchObject({
      flag: 'fatal',
      location: '/Invoice',
      test: "normalize-space(cbc:CustomizationID) != ''",
      artefact: { name: 'CEN EN 16931 UBL rules', version: '1.3.16 (OpenPeppol 2026.5)' },
    });
    expect(br01?.message).toContain('Specification identifier (BT-24)');
    expect(br01?.line).toBeGreaterThan(0);
    expect(result.artefacts.map((artefact) => artefact.name)).toEqual(['UBL Invoice schema (UBL-Invoice-2.1.xsd)', 'CEN EN 16931 UBL rules', 'Peppol BIS Billing 3.0 rules']);
  });

  it('keeps warnings apart from fatal errors: a warning never makes a document invalid', async () => {
    const result = await engine.validate(fixtureBytes('peppol-bis-invoice-3/Norwegian-example-1.xml'));
    expect(result.valid).toBe(true);
    expect(result.warnings.map((issue) => issue.ruleId)).toContain('UBL-CR-679');
  });

  it('points a line-level rule at the line, readable and with its source line', async () => {
    const xml = new TextDecoder().decode(fixtureBytes('peppol-bis-invoice-3/base-example.xml')).replace('<cbc:InvoicedQuantity unitCode="DAY">7</cbc:InvoicedQuantity>', '<cbc:InvoicedQuantity>7</cbc:InvoicedQuantity>');
    const result = await engine.validate(text(xml));
    const issue = result.fatal.find((entry) => entry.location.includes('cac:InvoiceLine'));
    expect(issue?.ruleId).toBe('BR-23');
    expect(issue?.location).toBe('/Invoice/cac:InvoiceLine[1]');
    expect(issue?.line).toBeGreaterThan(140);
  });

  it('uses the rule set asked for, and refuses one that does not exist or does not fit the document', async () => {
    const core = await engine.validate(fixtureBytes('eInvoicing-EN16931/ubl-tc434-example1.xml'), { ruleSet: 'en16931-ubl-invoice' });
    expect(core).toMatchObject({ valid: true, ruleSet: { code: 'en16931-ubl-invoice' } });
    expect((await failureOf(engine.validate(fixtureBytes('peppol-bis-invoice-3/base-example.xml'), { ruleSet: 'nope' }))).code).toBe('rule_set_unknown');
    const misfit = await failureOf(engine.validate(fixtureBytes('peppol-bis-invoice-3/base-example.xml'), { ruleSet: 'peppol-order-t01' }));
    expect(misfit.code).toBe('rule_set_not_applicable');
  });
});

describe('standards engine: cancel', () => {
  it('a cancelled validation answers "cancelled" whether it was waiting or running, and the engine goes on', async () => {
    const running = new AbortController();
    const waiting = new AbortController();
    const first = engine.validate(fixtureBytes('peppol-bis-invoice-3/base-example.xml'), { signal: running.signal });
    const second = engine.validate(fixtureBytes('peppol-bis-invoice-3/base-example.xml'), { signal: waiting.signal });
    waiting.abort();
    expect((await failureOf(second)).code).toBe('cancelled');
    running.abort();
    expect((await failureOf(first)).code).toBe('cancelled');
    expect((await engine.validate(fixtureBytes('ph-ubl/UBL-Invoice-2.1-Example-Trivial.xml'))).valid).toBe(false);
  }, 120_000);
});

describe('standards engine: bad input gets a clear error, never a crash or a hang', () => {
  it('not XML', async () => {
    const failure = await failureOf(engine.validate(text('this is not xml')));
    expect(failure.code).toBe('not_xml');
    expect(failure.message).toMatch(/not well-formed XML \(line 1/);
  });

  it('an empty file', async () => {
    expect((await failureOf(engine.validate(new Uint8Array()))).message).toBe('The file is empty.');
  });

  it('a DOCTYPE (entity expansion, external files)', async () => {
    const failure = await failureOf(engine.validate(text('<?xml version="1.0"?>\n<!DOCTYPE Invoice [<!ENTITY a "aaaa">]><Invoice/>')));
    expect(failure.code).toBe('doctype');
  });

  it('an unknown namespace or the wrong root names what was found and what is expected', async () => {
    const failure = await failureOf(engine.validate(text('<Invoice xmlns="urn:example:not-ubl"/>')));
    expect(failure.code).toBe('unknown_document');
    expect(failure.message).toContain('urn:example:not-ubl');
    expect(failure.message).toContain('FatturaPA');
  });

  it('the wrong root in a known namespace, or a known root without its namespace', async () => {
    const wrongRoot = await failureOf(engine.validate(text('<Receipt xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"/>')));
    expect(wrongRoot.code).toBe('unknown_document');
    expect(wrongRoot.message).toContain('The root element is Receipt');
    const bare = await failureOf(engine.validate(text('<Invoice><ID>1</ID></Invoice>')));
    expect(bare.code).toBe('unknown_document');
    expect(bare.message).toContain('without a namespace');
  });

  it('a document of almost 20 MB is still checked, and its schema errors name the line', async () => {
    const invoice = new TextDecoder().decode(fixtureBytes('peppol-bis-invoice-3/base-example.xml'));
    // Comments (of 1 MB: libxml2 refuses a single text or comment over 10 MB as not well-formed) keep the invoice as it is.
    const comments = Math.floor((MAX_DOCUMENT_BYTES - invoice.length - 200) / (1024 * 1024 + 7));
    const padding = `${`<!--${'x'.repeat(1024 * 1024)}-->`.repeat(comments)}\n`;
    const big = text(invoice.replace('<cbc:DueDate>', `${padding}<cbc:Unknown/><cbc:DueDate>`));
    expect(big.byteLength).toBeLessThanOrEqual(MAX_DOCUMENT_BYTES);
    const result = await engine.validate(big, { schemaOnly: true });
    expect(result.valid).toBe(false);
    expect(result.fatal[0]).toMatchObject({ ruleId: 'XSD', line: 10 });
    expect(result.fatal[0]?.message).toContain('cbc:Unknown');
  });

  it('a document over the size limit', async () => {
    const failure = await failureOf(engine.validate(new Uint8Array(MAX_DOCUMENT_BYTES + 1)));
    expect(failure.code).toBe('too_large');
    expect(failure.message).toContain('20 MB');
  });

  it('a document that makes the rules run past the time limit is stopped with "took too long", and the engine still works after', async () => {
    const impatient = createStandardsEngine({ timeoutMs: 1 });
    try {
      const failure = await failureOf(impatient.validate(fixtureBytes('peppol-bis-invoice-3/base-example.xml')));
      expect(failure.code).toBe('timeout');
      expect(failure.message).toMatch(/took too long/);
    } finally {
      await impatient.close();
    }
    expect((await engine.validate(fixtureBytes('peppol-bis-invoice-3/base-example.xml'))).valid).toBe(true);
  });
});
