/**
 * The shared fiscal validators (shared/validation) decide; this turns their error codes into
 * translation keys so the messages follow the UI language.
 */
import { validateAmount, validateQuantity } from '../../../../../shared/validation/fiscal-amounts';
import { validateAtecoCode } from '../../../../../shared/validation/ateco';

/** A problem with a value: a translation key under `fiscal.validation` plus its variables. */
export interface FieldProblem {
  key: string;
  values?: Record<string, string>;
}

export function amountProblem(value: string, { required = true }: { required?: boolean } = {}): FieldProblem | null {
  if (!required && value.trim() === '') return null;
  const check = validateAmount(value);
  return check.ok ? null : { key: `amount.${check.code}`, values: { value, suggestion: value.replace(',', '.') } };
}

export function quantityProblem(value: string): FieldProblem | null {
  const check = validateQuantity(value);
  return check.ok ? null : { key: `quantity.${check.code}`, values: { value, suggestion: value.replace(',', '.') } };
}

export function atecoProblem(value: string, { required = true }: { required?: boolean } = {}): FieldProblem | null {
  if (!required && value.trim() === '') return null;
  const check = validateAtecoCode(value);
  if (check.ok) return null;
  const normalized = value.replace(/[.\s-]/g, '').toUpperCase();
  // Dots and spaces are not part of a code: the count is of what is (its letters and digits).
  const key = check.code === 'length' ? (normalized.length < 6 ? 'tooShort' : 'tooLong') : check.code;
  return { key: `ateco.${key}`, values: { value, normalized, length: String(normalized.length) } };
}

/**
 * What people type for money, made into the service's format when it is unambiguous:
 * "3" → "3.00", "3.5" → "3.50". Anything else is left for the validator to explain.
 */
export function padDecimals(value: string): string {
  const trimmed = value.trim();
  const match = /^(\d+)(?:\.(\d?))?$/.exec(trimmed);
  if (!match) return value;
  return `${match[1]}.${(match[2] ?? '').padEnd(2, '0')}`;
}
