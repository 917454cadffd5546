import { describe, expect, it } from 'vitest';
import { romeWallClock } from '../../../shared/format/fiscal-time';
import { localTime } from './content';

describe('report PDFs print fiscal times on the app’s clock', () => {
  it('prints an instant as Rome wall-clock time, the same as the app shows', () => {
    expect(localTime('2026-10-08T18:00:00Z')).toBe(romeWallClock(new Date('2026-10-08T18:00:00Z')));
    expect(localTime('2026-10-08T18:00:00Z')).toBe('2026-10-08 20:00:00');
  });

});
