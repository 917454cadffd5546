/**
 * MF2 speaks API Platform: Hydra collections (`member`, `totalItems`, `view` whose links may be
 * null), errors with an INTEGER `status`, 422 as a constraint-violation list. `Accept:
 * application/json` gets plain JSON (collections as arrays); anything else gets JSON-LD.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { installDeferredBodies } from './bodies';
import { FieldValidationError, FiscalError, type FieldProblem } from './problems';

export function wantsPlainJson(request: FastifyRequest): boolean {
  const accept = request.headers.accept ?? '';
  return /application\/json/.test(accept) && !/application\/ld\+json/.test(accept);
}

function pathOf(request: FastifyRequest): string {
  return request.url.split('?')[0] ?? request.url;
}

export function sendMf2Error(request: FastifyRequest, reply: FastifyReply, status: number, detail: string, headers: Record<string, string> = {}): FastifyReply {
  const base = { type: `/errors/${status}`, title: 'An error occurred', detail, status, instance: pathOf(request) };
  reply.code(status).headers(headers);
  if (wantsPlainJson(request) || /problem\+json/.test(request.headers.accept ?? '')) {
    return reply.type('application/problem+json; charset=utf-8').send(base);
  }
  return reply.type('application/ld+json; charset=utf-8').send({
    '@context': '/contexts/Error',
    '@id': `/errors/${status}`,
    '@type': 'hydra:Error',
    'hydra:title': base.title,
    'hydra:description': detail,
    ...base,
    description: detail,
  });
}

/** `ateco_codes.1` → `ateco_codes[1]`, as Symfony property paths read. */
function propertyPath(problem: FieldProblem): string {
  return problem.path.reduce<string>((path, segment) => (typeof segment === 'number' ? `${path}[${segment}]` : path ? `${path}.${segment}` : segment), '');
}

export function sendMf2Violations(request: FastifyRequest, reply: FastifyReply, problems: readonly FieldProblem[]): FastifyReply {
  const violations = problems.map((problem) => ({
    propertyPath: propertyPath(problem),
    message: problem.message.replace(/^Value error, /, ''),
    code: problem.type,
  }));
  const body = {
    type: '/validation_errors/constraint_violation',
    title: 'An error occurred',
    detail: violations.map((violation) => `${violation.propertyPath}: ${violation.message}`).join('\n'),
    status: 422,
    violations,
  };
  reply.code(422);
  if (wantsPlainJson(request) || /problem\+json/.test(request.headers.accept ?? '')) {
    return reply.type('application/problem+json; charset=utf-8').send(body);
  }
  return reply.type('application/ld+json; charset=utf-8').send({ '@context': '/contexts/ConstraintViolation', '@id': body.type, '@type': 'ConstraintViolation', ...body, description: body.detail });
}

function handleError(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply, log: (message: string) => void): FastifyReply {
  if (error instanceof FieldValidationError) {
    if (error.location === 'body') return sendMf2Violations(request, reply, error.problems);
    return sendMf2Error(request, reply, 400, error.message);
  }
  if (error instanceof FiscalError) return sendMf2Error(request, reply, error.status, error.detail, error.headers);
  const code = 'code' in error ? error.code : undefined;
  switch (code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return sendMf2Error(request, reply, 400, 'Syntax error: the request body is not valid JSON.');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return sendMf2Error(request, reply, 400, 'The request body is empty; send a JSON object.');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return sendMf2Error(request, reply, 415, `The content-type "${request.headers['content-type'] ?? ''}" is not supported; use application/json or application/ld+json.`);
  }
  const statusCode = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
  if (statusCode >= 400 && statusCode < 500) return sendMf2Error(request, reply, statusCode, error.message);
  log(`fiscal MF2 ${request.method} ${pathOf(request)} failed: ${error.stack ?? error.message}`);
  return sendMf2Error(request, reply, 500, 'Internal Server Error');
}

