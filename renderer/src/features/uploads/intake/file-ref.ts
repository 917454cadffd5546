/**
 * Turns dropped Files into the contract's FileRefs: a handle when the shell grants the file
 * (Electron's preload registers it with main); otherwise the File itself where the bridge carries
 * blobs as binary (the browser shell: the page never reads the bytes), else its bytes as standard
 * base64. The renderer never names a path.
 */
import type { GrantedFile, UploadFileRef } from '../../../../../shared/contract';
import { isInGrantedFolder, type DroppedFile } from './dropped-files';

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

/** Grants real files to this window (Electron's preload); absent in the browser shell. */
export type FileGranter = (files: readonly File[]) => Promise<Array<GrantedFile | null>>;

export function shellGranter(win: Window = window): FileGranter | null {
  const bridge = win.acube;
  const grant = bridge?.grantFiles;
  if (bridge === undefined || typeof grant !== 'function') return null;
  return (files) => grant.call(bridge, files);
}

/** Whether the shell's bridge carries Blobs in a call as binary (the browser shell). */
export function shellCarriesBlobs(win: Window = window): boolean {
  return win.acube?.carriesBlobs === true;
}

async function bytesOf(file: File, relativePath: string, binary: boolean): Promise<UploadFileRef> {
  const where = relativePath !== file.name ? { relativePath } : {};
  if (binary) return { kind: 'binary', name: file.name, data: file, ...where };
  const base64 = bytesToBase64(new Uint8Array(await file.arrayBuffer()));
  return { kind: 'bytes', name: file.name, base64, ...where };
}

/**
 * The contract's FileRefs for one call's files: a granted handle where the shell grants the file
 * (Electron: the file is on disk; main reads it), its bytes otherwise (the browser shell, or a file
 * with no place on disk): the File itself when the bridge carries blobs, base64 when it does not.
 * A file that cannot be read comes back as its Error.
 */
export async function toFileRefs(dropped: readonly DroppedFile[], grant: FileGranter | null, binary = false): Promise<Array<UploadFileRef | Error>> {
  // Files of a folder the core already granted (a dialog's choice) go by their folder's handle.
  const onPage = dropped.flatMap((item, index) => (isInGrantedFolder(item.file) ? [] : [{ index, file: item.file }]));
  const grantedOnPage = grant && onPage.length > 0 ? await grant(onPage.map((item) => item.file)) : [];
  const granted = new Map(onPage.map((item, position) => [item.index, grantedOnPage[position] ?? null]));
  return Promise.all(
    dropped.map(async ({ file, relativePath }, index): Promise<UploadFileRef | Error> => {
      if (isInGrantedFolder(file)) return { kind: 'handle', handle: file.handle, subpath: file.subpath };
      const handle = granted.get(index);
      if (handle) return { kind: 'handle', handle: handle.handle };
      try {
        return await bytesOf(file, relativePath, binary);
      } catch (error) {
        return error instanceof Error ? error : new Error(String(error));
      }
    }),
  );
}

/** Bytes the call will carry for this file (base64 grows by a third). */
export function encodedSize(bytes: number): number {
  return Math.ceil(bytes / 3) * 4;
}
