/** Reading the file to send: the size limit is checked before, the bytes are read once as base64. */

/** 50 MiB, the core's limit for `documents.send` (far above any real UBL document). */
export const MAX_SEND_BYTES = 50 * 1024 * 1024;

/** Standard base64 of a file, through the browser's own encoder (no byte-by-byte string in JS). */
export function readAsBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = typeof reader.result === 'string' ? reader.result : '';
      const comma = url.indexOf(',');
      resolve(comma >= 0 ? url.slice(comma + 1) : '');
    };
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsDataURL(file);
  });
}
