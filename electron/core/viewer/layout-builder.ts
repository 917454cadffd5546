/** Small helpers that turn an element tree into the viewer's labelled sections (SchemaLayout). */
import type { LayoutField, LayoutSection, LayoutTable } from '../../../shared/contract';
import { childElements, findElement, findElements, textAt, type XmlElement } from '../../../shared/ubl';

export type FieldSpec = [key: string, path: string, kind?: LayoutField['kind']];

/** What a code means (by its element's name), for `code` fields: shown as "code – meaning". */
export type DescribeCode = (elementName: string, value: string) => string | undefined;

/** Fields at the given paths under `element`, skipping those that are absent or empty. */
export function fieldsAt(element: XmlElement | undefined, specs: FieldSpec[], currency?: string, describe?: DescribeCode): LayoutField[] {
  const fields: LayoutField[] = [];
  for (const [key, path, kind] of specs) {
    for (const target of path === '.' ? (element ? [element] : []) : findElements(element, path)) {
      const value = textAt(target);
      if (value === undefined) continue;
      const meaning = kind === 'code' ? describe?.(target.name, value) : undefined;
      const field: LayoutField = { key, value: meaning && meaning !== value ? `${value} – ${meaning}` : value };
      if (kind) field.kind = kind;
      if (kind === 'amount' && currency) field.currency = currency;
      fields.push(field);
    }
  }
  return fields;
}

export interface ColumnSpec {
  key: string;
  path: string;
  numeric?: boolean;
}

/** A table with one row per element at `rowPath`; columns that are empty in every row are dropped. */
export function tableAt(key: string, element: XmlElement | undefined, rowPath: string, columns: ColumnSpec[]): LayoutTable | null {
  const rows = findElements(element, rowPath);
  if (rows.length === 0) return null;
  const cells = rows.map((row) => columns.map((column) => (column.path === '.' ? (textAt(row) ?? '') : findElements(row, column.path).map((cell) => textAt(cell) ?? '').filter(Boolean).join(', '))));
  const kept = columns.map((_, index) => cells.some((row) => row[index] !== ''));
  return {
    key,
    columns: columns.filter((_, index) => kept[index]).map(({ key: columnKey, numeric }) => (numeric ? { key: columnKey, numeric } : { key: columnKey })),
    rows: cells.map((row) => row.filter((_, index) => kept[index])),
  };
}

export function section(key: string, parts: { subtitle?: string | undefined; fields?: LayoutField[]; tables?: Array<LayoutTable | null>; texts?: Array<string | undefined> }): LayoutSection {
  const result: LayoutSection = {
    key,
    fields: parts.fields ?? [],
    tables: (parts.tables ?? []).filter((table): table is LayoutTable => table !== null),
    texts: (parts.texts ?? []).filter((text): text is string => typeof text === 'string' && text.trim() !== ''),
  };
  if (parts.subtitle) result.subtitle = parts.subtitle;
  return result;
}

export function isEmpty(section: LayoutSection): boolean {
  return section.fields.length === 0 && section.tables.length === 0 && section.texts.length === 0;
}

/** Address lines joined for one line of text. */
export function joinText(element: XmlElement | undefined, paths: string[], separator = ', '): string | undefined {
  const parts = paths.map((path) => textAt(element, path)).filter((part): part is string => part !== undefined);
  return parts.length > 0 ? parts.join(separator) : undefined;
}

export { childElements, findElement, findElements, textAt };
