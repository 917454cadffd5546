/** The session against the real emulator (emulator/cli.ts) started by the core's runner over loopback. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { DemoAccountInfo, SessionStatus } from '../../../shared/contract';
import { createCoreApp, type CoreAppOptions, type CoreAppWithServices } from '../app';
import { joinUrl } from '../http/url';
import { EventRecorder } from '../testing/events';
import { createMemoryPorts, type MemoryPorts } from '../testing/memory-ports';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const emulatorLaunch = { command: process.execPath, args: ['--import', 'tsx', 'emulator/cli.ts'], cwd: repoRoot };
const ctx = { caller: 'test' };
/** One data folder for the whole file: the emulator issues its CA once and later starts are quicker. */
const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerdesk-session-'));
const SLOW = 90_000;

async function call<T>(app: CoreAppWithServices, channel: string, payload: unknown = {}): Promise<T> {
  const result = await app.handle(channel, payload, ctx);
  if (!result.ok) throw Object.assign(new Error(result.error.message), result.error);
  return result.value as T;
}

/** A started app on the Local emulator profile; shares stores with `from` to play a restart. */
async function startApp(userDataDir: string, options: CoreAppOptions = {}, from?: MemoryPorts) {
  const ports = createMemoryPorts({ emulatorLaunch, userDataDir, ...(from ? { settings: from.settings, secrets: from.secrets, clock: from.clock } : {}) });
  if (!from) ports.clock.set(Date.now());
  const app = createCoreApp(ports, { ...options, emulator: { startTimeoutMs: 60_000, ...options.emulator } });
  const events = new EventRecorder(app);
  await app.start();
  expect(await call(app, 'emulator.status')).toMatchObject({ state: 'running' });
  return { app, ports, events };
}

const usersMe = async (app: CoreAppWithServices) =>
  app.services.http.json({
    url: joinUrl(app.services.endpoints().urls.authUrl, '/users/me'),
    token: app.services.session.getToken(),
    schema: z.object({ email: z.string(), uid: z.string() }).loose(),
  });

describe('session on the local emulator', () => {
  let running: Awaited<ReturnType<typeof startApp>>;

  beforeAll(async () => {
    running = await startApp(userDataDir);
  }, SLOW);
  afterAll(async () => {
    await running?.app.dispose();
  });

  it('lists the demo accounts without their passwords and signs in with one', async () => {
    const { app } = running;
    const accounts = await call<DemoAccountInfo[]>(app, 'session.demoAccounts');
    expect(accounts.map((a) => a.name)).toEqual(expect.arrayContaining(['full', 'no-upload-pl', 'transfer-unconfigured-it', 'read-only']));
    expect(JSON.stringify(accounts)).not.toMatch(/password/i);
    const status = await call<SessionStatus>(app, 'session.login', { demoAccount: 'full' });
    expect(status).toMatchObject({ state: 'signedIn', profileId: 'local-emulator', environment: 'sandbox', user: { email: accounts.find((a) => a.name === 'full')?.email } });
    expect(status.projects.map((p) => p.project)).toContain('peppol.api.acubeapi.com');
    expect(await usersMe(app)).toMatchObject({ email: status.user?.email, uid: status.user?.uid });
  });

  it('shows the server’s message for a wrong password', async () => {
    const result = await running.app.handle('session.login', { email: 'full@demo.ledgerdesk.test', password: 'not-the-password' }, ctx);
    expect(result).toEqual({ ok: false, error: expect.objectContaining({ code: 'unauthorized', message: 'Invalid credentials.', status: 401 }) });
  });

  it('refuses an unknown demo account, naming the ones that exist', async () => {
    const result = await running.app.handle('session.login', { demoAccount: 'nobody' }, ctx);
    expect(result).toMatchObject({ ok: false, error: { code: 'not_found', message: expect.stringContaining('Available: full') } });
  });

  it('reuses the saved token after the app (and its emulator) restart', async () => {
    const before = await call<SessionStatus>(running.app, 'session.login', { demoAccount: 'read-only' });
    await running.app.dispose();
    running = await startApp(userDataDir, {}, running.ports);
    expect(await call<SessionStatus>(running.app, 'session.status')).toEqual(before);
    expect(running.events.of('session.changed')).toEqual([{ status: before, reason: 'startup' }]);
    expect(await usersMe(running.app)).toMatchObject({ uid: before.user?.uid });
  }, SLOW);

  it('ends the session when the emulator answers 401 to a saved token, and the call fails with unauthorized', async () => {
    const saved = JSON.parse(running.ports.secrets.values.get('session:local-emulator:token')!) as { token: string; receivedAt: number };
    const [head, claims, signature] = saved.token.split('.');
    const forged = `${head}.${claims}.${signature!.slice(0, -6)}AAAAAA`;
    running.ports.secrets.values.set('session:local-emulator:token', JSON.stringify({ ...saved, token: forged }));
    // Picks the saved token up as at startup: its claims read fine, only the service can tell it is bad.
    await running.app.services.session.restore('startup');
    expect(await call<SessionStatus>(running.app, 'session.status')).toMatchObject({ state: 'signedIn' });
    await expect(usersMe(running.app)).rejects.toMatchObject({ code: 'unauthorized', status: 401 });
    expect(running.events.of('session.changed').at(-1)).toMatchObject({ reason: 'unauthorized', status: { state: 'signedOut' } });
    expect(await call<SessionStatus>(running.app, 'session.status')).toMatchObject({ state: 'signedOut' });
  });
});

describe('session on an emulator with two-second tokens', () => {
  let running: Awaited<ReturnType<typeof startApp>>;

  beforeAll(async () => {
    running = await startApp(userDataDir, { emulator: { extraArgs: ['--token-ttl', '2'] } });
  }, SLOW);
  afterAll(async () => {
    await running?.app.dispose();
  });

  it('warns before expiry and then signs out', async () => {
    const { app, ports, events } = running;
    const status = await call<SessionStatus>(app, 'session.login', { demoAccount: 'full' });
    expect(Date.parse(status.expiresAt!) - Date.parse(status.issuedAt!)).toBe(2000);
    ports.clock.advance(1800);
    expect(events.of('session.expiring')).toEqual([{ expiresAt: status.expiresAt, secondsLeft: 0 }]);
    ports.clock.advance(200);
    expect(await events.next('session.changed', (e) => e.reason === 'expired')).toMatchObject({ status: { state: 'signedOut' } });
    expect(() => app.services.session.getToken()).toThrow(/signed out/);
  });

  it('renews a remembered session silently before it expires', async () => {
    const { app, ports, events } = running;
    const first = await call<SessionStatus>(app, 'session.login', { demoAccount: 'full', rememberMe: true });
    const mark = events.mark();
    ports.clock.advance(1600);
    const renewed = await events.next('session.changed', (e) => e.reason === 'renewed', mark);
    expect(renewed.status).toMatchObject({ state: 'signedIn', rememberMe: true });
    expect(Date.parse(renewed.status.expiresAt!)).toBeGreaterThan(Date.parse(first.expiresAt!));
    expect(app.services.session.getToken()).toEqual(expect.any(String));
    // The old token's expiry passes without ending the session.
    ports.clock.advance(400);
    expect(await call<SessionStatus>(app, 'session.status')).toMatchObject({ state: 'signedIn' });
    expect(events.events.slice(mark).filter((e) => e.event === 'session.changed').map((e) => (e.payload as { reason: string }).reason)).toEqual(['renewed']);
  });
});
