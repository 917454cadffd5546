/**
 * The `POST /upload` JSON body, streamed: the file's base64 is produced chunk by chunk from the
 * bytes already in memory, so the file is never held a second (and third) time as a base64 string
 * and a JSON string.
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

export function uploadBody(fields: UploadBodyFields): { stream: Readable; length: number } {
  const prefix = Buffer.from(
    `{"country":${JSON.stringify(fields.country)},"file_name":${JSON.stringify(fields.fileName)},"e2e_id":${JSON.stringify(fields.e2eId)},"content":"`,
    'utf8',
  );
  const suffix = Buffer.from('"}', 'utf8');
  const { bytes } = fields;
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  function* chunks(): Generator<Buffer> {
    yield prefix;
    for (let offset = 0; offset < view.length; offset += CHUNK_BYTES) {
      yield Buffer.from(view.subarray(offset, offset + CHUNK_BYTES).toString('base64'), 'latin1');
    }
    yield suffix;
  }
  return {
    stream: Readable.from(chunks(), { objectMode: false }),
    length: prefix.length + base64EncodedLength(view.length) + suffix.length,
  };
}
