/**
 * Watches this process's undici requests to the service: the first POST /upload's headers on the
 * wire (`undici:client:sendHeaders`) and every 202 answer (`undici:request:headers`). Used where
 * the POSTs are made: by the routes bench for its bare loop, and by the core's process
 * (routes-core-child.ts) for the app's routes. Times are absolute (`performance.timeOrigin + now`)
 * so that two processes' figures meet.
 */
import diagnostics from 'node:diagnostics_channel';

export const absoluteNow = (): number => performance.timeOrigin + performance.now();

export interface WireFigures {
  /** Absolute time of the first POST /upload's headers on the wire (NaN if none). */
  firstPostAt: number;
  /** Absolute time the expected count of 202s was reached. */
  doneAt: number;
}

export class UploadWire {
  #firstPost: number | undefined;
  #accepted = 0;
  #expected = 0;
  #done: (figures: WireFigures) => void = () => undefined;
  #failed: (error: Error) => void = () => undefined;
  readonly #onSend = (message: unknown): void => {
    const { request: sent } = message as { request: { method: string; path: string } };
    if (this.#firstPost === undefined && sent.method === 'POST' && sent.path.endsWith('/upload')) this.#firstPost = absoluteNow();
  };
  readonly #onHeaders = (message: unknown): void => {
    const { request: sent, response } = message as { request: { method: string; path: string }; response: { statusCode: number } };
    if (sent.method !== 'POST' || !sent.path.endsWith('/upload')) return;
    if (response.statusCode !== 202) {
      this.#failed(new Error(`The service answered ${response.statusCode} during the bench.`));
      return;
    }
    this.#accepted += 1;
    if (this.#accepted === this.#expected) this.#done({ firstPostAt: this.#firstPost ?? Number.NaN, doneAt: absoluteNow() });
  };

  constructor() {
    diagnostics.subscribe('undici:client:sendHeaders', this.#onSend);
    diagnostics.subscribe('undici:request:headers', this.#onHeaders);
  }

  /** Resolves once `count` POST /upload have been answered 202 from now on. */
  expect(count: number): Promise<WireFigures> {
    this.#firstPost = undefined;
    this.#accepted = 0;
    this.#expected = count;
    return new Promise((resolve, reject) => {
      this.#done = resolve;
      this.#failed = reject;
    });
  }

  close(): void {
    diagnostics.unsubscribe('undici:client:sendHeaders', this.#onSend);
    diagnostics.unsubscribe('undici:request:headers', this.#onHeaders);
  }
}
