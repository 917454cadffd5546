/** The merchant ATECO editor: the list being edited, checked with the shared validator as you type. */
import { validateAtecoCode } from '../../../../../shared/validation/ateco';
import type { AtecoCode } from '../../../../../shared/contract';
import { atecoProblem, type FieldProblem } from './amount-check';

export interface AtecoRow {
  code: string;
  description: string | null;
}

/** What is wrong with a code about to be added (format first, then a duplicate). */
export function newCodeProblem(value: string, rows: readonly AtecoRow[]): FieldProblem | null {
  const format = atecoProblem(value);
  if (format) return format;
  return rows.some((row) => row.code === value) ? { key: 'ateco.duplicate', values: { value } } : null;
}

export const rowsOf = (codes: readonly AtecoCode[]): AtecoRow[] => codes.map(({ code, description }) => ({ code, description }));

export const sameCodes = (a: readonly AtecoRow[], b: readonly AtecoRow[]): boolean =>
  a.length === b.length && a.every((row, index) => row.code === b[index]?.code);

export const allValid = (rows: readonly AtecoRow[]): boolean => rows.every((row) => validateAtecoCode(row.code).ok);

/**
 * The server's 422 names each bad code by its index (`codes.2`); the editor shows the message next
 * to that code. Paths that name no index go under the key `''`.
 */
export function serverProblemsByCode(fields: Record<string, string> | undefined, rows: readonly AtecoRow[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [path, message] of Object.entries(fields ?? {})) {
    const match = /^(?:codes|ateco_codes)[.[](\d+)\]?$/.exec(path);
    const row = match ? rows[Number(match[1])] : undefined;
    const key = row ? row.code : '';
    out[key] = out[key] ? `${out[key]} ${message}` : message;
  }
  return out;
}
