import type { EventName, EventPayload } from '../../../shared/contract';
import type { CoreApp } from '../app-types';

export interface RecordedEvent {
  event: EventName;
  payload: unknown;
}

/** Records every event of an app; `next(name)` waits for the next one of that name (or one already seen after `since`). */
export class EventRecorder {
  readonly events: RecordedEvent[] = [];
  readonly #waiters: Array<{ name: EventName; from: number; match: (p: unknown) => boolean; resolve: (p: unknown) => void }> = [];

  constructor(app: Pick<CoreApp, 'onEvent'>) {
    app.onEvent((event, payload) => {
      this.events.push({ event, payload });
      for (const waiter of [...this.#waiters]) {
        if (waiter.name === event && waiter.match(payload)) {
          this.#waiters.splice(this.#waiters.indexOf(waiter), 1);
          waiter.resolve(payload);
        }
      }
    });
  }

  /** Index to pass as `since` to only consider later events. */
  mark(): number {
    return this.events.length;
  }

  of<E extends EventName>(name: E): Array<EventPayload<E>> {
    return this.events.filter((e) => e.event === name).map((e) => e.payload as EventPayload<E>);
  }

  next<E extends EventName>(name: E, match: (payload: EventPayload<E>) => boolean = () => true, since = this.events.length): Promise<EventPayload<E>> {
    const seen = this.events.slice(since).find((e) => e.event === name && match(e.payload as EventPayload<E>));
    if (seen) return Promise.resolve(seen.payload as EventPayload<E>);
    return new Promise((resolve) => {
      this.#waiters.push({ name, from: since, match: (p) => match(p as EventPayload<E>), resolve: (p) => resolve(p as EventPayload<E>) });
    });
  }
}
