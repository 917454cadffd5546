/**
 * Large documents run per Schematron pattern, shared between the workers (engine.ts,
 * `splitPatternsFrom`). These tests prove that this gives exactly the findings of whole-layer runs
 * (same rules, messages, places, lines, in the same order) over every fixture and over generated
 * large documents, and that such a run reports its progress per pattern.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectedValidity, fixtureBytes, fixtureIndex, namedErrors, type FixtureEntry } from '../test-support/fixtures';
import { largeInvoice } from '../test-support/large-invoice';
import { createStandardsEngine, SPLIT_PATTERNS_FROM, type StandardsEngine } from './engine';
import { patternsOf } from './patterns';
import { ruleSets } from './rule-sets';
import type { ValidationProgress, ValidationResult } from './types';

/** A large invoice from a Swedish supplier whose lines all carry a VAT rate Sweden does not have (24 %): findings in many patterns of both layers, on every line. */
const swedishInvoiceWithWrongRates = (lines: number): Uint8Array =>
  new TextEncoder().encode(
    new TextDecoder()
      .decode(largeInvoice(lines))
      .replace('<cbc:IdentificationCode>GB</cbc:IdentificationCode>', '<cbc:IdentificationCode>SE</cbc:IdentificationCode>')
      .replace('<cbc:CompanyID>GB1232434</cbc:CompanyID>', '<cbc:CompanyID>SE556677889901</cbc:CompanyID>')
      .replaceAll(/(<cac:ClassifiedTaxCategory>\s*<cbc:ID>S<\/cbc:ID>\s*<cbc:Percent>)25\.0/g, '$124.0'),
  );

const findings = (result: ValidationResult) => ({ ...result, durationMs: 0 });

/**
 * The fixtures that exercise the Schematron layers: every UBL fixture whose description names official
 * rule ids (findings spread over several patterns of both layers), and every UBL fixture valid under its
 * rule set (no findings, one of each document type at least). FatturaPA and KSeF run no Schematron, so a
 * split changes nothing for them.
 */
const schematronFixtures = (): FixtureEntry[] => {
  const ubl = fixtureIndex().filter((entry) => entry.kind !== 'fatturapa' && entry.kind !== 'ksef');
  const named = ubl.filter((entry) => namedErrors[entry.path]?.ruleIds);
  const firstValidPerKind = [...new Map(ubl.filter((entry) => entry.expected === 'valid').map((entry) => [entry.kind, entry] as const)).values()];
  return [...named, ...firstValidPerKind.filter((entry) => !named.includes(entry))];
};

let whole: StandardsEngine;
let split: StandardsEngine;
beforeAll(async () => {
  whole = createStandardsEngine({ timeoutMs: 300_000, splitPatternsFrom: Number.POSITIVE_INFINITY });
  split = createStandardsEngine({ timeoutMs: 300_000, splitPatternsFrom: 0 });
  const sample = fixtureBytes('peppol-bis-invoice-3/base-example.xml');
  await Promise.all([whole.validate(sample), split.validate(sample)]);
}, 300_000);
afterAll(async () => {
  await Promise.all([whole.close(), split.close()]);
});

describe('Schematron patterns of the official compiled rules', () => {
  it('every layer of every rule set is found to have its patterns (none would silently run whole)', () => {
    for (const layer of ruleSets.flatMap((ruleSet) => ruleSet.layers)) expect(patternsOf(layer).length, layer.xslt).toBeGreaterThan(0);
    expect(patternsOf(ruleSets[0]!.layers[0]!)).toEqual(['M11', 'M12', 'M13']);
    expect(patternsOf(ruleSets[0]!.layers[1]!)).toHaveLength(13);
  });
});

describe('a run per pattern gives exactly the findings of whole-layer runs', () => {
  it.each(schematronFixtures().map((entry) => [entry.path, entry] as const))('%s', async (_, entry) => {
    const { ruleSet } = expectedValidity(entry);
    const options = ruleSet ? { ruleSet } : {};
    const bytes = fixtureBytes(entry.path);
    expect(findings(await split.validate(bytes, options))).toEqual(findings(await whole.validate(bytes, options)));
  }, 120_000);
});

describe('a large document (a generated 200-line invoice with a wrong Swedish VAT rate on every line)', () => {
  it('runs per pattern by default, shows progress pattern by pattern, and finds exactly what whole layers find', async () => {
    const engine = createStandardsEngine({ timeoutMs: 300_000 });
    try {
      const bytes = swedishInvoiceWithWrongRates(200);
      expect(bytes.byteLength).toBeGreaterThanOrEqual(SPLIT_PATTERNS_FROM);
      const seen: ValidationProgress[] = [];
      const result = await engine.validate(bytes, { onProgress: (progress) => seen.push(progress) });
      expect(result.valid).toBe(false);
      const running = seen.filter((progress) => progress.artefact !== '');
      // Schema + 3 CEN patterns + 13 Peppol patterns, each announced once as it starts.
      expect(running).toHaveLength(17);
      expect(running.every((progress) => progress.total === 17)).toBe(true);
      expect(running.map((progress) => progress.done)).toEqual(Array.from({ length: 17 }, (_, index) => index));
      expect(running.filter((progress) => progress.artefact === 'Peppol BIS Billing 3.0 rules')).toHaveLength(13);
      expect(seen.at(-1)).toMatchObject({ done: 17, total: 17, artefact: '' });
      const expected = await whole.validate(bytes);
      expect(findings(result)).toEqual(findings(expected));
      expect(expected.fatal.filter((issue) => issue.ruleId === 'SE-R-006')).toHaveLength(200);
      expect(new Set(expected.fatal.map((issue) => issue.artefact.name)).size).toBe(2);
    } finally {
      await engine.close();
    }
  }, 600_000);
});
