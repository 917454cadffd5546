import { describe, expect, it } from 'vitest';
import { createWriteQueue } from './write-queue';

const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
};

describe('write queue', () => {
  it('runs at most `concurrency` tasks and makes submitters wait when `maxPending` are queued', async () => {
    const queue = createWriteQueue(2, 3);
    const gates = Array.from({ length: 4 }, deferred);
    let running = 0;
    let peak = 0;
    const started: number[] = [];
    const task = (index: number) => async () => {
      started.push(index);
      running += 1;
      peak = Math.max(peak, running);
      await gates[index]?.promise;
      running -= 1;
    };
    await queue.submit(task(0));
    await queue.submit(task(1));
    await queue.submit(task(2));
    let fourthAccepted = false;
    const fourth = queue.submit(task(3)).then(() => (fourthAccepted = true));
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    expect(fourthAccepted).toBe(false);
    gates[0]?.resolve();
    await fourth;
    expect(fourthAccepted).toBe(true);
    for (const gate of gates) gate.resolve();
    await queue.drain();
    expect(started.sort()).toEqual([0, 1, 2, 3]);
    expect(peak).toBe(2);
  });
});
