import { XMLValidator } from 'fast-xml-parser';
import { unzipSync } from 'fflate';
import { DOCTYPE_REFUSED_MESSAGE, forbiddenCharacterReference, forbiddenReferenceMessage, hasDoctype } from '../../../shared/ubl/xml-safety';
import { fileNameStem, recogniseExtension, type UploadFileKind } from '../../../shared/validation';
import { findColumn, formatCsv, groupCsvDocuments, parseCsv } from './csv';
import { findNip, isValidNip } from './destination-ids';
import { openP7m } from './p7m';
import { readUtf8, readXmlText, safeNamePart } from './text';

/** One document found in an uploaded file: what is sent to the destination. */
export interface DocumentPiece {
  fileName: string;
  bytes: Uint8Array;
  /** The seller's Polish tax number when the document names one (for the KSeF number). */
  nip: string | null;
}

export type Extraction = { ok: true; documents: DocumentPiece[] } | { ok: false; errors: string[] };

const MAX_ZIP_ENTRIES = 1000;
const MAX_ZIP_UNCOMPRESSED_BYTES = 64 * 1024 * 1024;
const NIP_COLUMNS = ['seller_nip', 'nip', 'nip_sprzedawcy'];

/**
 * Reads an uploaded file the way the service processes it, by extension:
 * - `.xml`: must be well-formed; one document. `.json`: must parse; one document.
 * - `.csv`: split into one document per row group (see `csv.ts` for the accepted format).
 * - `.zip`: every CSV/JSON/XML entry (signed ones too) is processed on its own; folders and macOS
 *   metadata are skipped; any other entry, or a ZIP inside the ZIP, is an error.
 * - `.p7m`: the signed file is opened and the document inside is checked as above. A signed XML or
 *   JSON goes to the destination as sent (signed); a signed CSV or ZIP yields the documents inside.
 * Any unreadable part fails the whole upload, with one message per problem.
 */
export function extractDocuments(fileName: string, bytes: Uint8Array): Extraction {
  const type = recogniseExtension(fileName);
  if (!type) return failure(`${fileName} has no known extension.`);
  if (bytes.length === 0) return failure(`${fileName} is empty. Send a file with content.`);
  if (type.kind === 'zip') {
    const inner = type.signed ? openSigned(fileName, bytes) : { ok: true as const, content: bytes };
    return inner.ok ? extractZip(fileName, inner.content) : failure(inner.error);
  }
  return extractSingleFile(fileName, bytes, type.kind, type.signed);
}

function extractSingleFile(fileName: string, bytes: Uint8Array, kind: Exclude<UploadFileKind, 'zip'>, signed: boolean): Extraction {
  let content = bytes;
  if (signed) {
    const opened = openSigned(fileName, bytes);
    if (!opened.ok) return failure(opened.error);
    content = opened.content;
  }
  if (content.length === 0) return failure(`${fileName} is empty. Send a file with content.`);
  if (kind === 'csv') return extractCsv(fileName, content);
  const text = kind === 'xml' ? checkXml(fileName, content) : checkJson(fileName, content);
  if (!text.ok) return failure(text.error);
  // A signed XML or JSON is sent to the destination as received, signature included.
  return { ok: true, documents: [{ fileName, bytes, nip: findNip(text.text) }] };
}

function openSigned(fileName: string, bytes: Uint8Array) {
  const opened = openP7m(bytes, fileName);
  return opened.ok ? { ok: true as const, content: opened.content } : opened;
}

function checkXml(fileName: string, bytes: Uint8Array): { ok: true; text: string } | { ok: false; error: string } {
  const read = readXmlText(bytes, fileName);
  if (!read.ok) return read;
  if (read.text.trim() === '') return { ok: false, error: `${fileName} is empty. Send a file with content.` };
  if (hasDoctype(read.text)) return { ok: false, error: `${fileName}: ${DOCTYPE_REFUSED_MESSAGE}` };
  const reference = forbiddenCharacterReference(read.text);
  if (reference !== null) return { ok: false, error: `${fileName}: ${forbiddenReferenceMessage(reference)} Correct the file and send it again.` };
  const verdict = XMLValidator.validate(read.text);
  if (verdict !== true) {
    const { msg, line, col } = verdict.err;
    return { ok: false, error: `${fileName} is not well-formed XML (line ${line}, column ${col}: ${msg}). Correct the file and send it again.` };
  }
  return read;
}

