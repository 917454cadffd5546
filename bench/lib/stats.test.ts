import { describe, expect, it } from 'vitest';
import { maximum, median, percentile, round, shareAbove } from './stats';

describe('frame and timing statistics', () => {
  const frames = [16.7, 16.6, 16.8, 33.3, 16.7, 16.7, 16.7, 16.7, 16.7, 50];

  it('takes nearest-rank percentiles, so a p95 is a frame that really happened', () => {
    expect(median(frames)).toBe(16.7);
    expect(percentile(frames, 0.95)).toBe(50);
    expect(percentile(frames, 0.8)).toBe(16.8);
    expect(maximum(frames)).toBe(50);
  });

  it('counts the share of frames strictly over a limit', () => {
    expect(shareAbove(frames, 16.7)).toBe(0.3);
    expect(shareAbove(frames, 25)).toBe(0.2);
  });

  it('says NaN rather than inventing a value when nothing was measured', () => {
    expect(median([])).toBeNaN();
    expect(shareAbove([], 1)).toBeNaN();
  });

  it('rounds for tables', () => {
    expect(round(16.666)).toBe(16.7);
    expect(round(0.31449, 3)).toBe(0.314);
  });
});
