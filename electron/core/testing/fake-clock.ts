import type { Clock } from '../ports';

interface Timer {
  id: number;
  due: number;
  fn: () => void;
}

/** A clock for tests: time stands still until `advance()` moves it and fires what fell due, in order. */
export class FakeClock implements Clock {
  #now: number;
  #timers: Timer[] = [];
  #nextId = 1;

  constructor(start = Date.parse('2026-10-01T09:00:00Z')) {
    this.#now = start;
  }

  now(): number {
    return this.#now;
  }

  setTimeout(fn: () => void, ms: number): { cancel(): void } {
    const timer: Timer = { id: this.#nextId++, due: this.#now + Math.max(0, ms), fn };
    this.#timers.push(timer);
    return {
      cancel: () => {
        this.#timers = this.#timers.filter((t) => t !== timer);
      },
    };
  }

  /** Moves time forward, firing every timer that falls due (including ones those timers set). */
  advance(ms: number): void {
    const target = this.#now + ms;
    for (;;) {
      const next = this.#timers.filter((t) => t.due <= target).sort((a, b) => a.due - b.due || a.id - b.id)[0];
      if (!next) break;
      this.#timers = this.#timers.filter((t) => t !== next);
      this.#now = Math.max(this.#now, next.due);
      next.fn();
    }
    this.#now = target;
  }

  /** Sets the wall clock without firing timers (a machine whose clock jumped). */
  set(epochMs: number): void {
    this.#now = epochMs;
  }

  get pendingTimers(): number {
    return this.#timers.length;
  }
}
