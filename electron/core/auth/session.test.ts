import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ProfilesState, SessionStatus } from '../../../shared/contract';
import { createCoreApp, type CoreAppWithServices } from '../app';
import { EventRecorder } from '../testing/events';
import { startFakeAuthServer, type FakeAuthServer } from '../testing/fake-auth-server';
import { createMemoryPorts, type MemoryPorts } from '../testing/memory-ports';

const ctx = { caller: 'test' };
const login = { email: 'user@example.test', password: 'correct horse' };
const apps: CoreAppWithServices[] = [];
let auth: FakeAuthServer;
let wrongEnvironment: FakeAuthServer;

beforeAll(async () => {
  [auth, wrongEnvironment] = await Promise.all([startFakeAuthServer(), startFakeAuthServer({ forceEnvironment: 'production' })]);
});
afterAll(async () => {
  await Promise.all([auth.close(), wrongEnvironment.close()]);
});
afterEach(async () => {
  await Promise.all(apps.splice(0).map((a) => a.dispose()));
});

async function call<T>(app: CoreAppWithServices, channel: string, payload: unknown = {}): Promise<T> {
  const result = await app.handle(channel, payload, ctx);
  if (!result.ok) throw Object.assign(new Error(result.error.message), result.error);
  return result.value as T;
}

async function callError(app: CoreAppWithServices, channel: string, payload: unknown) {
  const result = await app.handle(channel, payload, ctx);
  if (result.ok) throw new Error(`${channel} unexpectedly succeeded`);
  return result.error;
}

/** An app whose active profile is a remote one pointing at the fake login service. */
async function appOn(server: FakeAuthServer, ports: MemoryPorts = createMemoryPorts()): Promise<{ app: CoreAppWithServices; ports: MemoryPorts; events: EventRecorder }> {
  if (ports.clock.now() < Date.now() - 60_000) ports.clock.set(Date.now());
  const app = createCoreApp(ports, { emulator: { autoStart: false } });
  apps.push(app);
  const events = new EventRecorder(app);
  const urls = { authUrl: server.url, documentsUrl: server.url, transferUrl: server.url, fiscalUrl: server.url, fiscalMtlsUrl: server.url };
  const state = await call<ProfilesState>(app, 'profiles.save', { id: 'test', name: 'Test service', kind: 'remote', environment: 'sandbox', urls });
  expect(state.profiles.some((p) => p.id === 'test')).toBe(true);
  await call(app, 'profiles.activate', { id: 'test' });
  return { app, ports, events };
}

