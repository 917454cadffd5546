import type { FastifyRequest } from 'fastify';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEmulator, type TestEmulator } from '../testing';
import { demoAccounts, projectDomains } from './accounts';

let emulator: TestEmulator;
/** The emulator's clock runs this far ahead of real time (expiry tests move it). */
let clockOffsetMs = 0;
const full = demoAccounts.find((account) => account.name === 'full')!;

beforeAll(async () => {
  emulator = await startTestEmulator({ tokenTtlSeconds: 120 }, { now: () => new Date(Date.now() + clockOffsetMs) });
});
afterAll(() => emulator?.close());

async function login(body: string | undefined, contentType: string | null = 'application/json') {
  const headers: Record<string, string> = contentType === null ? {} : { 'content-type': contentType };
  const response = await fetch(`${emulator.urls.authUrl}/login`, { method: 'POST', headers, body });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function usersMe(authorization?: string) {
  const response = await fetch(`${emulator.urls.authUrl}/users/me`, { headers: authorization ? { authorization } : {} });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const json = (value: unknown) => JSON.stringify(value);

describe('POST /login', () => {
  it('issues a token for every demo account, e-mail case-insensitive', async () => {
    for (const account of demoAccounts) {
      const result = await login(json({ email: account.email.toUpperCase(), password: account.password, environment: 'sandbox' }));
      expect(result.status).toBe(200);
      expect(typeof result.body.token).toBe('string');
    }
  });

  it.each([
    ['a wrong password', { email: full.email, password: 'nope' }],
    ['an unknown e-mail', { email: 'nobody@demo.ledgerdesk.test', password: full.password }],
    ['a password with different case', { email: full.email, password: full.password.toUpperCase() }],
  ])('answers 401 Invalid credentials for %s', async (_case, body) => {
    expect(await login(json(body))).toEqual({ status: 401, body: { code: 401, message: 'Invalid credentials.' } });
  });

  it.each([
    ['email missing', { password: 'x' }, 'The key "email" must be provided.'],
    ['password missing', { email: full.email }, 'The key "password" must be provided.'],
    ['email empty', { email: '  ', password: 'x' }, 'The key "email" must not be empty.'],
    ['password empty', { email: full.email, password: '' }, 'The key "password" must not be empty.'],
    ['email not a string', { email: 42, password: 'x' }, 'The key "email" must be a string.'],
    ['password not a string', { email: full.email, password: ['x'] }, 'The key "password" must be a string.'],
    ['an unknown environment', { email: full.email, password: full.password, environment: 'staging' }, 'The key "environment" must be "sandbox" or "production".'],
    ['a null environment', { email: full.email, password: full.password, environment: null }, 'The key "environment" must be "sandbox" or "production".'],
  ])('answers 400 naming the field for %s', async (_case, body, message) => {
    expect(await login(json(body))).toEqual({ status: 400, body: { code: 400, message } });
  });

  it('answers 400 for a body that is not JSON, empty or not an object', async () => {
    const notJson = await login('{"email": ');
    expect(notJson.status).toBe(400);
    expect(notJson.body.message).toMatch(/^The request body is not valid JSON/);
    expect(await login('')).toMatchObject({ status: 400, body: { message: expect.stringMatching(/body is empty/) } });
    expect(await login('["a"]')).toMatchObject({ status: 400, body: { message: expect.stringMatching(/must be a JSON object/) } });
  });

  it('answers 415 for another content type or none', async () => {
    const body = json({ email: full.email, password: full.password });
    expect(await login(body, 'text/plain')).toEqual({
      status: 415,
      body: { code: 415, message: 'Content-Type "text/plain" is not supported; send the body as application/json.' },
    });
    expect(await login(body, 'application/x-www-form-urlencoded')).toMatchObject({ status: 415 });
    const none = await fetch(`${emulator.urls.authUrl}/login`, { method: 'POST', body: new Uint8Array(Buffer.from(body)) });
    expect(none.status).toBe(415);
    expect(await none.json()).toMatchObject({ message: expect.stringMatching(/Content-Type header is missing/) });
    expect((await login(body, 'application/json; charset=utf-8')).status).toBe(200);
  });
});

describe('token claims', () => {
  it('are the spec\'s, RS256-signed, valid for the configured lifetime', async () => {
    const before = Math.floor(Date.now() / 1000);
    const token = await emulator.login('full', 'sandbox');
    const after = Math.floor(Date.now() / 1000);
    expect(decodeProtectedHeader(token)).toMatchObject({ alg: 'RS256', typ: 'JWT' });
    const claims = decodeJwt(token);
    expect(Object.keys(claims).sort()).toEqual(['environment', 'exp', 'fid', 'iat', 'pid', 'roles', 'uid', 'username']);
    expect(claims.iat).toBeGreaterThanOrEqual(before);
    expect(claims.iat).toBeLessThanOrEqual(after);
    expect(claims.exp).toBe(claims.iat! + 120);
    expect(claims).toMatchObject({ username: full.email, uid: full.uid, environment: 'sandbox', fid: null, pid: null });
    expect(claims.roles).toEqual({
      [projectDomains.documents]: ['ROLE_WRITER'],
      [projectDomains.fiscal]: ['ROLE_MERCHANT', 'ROLE_SUPPLIER', 'ROLE_CASHIER'],
      [projectDomains.transfer]: ['ROLE_WRITER'],
    });
  });

  it('carry production when no environment is asked, as the spec says', async () => {
    const result = await login(json({ email: full.email, password: full.password }));
    expect(decodeJwt(result.body.token as string).environment).toBe('production');
  });

  it('give the read-only account no writer role', async () => {
    const roles = decodeJwt(await emulator.login('read-only')).roles as Record<string, string[]>;
    expect(Object.values(roles).flat()).not.toContain('ROLE_WRITER');
  });
});

describe('GET /users/me', () => {
  it('returns the current user', async () => {
    const token = await emulator.login('no-upload-pl');
    const account = demoAccounts.find((a) => a.name === 'no-upload-pl')!;
    expect(await usersMe(`Bearer ${token}`)).toEqual({
      status: 200,
      body: { uid: account.uid, email: account.email, fullname: account.fullname, environment: 'sandbox', roles: account.roles },
    });
  });

  it.each([
    ['no Authorization header', undefined, 'JWT Token not found'],
    ['another scheme', 'Basic dXNlcjpwYXNz', 'JWT Token not found'],
    ['a bearer without token', 'Bearer ', 'JWT Token not found'],
    ['a malformed token', 'Bearer not-a-jwt', 'Invalid JWT Token'],
    ['three parts of garbage', 'Bearer a.b.c', 'Invalid JWT Token'],
  ])('answers 401 for %s', async (_case, authorization, message) => {
    expect(await usersMe(authorization)).toEqual({ status: 401, body: { code: 401, message } });
  });

  it('answers 401 Invalid JWT Token for a tampered payload or an unsigned token', async () => {
    const [header, payload, signature] = (await emulator.login('read-only')).split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    const forged = Buffer.from(JSON.stringify({ ...claims, uid: full.uid, username: full.email })).toString('base64url');
    expect(await usersMe(`Bearer ${header}.${forged}.${signature}`)).toEqual({ status: 401, body: { code: 401, message: 'Invalid JWT Token' } });
    const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    expect((await usersMe(`Bearer ${none}.${payload}.`)).body).toEqual({ code: 401, message: 'Invalid JWT Token' });
  });

  it('answers 401 Expired JWT Token once the lifetime has passed', async () => {
    const token = await emulator.login('full');
    expect((await usersMe(`Bearer ${token}`)).status).toBe(200);
    clockOffsetMs = 121_000;
    try {
      expect(await usersMe(`Bearer ${token}`)).toEqual({ status: 401, body: { code: 401, message: 'Expired JWT Token' } });
    } finally {
      clockOffsetMs = 0;
    }
  });

  it('refuses a token of the environment the emulator does not play', async () => {
    const token = await emulator.login('full', 'production');
    const result = await usersMe(`Bearer ${token}`);
    expect(result.status).toBe(401);
    expect(result.body.message).toMatch(/^Invalid JWT Token: it was issued for the production environment, this service is sandbox$/);
    const check = await emulator.context.checkToken({ headers: { authorization: `Bearer ${token}` } } as FastifyRequest);
    expect(check).toMatchObject({ ok: false, reason: 'environment' });
  });

  it('maps a valid token to its account through ctx.checkToken', async () => {
    const token = await emulator.login('transfer-unconfigured-it');
    const check = await emulator.context.checkToken({ headers: { authorization: `Bearer ${token}` } } as FastifyRequest);
    expect(check.ok && check.account.name).toBe('transfer-unconfigured-it');
    expect(check.ok && check.account.uploadAccess).toEqual({ IT: 'not_configured', PL: 'enabled' });
  });
});
