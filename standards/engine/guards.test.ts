/**
 * Pattern guards (scripts/derive-pattern-guards.mjs, guards.ts): a pattern whose guard is false for a
 * document is skipped. These tests prove the findings identical with and without guards, per pattern as
 * the engine runs a large document, on every UBL fixture, on mutated documents and on generated
 * 1 000-line invoices with and without a Swedish supplier; and that the guards are read from the
 * compiled rules, not written by hand.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { deriveLayerGuards, readSef, type SefNode } from '../../scripts/derive-pattern-guards.mjs';
import { fixtureBytes, fixturesDir, type FixtureEntry } from '../test-support/fixtures';
import { largeInvoice } from '../test-support/large-invoice';
import { patternGuard } from './guards';
import { sefPath } from './paths';
import { patternsOf } from './patterns';
import { findRuleSet } from './rule-sets';
import { guardHolds, runLayer, saxonDocument, sefDigest } from './schematron';
import { createUnitQueueMemory } from './unit-queue';
import { validateInThread } from './validate';

const encode = (text: string): Uint8Array => new TextEncoder().encode(text);
const decode = (bytes: Uint8Array): string => new TextDecoder().decode(bytes);

/** The supplier moved to Sweden (country and VAT number); `back` undoes it. */
const swedishSupplier = (bytes: Uint8Array): Uint8Array =>
  encode(
    decode(bytes)
      .replace('<cbc:IdentificationCode>GB</cbc:IdentificationCode>', '<cbc:IdentificationCode>SE</cbc:IdentificationCode>')
      .replace('<cbc:CompanyID>GB1232434</cbc:CompanyID>', '<cbc:CompanyID>SE556677889901</cbc:CompanyID>'),
  );
const back = (bytes: Uint8Array): Uint8Array =>
  encode(
    decode(bytes)
      .replace('<cbc:IdentificationCode>SE</cbc:IdentificationCode>', '<cbc:IdentificationCode>GB</cbc:IdentificationCode>')
      .replace('<cbc:CompanyID>SE556677889901</cbc:CompanyID>', '<cbc:CompanyID>GB1232434</cbc:CompanyID>'),
  );
/** Swedish supplier, lines at a rate Sweden does not have and a Plusgiro account that breaks SE rules. */
const swedishWithFindings = (bytes: Uint8Array): Uint8Array =>
  encode(
    decode(swedishSupplier(bytes))
      .replaceAll(/(<cac:ClassifiedTaxCategory>\s*<cbc:ID>S<\/cbc:ID>\s*<cbc:Percent>)25\.0/g, '$124.0')
      .replace(/<cbc:PaymentMeansCode[^>]*>\d+<\/cbc:PaymentMeansCode>/, '<cbc:PaymentMeansCode>30</cbc:PaymentMeansCode>'),
  );

/** Findings of a per-pattern run (as the engine runs a large document), with or without guards. */
const perPattern = (bytes: Uint8Array, guards: boolean) => {
  try {
    const result = validateInThread({ bytes, units: createUnitQueueMemory(), guards });
    return { ruleSet: result.ruleSet, parts: result.parts.map(({ order, pattern, issues }) => ({ order, pattern, issues })) };
  } catch (error) {
    return { failure: String(error) };
  }
};

const expectSameFindings = (bytes: Uint8Array): void => {
  expect(perPattern(bytes, true)).toEqual(perPattern(bytes, false));
};

/** Runs every pattern whose guard is false for the document, unguarded, and expects no finding; returns them. */
const expectSkippedPatternsSilent = (bytes: Uint8Array): string[] => {
  const document = saxonDocument(decode(bytes));
  const skipped: string[] = [];
  for (const layer of findRuleSet('peppol-bis-billing-3.0-invoice')!.layers) {
    for (const mode of patternsOf(layer)) {
      const guard = patternGuard(layer.xslt, sefDigest(layer), mode);
      if (guard === undefined || guardHolds(document, guard)) continue;
      skipped.push(`${layer.xslt} ${mode}`);
      expect(runLayer(document, layer, mode), `${layer.xslt} ${mode}`).toEqual([]);
    }
  }
  return skipped;
};

/** The Peppol pattern that reports the Swedish rules (SE-R-*), found by its findings on a Swedish fixture. */
const swedishPattern = (): string => {
  const document = saxonDocument(decode(fixtureBytes('eInvoicing-EN16931/Invoice-Max_content.xml')));
  const mode = patternsOf(peppolLayer).find((candidate) => runLayer(document, peppolLayer, candidate).some((issue) => issue.ruleId.startsWith('SE-R-')));
  if (!mode) throw new Error('no Peppol pattern reports SE-R-* on a Swedish fixture');
  return mode;
};

const ublFixtures = (): FixtureEntry[] =>
  (JSON.parse(readFileSync(join(fixturesDir, 'index.json'), 'utf8')) as FixtureEntry[]).filter((entry) => entry.kind !== 'fatturapa' && entry.kind !== 'ksef');

