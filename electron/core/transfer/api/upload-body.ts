/**
 * The `POST /upload` JSON body. A big file's body is streamed: its base64 is produced chunk by
 * chunk from the bytes already in memory, so it is never held a second (and third) time as a
 * base64 string and a JSON string. A small file's body is built as bytes, in one buffer of its
 * exact length (given a string, the HTTP client would flatten and encode a copy of it), taken from
 * a few buffers used again and again: a new buffer per POST is memory the garbage collector
 * counts against the old generation until a full collection frees it, and 200 of them set off
 * several full collections per drop (docs/performance.md, fourth session).
 */
import { Readable } from 'node:stream';
import { base64DecodedLength, base64EncodedLength } from '../../../../shared/validation';
import type { UploadCountry } from '../../../../shared/contract';

/** A file's content as the reading thread hands it over: small files already as base64 text. */
export type UploadContent = { kind: 'base64'; base64: string } | { kind: 'bytes'; bytes: Uint8Array };

export interface UploadBodyFields {
  country: UploadCountry;
  fileName: string;
  e2eId: string;
  content: UploadContent;
}

export interface UploadBody {
  content: Readable | Buffer;
  length: number;
  /**
   * Gives the body's buffer back for the next POST. Only once the service has answered 202: it
   * has then read every byte, so none is still waiting to be written. Any other ending (an early
   * refusal, a broken connection, an abort) leaves the buffer to the garbage collector.
   */
  release(): void;
}

/** A multiple of 3 so every chunk encodes to base64 without padding in the middle. */
const CHUNK_BYTES = 3 * 64 * 1024;

/**
 * Up to this size the body is built whole: a stream costs more CPU per request than the copy it
 * saves (profiled with bench/uploads.ts), and a few such bodies are cheap to hold.
 */
export const WHOLE_BODY_MAX_BYTES = 1024 * 1024;

/** Pooled buffers grow in steps of this, so files of similar sizes share them. */
const POOL_STEP = 64 * 1024;

export interface BodyBuffers {
  /** A buffer of exactly `length` bytes, and the way to give it back. */
  acquire(length: number): { bytes: Buffer; release: () => void };
  /** How many buffers wait to be used again. */
  readonly free: number;
}

/** Keeps at most `keep` free buffers (about as many as POSTs in flight), each as large as the largest whole body. */
export function createBodyBuffers(keep: number): BodyBuffers {
  const free: Buffer[] = [];
  return {
    acquire(length) {
      const index = free.findIndex((buffer) => buffer.length >= length);
      const backing = index >= 0 ? (free.splice(index, 1)[0] as Buffer) : Buffer.allocUnsafeSlow(Math.ceil(length / POOL_STEP) * POOL_STEP);
      let released = false;
      return {
        bytes: backing.subarray(0, length),
        release() {
          if (released) return;
          released = true;
          free.push(backing);
          // Too many: the smallest goes.
          if (free.length > keep) free.sort((a, b) => b.length - a.length).pop();
        },
      };
    },
    get free() {
      return free.length;
    },
  };
}

const contentLength = (content: UploadContent): number => (content.kind === 'base64' ? content.base64.length : base64EncodedLength(content.bytes.byteLength));

/** The decoded size of the content, in bytes (what the user knows as the file's size). */
export function uploadContentSize(content: UploadContent): number {
  return content.kind === 'bytes' ? content.bytes.byteLength : base64DecodedLength(content.base64);
}

const nothingToRelease = (): void => undefined;

export function uploadBody(fields: UploadBodyFields, buffers?: BodyBuffers): UploadBody {
  const prefix = Buffer.from(
    `{"country":${JSON.stringify(fields.country)},"file_name":${JSON.stringify(fields.fileName)},"e2e_id":${JSON.stringify(fields.e2eId)},"content":"`,
    'utf8',
  );
  const suffix = Buffer.from('"}', 'utf8');
  const { content } = fields;
  const length = prefix.length + contentLength(content) + suffix.length;
  if (content.kind === 'base64' || content.bytes.byteLength <= WHOLE_BODY_MAX_BYTES) {
    const base64 = content.kind === 'base64' ? content.base64 : Buffer.from(content.bytes.buffer, content.bytes.byteOffset, content.bytes.byteLength).toString('base64');
    const pooled = buffers && length <= base64EncodedLength(WHOLE_BODY_MAX_BYTES) + prefix.length + suffix.length ? buffers.acquire(length) : undefined;
    const whole = pooled?.bytes ?? Buffer.allocUnsafe(length);
    prefix.copy(whole, 0);
    // base64 is ASCII: latin1 copies it byte for byte, with none of UTF-8's checks.
    const written = whole.write(base64, prefix.length, 'latin1');
    suffix.copy(whole, prefix.length + written);
    return { content: whole, length, release: pooled?.release ?? nothingToRelease };
  }
  const view = Buffer.from(content.bytes.buffer, content.bytes.byteOffset, content.bytes.byteLength);
  function* chunks(): Generator<Buffer> {
    yield prefix;
    for (let offset = 0; offset < view.length; offset += CHUNK_BYTES) {
      yield Buffer.from(view.subarray(offset, offset + CHUNK_BYTES).toString('base64'), 'latin1');
    }
    yield suffix;
  }
  return { content: Readable.from(chunks(), { objectMode: false }), length, release: nothingToRelease };
}
