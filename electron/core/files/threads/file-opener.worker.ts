/**
 * The file-opening thread: unpacks and parses an untrusted file for the viewer (ZIP, .p7m, CSV,
 * XML and its pretty-printed source), and pretty-prints and parses the inbox's document sources, off the core's event loop, under the heap limit its starter
 * gives it (electron/core/viewer/file-opener.ts), which also stops it when it takes too long.
 */
import { parentPort } from 'node:worker_threads';
import { AppError } from '../../../../shared/contract';
import { parseSource, prettySource } from '../../documents/source-view';
import { openFile } from '../../viewer/open';
import type { OpenerRequest, OpenerResponse } from './file-opener-protocol';

const port = parentPort;
if (!port) throw new Error('file-opener.worker.ts runs as a worker thread.');

port.on('message', (request: OpenerRequest) => {
  const { id } = request;
  let response: OpenerResponse;
  try {
    if (request.kind === 'open') response = { id, ok: true, file: openFile(request.name, request.bytes, request.destinationId, request.environment) };
    else {
      const { text, format } = request;
      response = { id, ok: true, source: { ...(request.pretty ? { pretty: prettySource(text, format) } : {}), ...(request.parse ? { parsed: parseSource(text, format) } : {}) } };
    }
  } catch (error) {
    const shape = error instanceof AppError ? { code: error.code, message: error.message, ...(error.details !== undefined ? { details: error.details } : {}) } : { code: 'internal', message: error instanceof Error ? error.message : String(error) };
    response = { id, ok: false, error: shape };
  }
  port.postMessage(response);
});