const base = fixtureBytes('peppol-bis-invoice-3/base-example.xml');
const peppolLayer = findRuleSet('peppol-bis-billing-3.0-invoice')!.layers[1]!;

describe('pattern guards', () => {
  it('are derived from the compiled rules, and skip patterns on a non-Swedish invoice but not on a Swedish one', () => {
    const derived = deriveLayerGuards(readSef(sefPath(peppolLayer.xslt)).tree);
    const modes = patternsOf(peppolLayer);
    expect(Object.keys(derived).sort()).toEqual([...modes].sort());
    const guarded = modes.filter((mode) => patternGuard(peppolLayer.xslt, sefDigest(peppolLayer), mode) !== undefined);
    expect(guarded.map((mode) => derived[mode])).not.toContain(null);
    const holds = (bytes: Uint8Array) => guarded.filter((mode) => guardHolds(saxonDocument(decode(bytes)), derived[mode]!));
    // Some pattern cannot report on an invoice from a British supplier, and one of those can on a Swedish one.
    const skippedForGb = guarded.filter((mode) => !holds(base).includes(mode));
    expect(skippedForGb.length).toBeGreaterThan(0);
    expect(skippedForGb.filter((mode) => holds(swedishWithFindings(base)).includes(mode))).not.toEqual([]);
  });

  it('give no guard to a pattern with a rule they cannot read, and "false" to one that cannot report', () => {
    const reporting = { N: 'elem', name: 'svrl:failed-assert' };
    const rule = (match: SefNode, action: SefNode = reporting): SefNode => ({ N: 'templateRule', C: [{ ...match, role: 'match' }, action] });
    const tree: SefNode = {
      N: 'package',
      C: [
        { N: 'mode', name: 'Q{}M1', C: [rule({ N: 'p.withPredicate', C: [{ N: 'p.nodeTest', test: 'NE nQ{urn:x}A' }, { N: 'gVarRef', name: 'Q{}v' }] })] },
        { N: 'mode', name: 'Q{}M2', C: [rule({ N: 'p.nodeTest', test: 'NT' }, { N: 'sequence' })] },
        {
          N: 'mode',
          name: 'Q{}M3',
          C: [rule({ N: 'p.withPredicate', C: [{ N: 'p.nodeTest', test: 'NE nQ{urn:x}A' }, { N: 'and', C: [{ N: 'docOrder', C: [{ N: 'slash', op: '/', C: [{ N: 'root' }, { N: 'axis', name: 'descendant', nodeTest: '*NE nQ{urn:x}B' }] }] }, { N: 'axis', name: 'child', nodeTest: '*NE nQ{urn:x}C' }] }] })],
        },
      ],
    };
    const guards = deriveLayerGuards(tree);
    expect(guards.M1).toBeNull();
    expect(guards.M2).toBe('Q{http://www.w3.org/2005/xpath-functions}false()');
    // Only the document-level conjunct (//B), not the one that depends on the context node (C).
    expect(guards.M3).toContain('descendant::Q{urn:x}B');
    expect(guards.M3).not.toContain('Q{urn:x}C');
  });

  it('leave the findings of every UBL fixture unchanged', { timeout: 600_000 }, () => {
    const fixtures = ublFixtures();
    expect(fixtures.length).toBeGreaterThan(40);
    for (const entry of fixtures) expectSameFindings(fixtureBytes(entry.path));
  });

  it('leave the findings of mutated documents unchanged (supplier to Sweden and back, Swedish findings, lines added)', { timeout: 600_000 }, () => {
    const swedish = swedishWithFindings(base);
    expect(perPattern(swedish, true)).toMatchObject({ parts: expect.arrayContaining([expect.objectContaining({ issues: expect.arrayContaining([expect.objectContaining({ ruleId: expect.stringMatching(/^SE-R-/) })]) })]) });
    for (const bytes of [swedishSupplier(base), back(swedishSupplier(base)), swedish, back(swedish), largeInvoice(40), swedishWithFindings(largeInvoice(40))]) expectSameFindings(bytes);
  });

  // A guarded run differs from an unguarded one only in the patterns it skips (the others run the same
  // code on the same document), so on the 1 000-line invoices each skipped pattern is run in full and must
  // report nothing. (Running the whole validation twice more would cost minutes of CPU for no more proof.)
  it('leave the findings of 1 000-line invoices unchanged, with and without a Swedish supplier', { timeout: 1_800_000 }, () => {
    const large = largeInvoice(1000);
    const skippedGb = expectSkippedPatternsSilent(large);
    expect(skippedGb).toContain(`${peppolLayer.xslt} ${swedishPattern()}`);
    const skippedSe = expectSkippedPatternsSilent(swedishWithFindings(large));
    expect(skippedSe).not.toContain(`${peppolLayer.xslt} ${swedishPattern()}`);
  });
});
