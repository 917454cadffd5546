/** Messages between the writer threads (`atomic-writer.worker.ts`) and `../worker-writer.ts`. */

/** One file of a batch: its bytes are `length` bytes at `offset` of the batch's buffer. */
export interface WriteItem {
  target: string;
  offset: number;
  length: number;
}

export interface WriteBatch {
  batch: number;
  buffer: ArrayBuffer;
  items: WriteItem[];
}

export type WriteResult = { sha256: string; error?: undefined } | { sha256?: undefined; error: { code?: string; message: string } };

export interface WriteBatchResult {
  batch: number;
  results: WriteResult[];
  /** How long the batch took in the thread, and how much of it the thread waited for the disk to flush (ms). */
  busyMs: number;
  flushMs: number;
}
