/**
 * CSV for spreadsheets (csv-stringify): a header row, a UTF-8 BOM so Excel reads accents right,
 * CRLF line ends, and text that a spreadsheet would run as a formula made inert (OWASP's CSV
 * injection guidance): the file is written with `,`, but Excel opens a .csv with the separator of
 * the user's settings (`;` under Italian, Polish and Norwegian ones), and other tools split on tab
 * or `|`; so every part of a cell that any of those separators would make a cell of, and that
 * begins with `=`, `+`, `-`, `@`, a tab or a CR, gets a leading apostrophe, and a field holding
 * `;`, a tab or `|` is quoted (a spreadsheet splitting on it keeps it whole).
 */
import { stringify } from 'csv-stringify/sync';
import type { FilePayload } from '../../../shared/contract';

export interface CsvColumn<Row> {
  header: string;
  value(row: Row): string | number | boolean | null | undefined;
}

const SEPARATORS = new Set([',', ';', '\t', '|']);
const FORMULA_START = new Set(['=', '+', '-', '@', '\t', '\r']);
const NUMBER = /^-?\d+(\.\d+)?$/;

/** The part of `text` starting at `start` up to the next separator (a tab at `start` is the part's own first character). */
function partAt(text: string, start: number): string {
  let end = start + 1;
  while (end < text.length && !SEPARATORS.has(text[end] as string)) end += 1;
  return text.slice(start, end);
}

/** Whether the part starting at `start` would be read as a formula: its first character after spaces, unless it is a plain number. */
function startsFormula(text: string, start: number): boolean {
  let first = start;
  while (text[first] === ' ') first += 1;
  const character = text[first];
  if (character === undefined || !FORMULA_START.has(character)) return false;
  return !NUMBER.test(partAt(text, first).trimEnd());
}

/** A cell as text; every formula-looking part (not a plain number) gets a leading apostrophe. */
export function csvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'boolean' ? (value ? 'yes' : 'no') : String(value);
  let out = '';
  for (let index = 0; index < text.length; index += 1) {
    const atPartStart = index === 0 || SEPARATORS.has(text[index - 1] as string);
    if (atPartStart && startsFormula(text, index)) out += "'";
    out += text[index] as string;
  }
  return out;
}

export function toCsv<Row>(rows: readonly Row[], columns: ReadonlyArray<CsvColumn<Row>>): string {
  return stringify(
    rows.map((row) => columns.map((column) => csvCell(column.value(row)))),
    { header: true, columns: columns.map((column) => column.header), bom: true, record_delimiter: 'windows', quoted_match: /[;\t|]/ },
  );
}

export function csvPayload<Row>(fileName: string, rows: readonly Row[], columns: ReadonlyArray<CsvColumn<Row>>): FilePayload {
  const bytes = Buffer.from(toCsv(rows, columns), 'utf8');
  return { fileName, contentType: 'text/csv', base64: bytes.toString('base64'), size: bytes.length };
}
