import { describe, expect, it } from 'vitest';
import { differsFromRome, fiscalInstant, romeWallClock } from './fiscal-time';

describe('fiscal times are Rome wall-clock times', () => {
  it('reads a receipt’s local time as Rome time, in summer and in winter', () => {
    expect(fiscalInstant('2026-07-08T16:20:42')?.toISOString()).toBe('2026-07-08T14:20:42.000Z');
    expect(fiscalInstant('2026-12-08T16:20:42')?.toISOString()).toBe('2026-12-08T15:20:42.000Z');
  });

  it('keeps an instant with a zone as it is', () => {
    expect(fiscalInstant('2026-10-08T14:20:42Z')?.toISOString()).toBe('2026-10-08T14:20:42.000Z');
    expect(fiscalInstant('nonsense')).toBeNull();
  });

  it('prints the Rome wall clock of an instant and says when another zone differs', () => {
    const instant = new Date('2026-10-08T14:20:42Z');
    expect(romeWallClock(instant)).toBe('2026-10-08 16:20:42');
    expect(differsFromRome(instant, 'UTC')).toBe(true);
    expect(differsFromRome(instant, 'Europe/Oslo')).toBe(false);
    expect(differsFromRome(instant, 'Europe/Warsaw')).toBe(false);
  });
});
