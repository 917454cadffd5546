import type { FastifyReply, FastifyRequest } from 'fastify';
import type { DemoAccount, EmulatorContext } from '../context';

const accounts = new WeakMap<FastifyRequest, DemoAccount>();

/** onRequest hook: 401 `{code, message}` without a valid token, before the body is even read. */
export function requireToken(ctx: EmulatorContext) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const check = await ctx.checkToken(request);
    if (!check.ok) return sendError(reply, 401, check.message);
    accounts.set(request, check.account);
    return undefined;
  };
}

/** The account of a request that passed `requireToken`. */
export function accountOf(request: FastifyRequest): DemoAccount {
  const account = accounts.get(request);
  if (!account) throw new Error('transfer: route reached without the token check');
  return account;
}

export function sendError(reply: FastifyReply, status: number, message: string): FastifyReply {
  return reply.code(status).type('application/json; charset=utf-8').send({ code: status, message });
}

export function sendNotFound(reply: FastifyReply, what: string): FastifyReply {
  return sendError(reply, 404, `${what} was not found for this account. Check the id (an upload is visible only to the account that sent it).`);
}

const contentTypes: Record<string, string> = {
  xml: 'application/xml',
  json: 'application/json',
  csv: 'text/csv; charset=utf-8',
  p7m: 'application/pkcs7-mime',
};

export function contentTypeFor(fileName: string): string {
  const extension = fileName.toLowerCase().split('.').pop() ?? '';
  return contentTypes[extension] ?? 'application/octet-stream';
}

/** `attachment` with the name both as a quoted string and RFC 5987-encoded. */
export function contentDisposition(fileName: string): string {
  const quoted = fileName.replace(/[\\"]/g, (char) => `\\${char}`).replace(/[^\x20-\x7e]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${quoted}"; filename*=UTF-8''${encoded}`;
}
