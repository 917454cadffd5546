/**
 * Runs `work(index)` for indexes 0..count-1 with at most `concurrency` at a time. Stops taking
 * new work when the signal fires; the first error thrown by `work` stops the pool and is rethrown
 * once the running ones have finished.
 */
export async function runPool(count: number, concurrency: number, signal: AbortSignal, work: (index: number) => Promise<void>): Promise<void> {
  let next = 0;
  let failure: { error: unknown } | undefined;
  const worker = async (): Promise<void> => {
    while (!failure && !signal.aborted && next < count) {
      const index = next;
      next += 1;
      try {
        await work(index);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, count)) }, worker));
  if (failure) throw failure.error;
}
