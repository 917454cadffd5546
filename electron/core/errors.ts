/**
 * Turning anything thrown inside the core into the `AppError` envelope shape that crosses the
 * bridge, and wording zod failures so a person can act on them.
 */
import { z } from 'zod';
import { AppError, because, isAppError, reason, type AppErrorShape } from '../../shared/contract';
import type { Logger } from './ports';

export interface IssueSummary {
  path: string;
  message: string;
  code: string;
}

type Issue = z.core.$ZodIssue;

/** Unwraps `.optional()`, `.default()` and friends to reach a union or object schema. */
function unwrap(schema: z.ZodType): z.ZodType {
  let current: z.ZodType = schema;
  for (let depth = 0; depth < 10; depth += 1) {
    if (current instanceof z.ZodOptional || current instanceof z.ZodNullable || current instanceof z.ZodDefault) {
      current = current.unwrap() as z.ZodType;
    } else if (current instanceof z.ZodPipe) {
      current = current.in as z.ZodType;
    } else {
      return current;
    }
  }
  return current;
}

function objectKeys(schema: z.ZodType): string[] {
  const inner = unwrap(schema);
  return inner instanceof z.ZodObject ? Object.keys(inner.shape) : [];
}

/**
 * For a failed union, the branch the caller most likely meant: the one that knows the most of
 * the keys they sent, then the one with the fewest complaints.
 */
function likelyBranch(schema: z.ZodType | undefined, input: unknown, branches: Issue[][]): Issue[] {
  const union = schema ? unwrap(schema) : undefined;
  const sentKeys = input && typeof input === 'object' ? Object.keys(input) : [];
  let best: { issues: Issue[]; known: number } | undefined;
  branches.forEach((issues, index) => {
    const option = union instanceof z.ZodUnion ? (union.options[index] as z.ZodType | undefined) : undefined;
    const keys = option ? objectKeys(option) : [];
    const known = sentKeys.filter((key) => keys.includes(key)).length;
    if (!best || known > best.known || (known === best.known && issues.length < best.issues.length)) {
      best = { issues, known };
    }
  });
  return best?.issues ?? [];
}

function readableMessage(issue: Issue): string {
  if (issue.code === 'invalid_type' && /received undefined$/.test(issue.message)) return 'is required';
  return issue.message;
}

/** Flattens zod issues (descending into the likely union branch) without ever copying the input values. */
export function summarizeIssues(issues: readonly Issue[], schema?: z.ZodType, input?: unknown): IssueSummary[] {
  const out: IssueSummary[] = [];
  for (const issue of issues) {
    if (issue.code === 'invalid_union' && issue.errors.length > 0) {
      const atRoot = issue.path.length === 0;
      const branch = likelyBranch(atRoot ? schema : undefined, atRoot ? input : undefined, issue.errors);
      const nested = summarizeIssues(branch).map((s) => ({
        ...s,
        path: [...issue.path.map(String), ...(s.path ? [s.path] : [])].join('.'),
      }));
      out.push(...nested);
      continue;
    }
    out.push({ path: issue.path.map(String).join('.'), message: readableMessage(issue), code: issue.code });
  }
  return out;
}

/** "email: Enter your e-mail address.; password: is required" */
export function describeIssues(summaries: readonly IssueSummary[], max = 3): string {
  const parts = summaries.slice(0, max).map((s) => (s.path ? `${s.path}: ${s.message}` : s.message));
  const more = summaries.length > max ? ` (and ${summaries.length - max} more)` : '';
  return parts.join('; ') + more;
}

/** A payload that failed its channel schema. */
export function badRequestFromZod(channel: string, error: z.ZodError, schema: z.ZodType, input: unknown): AppError {
  const issues = summarizeIssues(error.issues, schema, input);
  return new AppError('bad_request', `Invalid input for ${channel}: ${describeIssues(issues)}`, { details: because(reason('app.invalidInput', { said: describeIssues(issues) }), { issues }) });
}

/**
 * Any thrown value → the envelope's error shape. AppErrors pass through; anything else is an
 * unexpected failure: logged in full (the logger redacts) and replaced by a safe message.
 */
export function toErrorShape(error: unknown, logger: Logger, where: string): AppErrorShape {
  if (isAppError(error)) return error.toJSON();
  const name = error instanceof Error ? error.name : typeof error;
  const message = error instanceof Error ? error.message : String(error);
  logger.error(`Unexpected failure in ${where}`, { name, message, stack: error instanceof Error ? error.stack : undefined });
  return { code: 'internal', message: 'Something went wrong inside the app. The details are in the log.', details: because(reason('app.unexpected')) };
}
