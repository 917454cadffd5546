/**
 * A tiny login service for core tests that do not need the whole emulator: `POST /login` issues
 * unsigned JWT-shaped tokens with the spec's claims, `GET /users/me` checks them.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeAuthServer {
  url: string;
  logins: number;
  /** Tokens `/users/me` rejects from now on. */
  revoke(token: string): void;
  close(): Promise<void>;
}

export interface FakeAuthOptions {
  email?: string;
  password?: string;
  ttlSeconds?: number;
  /** Issue tokens for this environment whatever is asked (to test the mismatch check). */
  forceEnvironment?: 'sandbox' | 'production';
}

const b64 = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString('base64url');

export async function startFakeAuthServer(options: FakeAuthOptions = {}): Promise<FakeAuthServer> {
  const email = options.email ?? 'user@example.test';
  const password = options.password ?? 'correct horse';
  const revoked = new Set<string>();
  let issued = 0;
  const state = { logins: 0 };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const send = (status: number, body: unknown): void => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (req.method === 'POST' && req.url === '/login') {
        let body: { email?: unknown; password?: unknown; environment?: unknown };
        try {
          body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as typeof body;
        } catch {
          return send(400, { code: 400, message: 'Invalid JSON.' });
        }
        if (body.email !== email || body.password !== password) return send(401, { code: 401, message: 'Invalid credentials.' });
        state.logins += 1;
        issued += 1;
        const iat = Math.floor(Date.now() / 1000);
        const environment = options.forceEnvironment ?? (body.environment === 'sandbox' ? 'sandbox' : 'production');
        const claims = {
          iat,
          exp: iat + (options.ttlSeconds ?? 86_400),
          roles: { 'peppol.api.acubeapi.com': ['ROLE_WRITER'] },
          username: email,
          uid: `uid-${issued}`,
          environment,
          fid: null,
          pid: null,
        };
        return send(200, { token: `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.sig${issued}` });
      }
      if (req.method === 'GET' && req.url === '/users/me') {
        const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
        if (!token || revoked.has(token)) return send(401, { code: 401, message: 'Invalid JWT Token' });
        return send(200, { email });
      }
      send(404, { code: 404, message: 'Not found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    get logins() {
      return state.logins;
    },
    revoke: (token) => revoked.add(token),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
