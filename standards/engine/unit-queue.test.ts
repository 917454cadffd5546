import { describe, expect, it } from 'vitest';
import { createUnitQueueMemory, unitQueue } from './unit-queue';

const drain = (take: () => number | undefined): number[] => {
  const taken: number[] = [];
  for (let next = take(); next !== undefined; next = take()) taken.push(next);
  return taken;
};

describe('the shared queue of a large validation\'s units', () => {
  it('one worker takes every unit once, in order', () => {
    expect(drain(unitQueue(createUnitQueueMemory(), 5, 'front').take)).toEqual([0, 1, 2, 3, 4]);
  });

  it('two workers start at the two ends and meet without taking a unit twice or leaving one', () => {
    const memory = createUnitQueueMemory();
    const first = unitQueue(memory, 16, 'front');
    const last = unitQueue(memory, 16, 'back');
    // The first worker is busy with a long unit while the last one works through the rest.
    expect(first.take()).toBe(0);
    const fromBack = drain(last.take);
    expect(fromBack).toEqual([15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1]);
    expect(first.take()).toBeUndefined();
  });

  it('interleaved takes from both ends cover every unit exactly once', () => {
    const memory = createUnitQueueMemory();
    const front = unitQueue(memory, 17, 'front');
    const back = unitQueue(memory, 17, 'back');
    const taken: number[] = [];
    for (let turn = 0; turn < 40; turn++) {
      const next = (turn % 3 === 0 ? back : front).take();
      if (next !== undefined) taken.push(next);
    }
    expect([...taken].sort((a, b) => a - b)).toEqual(Array.from({ length: 17 }, (_, index) => index));
  });

  it('a worker that arrives late (the count already set) sees only what is left', () => {
    const memory = createUnitQueueMemory();
    const early = unitQueue(memory, 3, 'front');
    expect(drain(early.take)).toEqual([0, 1, 2]);
    expect(unitQueue(memory, 3, 'back').take()).toBeUndefined();
  });
});
