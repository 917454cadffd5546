/** Bounds a step in time: a bench must never hang, whatever the machine or the app does. */
export class DeadlineError extends Error {
  override name = 'DeadlineError';
}

/**
 * Resolves with `work`, or rejects after `ms`; on expiry `onExpire` runs first (closing the browser
 * and shells makes whatever step `work` is stuck in fail, so nothing is left running).
 */
export async function withDeadline<T>(work: Promise<T>, ms: number, what: string, onExpire?: () => Promise<void>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const error = new DeadlineError(`${what} did not finish within ${ms >= 1000 ? `${Math.round(ms / 1000)} s` : `${ms} ms`}.`);
      void (onExpire?.() ?? Promise.resolve()).finally(() => reject(error));
    }, ms);
  });
  // The work's own failure after the deadline (its browser closed under it) is not news.
  work.catch(() => undefined);
  try {
    return await Promise.race([work, expired]);
  } finally {
    clearTimeout(timer);
  }
}
