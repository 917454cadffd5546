/**
 * A few hundred malformed sends of one fixture (issue 24, point 10): values the official rules cast
 * (`1e400`, `""`, `NaN`…), removed, doubled and renamed elements, cut and flipped bytes. None may be
 * answered 5xx: a document that stops the official rules is an invalid document (422).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureBytes } from '../../standards/test-support/fixtures';
import { startTestEmulator, type TestEmulator } from '../testing';
import { client, violationListSchema, type Client } from './test-support/client';

let emulator: TestEmulator;
let documents: Client;

beforeAll(async () => {
  emulator = await startTestEmulator({ documents: 0, processingDelayMs: 0 });
  documents = client(emulator.urls.documentsUrl, await emulator.login('full'));
  await emulator.context.standards.warm('peppol-bis-billing-3.0-invoice');
}, 180_000);

afterAll(() => emulator?.close());

const base = new TextDecoder().decode(fixtureBytes('peppol-bis-invoice-3/base-example.xml'));

/** Deterministic, so a failing send can be replayed (mulberry32). */
const random = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

const HOSTILE_VALUES = ['1e400', '', ' ', 'NaN', 'INF', '-0', '1.', '.5', '1,5', '0x10', '１２', '9'.repeat(400), '1e-400', '-', '+1', '12.345.6', 'true', '2026-02-30', '9999-99-99', '&amp;', 'ä', '\u202e'];

const mutate = (next: () => number): { how: string; xml: string } => {
  const pick = <T>(items: T[]): T => items[Math.floor(next() * items.length)]!;
  const texts = [...base.matchAll(/>([^<>\s][^<>]*)</g)];
  const elements = [...base.matchAll(/<(c[ab]c:\w+)\b[^>]*>[^<]*<\/\1>/g)];
  switch (Math.floor(next() * 6)) {
    case 0:
    case 1: {
      const text = pick(texts);
      const value = pick(HOSTILE_VALUES);
      const at = (text.index ?? 0) + 1;
      return { how: `value ${JSON.stringify(text[1])} → ${JSON.stringify(value.slice(0, 20))} at ${at}`, xml: base.slice(0, at) + value + base.slice(at + text[1]!.length) };
    }
    case 2: {
      const element = pick(elements);
      return { how: `removed ${element[1]} at ${element.index}`, xml: base.slice(0, element.index) + base.slice((element.index ?? 0) + element[0].length) };
    }
    case 3: {
      const element = pick(elements);
      const end = (element.index ?? 0) + element[0].length;
      return { how: `doubled ${element[1]} at ${element.index}`, xml: base.slice(0, end) + element[0] + base.slice(end) };
    }
    case 4: {
      const at = Math.floor(next() * base.length);
      return { how: `cut at ${at}`, xml: base.slice(0, at) };
    }
    default: {
      const at = Math.floor(next() * base.length);
      const char = pick(['<', '>', '&', '"', '\u0000', 'x', '/', ']]>']);
      return { how: `${JSON.stringify(char)} put at ${at}`, xml: base.slice(0, at) + char + base.slice(at + 1) };
    }
  }
};

const SENDS = 300;

describe('POST /invoices under fuzzing', () => {
  it(`answers ${SENDS} mutated sends of a fixture without a 5xx, each 4xx with a reason`, async () => {
    const next = random(24);
    const answered: Record<number, number> = {};
    for (let send = 0; send < SENDS; send++) {
      const { how, xml } = mutate(next);
      const response = await documents.post('/invoices', new TextEncoder().encode(xml), { contentType: 'application/xml' });
      const body = await response.text();
      answered[response.status] = (answered[response.status] ?? 0) + 1;
      expect(response.status, `${how}: ${body.slice(0, 300)}`).toBeLessThan(500);
      if (response.status === 422) expect(violationListSchema.parse(JSON.parse(body)).violations.length, how).toBeGreaterThan(0);
    }
    // The mutations reach the rules: most are answered 422 with violations, some 400 (not XML), some 202.
    expect(answered[422]).toBeGreaterThan(SENDS / 4);
  }, 600_000);

  it.each([['1e400'], ['']])('a PayableAmount of "%s" is a 422 violation naming the value and its place', async (value) => {
    const xml = base.replace(/(<cbc:PayableAmount[^>]*>)[^<]*/, `$1${value}`);
    const response = await documents.post('/invoices', new TextEncoder().encode(xml), { contentType: 'application/xml' });
    expect(response.status).toBe(422);
    const violations = violationListSchema.parse(await response.json()).violations;
    const violation = violations.find((entry) => entry.code === 'FORG0001');
    expect(violation?.propertyPath).toBe('/Invoice/cac:LegalMonetaryTotal/cbc:PayableAmount');
    expect(violation?.message).toContain(`The value "${value}"`);
  }, 120_000);
});
