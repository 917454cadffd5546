import type { Readable } from 'node:stream';

/** Beyond this the emulator stops reading and closes the connection instead of draining it. */
const DRAIN_CAP_BYTES = 64 * 1024 * 1024;

export type BodyRead =
  | { kind: 'complete'; bytes: Buffer }
  /** `drained`: the whole body was read, so the connection can stay open for the answer. */
  | { kind: 'too_large'; receivedAtLeast: number; drained: boolean };

/**
 * Reads a request body while counting bytes, so the size limit is checked on the raw bytes before
 * any parsing, with or without `Content-Length` (chunked bodies). A body over `limit` is read to
 * the end and dropped (up to a cap), so the client can finish sending and then read the 413.
 */
export function readBodyWithLimit(stream: Readable, declaredLength: string | undefined, limit: number): Promise<BodyRead> {
  const declared = declaredLength === undefined ? NaN : Number(declaredLength);
  if (Number.isFinite(declared) && declared > DRAIN_CAP_BYTES) {
    stream.resume();
    return Promise.resolve({ kind: 'too_large', receivedAtLeast: declared, drained: false });
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let received = 0;
    const finish = (result: BodyRead) => {
      stream.off('data', onData);
      stream.off('end', onEnd);
      stream.off('error', onError);
      resolve(result);
    };
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received <= limit) chunks.push(chunk);
      else if (chunks.length > 0) chunks.length = 0;
      if (received > DRAIN_CAP_BYTES) {
        stream.pause();
        finish({ kind: 'too_large', receivedAtLeast: received, drained: false });
      }
    };
    const onEnd = () => {
      finish(received > limit ? { kind: 'too_large', receivedAtLeast: received, drained: true } : { kind: 'complete', bytes: Buffer.concat(chunks, received) });
    };
    const onError = (error: Error) => {
      stream.off('data', onData);
      stream.off('end', onEnd);
      reject(error);
    };
    stream.on('data', onData);
    stream.on('end', onEnd);
    stream.on('error', onError);
  });
}
