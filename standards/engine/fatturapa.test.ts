/**
 * FatturaPA 2025–26: the 1.2.3 schema (TD29, RF20; every 1.2.2 document stays valid, see fixtures.test.ts)
 * and the semplificata (VFSM10 1.0.1). TD29 and RF20 have no public sample: they are built from a 1.2.2
 * fixture by changing only that code.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureBytes } from '../test-support/fixtures';
import { createStandardsEngine, noticeText, type StandardsEngine } from './index';

const ORDINARIA = 'ph-fatturapa/IT01234567890_FPR01.xml';
const SEMPLIFICATA = 'FatturaElettronica.NET/IT01234567890_FSM10.xml';

/** The fixture with exactly one element's text replaced (the fixture must hold it once). */
const withCode = (path: string, element: string, from: string, to: string): Uint8Array => {
  const xml = Buffer.from(fixtureBytes(path)).toString('utf8');
  const tag = `<${element}>${from}</${element}>`;
  expect(xml.split(tag)).toHaveLength(2);
  return new TextEncoder().encode(xml.replace(tag, `<${element}>${to}</${element}>`));
};

let engine: StandardsEngine;
beforeAll(() => {
  engine = createStandardsEngine({ timeoutMs: 120_000 });
});
afterAll(() => engine.close());

describe('FatturaPA 1.2.3', () => {
  it('accepts a TD29 (notice of an invoice never issued or issued wrongly)', async () => {
    const result = await engine.validate(withCode(ORDINARIA, 'TipoDocumento', 'TD01', 'TD29'));
    expect(result.fatal).toEqual([]);
    expect(result.valid).toBe(true);
    expect(result.ruleSet).toMatchObject({ code: 'fatturapa-1.2.3', name: 'FatturaPA schema', version: '1.2.3', release: 'FatturaPA 1.2.3', validFrom: '2025-04-01' });
  }, 120_000);

  it('accepts a seller under RF20 (EU cross-border VAT franchise)', async () => {
    const result = await engine.validate(withCode(ORDINARIA, 'RegimeFiscale', 'RF19', 'RF20'));
    expect(result.fatal).toEqual([]);
    expect(result.valid).toBe(true);
  }, 120_000);

  it('still refuses a document type the schema does not have, naming the element', async () => {
    const result = await engine.validate(withCode(ORDINARIA, 'TipoDocumento', 'TD01', 'TD30'));
    expect(result.valid).toBe(false);
    expect(result.fatal[0]).toMatchObject({ ruleId: 'XSD', artefact: { name: 'FatturaPA schema', version: '1.2.3' } });
    expect(result.fatal[0]?.message).toContain('TipoDocumento');
  }, 120_000);
});

describe('FatturaPA semplificata (VFSM10 1.0.1)', () => {
  it('is recognised and validated with its own schema', async () => {
    const result = await engine.validate(fixtureBytes(SEMPLIFICATA), { schemaOnly: true });
    expect(result.kind).toBe('fatturapa');
    expect(result.valid).toBe(true);
    // Its successor 1.0.2 (in force since 2025-04-01) has no verified copy: the result says 1.0.1 ran, and until when it was in force.
    expect(result.ruleSet).toMatchObject({ code: 'fatturapa-semplificata-1.0.1', name: 'FatturaPA semplificata schema', version: '1.0.1', validUntil: '2025-03-31' });
    expect(result.artefacts).toEqual([{ name: 'FatturaPA semplificata schema', version: '1.0.1' }]);
  }, 120_000);

  it('refuses an RF20 semplificata and says that 1.0.2, which adds RF20, has no verified copy', async () => {
    const result = await engine.validate(withCode(SEMPLIFICATA, 'RegimeFiscale', 'RF01', 'RF20'));
    expect(result.valid).toBe(false);
    const explained = result.fatal.filter((issue) => issue.notice === 'semplificata-rf20');
    expect(explained.length).toBeGreaterThan(0);
    expect(explained[0]?.message).toContain('RegimeFiscale');
    expect(explained[0]?.message).toContain('RF20');
    expect(noticeText('semplificata-rf20')).toContain('schema 1.0.2, in force since 2025-04-01');
    expect(noticeText('semplificata-rf20')).toContain('No verified copy of 1.0.2 exists');
  }, 120_000);

  it('explains nothing for another schema error of a semplificata', async () => {
    const result = await engine.validate(withCode(SEMPLIFICATA, 'TipoDocumento', 'TD07', 'TD01'));
    expect(result.valid).toBe(false);
    expect(result.fatal.every((issue) => issue.notice === undefined)).toBe(true);
  }, 120_000);
});
