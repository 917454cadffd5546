import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import type { TLSSocket } from 'node:tls';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '../../../shared/contract';
import { MemoryLogger } from '../testing/memory-ports';
import { makeClientCertificate, makeServerCertificate, type TestCertificate } from '../testing/tls-fixtures';
import { createMtlsAgent, createProfileAgent } from './agents';
import { createHttpClient, type HttpClient } from './client';

type Handler = (req: http.IncomingMessage, res: http.ServerResponse, body: string) => void;

const servers: Array<http.Server | https.Server> = [];
const agent = createProfileAgent();

async function listen(server: http.Server | https.Server): Promise<number> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

/** A loopback server; `hits` counts requests. */
async function serve(handler: Handler): Promise<{ url: string; hits: () => number; requests: http.IncomingMessage[] }> {
  const requests: http.IncomingMessage[] = [];
  const server = http.createServer((req, res) => {
    requests.push(req);
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => handler(req, res, Buffer.concat(chunks).toString('utf8')));
  });
  const port = await listen(server);
  return { url: `http://127.0.0.1:${port}`, hits: () => requests.length, requests };
}

const json = (res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void => {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
};

function client(extra: Partial<Parameters<typeof createHttpClient>[0]> = {}): { http: HttpClient; logger: MemoryLogger } {
  const logger = new MemoryLogger();
  return { http: createHttpClient({ logger, dispatcher: () => agent, retry: { baseDelayMs: 1, maxDelayMs: 5 }, ...extra }), logger };
}

async function failure(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

const okSchema = z.object({ ok: z.boolean() });

afterEach(() => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    server.close();
  }
});

afterAll(async () => {
  await agent.close();
});

describe('HTTP client: answers', () => {
  it('sends JSON with a request id and the token, and parses the answer with the schema', async () => {
    const server = await serve((req, res, body) => json(res, 200, { ok: true, echo: JSON.parse(body) as unknown, q: req.url }));
    const { http: c, logger } = client();
    const data = await c.json({
      method: 'POST',
      url: `${server.url}/base/`,
      query: { page: 2, 'senderId[]': ['a', 'b'], skip: undefined },
      json: { hello: 'world' },
      token: 'tok-123',
      schema: z.object({ ok: z.literal(true), echo: z.object({ hello: z.string() }), q: z.string() }),
    });
    expect(data).toEqual({ ok: true, echo: { hello: 'world' }, q: '/base/?page=2&senderId%5B%5D=a&senderId%5B%5D=b' });
    const sent = server.requests[0]!;
    expect(sent.headers.authorization).toBe('Bearer tok-123');
    expect(sent.headers['content-type']).toBe('application/json');
    expect(sent.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(logger.text()).not.toContain('tok-123');
  });

  it('reads bytes, empty answers and accepted redirects', async () => {
    const server = await serve((req, res) => {
      if (req.url === '/pdf') {
        res.writeHead(200, { 'content-type': 'application/pdf' });
        res.end(Buffer.from('%PDF-1.7'));
      } else if (req.url === '/print') {
        json(res, 302, { url: 'http://files/x.pdf' }, { location: 'http://files/x.pdf' });
      } else {
        res.writeHead(204);
        res.end();
      }
    });
    const { http: c } = client();
    const pdf = await c.bytes({ url: `${server.url}/pdf` });
    expect(pdf.data.toString()).toBe('%PDF-1.7');
    expect(pdf.contentType).toBe('application/pdf');
    expect((await c.empty({ method: 'POST', url: `${server.url}/downloaded`, json: {} })).status).toBe(204);
    const print = await c.jsonResponse({ url: `${server.url}/print`, okStatuses: [302], schema: z.object({ url: z.string() }) });
    expect(print.status).toBe(302);
    expect(print.headers.location).toBe('http://files/x.pdf');
  });

  it('calls a 2xx that is not JSON a response the app cannot read', async () => {
    const server = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"ok": tru');
    });
    const error = await failure(client().http.json({ url: server.url, schema: okSchema }));
    expect(error.code).toBe('bad_response');
    expect(error.message).toBe('The server sent a response the app cannot read.');
  });

  it('calls a 2xx of the wrong shape a response the app cannot read, saying what is wrong', async () => {
    const server = await serve((_req, res) => json(res, 200, { ok: 'yes' }));
    const error = await failure(client().http.json({ url: server.url, schema: okSchema }));
    expect(error.code).toBe('bad_response');
    expect(error.details).toMatchObject({ reason: expect.stringContaining('ok: Invalid input: expected boolean') });
  });
});

