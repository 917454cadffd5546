/**
 * CSV for spreadsheets (csv-stringify): a header row, a UTF-8 BOM so Excel reads accents right,
 * CRLF line ends, and text that a spreadsheet would run as a formula (=, +, -, @ first) made inert.
 */
import { stringify } from 'csv-stringify/sync';
import type { FilePayload } from '../../../shared/contract';

export interface CsvColumn<Row> {
  header: string;
  value(row: Row): string | number | boolean | null | undefined;
}

const FORMULA_START = /^[=+\-@\t\r]/;
const NUMBER = /^-?\d+(\.\d+)?$/;

/** A cell as text; a formula-looking text (not a plain number) gets a leading apostrophe. */
export function csvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'boolean' ? (value ? 'yes' : 'no') : String(value);
  return FORMULA_START.test(text) && !NUMBER.test(text) ? `'${text}` : text;
}

export function toCsv<Row>(rows: readonly Row[], columns: ReadonlyArray<CsvColumn<Row>>): string {
  return stringify(
    rows.map((row) => columns.map((column) => csvCell(column.value(row)))),
    { header: true, columns: columns.map((column) => column.header), bom: true, record_delimiter: 'windows' },
  );
}

export function csvPayload<Row>(fileName: string, rows: readonly Row[], columns: ReadonlyArray<CsvColumn<Row>>): FilePayload {
  const bytes = Buffer.from(toCsv(rows, columns), 'utf8');
  return { fileName, contentType: 'text/csv', base64: bytes.toString('base64'), size: bytes.length };
}
