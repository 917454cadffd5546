/** Document bytes → text: the encoding an XML declaration names (FatturaPA is often windows-1252), else UTF-8. */
import { TextDecoder } from 'node:util';

export type DecodedText = { ok: true; text: string } | { ok: false; error: string };

export function decodeDocumentText(bytes: Uint8Array, fileName: string): DecodedText {
  if (bytes.includes(0) && !(bytes[0] === 0xff || bytes[0] === 0xfe)) {
    return { ok: false, error: `${fileName} is a binary file, not an XML, JSON or CSV document.` };
  }
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 200));
  const declared = /^\uFEFF?\s*<\?xml[^>]*\bencoding\s*=\s*["']([A-Za-z0-9._-]+)["']/.exec(head)?.[1];
  const encoding = declared ?? 'utf-8';
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(encoding, { fatal: true });
  } catch {
    return { ok: false, error: `${fileName} declares the encoding "${encoding}", which the viewer cannot read.` };
  }
  try {
    const text = decoder.decode(bytes);
    return { ok: true, text: text.charCodeAt(0) === 0xfeff ? text.slice(1) : text };
  } catch {
    // Lenient fallback: show what can be read rather than nothing.
    const text = new TextDecoder(encoding).decode(bytes);
    return { ok: true, text: text.charCodeAt(0) === 0xfeff ? text.slice(1) : text };
  }
}
