/**
 * A writer thread: each file of a batch written to a temporary name beside its target, flushed
 * (fdatasync), then renamed over the target, with synchronous calls; the temporary file is removed
 * when anything fails. See `../worker-writer.ts` for why batches and threads.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { parentPort } from 'node:worker_threads';
import { tempNameFor } from '../temp-names';
import type { WriteBatch, WriteBatchResult, WriteItem, WriteResult } from './atomic-writer-protocol';

const port = parentPort;
if (!port) throw new Error('atomic-writer.worker.ts runs as a worker thread.');

/** Time spent in fdatasync by the batch under way. */
let flushMs = 0;

function writeOne(buffer: ArrayBuffer, { target, offset, length }: WriteItem): WriteResult {
  const bytes = new Uint8Array(buffer, offset, length);
  const temp = path.join(path.dirname(target), tempNameFor(path.basename(target)));
  let fd: number | undefined;
  try {
    fd = fs.openSync(temp, 'wx', 0o644);
    let written = 0;
    while (written < bytes.length) written += fs.writeSync(fd, bytes, written, bytes.length - written);
    const flushStarted = performance.now();
    fs.fdatasyncSync(fd);
    flushMs += performance.now() - flushStarted;
    fs.closeSync(fd);
    fd = undefined;
    fs.renameSync(temp, target);
    return { sha256: createHash('sha256').update(bytes).digest('hex') };
  } catch (error) {
    if (fd !== undefined) {
      try {
        fs.closeSync(fd);
      } catch {
        // The write already failed; that error is the one reported.
      }
    }
    try {
      fs.rmSync(temp, { force: true });
    } catch {
      // Left behind: the folder's cleanup after a crash removes temporary files by their name.
    }
    const code = (error as NodeJS.ErrnoException | undefined)?.code;
    return { error: { ...(code ? { code } : {}), message: error instanceof Error ? error.message : String(error) } };
  }
}

port.on('message', ({ batch, buffer, items }: WriteBatch) => {
  const started = performance.now();
  flushMs = 0;
  const results = items.map((item) => writeOne(buffer, item));
  const answer: WriteBatchResult = { batch, results, busyMs: performance.now() - started, flushMs };
  port.postMessage(answer);
});
