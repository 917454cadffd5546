import { base64EncodedLength } from './base64';

/** `POST /upload` accepts request bodies up to 5 MiB. */
export const MAX_UPLOAD_BODY_BYTES = 5 * 1024 * 1024;

const utf8 = new TextEncoder();

/**
 * Bytes of the JSON body `{"country":"IT","file_name":…,"content":"","e2e_id":…}` without the
 * content, serialised compactly as `JSON.stringify` does (field order does not change the size).
 */
export function uploadEnvelopeBytes(fileName: string, e2eId?: string | null): number {
  const envelope: Record<string, string> = { country: 'IT', file_name: fileName, content: '' };
  if (e2eId !== undefined && e2eId !== null) envelope.e2e_id = e2eId;
  return utf8.encode(JSON.stringify(envelope)).length;
}

/** Size of the whole `POST /upload` body for a file of `fileBytes` bytes. */
export function uploadBodyBytes(fileBytes: number, fileName: string, e2eId?: string | null): number {
  return uploadEnvelopeBytes(fileName, e2eId) + base64EncodedLength(fileBytes);
}

/** The largest file (bytes) whose JSON body still fits in 5 MiB: about 3.75 MiB. */
export function maxFileBytesForUpload(fileName: string, e2eId?: string | null): number {
  const room = MAX_UPLOAD_BODY_BYTES - uploadEnvelopeBytes(fileName, e2eId);
  return Math.max(0, Math.floor(room / 4) * 3);
}

export function fitsInOneUpload(fileBytes: number, fileName: string, e2eId?: string | null): boolean {
  return uploadBodyBytes(fileBytes, fileName, e2eId) <= MAX_UPLOAD_BODY_BYTES;
}

/** "3.75 MiB"-style size for messages. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / (1024 * 1024)).toFixed(2)} MiB`;
}
