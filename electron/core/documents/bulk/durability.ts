/**
 * A run's files become durable in batches (`AtomicWriter.persist`: the folder entries of the
 * renames, and any file the writer had not flushed as it wrote it): in the background while the
 * downloads go on, and every one of them before the run marks anything downloaded or ends. A file
 * lost to a power failure before its batch is caught by the resume's hash check; a document whose
 * files cannot be flushed is handed back to the run, which must not count it as saved.
 */
import type { AppError } from '../../../../shared/contract';
import type { AtomicWriter } from '../../files/worker-writer';

export interface DurableBatches<T> {
  /** `item`'s files are written (or verified); they join the next batch. */
  add(item: T, filePaths: readonly string[]): void;
  /** Flushes what is left and resolves once every batch has been handled. */
  finish(): Promise<void>;
}

export function createDurableBatches<T>(
  writer: AtomicWriter,
  onFailure: (item: T, error: AppError, unflushed: readonly string[]) => Promise<void>,
  batchSize = 100,
): DurableBatches<T> {
  let waiting: Array<{ item: T; filePaths: readonly string[] }> = [];
  let batches: Promise<void> = Promise.resolve();

  const persist = async (batch: ReadonlyArray<{ item: T; filePaths: readonly string[] }>): Promise<void> => {
    const failures = await writer.persist(batch.flatMap(({ filePaths }) => filePaths));
    if (failures.size === 0) return;
    for (const { item, filePaths } of batch) {
      const unflushed = filePaths.filter((filePath) => failures.has(filePath));
      const error = unflushed[0] === undefined ? undefined : failures.get(unflushed[0]);
      if (error) await onFailure(item, error, unflushed);
    }
  };
  // One batch at a time: a later batch must not finish (and be relied on) before an earlier one.
  const startBatch = (): void => {
    const batch = waiting;
    waiting = [];
    if (batch.length > 0) batches = batches.then(() => persist(batch));
  };

  return {
    add(item, filePaths) {
      waiting.push({ item, filePaths });
      if (waiting.length >= batchSize) startBatch();
    },
    async finish() {
      startBatch();
      await batches;
    },
  };
}
