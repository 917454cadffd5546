/**
 * Turns a dropped File into the contract's FileRef: its path when the shell can resolve one
 * (Electron's preload, `webUtils.getPathForFile`), otherwise its bytes as standard base64.
 */
import type { FileRef } from '../../../../../shared/contract';
import type { DroppedFile } from './dropped-files';

/** Multiple of 3 so each chunk encodes to base64 without padding in the middle. */
const CHUNK_BYTES = 3 * 8 * 1024;

type ToBase64 = (this: Uint8Array) => string;

/** Standard base64 of bytes, encoded chunk by chunk (no byte-by-byte string building). */
export function bytesToBase64(bytes: Uint8Array): string {
  const native = (bytes as Uint8Array & { toBase64?: ToBase64 }).toBase64;
  if (typeof native === 'function') return native.call(bytes);
  const parts: string[] = [];
  for (let offset = 0; offset < bytes.length; offset += CHUNK_BYTES) {
    const chunk = bytes.subarray(offset, offset + CHUNK_BYTES);
    parts.push(btoa(String.fromCharCode(...chunk)));
  }
  return parts.join('');
}

/** A path resolver the shell may add to `window.acube` (Electron); absent in the browser shell. */
export function shellPathResolver(win: Window = window): ((file: File) => string) | null {
  const candidate = (win.acube as { pathForFile?: unknown } | undefined)?.pathForFile;
  if (typeof candidate !== 'function') return null;
  return (file: File) => {
    const resolved: unknown = (candidate as (file: File) => unknown)(file);
    return typeof resolved === 'string' ? resolved : '';
  };
}

export async function toFileRef(dropped: DroppedFile, resolvePath: ((file: File) => string) | null): Promise<FileRef> {
  const path = resolvePath?.(dropped.file) ?? '';
  if (path !== '') return { kind: 'path', path };
  const base64 = bytesToBase64(new Uint8Array(await dropped.file.arrayBuffer()));
  const fromFolder = dropped.relativePath !== dropped.file.name;
  return fromFolder
    ? { kind: 'bytes', name: dropped.file.name, base64, relativePath: dropped.relativePath }
    : { kind: 'bytes', name: dropped.file.name, base64 };
}

/** Bytes the call will carry for this file (base64 grows by a third). */
export function encodedSize(bytes: number): number {
  return Math.ceil(bytes / 3) * 4;
}
