/**
 * MF1 speaks FastAPI: errors `{type, title, status, detail, instance}`, validation errors
 * `422 {detail: [{loc, msg, type}]}`, pages `{members, total, page, size, pages}`.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { installDeferredBodies } from './bodies';
import { FieldValidationError, FiscalError, type FieldProblem, type ProblemLocation, parseOrThrow } from './problems';

const titles: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

function pathOf(request: FastifyRequest): string {
  return request.url.split('?')[0] ?? request.url;
}

export function sendMf1Error(request: FastifyRequest, reply: FastifyReply, status: number, detail: string, headers: Record<string, string> = {}): FastifyReply {
  return reply
    .code(status)
    .headers(headers)
    .type('application/json')
    .send({ type: `/errors/${status}`, title: titles[status] ?? 'Error', status, detail, instance: pathOf(request) });
}

export function sendMf1Validation(reply: FastifyReply, location: ProblemLocation | null, problems: readonly FieldProblem[]): FastifyReply {
  return reply
    .code(422)
    .type('application/json')
    .send({ detail: problems.map((problem) => ({ loc: location === null ? problem.path : [location, ...problem.path], msg: problem.message, type: problem.type })) });
}

function handleError(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply, log: (message: string) => void): FastifyReply {
  if (error instanceof FieldValidationError) return sendMf1Validation(reply, error.location, error.problems);
  if (error instanceof FiscalError) return sendMf1Error(request, reply, error.status, error.detail, error.headers);
  const code = 'code' in error ? error.code : undefined;
  switch (code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return sendMf1Validation(reply, null, [{ path: ['body', 0], type: 'json_invalid', message: 'JSON decode error: the request body is not valid JSON' }]);
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return sendMf1Validation(reply, null, [{ path: ['body'], type: 'missing', message: 'Field required' }]);
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return sendMf1Error(request, reply, 415, `The body must be JSON (Content-Type: application/json); got ${request.headers['content-type'] ?? 'none'}.`);
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return sendMf1Error(request, reply, 413, 'The request body is too large.');
  }
  const statusCode = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
  if (statusCode >= 400 && statusCode < 500) return sendMf1Error(request, reply, statusCode, error.message);
  log(`fiscal MF1 ${request.method} ${pathOf(request)} failed: ${error.stack ?? error.message}`);
  return sendMf1Error(request, reply, 500, 'The service could not complete the request.');
}

/** Error and not-found handlers of an MF1 scope (a plugin registered with prefix `/v1/mf1`). */
export function installMf1Replies(scope: FastifyInstance, log: (message: string) => void): void {
  installDeferredBodies(scope, /^application\/(?:[a-z0-9.+-]+\+)?json$/);
  scope.setErrorHandler((error, request, reply) => handleError(error instanceof Error ? error : new Error(String(error)), request, reply, log));
  scope.setNotFoundHandler((request, reply) => sendMf1Error(request, reply, 404, `There is no ${request.method} ${pathOf(request)} in MF1.`));
}

export interface Mf1Page<T> {
  members: T[];
  total: number;
  page: number;
  size: number;
  pages: number;
}

export const MF1_MAX_PAGE_SIZE = 100;

const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(MF1_MAX_PAGE_SIZE).default(30),
});

/** `page` (default 1) and `size` (default 30, at most 100) from the query; 422 when invalid. */
export function mf1PageQuery(query: unknown): { page: number; size: number } {
  const fields = typeof query === 'object' && query !== null ? query : {};
  return parseOrThrow(pageQuerySchema, { page: pick(fields, 'page'), size: pick(fields, 'size') }, 'query');
}

function pick(fields: object, key: string): unknown {
  const value: unknown = (fields as Record<string, unknown>)[key];
  return value === '' ? undefined : value;
}

export function mf1Page<T>(items: readonly T[], page: number, size: number): Mf1Page<T> {
  return {
    members: items.slice((page - 1) * size, page * size),
    total: items.length,
    page,
    size,
    pages: Math.ceil(items.length / size),
  };
}
