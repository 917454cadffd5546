/**
 * `uploads.changed`, batched: changes are collected and sent at most once per `throttleMs`, each
 * changed entry once, as it is at sending time. 200 files moving through five statuses make a few
 * dozen events, not a thousand.
 */
import type { UploadEntry } from '../../../shared/contract';
import type { CoreEvents } from '../events';
import type { Clock } from '../ports';

export interface ChangeFeedOptions {
  events: CoreEvents;
  clock: Clock;
  throttleMs: number;
  view: (localId: string) => UploadEntry | undefined;
  /** After each event, with the ids it carried (batch settlement is checked there). */
  afterFlush?: (localIds: readonly string[]) => void;
}

export class ChangeFeed {
  readonly #options: ChangeFeedOptions;
  #pending = new Set<string>();
  #timer: { cancel(): void } | undefined;

  constructor(options: ChangeFeedOptions) {
    this.#options = options;
  }

  changed(localIds: Iterable<string>): void {
    for (const id of localIds) this.#pending.add(id);
    if (this.#pending.size > 0 && !this.#timer) {
      this.#timer = this.#options.clock.setTimeout(() => {
        this.#timer = undefined;
        this.flush();
      }, this.#options.throttleMs);
    }
  }

  flush(): void {
    this.#timer?.cancel();
    this.#timer = undefined;
    if (this.#pending.size === 0) return;
    const ids = [...this.#pending];
    this.#pending = new Set();
    const entries = ids.map((id) => this.#options.view(id)).filter((entry): entry is UploadEntry => entry !== undefined);
    if (entries.length > 0) this.#options.events.emit('uploads.changed', { entries });
    this.#options.afterFlush?.(ids);
  }
}
