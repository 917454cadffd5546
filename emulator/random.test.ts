import { describe, expect, it } from 'vitest';
import { createSeededRandom } from './random';

const take = (random: { next(): number }, n: number) => Array.from({ length: n }, () => random.next());

describe('seeded random', () => {
  it('gives the same sequence for the same seed and another one for another seed', () => {
    expect(take(createSeededRandom(7), 5)).toEqual(take(createSeededRandom(7), 5));
    expect(take(createSeededRandom(7), 5)).not.toEqual(take(createSeededRandom(8), 5));
  });

  it('forks streams that depend on the label only, not on what the parent consumed', () => {
    const a = createSeededRandom(3);
    const b = createSeededRandom(3);
    take(b, 10);
    expect(take(a.fork('documents'), 5)).toEqual(take(b.fork('documents'), 5));
    expect(take(a.fork('documents'), 5)).not.toEqual(take(a.fork('transfer'), 5));
  });

  it('keeps int and pick within bounds and refuses impossible ranges', () => {
    const random = createSeededRandom(11);
    for (let i = 0; i < 500; i += 1) {
      const value = random.int(-2, 3);
      expect(value).toBeGreaterThanOrEqual(-2);
      expect(value).toBeLessThanOrEqual(3);
      expect(['a', 'b', 'c']).toContain(random.pick(['a', 'b', 'c']));
    }
    expect(() => random.int(5, 1)).toThrow(/min <= max/);
    expect(() => random.pick([])).toThrow(/at least one item/);
  });
});

describe('seeds', () => {
  it('gives different streams for different single-digit seeds', () => {
    const streams = [1, 2, 3].map((seed) => createSeededRandom(seed).fork('documents').next());
    expect(new Set(streams).size).toBe(3);
  });
});
