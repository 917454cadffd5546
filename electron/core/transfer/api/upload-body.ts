/**
 * The `POST /upload` JSON body. A big file's body is streamed: its base64 is produced chunk by
 * chunk from the bytes already in memory, so it is never held a second (and third) time as a
 * base64 string and a JSON string. A small file's body is built as bytes, in one buffer of its
 * exact length: given a string, the HTTP client would flatten and encode a copy of it.
 */
import { Readable } from 'node:stream';
import { base64EncodedLength } from '../../../../shared/validation';
import type { UploadCountry } from '../../../../shared/contract';

export interface UploadBodyFields {
  country: UploadCountry;
  fileName: string;
  e2eId: string;
  bytes: Uint8Array;
}

/** A multiple of 3 so every chunk encodes to base64 without padding in the middle. */
const CHUNK_BYTES = 3 * 64 * 1024;

/**
 * Up to this size the body is built whole: a stream costs more CPU per request than the copy it
 * saves (profiled with bench/uploads.ts), and a few such bodies are cheap to hold.
 */
const WHOLE_BODY_MAX_BYTES = 1024 * 1024;

export function uploadBody(fields: UploadBodyFields): { content: Readable | Buffer; length: number } {
  const prefix = Buffer.from(
    `{"country":${JSON.stringify(fields.country)},"file_name":${JSON.stringify(fields.fileName)},"e2e_id":${JSON.stringify(fields.e2eId)},"content":"`,
    'utf8',
  );
  const suffix = Buffer.from('"}', 'utf8');
  const { bytes } = fields;
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const length = prefix.length + base64EncodedLength(view.length) + suffix.length;
  if (view.length <= WHOLE_BODY_MAX_BYTES) {
    const whole = Buffer.allocUnsafe(length);
    prefix.copy(whole, 0);
    // base64 is ASCII: latin1 copies it byte for byte, with none of UTF-8's checks.
    const written = whole.write(view.toString('base64'), prefix.length, 'latin1');
    suffix.copy(whole, prefix.length + written);
    return { content: whole, length };
  }
  function* chunks(): Generator<Buffer> {
    yield prefix;
    for (let offset = 0; offset < view.length; offset += CHUNK_BYTES) {
      yield Buffer.from(view.subarray(offset, offset + CHUNK_BYTES).toString('base64'), 'latin1');
    }
    yield suffix;
  }
  return { content: Readable.from(chunks(), { objectMode: false }), length };
}
