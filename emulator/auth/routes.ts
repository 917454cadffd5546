import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import type { EmulatorContext } from '../context';
import { findAccountByEmail } from './accounts';
import { parseLoginBody } from './login-body';
import type { TokenService } from './tokens';

function sendError(reply: FastifyReply, code: number, message: string): FastifyReply {
  if (code === 401) reply.header('www-authenticate', 'Bearer');
  return reply.code(code).type('application/json').send({ code, message });
}

/** The login interface: `POST /login` and `GET /users/me`, with LexikJWT-style `{code, message}` errors. */
export async function registerLoginRoutes(app: FastifyInstance, ctx: EmulatorContext, tokens: TokenService): Promise<void> {
  app.setErrorHandler((error: FastifyError, _request, reply) => {
    const status = error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
    if (status >= 500) ctx.log(`auth: ${error.stack ?? error.message}`);
    return sendError(reply, status, status >= 500 ? 'Internal server error.' : error.message);
  });
  app.setNotFoundHandler((request, reply) => sendError(reply, 404, `No route found for "${request.method} ${request.url}".`));

  await app.register(async (scope) => {
    // The body is validated by hand so each mistake gets its own message (see parseLoginBody).
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));

    scope.post('/login', async (request, reply) => {
      const rawBody = typeof request.body === 'string' ? request.body : '';
      const parsed = parseLoginBody(request.headers['content-type'], rawBody);
      if (!parsed.ok) return sendError(reply, parsed.status, parsed.message);
      const account = findAccountByEmail(ctx.accounts, parsed.input.email);
      if (!account || account.password !== parsed.input.password) return sendError(reply, 401, 'Invalid credentials.');
      return reply.code(200).send({ token: await tokens.issue(account, parsed.input.environment) });
    });

    scope.get('/users/me', async (request, reply) => {
      const check = await ctx.checkToken(request);
      if (!check.ok) return sendError(reply, 401, check.message);
      const { account, claims } = check;
      return reply.send({ uid: account.uid, email: account.email, fullname: account.fullname, environment: claims.environment, roles: claims.roles });
    });
  });
}
