/**
 * Request bodies of the fiscal scopes, parsed after routing (Fastify parses bodies before the
 * handler, and before the not-found handler too): every content type is read as text, and only a
 * matched route that takes a body parses it as JSON. So a body-less POST (`…/close`, MF2
 * `…/discard`) works with any `Content-Type` or none, and an unknown path answers 404 whatever its
 * body. The errors carry Fastify's own codes, so each flavour's error handler renders them as before.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** Route option: `config: NO_BODY` marks an operation that takes no body (its body is ignored). */
export const NO_BODY = { noBody: true } as const;

const BODY_LIMIT_BYTES = 1024 * 1024;

function fastifyLikeError(code: string, statusCode: number, message: string): Error {
  return Object.assign(new Error(message), { code, statusCode });
}

function takesNoBody(request: FastifyRequest): boolean {
  if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') return true;
  const config: unknown = request.routeOptions.config;
  return typeof config === 'object' && config !== null && (config as { noBody?: unknown }).noBody === true;
}

/** The JSON body of a request that takes one; undefined when there is no body and no content type. */
function parseJsonBody(contentType: string | undefined, raw: string, jsonMediaType: RegExp): unknown {
  const mediaType = contentType?.split(';')[0]?.trim().toLowerCase() ?? '';
  if (mediaType === '' && raw === '') return undefined;
  if (!jsonMediaType.test(mediaType)) {
    throw fastifyLikeError('FST_ERR_CTP_INVALID_MEDIA_TYPE', 415, `Unsupported Media Type: ${mediaType || 'none'}`);
  }
  if (raw.trim() === '') throw fastifyLikeError('FST_ERR_CTP_EMPTY_JSON_BODY', 400, "Body cannot be empty when content-type is set to 'application/json'");
  try {
    return JSON.parse(raw) as unknown;
  } catch (error) {
    throw fastifyLikeError('FST_ERR_CTP_INVALID_JSON_BODY', 400, `Body is not valid JSON: ${(error as Error).message}`);
  }
}

/** Installs the deferred body parsing on a scope; `jsonMediaType` lists the media types read as JSON. */
export function installDeferredBodies(scope: FastifyInstance, jsonMediaType: RegExp): void {
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: BODY_LIMIT_BYTES }, (_request, body, done) => done(null, body));
  scope.addHook('preHandler', async (request) => {
    if (request.is404) return;
    const raw = typeof request.body === 'string' ? request.body : '';
    request.body = takesNoBody(request) ? undefined : parseJsonBody(request.headers['content-type'], raw, jsonMediaType);
  });
}
