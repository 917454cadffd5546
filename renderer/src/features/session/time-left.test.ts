import { describe, expect, it } from 'vitest';
import { formatTimeLeft, timeLeftTone } from './time-left';

describe('session time left', () => {
  it('shows hours only when there are some', () => {
    expect(formatTimeLeft(23 * 3600_000 + 59 * 60_000 + 5_000)).toBe('23:59:05');
    expect(formatTimeLeft(9 * 60_000 + 59_999)).toBe('09:59');
    expect(formatTimeLeft(-5_000)).toBe('00:00');
  });

  it('turns amber under ten minutes and expired at zero', () => {
    expect(timeLeftTone(10 * 60_000)).toBe('normal');
    expect(timeLeftTone(10 * 60_000 - 1)).toBe('warning');
    expect(timeLeftTone(0)).toBe('expired');
  });
});
