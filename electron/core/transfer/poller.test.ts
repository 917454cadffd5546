import { describe, expect, it } from 'vitest';
import { FakeClock } from '../testing/fake-clock';
import { MemoryLogger } from '../testing/memory-ports';
import { SharedPoller, type PollResult } from './poller';

/** Lets the promise callbacks of finished runs happen. */
const settle = async (): Promise<void> => {
  for (let i = 0; i < 5; i += 1) await Promise.resolve();
};

function setUp(results: Record<string, PollResult[]>) {
  const clock = new FakeClock(0);
  const runs: Array<[string, number]> = [];
  const poller = new SharedPoller({
    clock,
    logger: new MemoryLogger(),
    minDelayMs: 1_000,
    maxDelayMs: 30_000,
    run: (key) => {
      runs.push([key, clock.now()]);
      const next = results[key]?.shift() ?? 'unchanged';
      return Promise.resolve(next);
    },
  });
  const advance = async (ms: number): Promise<void> => {
    for (let step = 0; step < ms; step += 10) {
      clock.advance(10);
      await settle();
    }
  };
  return { clock, runs, poller, advance };
}

describe('shared poller', () => {
  it('backs off 1 s → 2 s → 4 s … up to 30 s while nothing changes', async () => {
    const { runs, poller, advance } = setUp({});
    poller.track('a', { immediate: true });
    await advance(120_000);
    const times = runs.map(([, at]) => at);
    // Measured to the fake clock's 10 ms steps.
    const gaps = times.slice(1).map((t, i) => Math.round((t - (times[i] ?? 0)) / 100) * 100);
    expect(gaps.slice(0, 6)).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000]);
    expect(Math.max(...gaps)).toBe(30_000);
  });

  it('goes back to 1 s when something changed', async () => {
    const { runs, poller, advance } = setUp({ a: ['unchanged', 'unchanged', 'unchanged', 'changed', 'unchanged'] });
    poller.track('a', { immediate: true });
    await advance(20_000);
    const gaps = runs.slice(1).map(([, at], i) => Math.round((at - (runs[i]?.[1] ?? 0)) / 100) * 100);
    // unchanged ×3 (1 s, 2 s, 4 s), then a change: 1 s, then 2 s again.
    expect(gaps.slice(0, 5)).toEqual([1_000, 2_000, 4_000, 1_000, 2_000]);
  });

  it('runs a key asked for at once while the timer waits for a later one, and every one of many keys, four at a time', async () => {
    const clock = new FakeClock(0);
    const runs: Array<[string, number]> = [];
    const open = new Map<string, (result: PollResult) => void>();
    const poller = new SharedPoller({
      clock,
      logger: new MemoryLogger(),
      minDelayMs: 1_000,
      run: (key) => {
        runs.push([key, clock.now()]);
        return new Promise<PollResult>((resolve) => open.set(key, resolve));
      },
    });
    poller.track('later');
    poller.track('now', { immediate: true });
    clock.advance(0);
    await settle();
    expect(runs).toEqual([['now', 0]]);
    open.get('now')?.('stop');
    open.delete('now');
    await settle();
    for (let index = 0; index < 10; index += 1) poller.track(`k${index}`, { immediate: true });
    clock.advance(0);
    await settle();
    expect(runs).toHaveLength(5);
    while (runs.length < 12) {
      const running = [...open.entries()].filter(([key]) => runs.some(([run]) => run === key));
      for (const [key, resolve] of running) {
        open.delete(key);
        resolve('stop');
      }
      await settle();
      clock.advance(1_000);
      await settle();
      expect(open.size).toBeLessThanOrEqual(4);
    }
    expect(new Set(runs.map(([key]) => key))).toEqual(new Set(['now', 'later', ...Array.from({ length: 10 }, (_, index) => `k${index}`)]));
  });

  it('stops following a key at a terminal answer, and uses one timer for all keys', async () => {
    const { clock, runs, poller, advance } = setUp({ a: ['unchanged', 'stop'], b: ['stop'] });
    poller.track('a', { immediate: true });
    poller.track('b', { immediate: true });
    poller.track('c');
    expect(clock.pendingTimers).toBe(1);
    await advance(10_000);
    expect(runs.filter(([key]) => key === 'a')).toHaveLength(2);
    expect(runs.filter(([key]) => key === 'b')).toHaveLength(1);
    expect(poller.keys()).toEqual(['c']);
    poller.untrack('c');
    await settle();
    expect(clock.pendingTimers).toBe(0);
    const before = runs.length;
    await advance(60_000);
    expect(runs.length).toBe(before);
  });

  it('a failing check is retried with backoff, not dropped', async () => {
    const clock = new FakeClock(0);
    let calls = 0;
    const poller = new SharedPoller({
      clock,
      logger: new MemoryLogger(),
      run: () => {
        calls += 1;
        return Promise.reject(new Error('network down'));
      },
    });
    poller.track('x', { immediate: true });
    for (let i = 0; i < 40; i += 1) {
      clock.advance(250);
      await settle();
    }
    expect(calls).toBeGreaterThanOrEqual(3);
    expect(poller.has('x')).toBe(true);
    poller.dispose();
  });
});
