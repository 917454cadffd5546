/**
 * Rule sets carry their release's dates; a check uses the set in force on the day of sending and
 * names it, its dates and, within 90 days of a successor, the successor (issue 23, point 4).
 */
import { describe, expect, it } from 'vitest';
import { fixtureBytes } from '../test-support/fixtures';
import { findRuleSet, listRuleSets } from './rule-sets';
import { validateInThread } from './validate';

const base = fixtureBytes('peppol-bis-invoice-3/base-example.xml');

describe('rule sets with their dates', () => {
  it('lists every rule set with its release and the days it is in force', () => {
    const sets = listRuleSets('2026-11-28');
    expect(sets.length).toBeGreaterThan(10);
    for (const set of sets) expect(set, set.code).toMatchObject({ release: expect.any(String), validFrom: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), checkedOn: '2026-11-28' });
    expect(sets.find((set) => set.code === 'peppol-bis-billing-3.0-invoice')).toMatchObject({
      version: '2026.5 (CEN 1.3.16, Billing 3.0.21)',
      release: 'OpenPeppol 2026.5',
      validFrom: '2026-08-24',
      validUntil: '2027-02-23',
      successor: { title: 'Peppol BIS Billing', version: '3.0.22', release: 'OpenPeppol 2026.11', validFrom: '2027-02-24', rulesAvailable: false, currentVersion: '3.0.21', daysUntil: 88 },
    });
    expect(sets.find((set) => set.code === 'peppol-order-t01')?.successor).toMatchObject({ title: 'Peppol Order transaction (T01)', version: '3.0.18', currentVersion: '3.7' });
  });

  it('names the set, its dates and the coming successor in the result, on both sides of the 90-day window', { timeout: 300_000 }, () => {
    const within = validateInThread({ bytes: base, on: '2026-11-26' });
    expect(within.ruleSet).toMatchObject({ code: 'peppol-bis-billing-3.0-invoice', release: 'OpenPeppol 2026.5', validFrom: '2026-08-24', validUntil: '2027-02-23', checkedOn: '2026-11-26', successor: { version: '3.0.22', daysUntil: 90, rulesAvailable: false } });
    const before = validateInThread({ bytes: base, on: '2026-11-25' });
    expect(before.ruleSet).toMatchObject({ release: 'OpenPeppol 2026.5', checkedOn: '2026-11-25' });
    expect(before.ruleSet.successor).toBeUndefined();
  });

  it('keeps checking with the newest rules it has after a successor became mandatory without published rules, and says so', () => {
    expect(findRuleSet('peppol-bis-billing-3.0-invoice', '2027-03-01')?.release.release).toBe('2026.5');
    expect(listRuleSets('2027-03-01').find((set) => set.code === 'peppol-bis-billing-3.0-invoice')?.successor).toMatchObject({ validFrom: '2027-02-24', daysUntil: -5, rulesAvailable: false });
  });

  it('names the schema and its dates for FatturaPA and KSeF', () => {
    const fattura = validateInThread({ bytes: fixtureBytes('ph-fatturapa/IT01234567890_FPA01.xml'), schemaOnly: true, on: '2026-11-28' });
    expect(fattura.ruleSet).toMatchObject({ validFrom: expect.any(String), checkedOn: '2026-11-28' });
    // A schema already replaced is not announced as a successor "not published yet" (that is the format checks' business).
    expect(fattura.ruleSet.successor).toBeUndefined();
    const ksef = validateInThread({ bytes: fixtureBytes('ksef-pdf-generator/invoice.xml'), schemaOnly: true, on: '2026-11-28' });
    expect(ksef.ruleSet).toMatchObject({ release: 'KSeF FA (3)', validFrom: '2026-02-01', checkedOn: '2026-11-28' });
  });

  it('refuses a day that is not a day', () => {
    expect(() => validateInThread({ bytes: base, on: '2027-02-30', schemaOnly: true })).toThrow(/not a day/);
  });
});