function checkJson(fileName: string, bytes: Uint8Array): { ok: true; text: string } | { ok: false; error: string } {
  const read = readUtf8(bytes, fileName);
  if (!read.ok) return read;
  try {
    JSON.parse(read.text);
    return read;
  } catch (error) {
    return { ok: false, error: `${fileName} is not valid JSON (${(error as Error).message}). Correct the file and send it again.` };
  }
}

function extractCsv(fileName: string, bytes: Uint8Array): Extraction {
  const read = readUtf8(bytes, fileName);
  if (!read.ok) return failure(read.error);
  const parsed = parseCsv(read.text, fileName);
  if (!parsed.ok) return failure(parsed.error);
  const grouped = groupCsvDocuments(parsed.table, fileName);
  if (!grouped.ok) return failure(grouped.error);
  const { header, delimiter } = parsed.table;
  const nipColumn = findColumn(header, NIP_COLUMNS);
  const single = grouped.groups.length === 1;
  const stem = fileNameStem(fileName);
  const encoder = new TextEncoder();
  const documents = grouped.groups.map((group) => {
    const nip = nipColumn >= 0 ? (group.rows[0]?.[nipColumn] ?? '').trim() : '';
    return {
      fileName: single || group.key === null ? unsignedName(fileName) : `${stem}_${safeNamePart(group.key)}.csv`,
      bytes: single ? bytes : encoder.encode(formatCsv(delimiter, [header, ...group.rows])),
      nip: isValidNip(nip) ? nip : null,
    };
  });
  return { ok: true, documents };
}

function extractZip(fileName: string, bytes: Uint8Array): Extraction {
  let entries: Record<string, Uint8Array>;
  let entryCount = 0;
  let totalBytes = 0;
  try {
    entries = unzipSync(bytes, {
      filter: (file) => {
        if (isSkippedEntry(file.name)) return false;
        entryCount++;
        totalBytes += file.originalSize;
        return entryCount <= MAX_ZIP_ENTRIES && totalBytes <= MAX_ZIP_UNCOMPRESSED_BYTES;
      },
    });
  } catch (error) {
    return failure(`${fileName} is not a readable ZIP archive (${(error as Error).message}). Create the ZIP again and send it.`);
  }
  if (entryCount > MAX_ZIP_ENTRIES) return failure(`${fileName} holds more than ${MAX_ZIP_ENTRIES} files. Split it into smaller ZIPs.`);
  if (totalBytes > MAX_ZIP_UNCOMPRESSED_BYTES) return failure(`${fileName} unpacks to more than 64 MiB. Split it into smaller ZIPs.`);
  const names = Object.keys(entries);
  if (names.length === 0) return failure(`${fileName} contains no files. Put the CSV, JSON or XML files in the ZIP and send it again.`);

  const documents: DocumentPiece[] = [];
  const errors: string[] = [];
  for (const path of names) {
    const entryName = printableName(path.split('/').pop() ?? path);
    const label = `${fileName}: ${entryName}`;
    const type = recogniseExtension(entryName);
    const entryBytes = entries[path] ?? new Uint8Array();
    let result: Extraction;
    if (!type) result = failure(`${label} is not a CSV, JSON or XML file. A ZIP may hold only .csv, .json and .xml files (signed .p7m too).`);
    else if (type.kind === 'zip') result = failure(`${label} is a ZIP inside the ZIP. Put all files in one ZIP.`);
    else if (entryBytes.length === 0) result = failure(`${label} is empty.`);
    else result = extractSingleFile(entryName, entryBytes, type.kind, type.signed);
    if (result.ok) documents.push(...result.documents);
    else errors.push(...result.errors.map((error) => (error.startsWith(label) ? error : `${fileName}: ${error}`)));
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, documents };
}

function isSkippedEntry(path: string): boolean {
  const base = path.split('/').pop() ?? '';
  return path.endsWith('/') || path.startsWith('__MACOSX/') || base.startsWith('._') || base === '.DS_Store' || base === 'Thumbs.db';
}

/** ZIP entry names may be UTF-8; transfer document names are printable ASCII like upload names. */
function printableName(name: string): string {
  return name.replace(/[^\x20-\x7e]/g, '_');
}

/** For a signed CSV yielding one document, the document is the CSV inside, named without `.p7m`. */
function unsignedName(fileName: string): string {
  return fileName.replace(/\.p7m$/i, '');
}

function failure(error: string): Extraction {
  return { ok: false, errors: [error] };
}
