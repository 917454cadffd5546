import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectedValidity, fixtureBytes, fixtureIndex, namedErrors } from '../test-support/fixtures';
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
    const result = await engine.validate(fixtureBytes(entry.path), expected.ruleSet ? { ruleSet: expected.ruleSet } : {});
    const summary = result.fatal.map((issue) => issue.ruleId).join(', ');
    expect(result.kind, entry.path).toBe(entry.kind);
    expect(result.valid, `${entry.path}: ${summary}`).toBe(expected.valid);
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
