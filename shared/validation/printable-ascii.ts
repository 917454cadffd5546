/** Printable ASCII is 0x20 (space) to 0x7E (tilde): what the transfer interface allows in names and ids. */
export const MAX_PRINTABLE_FIELD_LENGTH = 255;

/** The first character outside printable ASCII, or null when every character is printable. */
export function firstNonPrintableAscii(value: string): { index: number; description: string } | null {
  for (let index = 0; index < value.length; index++) {
    const code = value.charCodeAt(index);
    if (code < 0x20 || code > 0x7e) {
      const codePoint = value.codePointAt(index) ?? code;
      return { index, description: describeCharacter(codePoint) };
    }
  }
  return null;
}

function describeCharacter(codePoint: number): string {
  switch (codePoint) {
    case 0x09:
      return 'a tab';
    case 0x0a:
    case 0x0d:
      return 'a line break';
    case 0x7f:
      return 'an invisible control character (DEL)';
    default:
      if (codePoint < 0x20) return 'an invisible control character';
      return `the character "${String.fromCodePoint(codePoint)}"`;
  }
}