describe('session with a login service', () => {
  it('signs in, shows who and what from the claims, and keeps the token encrypted per profile', async () => {
    const { app, ports, events } = await appOn(auth);
    const status = await call<SessionStatus>(app, 'session.login', login);
    expect(status).toMatchObject({
      state: 'signedIn',
      profileId: 'test',
      user: { email: 'user@example.test', uid: expect.stringMatching(/^uid-/) },
      environment: 'sandbox',
      projects: [{ project: 'peppol.api.acubeapi.com', roles: ['ROLE_WRITER'] }],
      rememberMe: false,
    });
    expect(Date.parse(status.expiresAt!) - Date.parse(status.issuedAt!)).toBe(86_400_000);
    expect(events.of('session.changed').at(-1)).toMatchObject({ reason: 'login', status: { state: 'signedIn' } });
    expect([...ports.secrets.values.keys()]).toEqual(['session:test:token']);
    expect(app.services.session.getToken()).toMatch(/^eyJ/);
    expect(ports.logger.text()).not.toContain('correct horse');
    expect(ports.logger.text()).not.toContain(app.services.session.getToken());
  });

  it('says the server’s message on wrong credentials and stays signed out', async () => {
    const { app, events } = await appOn(auth);
    const mark = events.mark();
    expect(await callError(app, 'session.login', { ...login, password: 'wrong' })).toMatchObject({ code: 'unauthorized', status: 401, message: 'Invalid credentials.' });
    expect(await call<SessionStatus>(app, 'session.status')).toMatchObject({ state: 'signedOut' });
    expect(events.events.slice(mark)).toEqual([]);
  });

  it('refuses a token issued for another environment than the profile’s', async () => {
    const { app } = await appOn(wrongEnvironment);
    const error = await callError(app, 'session.login', login);
    expect(error).toMatchObject({ code: 'bad_response' });
    expect(error.message).toBe(
      'The sign-in service issued a token for production, but the profile "Test service" is for sandbox. Check the profile\'s login address.',
    );
    expect(await call<SessionStatus>(app, 'session.status')).toMatchObject({ state: 'signedOut' });
  });

  it('remembers credentials only when asked, and forgets everything on logout', async () => {
    const { app, ports, events } = await appOn(auth);
    await call(app, 'session.login', { ...login, rememberMe: true });
    expect(ports.secrets.values.get('session:test:credentials')).toContain('correct horse');
    await call(app, 'session.login', login);
    expect(ports.secrets.values.has('session:test:credentials')).toBe(false);
    const out = await call<SessionStatus>(app, 'session.logout');
    expect(out).toMatchObject({ state: 'signedOut', rememberMe: false });
    expect(events.of('session.changed').at(-1)?.reason).toBe('logout');
    // Nothing of the session is kept; the activity log's signing key (written when its first entry is) stays, as it must.
    expect([...ports.secrets.values.keys()].filter((key) => key !== 'activity.headKey')).toEqual([]);
    expect(() => app.services.session.getToken()).toThrow('You are signed out. Sign in to continue.');
  });

  it('refuses demo accounts outside the local emulator profile', async () => {
    const { app } = await appOn(auth);
    expect(await callError(app, 'session.login', { demoAccount: 'full' })).toMatchObject({ code: 'bad_request', message: 'Demo accounts exist only on the Local emulator profile.' });
    expect(await call(app, 'session.demoAccounts')).toEqual([]);
  });

  it('reuses a saved token after a restart without signing in again', async () => {
    const first = await appOn(auth);
    const status = await call<SessionStatus>(first.app, 'session.login', login);
    await first.app.dispose();
    const logins = auth.logins;
    const again = createCoreApp(createMemoryPorts({ settings: first.ports.settings, secrets: first.ports.secrets, clock: first.ports.clock }), {
      emulator: { autoStart: false },
    });
    apps.push(again);
    await again.start();
    expect(await call<SessionStatus>(again, 'session.status')).toEqual(status);
    expect(auth.logins).toBe(logins);
  });

  it('warns five minutes before a day-long token expires, then ends the session', async () => {
    const { app, ports, events } = await appOn(auth);
    await call(app, 'session.login', login);
    ports.clock.advance(24 * 3600_000 - 5 * 60_000 - 1);
    expect(events.of('session.expiring')).toEqual([]);
    ports.clock.advance(1);
    expect(events.of('session.expiring')).toEqual([{ expiresAt: expect.any(String), secondsLeft: 300 }]);
    ports.clock.advance(5 * 60_000);
    const expired = await events.next('session.changed', (e) => e.reason === 'expired');
    expect(expired).toMatchObject({ status: { state: 'signedOut' }, message: 'Your session has expired. Sign in again.' });
    expect(() => app.services.session.getToken()).toThrow(/signed out/);
    expect(ports.secrets.values.has('session:test:token')).toBe(false);
  });

  it('copes with a computer clock far off the server’s', async () => {
    const ports = createMemoryPorts();
    const { app } = await appOn(auth, ports);
    ports.clock.set(Date.parse('2031-01-01T00:00:00Z'));
    const status = await call<SessionStatus>(app, 'session.login', login);
    expect(status.expiresAt).toBe('2031-01-02T00:00:00.000Z');
    expect(app.services.session.getToken()).toMatch(/^eyJ/);
  });

  it('ends the session on any 401 from a service call, and the call fails with unauthorized', async () => {
    const { app, ports, events } = await appOn(auth);
    await call(app, 'session.login', login);
    const token = app.services.session.getToken();
    const me = async () => app.services.http.json({ url: `${auth.url}/users/me`, token: app.services.session.getToken(), schema: z.object({ email: z.string() }) });
    expect(await me()).toEqual({ email: 'user@example.test' });
    auth.revoke(token);
    await expect(me()).rejects.toMatchObject({ code: 'unauthorized', message: 'Invalid JWT Token' });
    expect(events.of('session.changed').at(-1)).toMatchObject({ reason: 'unauthorized', status: { state: 'signedOut' } });
    expect(await call<SessionStatus>(app, 'session.status')).toMatchObject({ state: 'signedOut' });
    await expect.poll(() => ports.secrets.values.has('session:test:token')).toBe(false);
    await expect(me()).rejects.toMatchObject({ code: 'unauthorized', message: 'You are signed out. Sign in to continue.' });
  });
});