describe('HTTP client: statuses', () => {
  it.each([
    [401, { code: 401, message: 'Invalid credentials.' }, 'unauthorized', 'Invalid credentials.'],
    [403, '', 'forbidden', 'Your account is not allowed to do this.'],
    [404, { '@type': 'hydra:Error', 'hydra:description': 'Not Found' }, 'not_found', 'Not Found'],
    [409, { code: 'transfer_not_configured' }, 'conflict', 'The service refused because of the current state of the resource.'],
    [413, '', 'too_large', 'The request is too large for the service.'],
    [500, { detail: 'boom' }, 'internal', 'boom'],
    [418, '', 'bad_response', '127.0.0.1'],
  ])('maps HTTP %i to %s', async (status, body, code, message) => {
    const server = await serve((_req, res) => json(res, status, body));
    const error = await failure(client().http.json({ method: 'POST', url: server.url, json: {}, schema: okSchema }));
    expect(error.code).toBe(code);
    expect(error.status).toBe(status);
    expect(error.message).toContain(message);
  });

  it('carries the server field messages of a 422 and a 400', async () => {
    const server = await serve((req, res) => {
      if (req.url === '/credit-notes') {
        json(res, 422, { violations: [{ propertyPath: 'cbc:ID', message: 'This value should not be blank.', code: 'c1' }] });
      } else {
        json(res, 400, { errors: { country: 'Must be IT or PL.', fileName: 'Unknown extension.' } });
      }
    });
    const { http: c } = client();
    const e422 = await failure(c.json({ method: 'POST', url: `${server.url}/credit-notes`, json: {}, schema: okSchema }));
    expect(e422.code).toBe('validation');
    expect(e422.message).toBe('The service refused the content. cbc:ID: This value should not be blank.');
    expect(e422.details).toMatchObject({ fieldErrors: { 'cbc:ID': 'This value should not be blank.' } });
    const e400 = await failure(c.json({ method: 'POST', url: `${server.url}/upload`, json: {}, schema: okSchema }));
    expect(e400.code).toBe('validation');
    expect(e400.details).toMatchObject({ fieldErrors: { country: 'Must be IT or PL.', fileName: 'Unknown extension.' } });
  });

  it('reports a 401 to the session only when the call carried a token', async () => {
    const server = await serve((_req, res) => json(res, 401, { code: 401, message: 'Expired JWT Token' }));
    const seen: string[] = [];
    const { http: c } = client({ onUnauthorized: ({ token }) => seen.push(token) });
    await failure(c.json({ url: server.url, schema: okSchema }));
    await failure(c.json({ url: server.url, token: 'tok-9', schema: okSchema }));
    expect(seen).toEqual(['tok-9']);
  });
});

