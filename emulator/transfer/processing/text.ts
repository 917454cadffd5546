import { TextDecoder } from 'node:util';

const utf8Strict = new TextDecoder('utf-8', { fatal: true });

export type TextRead = { ok: true; text: string } | { ok: false; error: string };

/** UTF-8 text without a leading byte-order mark; a clear error when the bytes are not UTF-8. */
export function readUtf8(bytes: Uint8Array, fileName: string): TextRead {
  try {
    return { ok: true, text: stripBom(utf8Strict.decode(bytes)) };
  } catch {
    return { ok: false, error: `${fileName} is not UTF-8 text. Save it with UTF-8 encoding and send it again.` };
  }
}

/** XML text in the encoding its declaration names (UTF-8 when none). */
export function readXmlText(bytes: Uint8Array, fileName: string): TextRead {
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 200));
  const declared = /^\uFEFF?<\?xml[^>]*\bencoding\s*=\s*["']([A-Za-z0-9._-]+)["']/.exec(head)?.[1];
  if (declared === undefined || /^utf-?8$/i.test(declared)) return readUtf8(bytes, fileName);
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(declared, { fatal: true });
  } catch {
    return { ok: false, error: `${fileName} declares the encoding "${declared}", which is not supported. Save it as UTF-8 and send it again.` };
  }
  try {
    return { ok: true, text: stripBom(decoder.decode(bytes)) };
  } catch {
    return { ok: false, error: `${fileName} is not valid ${declared} text as its XML declaration says. Save it as UTF-8 and send it again.` };
  }
}

function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** A name that is safe in a file name: letters, digits, dot, dash and underscore. */
export function safeNamePart(value: string, maxLength = 80): string {
  const safe = value.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^[._]+/, '');
  return (safe.length > 0 ? safe : 'document').slice(0, maxLength);
}
