/**
 * Body of `POST …/backoffice-reports/receipts`: `type` `details` or `summary` and exactly one
 * filter kind: a single document number (details only), a document number range, or a date range.
 */
import { z } from 'zod';
import { type FieldProblem, FieldValidationError, parseOrThrow } from '../http/problems';
import { isCalendarDate } from '../italian-time';
import { DOCUMENT_NUMBER_PATTERN } from '../receipts/input';
import type { ReceiptsFilter } from './builders';

const documentNumber = z
  .string()
  .refine((value) => DOCUMENT_NUMBER_PATTERN.test(value), { message: 'A document number reads like "0001-0001" (journal number, dash, progressive number).' })
  .nullish();
const date = z
  .string()
  .refine(isCalendarDate, { message: 'A date reads YYYY-MM-DD, e.g. "2026-10-08", and must exist in the calendar.' })
  .nullish();

const bodySchema = z.strictObject({
  type: z.enum(['details', 'summary']),
  document_number: documentNumber,
  document_number_from: documentNumber,
  document_number_to: documentNumber,
  date_from: date,
  date_to: date,
});

export interface ReceiptsReportRequest {
  type: 'details' | 'summary';
  filter: ReceiptsFilter;
  /** The fields as given, for the request's `parameters`. */
  parameters: Record<string, string>;
}

const present = (value: string | null | undefined): value is string => typeof value === 'string';

export function parseReceiptsReportRequest(body: unknown): ReceiptsReportRequest {
  const input = parseOrThrow(bodySchema, body, 'body');
  const single = present(input.document_number);
  const numberRange = present(input.document_number_from) || present(input.document_number_to);
  const dateRange = present(input.date_from) || present(input.date_to);
  const kinds = [single && 'document_number', numberRange && 'document_number_from/document_number_to', dateRange && 'date_from/date_to'].filter(
    (kind): kind is string => typeof kind === 'string',
  );
  const problem = (path: string[], message: string): FieldProblem => ({ path, type: 'value_error', message: `Value error, ${message}` });

  if (kinds.length === 0) {
    throw new FieldValidationError('body', [
      problem([], 'give exactly one filter: document_number, document_number_from with document_number_to, or date_from with date_to.'),
    ]);
  }
  if (kinds.length > 1) {
    throw new FieldValidationError('body', [problem([], `give only one kind of filter; got ${kinds.join(' and ')}.`)]);
  }
  const parameters: Record<string, string> = { type: input.type };
  for (const [key, value] of Object.entries(input)) if (present(value)) parameters[key] = value;

  if (single) {
    if (input.type === 'summary') {
      throw new FieldValidationError('body', [
        problem(['document_number'], 'a summary report takes a document number range or a date range, not a single document number.'),
      ]);
    }
    return { type: input.type, filter: { kind: 'number', document_number: input.document_number as string }, parameters };
  }
  const [fromKey, toKey, from, to] = numberRange
    ? (['document_number_from', 'document_number_to', input.document_number_from, input.document_number_to] as const)
    : (['date_from', 'date_to', input.date_from, input.date_to] as const);
  if (!present(from) || !present(to)) {
    const missing = present(from) ? toKey : fromKey;
    throw new FieldValidationError('body', [{ path: [missing], type: 'missing', message: `Field required: ${fromKey} and ${toKey} go together.` }]);
  }
  if (from > to) {
    throw new FieldValidationError('body', [problem([toKey], `${toKey} (${to}) comes before ${fromKey} (${from}).`)]);
  }
  return {
    type: input.type,
    filter: numberRange ? { kind: 'number_range', from, to } : { kind: 'date_range', from, to },
    parameters,
  };
}
