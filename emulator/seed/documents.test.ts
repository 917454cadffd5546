import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseUbl } from '../../shared/ubl';
import { createStandardsEngine } from '../../standards/engine';
import { isValidNorwegianOrgNumber } from './identifiers';
import { createSeededRandom } from '../random';
import { seedDocuments, seedSourceBytes } from './documents';
import { counterparts, norwegianIban, ownCompany } from './documents-parties';

const log = () => {};

describe('seeded documents', () => {
  it('are exactly as many as asked, with unique uuids, and the same for the same seed', () => {
    const first = seedDocuments(500, createSeededRandom(42), log);
    const again = seedDocuments(500, createSeededRandom(42), log);
    const other = seedDocuments(500, createSeededRandom(43), log);
    expect(first).toHaveLength(500);
    expect(new Set(first.map((document) => document.uuid)).size).toBe(500);
    expect(again).toEqual(first);
    expect(other.map((document) => document.uuid)).not.toEqual(first.map((document) => document.uuid));
    expect(seedDocuments(0, createSeededRandom(42), log)).toEqual([]);
  });

  it('spread over the five types and both directions, between Norwegian companies', () => {
    const documents = seedDocuments(400, createSeededRandom(1), log);
    expect(new Set(documents.map((document) => document.type))).toEqual(new Set(['invoice', 'credit-note', 'order', 'order-response', 'despatch-advice']));
    expect(new Set(documents.map((document) => document.direction))).toEqual(new Set(['incoming', 'outgoing']));
    const generated = documents.filter((document) => document.source.kind === 'generated');
    for (const document of generated) {
      for (const party of [document.sender, document.recipient]) {
        expect(party.identifier).toMatch(/^0192:\d{9}$/);
        expect(isValidNorwegianOrgNumber(party.identifier.slice(5))).toBe(true);
      }
      expect([document.sender.name, document.recipient.name]).toContain(ownCompany.name);
    }
    expect(new Set(generated.map((document) => document.sender.name)).size).toBeGreaterThan(8);
  });

  it('start with the public examples, their sources byte for byte', () => {
    const random = createSeededRandom(1);
    const documents = seedDocuments(10, random, log);
    const fixture = documents.find((document) => document.number === 'TOSL108');
    expect(fixture?.source.kind).toBe('fixture');
    const expected = readFileSync(new URL('./fixtures/Norwegian-example-1.xml', import.meta.url));
    expect(seedSourceBytes(fixture?.source ?? { kind: 'generated', index: 0 }, random).equals(expected)).toBe(true);
    expect(new Set(documents.slice(0, 6).map((document) => document.type)).size).toBe(5);
  });

  it('generated sources parse, match their records and pass the official rules of their type', async () => {
    const random = createSeededRandom(9);
    const documents = seedDocuments(300, random, log).filter((document) => document.source.kind === 'generated');
    const engine = createStandardsEngine({ timeoutMs: 120_000 });
    const officiallyChecked = new Map<string, number>();
    try {
    for (const document of documents) {
      const xml = seedSourceBytes(document.source, random).toString('utf8');
      expect(seedSourceBytes(document.source, random).toString('utf8')).toBe(xml);
      const parsed = parseUbl(xml);
      expect(parsed).toMatchObject({ documentType: document.type, id: document.number, issueDate: document.date });
      expect(parsed.sender?.name).toBe(document.sender.name);
      expect(parsed.recipient?.name).toBe(document.recipient.name);
      // A few of each type through the official XSD and Schematron (the rest share their generator).
      const checked = officiallyChecked.get(document.type) ?? 0;
      if (checked < 3) {
        officiallyChecked.set(document.type, checked + 1);
        const result = await engine.validate(Buffer.from(xml));
        expect(result.fatal.map((issue) => `${issue.ruleId} ${issue.location}: ${issue.message}`), `${document.type} ${document.number}`).toEqual([]);
      }
    }
    } finally {
      await engine.close();
    }
    expect(officiallyChecked.size).toBe(5);
  }, 240_000);

  it('companies have valid organisation numbers and IBANs', () => {
    for (const party of [ownCompany, ...counterparts]) {
      expect(isValidNorwegianOrgNumber(party.orgNumber)).toBe(true);
      const rearranged = `${party.iban.slice(4)}${party.iban.slice(0, 4)}`.replace(/[A-Z]/g, (letter) => String(letter.charCodeAt(0) - 55));
      expect(BigInt(rearranged) % 97n).toBe(1n);
    }
    expect(norwegianIban('86011117947')).toBe('NO9386011117947');
  });
});
