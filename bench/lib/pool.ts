/** Runs `work` over `items` with at most `concurrency` at a time, in order of start. */
export async function inPool<T>(items: readonly T[], concurrency: number, work: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let index = next++; index < items.length; index = next++) await work(items[index] as T, index);
    }),
  );
}
