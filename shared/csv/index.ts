/**
 * The CSV the emulator accepts (a documented decision; the spec does not describe CSV content):
 * - UTF-8 (a byte-order mark is allowed); lines end with CRLF or LF; blank lines are ignored.
 * - RFC 4180 quoting: a field in double quotes may hold the delimiter, quotes (as `""`) and line breaks.
 * - Delimiter `,` or `;`: whichever occurs more often (outside quotes) in the header line.
 * - The first row is the header: non-empty, unique column names (compared case-insensitively).
 * - Every row has exactly as many fields as the header; there is at least one data row.
 * - Documents: rows that share the value of the grouping column form one document, in the order of
 *   first appearance. The grouping column is the first one named (case-insensitively, spaces and
 *   dashes counting as `_`) `document_number`, `invoice_number`, `document_id`, `numero_documento`,
 *   `numero_fattura` or `numer_faktury`; a row with that field empty is an error. A CSV without such a
 *   column is one document.
 */
export const GROUPING_COLUMNS = ['document_number', 'invoice_number', 'document_id', 'numero_documento', 'numero_fattura', 'numer_faktury'];

export interface CsvTable {
  delimiter: ',' | ';';
  header: string[];
  /** Data rows with their 1-based line number in the file, for messages. */
  rows: { line: number; fields: string[] }[];
}

export interface CsvGroup {
  key: string | null;
  rows: string[][];
}

export type CsvParse = { ok: true; table: CsvTable } | { ok: false; error: string };

export function parseCsv(text: string, fileName: string): CsvParse {
  const delimiter = detectDelimiter(text);
  const records: { line: number; fields: string[] }[] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let fieldWasQuoted = false;
  let line = 1;
  let recordLine = 1;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else {
          quoted = false;
        }
      } else {
        if (char === '\n') line++;
        field += char;
      }
      continue;
    }
    if (char === '"') {
      if (field.length > 0 || fieldWasQuoted) {
        return { ok: false, error: `${fileName}, line ${line}: a quote (") appears inside an unquoted field. Put the whole field in quotes and double the inner quotes ("").` };
      }
      quoted = true;
      fieldWasQuoted = true;
    } else if (char === delimiter) {
      fields.push(field);
      field = '';
      fieldWasQuoted = false;
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i++;
      fields.push(field);
      if (!(fields.length === 1 && fields[0] === '' && !fieldWasQuoted)) records.push({ line: recordLine, fields });
      fields = [];
      field = '';
      fieldWasQuoted = false;
      line++;
      recordLine = line;
    } else {
      if (fieldWasQuoted) {
        return { ok: false, error: `${fileName}, line ${line}: text follows a closing quote. Put the whole field in quotes.` };
      }
      field += char;
    }
  }
  if (quoted) return { ok: false, error: `${fileName}: a quoted field that starts on line ${recordLine} is never closed. Add the closing quote (").` };
  fields.push(field);
  if (!(fields.length === 1 && fields[0] === '' && !fieldWasQuoted)) records.push({ line: recordLine, fields });

  const [headerRecord, ...rows] = records;
  if (!headerRecord) return { ok: false, error: `${fileName} is empty. A CSV needs a header row and at least one data row.` };
  const header = headerRecord.fields.map((name) => name.trim());
  const emptyColumn = header.findIndex((name) => name === '');
  if (emptyColumn >= 0) return { ok: false, error: `${fileName}: column ${emptyColumn + 1} of the header row has no name. Name every column.` };
  const seen = new Set<string>();
  for (const name of header) {
    if (seen.has(name.toLowerCase())) return { ok: false, error: `${fileName}: the header names the column "${name}" twice. Give every column a different name.` };
    seen.add(name.toLowerCase());
  }
  if (rows.length === 0) return { ok: false, error: `${fileName} has a header row but no data rows.` };
  for (const row of rows) {
    if (row.fields.length !== header.length) {
      return {
        ok: false,
        error: `${fileName}, line ${row.line}: the row has ${row.fields.length} fields but the header has ${header.length}. Every row needs one value per column (delimiter "${delimiter}").`,
      };
    }
  }
  return { ok: true, table: { delimiter, header, rows } };
}

export type CsvGrouping = { ok: true; groups: CsvGroup[] } | { ok: false; error: string };

export function groupCsvDocuments(table: CsvTable, fileName: string): CsvGrouping {
  const column = findColumn(table.header, GROUPING_COLUMNS);
  if (column < 0) return { ok: true, groups: [{ key: null, rows: table.rows.map((row) => row.fields) }] };
  const groups = new Map<string, string[][]>();
  for (const row of table.rows) {
    const key = (row.fields[column] ?? '').trim();
    if (key === '') {
      return { ok: false, error: `${fileName}, line ${row.line}: the "${table.header[column]}" field is empty. Give every row the number of the document it belongs to.` };
    }
    const group = groups.get(key) ?? [];
    group.push(row.fields);
    groups.set(key, group);
  }
  return { ok: true, groups: [...groups].map(([key, rows]) => ({ key, rows })) };
}

/** Index of the first header matching one of `names` (case-insensitive, spaces/dashes as `_`), or -1. */
export function findColumn(header: string[], names: string[]): number {
  return header.findIndex((name) => names.includes(name.toLowerCase().replace(/[\s-]+/g, '_')));
}

export function formatCsv(delimiter: string, rows: string[][]): string {
  return rows.map((fields) => fields.map((value) => quoteField(value, delimiter)).join(delimiter)).join('\r\n') + '\r\n';
}

function quoteField(value: string, delimiter: string): string {
  return value.includes(delimiter) || /["\r\n]/.test(value) || /^\s|\s$/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

function detectDelimiter(text: string): ',' | ';' {
  let commas = 0;
  let semicolons = 0;
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && char === ',') commas++;
    else if (!quoted && char === ';') semicolons++;
  }
  return semicolons > commas ? ';' : ',';
}
