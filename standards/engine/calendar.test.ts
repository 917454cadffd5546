import { describe, expect, it } from 'vitest';
import {
  addDays,
  datesOf,
  fatturapaSchemaInForce,
  findRelease,
  isDay,
  ksefSchemasAccepted,
  ksefSchemaInForce,
  releaseInForce,
  releases,
  successorToAnnounce,
  validUntilOf,
  type Release,
} from './calendar';

const peppol = (label: string): Release => findRelease('peppol', label)!;

describe('the calendar of the official rules', () => {
  it('knows Peppol 2026.5 in force from 2026-08-24 until the day before 2026.11 becomes mandatory', () => {
    expect(datesOf(peppol('2026.5'))).toEqual({ release: 'OpenPeppol 2026.5', validFrom: '2026-08-24', validUntil: '2027-02-23' });
    expect(datesOf(peppol('2026.11'))).toEqual({ release: 'OpenPeppol 2026.11', validFrom: '2027-02-24' });
    expect(peppol('2026.11').versions.billing).toBe('3.0.22');
    expect(releaseInForce('peppol', '2026-11-28')?.release).toBe('2026.5');
    expect(releaseInForce('peppol', '2027-02-23')?.release).toBe('2026.5');
    expect(releaseInForce('peppol', '2027-02-24')?.release).toBe('2026.11');
  });

  it('announces the successor within 90 days of the day checked, and not a day earlier', () => {
    const current = peppol('2026.5');
    expect(successorToAnnounce(current, '2026-11-28')?.release).toBe('2026.11'); // 88 days before
    expect(successorToAnnounce(current, '2026-11-26')?.release).toBe('2026.11'); // exactly 90 days before
    expect(successorToAnnounce(current, '2026-11-25')).toBeUndefined(); // 91 days before
    expect(successorToAnnounce(current, '2026-09-01')).toBeUndefined();
    // Once in force and still not vendored, it keeps being named.
    expect(successorToAnnounce(current, '2027-03-01')?.release).toBe('2026.11');
    expect(successorToAnnounce(peppol('2026.11'), '2027-03-01')).toBeUndefined();
  });

  it('says which KSeF schema each environment accepts on a day', () => {
    const labels = (list: Release[]) => list.map((release) => release.release);
    expect(labels(ksefSchemasAccepted('2026-01-31', 'production'))).toEqual(['FA (2)']);
    expect(labels(ksefSchemasAccepted('2026-02-01', 'production'))).toEqual(['FA (3)']);
    expect(labels(ksefSchemasAccepted('2026-11-28', 'demo'))).toEqual(['FA (3)']);
    expect(labels(ksefSchemasAccepted('2026-11-28', 'test'))).toEqual(['FA (2)', 'FA (3)']);
    expect(validUntilOf(findRelease('ksef-fa', 'FA (2)')!)).toBe('2026-01-31');
    expect(ksefSchemaInForce('2026-11-28')?.release).toBe('FA (3)');
  });

  it('has FatturaPA 1.2.2 until 2025-03-31 and 1.2.3 from 2025-04-01', () => {
    expect(validUntilOf(findRelease('fatturapa', '1.2.2')!)).toBe('2025-03-31');
    expect(fatturapaSchemaInForce('2025-03-31')?.release).toBe('1.2.2');
    expect(fatturapaSchemaInForce('2025-04-01')?.release).toBe('1.2.3');
  });

  it('takes a new release from one more entry', () => {
    const next: Release = { family: 'peppol', release: '2027.5', name: 'OpenPeppol 2027.5', versions: { billing: '3.0.23' }, folder: 'peppol/2027.5', validFrom: '2027-08-24', source: 'test' };
    const calendar = [...releases, next];
    expect(validUntilOf(peppol('2026.11'), calendar)).toBe('2027-08-23');
    expect(releaseInForce('peppol', '2027-09-01', calendar)?.release).toBe('2027.5');
    expect(successorToAnnounce(peppol('2026.11'), '2027-06-01', calendar)?.release).toBe('2027.5');
  });

  it('checks days strictly', () => {
    expect(isDay('2027-02-24')).toBe(true);
    expect(isDay('2027-02-30')).toBe(false);
    expect(isDay('24.02.2027')).toBe(false);
    expect(addDays('2026-11-28', 88)).toBe('2027-02-24');
  });
});
