/**
 * One timer for every upload the app follows (DESIGN §6: "several uploads share one timer").
 * Each key has its own delay: it doubles from `minDelayMs` up to `maxDelayMs` while nothing
 * changes and goes back to the minimum when something does. A run returning `stop` forgets the key.
 */
import type { Clock, Logger } from '../ports';

export type PollResult = 'changed' | 'unchanged' | 'stop';

export interface SharedPollerOptions {
  clock: Clock;
  logger: Logger;
  run: (key: string) => Promise<PollResult>;
  minDelayMs?: number;
  maxDelayMs?: number;
  /** Runs at the same time at most (default 4). */
  concurrency?: number;
}

interface Item {
  dueAt: number;
  /** The wait used after the last run (0: none yet); it doubles while nothing changes. */
  delayMs: number;
  running: boolean;
  /** `track` was called while running: run again soon after. */
  again: boolean;
  removed: boolean;
}

export class SharedPoller {
  readonly #options: Required<Omit<SharedPollerOptions, 'logger' | 'clock' | 'run'>> & Pick<SharedPollerOptions, 'logger' | 'clock' | 'run'>;
  readonly #items = new Map<string, Item>();
  #timer: { cancel(): void } | undefined;
  #timerDueAt = Number.POSITIVE_INFINITY;
  #running = 0;
  #disposed = false;

  constructor(options: SharedPollerOptions) {
    this.#options = { minDelayMs: 1_000, maxDelayMs: 30_000, concurrency: 4, ...options };
  }

  /** Follows a key (again): its delay starts over; `immediate` runs it at once rather than after the minimum delay. */
  track(key: string, options: { immediate?: boolean } = {}): void {
    if (this.#disposed) return;
    const { clock, minDelayMs } = this.#options;
    const dueAt = clock.now() + (options.immediate ? 0 : minDelayMs);
    const item = this.#items.get(key);
    if (item && !item.removed) {
      item.delayMs = 0;
      if (item.running) item.again = true;
      else item.dueAt = Math.min(item.dueAt, dueAt);
    } else {
      this.#items.set(key, { dueAt, delayMs: 0, running: false, again: false, removed: false });
    }
    this.#armFor(dueAt);
  }

  untrack(key: string): void {
    const item = this.#items.get(key);
    if (!item) return;
    item.removed = true;
    if (!item.running) this.#items.delete(key);
    this.#arm();
  }

  has(key: string): boolean {
    const item = this.#items.get(key);
    return item !== undefined && !item.removed;
  }

  keys(): string[] {
    return [...this.#items].filter(([, item]) => !item.removed).map(([key]) => key);
  }

  /** Everything becomes due now with the minimum delay (e.g. after signing in again). */
  resetAll(): void {
    for (const key of this.keys()) this.track(key, { immediate: true });
  }

  dispose(): void {
    this.#disposed = true;
    this.#timer?.cancel();
    this.#timer = undefined;
    this.#items.clear();
  }

  /** Makes sure the timer wakes up by `dueAt`: one armed as early already will (and then looks at every item). */
  #armFor(dueAt: number): void {
    if (this.#timer && this.#timerDueAt <= dueAt) return;
    this.#arm();
  }

  #arm(): void {
    if (this.#disposed) return;
    // Every slot is taken: the next run to finish arms the timer.
    if (this.#running >= this.#options.concurrency) {
      this.#timer?.cancel();
      this.#timer = undefined;
      this.#timerDueAt = Number.POSITIVE_INFINITY;
      return;
    }
    let earliest = Number.POSITIVE_INFINITY;
    for (const item of this.#items.values()) if (!item.running && !item.removed) earliest = Math.min(earliest, item.dueAt);
    if (earliest === this.#timerDueAt && this.#timer) return;
    this.#timer?.cancel();
    this.#timer = undefined;
    this.#timerDueAt = earliest;
    if (earliest === Number.POSITIVE_INFINITY) return;
    const { clock } = this.#options;
    this.#timer = clock.setTimeout(() => {
      this.#timer = undefined;
      this.#timerDueAt = Number.POSITIVE_INFINITY;
      this.#tick();
    }, Math.max(0, earliest - clock.now()));
  }

  #tick(): void {
    if (this.#disposed) return;
    const now = this.#options.clock.now();
    const due = [...this.#items]
      .filter(([, item]) => !item.running && !item.removed && item.dueAt <= now)
      .sort(([, a], [, b]) => a.dueAt - b.dueAt);
    for (const [key, item] of due) {
      if (this.#running >= this.#options.concurrency) break;
      this.#start(key, item);
    }
    this.#arm();
  }

  #start(key: string, item: Item): void {
    item.running = true;
    this.#running += 1;
    const finish = (result: PollResult): void => {
      this.#running -= 1;
      item.running = false;
      const { clock, minDelayMs, maxDelayMs } = this.#options;
      if (this.#disposed) return;
      if (item.removed || (result === 'stop' && !item.again)) {
        if (this.#items.get(key) === item) this.#items.delete(key);
      } else {
        if (item.again) {
          item.delayMs = 0;
          item.dueAt = clock.now();
        } else {
          item.delayMs = result === 'changed' || item.delayMs === 0 ? minDelayMs : Math.min(maxDelayMs, item.delayMs * 2);
          item.dueAt = clock.now() + item.delayMs;
        }
        item.again = false;
      }
      this.#arm();
    };
    this.#options.run(key).then(finish, (error: unknown) => {
      this.#options.logger.warn('Upload poller: a check failed', { key, message: error instanceof Error ? error.message : String(error) });
      finish('unchanged');
    });
  }
}