describe('HTTP client: failures and retries', () => {
  it('gives up on a server that never answers with a timeout naming the host', async () => {
    const server = await serve(() => undefined);
    const error = await failure(client().http.json({ url: server.url, schema: okSchema, timeoutMs: 200 }));
    expect(error.code).toBe('timeout');
    expect(error.message).toBe(`${new URL(server.url).host} did not answer within 200 ms.`);
    expect(server.hits()).toBe(1);
  });

  it('reports a refused connection as a network error naming the host', async () => {
    const probe = http.createServer();
    const port = await listen(probe);
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const error = await failure(client().http.json({ url: `http://127.0.0.1:${port}/x`, schema: okSchema, retry: false }));
    expect(error.code).toBe('network');
    expect(error.message).toBe(`Cannot reach 127.0.0.1:${port}: the connection was refused.`);
  });

  it('retries a GET on 503 and succeeds when the service recovers', async () => {
    let calls = 0;
    const server = await serve((_req, res) => (++calls < 3 ? json(res, 503, { detail: 'maintenance' }) : json(res, 200, { ok: true })));
    expect(await client().http.json({ url: server.url, schema: okSchema })).toEqual({ ok: true });
    expect(server.hits()).toBe(3);
  });

  it('stops retrying after the bounded attempts with unavailable', async () => {
    const server = await serve((_req, res) => json(res, 502, ''));
    const error = await failure(client().http.json({ url: server.url, schema: okSchema }));
    expect(error.code).toBe('unavailable');
    expect(server.hits()).toBe(3);
  });

  it('never retries a POST on 503 unless the caller says it is idempotent', async () => {
    const server = await serve((_req, res) => json(res, 503, { id: 'u1', status: 'pending', errors: 'Could not confirm storage' }));
    const { http: c } = client();
    const error = await failure(c.json({ method: 'POST', url: server.url, json: {}, schema: okSchema }));
    expect(error.code).toBe('unavailable');
    expect(error.message).toBe('Could not confirm storage');
    expect(error.details).toMatchObject({ body: { id: 'u1', status: 'pending' } });
    expect(server.hits()).toBe(1);
    await failure(c.json({ method: 'PUT', url: server.url, json: {}, idempotent: true, schema: okSchema }));
    expect(server.hits()).toBe(4);
  });

  it('retries a GET whose connection was dropped', async () => {
    let calls = 0;
    const server = await serve((req, res) => (++calls === 1 ? req.socket.destroy() : json(res, 200, { ok: true })));
    expect(await client().http.json({ url: server.url, schema: okSchema })).toEqual({ ok: true });
    expect(server.hits()).toBe(2);
  });

  it('does not wait out a Retry-After longer than it is willing to', async () => {
    const server = await serve((_req, res) => json(res, 503, '', { 'retry-after': '3600' }));
    const error = await failure(client().http.json({ url: server.url, schema: okSchema }));
    expect(error.code).toBe('unavailable');
    expect(server.hits()).toBe(1);
  });

  it('is cancelled by its AbortSignal', async () => {
    const server = await serve(() => undefined);
    const controller = new AbortController();
    const pending = client().http.json({ url: server.url, schema: okSchema, signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    expect((await failure(pending)).code).toBe('cancelled');
  });

  it('logs failures with the request id and never the token', async () => {
    const server = await serve((_req, res) => json(res, 404, { message: 'Not Found' }));
    const { http: c, logger } = client();
    const error = await failure(c.json({ url: `${server.url}/credit-notes/x`, token: 'secret-token-value', schema: okSchema }));
    const requestId = (error.details as { requestId: string }).requestId;
    expect(server.requests[0]!.headers['x-request-id']).toBe(requestId);
    expect(logger.text()).toContain(requestId);
    expect(logger.text()).not.toContain('secret-token-value');
  });
});

describe('HTTP client: TLS', () => {
  let serverCert: TestCertificate;
  let clientCert: TestCertificate;

  beforeAll(() => {
    serverCert = makeServerCertificate();
    clientCert = makeClientCertificate();
  });

  it('refuses an untrusted certificate, accepts it once the profile trusts its CA', async () => {
    const server = https.createServer({ cert: serverCert.certPem, key: serverCert.keyPem }, (_req, res) => json(res, 200, { ok: true }));
    const url = `https://127.0.0.1:${await listen(server)}/`;
    const error = await failure(client().http.json({ url, schema: okSchema, retry: false }));
    expect(error.code).toBe('certificate');
    expect(error.message).toMatch(/add it to the profile/);
    const trusting = createProfileAgent({ extraCaPems: [serverCert.certPem] });
    expect(await client({ dispatcher: () => trusting }).http.json({ url, schema: okSchema })).toEqual({ ok: true });
    await trusting.close();
  });

  it('presents a client certificate through the mTLS agent', async () => {
    const server = https.createServer(
      { cert: serverCert.certPem, key: serverCert.keyPem, ca: [clientCert.certPem], requestCert: true, rejectUnauthorized: true },
      (req, res) => json(res, 200, { ok: true, cn: (req.socket as TLSSocket).getPeerCertificate().subject.CN }),
    );
    const url = `https://127.0.0.1:${await listen(server)}/v1/mf1/cash-registers/me`;
    const mtls = createMtlsAgent({ cert: clientCert.certPem, key: clientCert.keyPem }, { extraCaPems: [serverCert.certPem] });
    const { http: c } = client();
    expect(await c.json({ url, dispatcher: mtls, schema: z.object({ ok: z.boolean(), cn: z.string() }) })).toEqual({ ok: true, cn: 'E001-000001' });
    const trustingOnly = createProfileAgent({ extraCaPems: [serverCert.certPem] });
    const refused = await failure(c.json({ url, dispatcher: trustingOnly, schema: okSchema, retry: false }));
    expect(['certificate', 'network']).toContain(refused.code);
    await Promise.all([mtls.close(), trustingOnly.close()]);
  });
});
