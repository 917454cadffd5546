/**
 * File writes run beside the downloads, not in their way: an fsync costs milliseconds on a real
 * disk, and parallel fsyncs share journal commits. At most `concurrency` writes run at once and
 * at most `maxPending` wait (so memory stays bounded: a downloader waits for room).
 */
export interface WriteQueue {
  /** Resolves once the task is accepted (room in the queue), not when it is done. Tasks catch their own errors. */
  submit(task: () => Promise<void>): Promise<void>;
  /** Resolves when every accepted task has finished. */
  drain(): Promise<void>;
}

export function createWriteQueue(concurrency = 16, maxPending = 48): WriteQueue {
  let running = 0;
  const queued: Array<() => void> = [];
  const pending = new Set<Promise<void>>();
  const roomWaiters: Array<() => void> = [];

  const slot = async (): Promise<void> => {
    if (running < concurrency) {
      running += 1;
      return;
    }
    await new Promise<void>((resolve) => queued.push(resolve));
  };
  const release = (): void => {
    const next = queued.shift();
    if (next) next();
    else running -= 1;
  };

  return {
    async submit(task) {
      while (pending.size >= maxPending) await new Promise<void>((resolve) => roomWaiters.push(resolve));
      const done = (async () => {
        await slot();
        try {
          await task();
        } finally {
          release();
        }
      })();
      pending.add(done);
      // Tasks handle their own failures; a rejection here must not go unhandled either way.
      done
        .finally(() => {
          pending.delete(done);
          roomWaiters.shift()?.();
        })
        .catch(() => undefined);
    },
    async drain() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
  };
}
