/**
 * Saves bytes as a file through the browser's download (an object URL on an `<a download>`):
 * Electron shows its save dialog, the browser shell saves to the downloads folder.
 */
export function saveBytes(bytes: Uint8Array | string, fileName: string, contentType: string): void {
  const blob = new Blob([typeof bytes === 'string' ? bytes : copyOf(bytes)], { type: contentType });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has taken its own reference by now; a minute is generous for slow disks.
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** A Blob part must be backed by a plain ArrayBuffer (not a SharedArrayBuffer view). */
function copyOf(bytes: Uint8Array): ArrayBuffer {
  const buffer = new ArrayBuffer(bytes.byteLength);
  new Uint8Array(buffer).set(bytes);
  return buffer;
}

/** Standard base64 → bytes (what the core sends for PDFs, sources and attachments). */
export function base64ToBytes(base64: string): Uint8Array {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}
