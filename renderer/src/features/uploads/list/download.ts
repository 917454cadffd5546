/** Saves bytes that came from the core (base64) as a file download, without a round trip to disk. */
import type { FilePayload } from '../../../../../shared/contract';

export function base64ToBytes(base64: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

export function saveFilePayload(payload: FilePayload, doc: Document = document): void {
  const blob = new Blob([base64ToBytes(payload.base64)], { type: payload.contentType || 'application/octet-stream' });
  const url = URL.createObjectURL(blob);
  const link = doc.createElement('a');
  link.href = url;
  link.download = payload.fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  doc.body.append(link);
  link.click();
  link.remove();
  // Revoked later: some engines read the URL after click() returns.
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
