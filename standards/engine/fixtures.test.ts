import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectedValidity, fixtureBytes, fixtureIndex, ksefOptionsOf, ksefPrecheckRefusals, namedErrors } from '../test-support/fixtures';
import { KSEF_PRECHECKS } from './ksef-prechecks';
import { isKsefTemplate, substituteTemplate } from '../test-support/template-values';
import { createStandardsEngine, type StandardsEngine } from './index';

let engine: StandardsEngine;
beforeAll(async () => {
  engine = createStandardsEngine({ timeoutMs: 120_000 });
  await engine.validate(fixtureBytes('peppol-bis-invoice-3/base-example.xml'));
}, 180_000);
afterAll(() => engine.close());

describe('every public fixture gets the verdict index.json records, from the official artefacts', () => {
  it.each(fixtureIndex().map((entry) => [entry.path, entry] as const))('%s', async (_, entry) => {
    const expected = expectedValidity(entry);
    const result = await engine.validate(fixtureBytes(entry.path), expected.ruleSet ? { ruleSet: expected.ruleSet } : ksefOptionsOf(entry));
    const summary = result.fatal.map((issue) => issue.ruleId).join(', ');
    expect(result.kind, entry.path).toBe(entry.kind);
    // index.json records the official artefacts' verdict; KSeF's own acceptance checks (ours) are asserted apart.
    const official = result.fatal.filter((issue) => issue.artefact.name !== KSEF_PRECHECKS.name);
    expect(official.length === 0, `${entry.path}: ${summary}`).toBe(expected.valid);
    const refusal = ksefPrecheckRefusals[entry.path];
    if (refusal) expect(result.fatal.map((issue) => issue.ruleId)).toContain(refusal);
    else expect(result.valid, `${entry.path}: ${summary}`).toBe(expected.valid);
    if (expected.schemaValid) expect(result.fatal.filter((issue) => issue.ruleId === 'XSD')).toEqual([]);
    for (const issue of [...result.fatal, ...result.warnings]) expect(result.artefacts).toContainEqual(issue.artefact);

    const named = namedErrors[entry.path];
    if (named) {
      const explicit = named.ruleSet && named.ruleSet !== expected.ruleSet ? await engine.validate(fixtureBytes(entry.path), { ruleSet: named.ruleSet }) : result;
      const ids = new Set(explicit.fatal.map((issue) => issue.ruleId));
      for (const id of named.ruleIds ?? []) expect(ids, `${entry.path} should fail ${id}; got ${[...ids].join(', ')}`).toContain(id);
      if (named.schemaText) {
        const schemaError = explicit.fatal.find((issue) => issue.ruleId === 'XSD' && issue.message.includes(named.schemaText!));
        expect(schemaError, `${entry.path}: ${explicit.fatal.map((issue) => issue.message).join(' | ')}`).toBeDefined();
        if (named.line) expect(schemaError?.line).toBe(named.line);
      }
    }
  }, 180_000);
});

describe('the published KSeF templates (see-sources): refused by their schema as published, valid once SOURCES.md’s values are put in', () => {
  it.each(fixtureIndex().filter(isKsefTemplate).map((entry) => [entry.path, entry] as const))('%s', async (_, entry) => {
    const asPublished = await engine.validate(fixtureBytes(entry.path), ksefOptionsOf(entry));
    expect(asPublished.kind).toBe('ksef');
    expect(asPublished.fatal.map((issue) => issue.ruleId)).toContain('XSD');
    const substituted = await engine.validate(substituteTemplate(fixtureBytes(entry.path)), ksefOptionsOf(entry));
    expect(substituted.fatal.map((issue) => issue.message), entry.path).toEqual([]);
    expect(substituted.ruleSet.code).toBe(asPublished.ruleSet.code);
  }, 180_000);
});
