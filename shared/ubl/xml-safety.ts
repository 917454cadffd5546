/**
 * What XML may not carry into the app, whatever parser reads it next: a DOCTYPE (e-invoicing
 * networks refuse them; they are how entity-expansion and external-entity attacks arrive) and
 * character references to characters XML 1.0 forbids. No Node imports: runs in the browser too.
 */
import { UblParseError } from './errors';

export const DOCTYPE_REFUSED_MESSAGE =
  'The document contains a DOCTYPE declaration. E-invoices must not have one (Peppol and SDI refuse them): remove it and send the document again.';

/** True when the prolog (before the root element) declares a DOCTYPE. Comments and processing instructions are skipped. */
export function hasDoctype(source: string): boolean {
  let at = 0;
  for (;;) {
    while (at < source.length && /\s/.test(source[at] as string)) at += 1;
    if (source.startsWith('<?', at)) {
      const end = source.indexOf('?>', at + 2);
      if (end < 0) return false;
      at = end + 2;
    } else if (source.startsWith('<!--', at)) {
      const end = source.indexOf('-->', at + 4);
      if (end < 0) return false;
      at = end + 3;
    } else {
      return /^<!DOCTYPE/i.test(source.slice(at, at + 9));
    }
  }
}

/** XML 1.0 `Char`: #x9 | #xA | #xD | [#x20-#xD7FF] | [#xE000-#xFFFD] | [#x10000-#x10FFFF]. */
export function isXmlChar(code: number): boolean {
  return (
    code === 0x9 ||
    code === 0xa ||
    code === 0xd ||
    (code >= 0x20 && code <= 0xd7ff) ||
    (code >= 0xe000 && code <= 0xfffd) ||
    (code >= 0x10000 && code <= 0x10ffff)
  );
}

const CHARACTER_REFERENCE = /&#(x[0-9a-fA-F]+|[0-9]+);/g;

/** The first character reference to a character XML forbids (`&#1;`, `&#xFFFE;`, a surrogate), or null. */
export function forbiddenCharacterReference(text: string): string | null {
  if (!text.includes('&#')) return null;
  for (const match of text.matchAll(CHARACTER_REFERENCE)) {
    const body = match[1] as string;
    const code = body.startsWith('x') ? parseInt(body.slice(1), 16) : parseInt(body, 10);
    if (!isXmlChar(code)) return match[0];
  }
  return null;
}

export function forbiddenReferenceMessage(reference: string): string {
  return `The XML is not well-formed: the character reference ${reference.slice(0, 40)} names a character XML does not allow.`;
}

/** The first character of a string that XML cannot carry at all, as U+XXXX, or null. */
export function forbiddenCharacter(text: string): string | null {
  for (const char of text) {
    const code = char.codePointAt(0) as number;
    if (!isXmlChar(code)) return `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
  }
  return null;
}

/** Throws `malformed_xml` for a DOCTYPE or a forbidden character reference anywhere in the source. */
export function assertSafeXml(source: string): void {
  if (hasDoctype(source)) throw new UblParseError('malformed_xml', DOCTYPE_REFUSED_MESSAGE);
  const reference = forbiddenCharacterReference(source);
  if (reference !== null) throw new UblParseError('malformed_xml', forbiddenReferenceMessage(reference));
}
