/**
 * Standard base64 (RFC 4648 §4): alphabet A–Z a–z 0–9 + /, length a multiple of 4, `=` padding only
 * at the end (at most two). No URL-safe `-` `_`, no whitespace or line breaks. Works on plain strings
 * and Uint8Array so it runs in the renderer, the core and the emulator alike.
 */
const STANDARD_BASE64 = /^[A-Za-z0-9+/]*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const DECODE_TABLE = (() => {
  const table = new Int16Array(128).fill(-1);
  for (let i = 0; i < ALPHABET.length; i++) table[ALPHABET.charCodeAt(i)] = i;
  return table;
})();

export function isStandardBase64(value: string): boolean {
  return value.length % 4 === 0 && STANDARD_BASE64.test(value);
}

/** Why a string is not standard base64, in words a user understands; null when it is. */
export function describeBase64Problem(value: string): string | null {
  if (isStandardBase64(value)) return null;
  if (/[\s]/.test(value)) return 'The file content contains spaces or line breaks. Send the whole file as one line of standard base64.';
  if (/[-_]/.test(value)) {
    return 'The file content uses URL-safe base64 ("-" or "_"). Encode the file with standard base64 ("+" and "/").';
  }
  if (/[^A-Za-z0-9+/=]/.test(value)) return 'The file content contains characters that are not base64. Encode the whole file with standard base64.';
  return 'The file content is not correctly padded base64 (its length must be a multiple of 4, with "=" only at the end). Encode the whole file again with standard base64.';
}

/** Number of bytes a valid standard base64 string decodes to. */
export function base64DecodedLength(value: string): number {
  const padding = value.endsWith('==') ? 2 : value.endsWith('=') ? 1 : 0;
  return (value.length / 4) * 3 - padding;
}

/** Number of base64 characters needed for a file of `byteLength` bytes. */
export function base64EncodedLength(byteLength: number): number {
  return Math.ceil(byteLength / 3) * 4;
}

/** Decodes standard base64; throws on anything `isStandardBase64` rejects. */
export function decodeBase64(value: string): Uint8Array {
  if (!isStandardBase64(value)) throw new Error('Not standard base64.');
  const out = new Uint8Array(base64DecodedLength(value));
  let outIndex = 0;
  for (let i = 0; i < value.length; i += 4) {
    const a = sextet(value, i);
    const b = sextet(value, i + 1);
    const c = value.charCodeAt(i + 2) === 61 ? 0 : sextet(value, i + 2);
    const d = value.charCodeAt(i + 3) === 61 ? 0 : sextet(value, i + 3);
    const triple = (a << 18) | (b << 12) | (c << 6) | d;
    out[outIndex++] = (triple >> 16) & 0xff;
    if (outIndex < out.length) out[outIndex++] = (triple >> 8) & 0xff;
    if (outIndex < out.length) out[outIndex++] = triple & 0xff;
  }
  return out;
}

export function encodeBase64(bytes: Uint8Array): string {
  const parts: string[] = [];
  let chunk = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const a = bytes[i] ?? 0;
    const b = bytes[i + 1] ?? 0;
    const c = bytes[i + 2] ?? 0;
    const triple = (a << 16) | (b << 8) | c;
    chunk += ALPHABET[(triple >> 18) & 63];
    chunk += ALPHABET[(triple >> 12) & 63];
    chunk += i + 1 < bytes.length ? ALPHABET[(triple >> 6) & 63] : '=';
    chunk += i + 2 < bytes.length ? ALPHABET[triple & 63] : '=';
    if (chunk.length >= 8192) {
      parts.push(chunk);
      chunk = '';
    }
  }
  parts.push(chunk);
  return parts.join('');
}

function sextet(value: string, index: number): number {
  return DECODE_TABLE[value.charCodeAt(index)] ?? 0;
}
