/**
 * Errors the fiscal handlers throw. Each API flavour renders them its own way: MF1 as FastAPI
 * (`mf1-replies.ts`), MF2 as API Platform (`mf2-replies.ts`).
 */
import type { z } from 'zod';

export type PathSegment = string | number;

/** One invalid field: where, what kind (pydantic's type names), and a message for people. */
export interface FieldProblem {
  path: PathSegment[];
  type: string;
  message: string;
}

export type ProblemLocation = 'body' | 'query' | 'path';

/** A refusal with an HTTP status and a human-readable detail (401, 403, 404, 409, ...). */
export class FiscalError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(detail);
    this.name = 'FiscalError';
  }
}

/** Invalid input: 422 with every problem found. */
export class FieldValidationError extends Error {
  constructor(
    readonly location: ProblemLocation,
    readonly problems: FieldProblem[],
  ) {
    super(problems.map((problem) => `${problem.path.join('.')}: ${problem.message}`).join('; '));
    this.name = 'FieldValidationError';
  }
}

export const unauthorized = (detail: string) => new FiscalError(401, detail, { 'www-authenticate': 'Bearer' });
export const forbidden = (detail: string) => new FiscalError(403, detail);
export const notFound = (detail: string) => new FiscalError(404, detail);
export const conflict = (detail: string) => new FiscalError(409, detail);

function describeValues(values: readonly unknown[]): string {
  const quoted = values.map((value) => `'${String(value)}'`);
  return quoted.length <= 1 ? (quoted[0] ?? '') : `${quoted.slice(0, -1).join(', ')} or ${quoted.at(-1)}`;
}

function issueProblems(issue: z.core.$ZodIssue): FieldProblem[] {
  const path = issue.path.filter((segment): segment is PathSegment => typeof segment !== 'symbol');
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return [{ path, type: 'missing', message: 'Field required' }];
      if (issue.expected === 'object') return [{ path, type: 'model_attributes_type', message: 'Input should be a valid dictionary or object to extract fields from' }];
      return [{ path, type: `${issue.expected}_type`, message: `Input should be a valid ${issue.expected}` }];
    case 'invalid_value':
      return [{ path, type: 'enum', message: `Input should be ${describeValues(issue.values)}` }];
    case 'unrecognized_keys':
      return issue.keys.map((key) => ({ path: [...path, key], type: 'extra_forbidden', message: 'Extra inputs are not permitted' }));
    case 'too_small':
      if (issue.origin === 'array') return [{ path, type: 'too_short', message: `List should have at least ${issue.minimum} item${issue.minimum === 1 ? '' : 's'}` }];
      if (issue.origin === 'string') return [{ path, type: 'string_too_short', message: `String should have at least ${issue.minimum} character${issue.minimum === 1 ? '' : 's'}` }];
      return [{ path, type: 'greater_than_equal', message: `Input should be ${issue.inclusive ? 'greater than or equal to' : 'greater than'} ${issue.minimum}` }];
    case 'too_big':
      if (issue.origin === 'array') return [{ path, type: 'too_long', message: `List should have at most ${issue.maximum} items` }];
      if (issue.origin === 'string') return [{ path, type: 'string_too_long', message: `String should have at most ${issue.maximum} characters` }];
      return [{ path, type: 'less_than_equal', message: `Input should be ${issue.inclusive ? 'less than or equal to' : 'less than'} ${issue.maximum}` }];
    case 'invalid_format':
      return [{ path, type: 'string_pattern_mismatch', message: `String should match pattern '${'pattern' in issue ? String(issue.pattern) : issue.format}'` }];
    case 'custom':
      return [{ path, type: 'value_error', message: `Value error, ${issue.message}` }];
    default:
      return [{ path, type: 'value_error', message: issue.message }];
  }
}

/** Zod issues as pydantic-style field problems (`type` names as FastAPI reports them). */
export function problemsFromZod(error: z.ZodError): FieldProblem[] {
  return error.issues.flatMap(issueProblems);
}

/** Parses `value` or throws a FieldValidationError for `location`. */
export function parseOrThrow<S extends z.ZodType>(schema: S, value: unknown, location: ProblemLocation): z.output<S> {
  const result = schema.safeParse(value, { reportInput: true });
  if (result.success) return result.data;
  throw new FieldValidationError(location, problemsFromZod(result.error));
}
