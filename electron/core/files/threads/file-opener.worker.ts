/**
 * The file-opening thread: unpacks and parses an untrusted file for the viewer (ZIP, .p7m, CSV,
 * XML and its pretty-printed source) off the core's event loop, under the heap limit its starter
 * gives it (electron/core/viewer/file-opener.ts), which also stops it when it takes too long.
 */
import { parentPort } from 'node:worker_threads';
import { AppError } from '../../../../shared/contract';
import { openFile } from '../../viewer/open';
import type { OpenerRequest, OpenerResponse } from './file-opener-protocol';

const port = parentPort;
if (!port) throw new Error('file-opener.worker.ts runs as a worker thread.');

port.on('message', ({ id, name, bytes, destinationId }: OpenerRequest) => {
  let response: OpenerResponse;
  try {
    response = { id, ok: true, file: openFile(name, bytes, destinationId) };
  } catch (error) {
    const shape = error instanceof AppError ? { code: error.code, message: error.message, ...(error.details !== undefined ? { details: error.details } : {}) } : { code: 'internal', message: error instanceof Error ? error.message : String(error) };
    response = { id, ok: false, error: shape };
  }
  port.postMessage(response);
});