/** Error and not-found handlers and JSON-LD bodies of an MF2 scope (prefix `/v1/mf2`). */
export function installMf2Replies(scope: FastifyInstance, log: (message: string) => void): void {
  installDeferredBodies(scope, /^application\/(?:json|ld\+json|merge-patch\+json)$/);
  scope.addHook('onSend', async (request, reply, payload) => {
    const type = reply.getHeader('content-type');
    if (typeof type === 'string' && type.startsWith('application/json') && !wantsPlainJson(request)) reply.type('application/ld+json; charset=utf-8');
    return payload;
  });
  scope.setErrorHandler((error, request, reply) => handleError(error instanceof Error ? error : new Error(String(error)), request, reply, log));
  scope.setNotFoundHandler((request, reply) => sendMf2Error(request, reply, 404, `No route matches ${request.method} ${pathOf(request)}.`));
}

export interface ItemIdentity {
  iri: string;
  type: string;
}

/** An item in the requested representation. */
export function mf2Item(request: FastifyRequest, identity: ItemIdentity, body: Record<string, unknown>, context = identity.type): Record<string, unknown> {
  if (wantsPlainJson(request)) return body;
  return { '@context': `/v1/mf2/contexts/${context}`, '@id': identity.iri, '@type': identity.type, ...body };
}

/** An item embedded in a collection (no `@context` of its own). */
export function mf2Member(request: FastifyRequest, identity: ItemIdentity, body: Record<string, unknown>): Record<string, unknown> {
  if (wantsPlainJson(request)) return body;
  return { '@id': identity.iri, '@type': identity.type, ...body };
}

export interface Mf2PageQuery {
  page: number;
  itemsPerPage: number;
}

export const MF2_MAX_ITEMS_PER_PAGE = 30;

/** `page` (default 1, at least 1: else 400) and `itemsPerPage` (default 30, 0..30; above 30 is clamped). */
export function mf2PageQuery(query: unknown): Mf2PageQuery {
  const fields = (typeof query === 'object' && query !== null ? query : {}) as Record<string, unknown>;
  const page = integerParam(fields.page, 'page', 1);
  const itemsPerPage = integerParam(fields.itemsPerPage, 'itemsPerPage', MF2_MAX_ITEMS_PER_PAGE);
  if (page < 1) throw new FiscalError(400, 'Page should not be less than 1.');
  if (itemsPerPage < 0) throw new FiscalError(400, 'itemsPerPage must be 0 or more.');
  return { page, itemsPerPage: Math.min(itemsPerPage, MF2_MAX_ITEMS_PER_PAGE) };
}

function integerParam(value: unknown, name: string, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  if (typeof value !== 'string' || !/^-?\d+$/.test(value)) throw new FiscalError(400, `The query parameter ${name} must be a whole number; got "${String(value)}".`);
  return Number(value);
}

/** A Hydra collection (or, for `Accept: application/json`, a plain array) of one page of `members`. */
export function mf2Collection(request: FastifyRequest, collectionIri: string, all: readonly Record<string, unknown>[], query: Mf2PageQuery): unknown {
  const { page, itemsPerPage } = query;
  const members = itemsPerPage === 0 ? [] : all.slice((page - 1) * itemsPerPage, page * itemsPerPage);
  if (wantsPlainJson(request)) return members;
  const lastPage = itemsPerPage === 0 ? 1 : Math.max(1, Math.ceil(all.length / itemsPerPage));
  const link = (n: number) => `${collectionIri}?page=${n}`;
  const empty = all.length === 0;
  return {
    '@context': `/v1/mf2/contexts/${collectionIri.split('/').at(-1) ?? 'Collection'}`,
    '@id': collectionIri,
    '@type': 'Collection',
    totalItems: all.length,
    member: members,
    view: {
      '@id': link(page),
      '@type': 'PartialCollectionView',
      first: empty ? null : link(1),
      last: empty ? null : link(lastPage),
      previous: page > 1 && !empty ? link(Math.min(page - 1, lastPage)) : null,
      next: page < lastPage ? link(page + 1) : null,
    },
  };
}
