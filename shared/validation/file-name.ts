import { firstNonPrintableAscii, MAX_PRINTABLE_FIELD_LENGTH } from './printable-ascii';

/** How the service processes a file, decided by its extension. */
export type UploadFileKind = 'xml' | 'json' | 'csv' | 'zip';

export const UPLOAD_FILE_KINDS: readonly UploadFileKind[] = ['xml', 'json', 'csv', 'zip'];

/** The extensions the transfer interface recognises, for messages and file pickers. */
export const KNOWN_UPLOAD_EXTENSIONS: readonly string[] = [
  ...UPLOAD_FILE_KINDS.map((kind) => `.${kind}`),
  ...UPLOAD_FILE_KINDS.map((kind) => `.${kind}.p7m`),
];

export type FileNameErrorCode =
  | 'not_a_string'
  | 'empty'
  | 'too_long'
  | 'non_printable'
  | 'path_separator'
  | 'unknown_extension';

export type FileNameCheck =
  | { ok: true; kind: UploadFileKind; signed: boolean }
  | { ok: false; code: FileNameErrorCode; message: string };

const extensionList = '.xml, .json, .csv or .zip (also signed: .xml.p7m, .json.p7m, .csv.p7m, .zip.p7m)';

/** Checks a file name the way `POST /upload` does (`file_name`). */
export function validateFileName(name: unknown): FileNameCheck {
  if (typeof name !== 'string') {
    return fail('not_a_string', 'The file name is missing. Give the name of the file, for example invoice.xml.');
  }
  if (name.length === 0) {
    return fail('empty', 'The file name is empty. Give the name of the file, for example invoice.xml.');
  }
  if (name.length > MAX_PRINTABLE_FIELD_LENGTH) {
    return fail(
      'too_long',
      `The file name is ${name.length} characters long; at most ${MAX_PRINTABLE_FIELD_LENGTH} are allowed. Rename the file with a shorter name.`,
    );
  }
  const bad = firstNonPrintableAscii(name);
  if (bad) {
    return fail(
      'non_printable',
      `The file name contains ${bad.description} (position ${bad.index + 1}). Use only plain letters, digits, spaces and common symbols (no accents, emoji, tabs or line breaks), then try again.`,
    );
  }
  if (name.includes('/') || name.includes('\\')) {
    return fail('path_separator', 'The file name contains "/" or "\\". Give only the name of the file, without a folder, and rename it if needed.');
  }
  const recognised = recogniseExtension(name);
  if (!recognised && recogniseExtension(`x${name}`)) {
    return fail('empty', `The file name "${name}" is only an extension. Give the file a name, for example invoice${name}.`);
  }
  if (!recognised) {
    return fail('unknown_extension', `The file type is not supported. Use a file ending in ${extensionList}.`);
  }
  return { ok: true, ...recognised };
}

/** Longest known suffix first, case-insensitively; the name before the suffix must not be empty. */
export function recogniseExtension(name: string): { kind: UploadFileKind; signed: boolean } | null {
  const lower = name.toLowerCase();
  const signed = lower.endsWith('.p7m');
  const unsigned = signed ? lower.slice(0, -'.p7m'.length) : lower;
  for (const kind of UPLOAD_FILE_KINDS) {
    const suffix = `.${kind}`;
    if (unsigned.endsWith(suffix) && unsigned.length > suffix.length) return { kind, signed };
  }
  return null;
}

/** The name without its recognised extension(s), e.g. `a.xml.p7m` → `a`. */
export function fileNameStem(name: string): string {
  const recognised = recogniseExtension(name);
  if (!recognised) return name;
  const suffixLength = recognised.kind.length + 1 + (recognised.signed ? 4 : 0);
  return name.slice(0, name.length - suffixLength);
}

function fail(code: FileNameErrorCode, message: string): FileNameCheck {
  return { ok: false, code, message };
}
