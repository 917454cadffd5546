import { fileURLToPath } from 'node:url';
import { afterEach, beforeAll, afterAll, describe, expect, it } from 'vitest';
import type { ProfilesState, SessionStatus } from '../../../shared/contract';
import { createCoreApp, type CoreAppWithServices } from '../app';
import type { CoreAppOptions } from '../app';
import { EventRecorder } from '../testing/events';
import { startCaptureServer } from '../testing/capture-server';
import { startFakeAuthServer, type FakeAuthServer } from '../testing/fake-auth-server';
import { createMemoryPorts, type MemoryPorts } from '../testing/memory-ports';
import { makeServerCertificate } from '../testing/tls-fixtures';

const ctx = { caller: 'test' };
const apps: CoreAppWithServices[] = [];
let auth: FakeAuthServer;

beforeAll(async () => {
  auth = await startFakeAuthServer();
});
afterAll(async () => {
  await auth.close();
});
afterEach(async () => {
  await Promise.all(apps.splice(0).map((a) => a.dispose()));
});

function makeApp(ports: MemoryPorts = createMemoryPorts(), options: CoreAppOptions = { emulator: { autoStart: false } }): CoreAppWithServices {
  const app = createCoreApp(ports, options);
  apps.push(app);
  return app;
}

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

const urlsOf = (base: string) => ({
  authUrl: base,
  documentsUrl: `${base}/docs`,
  transferUrl: `${base}/transfer`,
  fiscalUrl: `${base}/fiscal`,
  fiscalMtlsUrl: `${base}/mtls`,
});

const customProfile = (name = 'Staging proxy') => ({ name, kind: 'remote', environment: 'sandbox', urls: urlsOf(auth.url) });

describe('profiles', () => {
  it('starts with the three built-ins and the local emulator active', async () => {
    const state = await call<ProfilesState>(makeApp(), 'profiles.list');
    expect(state.activeId).toBe('local-emulator');
    expect(state.warning).toBeUndefined();
    expect(state.profiles.map((p) => [p.id, p.kind, p.environment, p.builtIn])).toEqual([
      ['local-emulator', 'emulator', 'sandbox', true],
      ['sandbox', 'remote', 'sandbox', true],
      ['production', 'remote', 'production', true],
    ]);
    expect(state.profiles[1]?.urls).toEqual({
      authUrl: 'https://common-sandbox.api.acubeapi.com',
      documentsUrl: 'https://peppol-sandbox.api.acubeapi.com',
      transferUrl: 'https://transfer-sandbox.api.acubeapi.com',
      fiscalUrl: 'https://ereceipts-it-sandbox.acubeapi.com',
      fiscalMtlsUrl: 'https://ereceipts-it-sandbox.acubeapi.com:444',
    });
    expect(state.profiles[2]).toMatchObject({ urlsNeedReview: true, urls: { authUrl: 'https://common.api.acubeapi.com' } });
  });

  it('adds a custom profile with an id from its name, announces it and keeps it across restarts', async () => {
    const ports = createMemoryPorts();
    const app = makeApp(ports);
    const events = new EventRecorder(app);
    const state = await call<ProfilesState>(app, 'profiles.save', customProfile('Staging Proxy (EU)'));
    const added = state.profiles.find((p) => p.name === 'Staging Proxy (EU)');
    expect(added).toMatchObject({ id: 'staging-proxy-eu', builtIn: false, kind: 'remote' });
    expect(events.of('profiles.changed')).toHaveLength(1);

    const again = makeApp(createMemoryPorts({ settings: ports.settings }));
    expect((await call<ProfilesState>(again, 'profiles.list')).profiles.map((p) => p.id)).toContain('staging-proxy-eu');
    await call(again, 'profiles.save', { ...customProfile('Staging Proxy (EU)'), id: 'staging-proxy-eu', environment: 'production' });
    const edited = (await call<ProfilesState>(again, 'profiles.list')).profiles.find((p) => p.id === 'staging-proxy-eu');
    expect(edited?.environment).toBe('production');
  });

  it('refuses invalid profiles with specific messages', async () => {
    const app = makeApp();
    expect(await callError(app, 'profiles.save', { ...customProfile(), urls: { ...urlsOf(auth.url), authUrl: 'ftp://x' } })).toMatchObject({
      code: 'bad_request',
      message: 'Invalid input for profiles.save: urls.authUrl: The address must start with http:// or https://',
    });
    expect(await callError(app, 'profiles.save', { ...customProfile(), kind: 'emulator' })).toMatchObject({
      code: 'validation',
      message: expect.stringContaining('Only the built-in Local emulator starts the emulator'),
    });
    expect(await callError(app, 'profiles.save', { name: 'No urls', kind: 'remote', environment: 'sandbox' })).toMatchObject({
      code: 'validation',
      message: expect.stringContaining('needs all five addresses'),
    });
    expect(await callError(app, 'profiles.save', customProfile('sandbox'))).toMatchObject({ message: 'There is already a profile named "sandbox".' });
    expect(await callError(app, 'profiles.save', { ...customProfile(), extraCaPem: '-----BEGIN CERTIFICATE-----\nnot base64\n-----END CERTIFICATE-----' })).toMatchObject({
      code: 'validation',
      message: 'Certificate 1 of the extra CA cannot be read; paste it again in PEM format.',
    });
    expect(await callError(app, 'profiles.save', { ...customProfile(), extraCaPem: 'hello' })).toMatchObject({ code: 'bad_request' });
  });

  it('accepts a real extra CA', async () => {
    const { certPem } = makeServerCertificate();
    const state = await call<ProfilesState>(makeApp(), 'profiles.save', { ...customProfile(), extraCaPem: certPem });
    expect(state.profiles.find((p) => p.name === 'Staging proxy')?.extraCaPem).toContain('BEGIN CERTIFICATE');
  });

  it('lets built-ins change addresses but not be renamed or deleted', async () => {
    const app = makeApp();
    const production = (await call<ProfilesState>(app, 'profiles.list')).profiles.find((p) => p.id === 'production')!;
    const urls = { ...production.urls!, authUrl: 'https://login.example.com' };
    const state = await call<ProfilesState>(app, 'profiles.save', { ...production, urls });
    const saved = state.profiles.find((p) => p.id === 'production');
    expect(saved?.urls?.authUrl).toBe('https://login.example.com');
    expect(saved?.urlsNeedReview).toBeUndefined();
    expect(await callError(app, 'profiles.save', { ...production, name: 'Prod' })).toMatchObject({ code: 'validation', message: expect.stringContaining('is built in') });
    expect(await callError(app, 'profiles.save', { id: 'local-emulator', name: 'Local emulator', kind: 'emulator', environment: 'sandbox', urls })).toMatchObject({
      code: 'validation',
    });
    expect(await callError(app, 'profiles.delete', { id: 'sandbox' })).toEqual({
      code: 'forbidden',
      message: 'Built-in profiles cannot be deleted.',
      details: { userMessage: { key: 'profiles.builtInNotDeletable', params: {} } },
    });
    expect(await callError(app, 'profiles.delete', { id: 'nope' })).toMatchObject({ code: 'not_found' });
    expect(await callError(app, 'profiles.activate', { id: 'nope' })).toMatchObject({ code: 'not_found' });
  });

  it('falls back to the built-ins with a warning when the saved profiles are corrupt', async () => {
    const ports = createMemoryPorts();
    ports.settings.set('profiles', 'not an object');
    const state = await call<ProfilesState>(makeApp(ports), 'profiles.list');
    expect(state.activeId).toBe('local-emulator');
    expect(state.profiles).toHaveLength(3);
    expect(state.warning).toBe('Your saved profiles could not be read, so the built-in profiles are used.');
    expect(ports.logger.entries.some((e) => e.level === 'warn')).toBe(true);
  });

  it('keeps the readable parts of partly damaged profiles and says what was left out', async () => {
    const ports = createMemoryPorts();
    ports.settings.set('profiles', {
      version: 1,
      activeId: 'ghost',
      custom: [{ ...customProfile('Good one'), id: 'good-one' }, { id: 'bad', name: 42 }],
      builtInOverrides: { sandbox: { urls: 'nope' } },
    });
    const app = makeApp(ports);
    const state = await call<ProfilesState>(app, 'profiles.list');
    expect(state.profiles.map((p) => p.id)).toEqual(['local-emulator', 'sandbox', 'production', 'good-one']);
    expect(state.activeId).toBe('local-emulator');
    expect(state.warning).toMatch(/a custom profile.*built-in profile "sandbox".*the active profile/);
    // The next successful save writes a clean file and clears the warning.
    const saved = await call<ProfilesState>(app, 'profiles.activate', { id: 'good-one' });
    expect(saved.warning).toBeUndefined();
  });
});

describe('profile activation and the session', () => {
  const login = { email: 'user@example.test', password: 'correct horse' };

  /** A fresh app with the "Staging proxy" profile active; signed in (remembered or not) when asked. */
  async function onCustomProfile(signIn?: { rememberMe: boolean }) {
    const ports = createMemoryPorts();
    ports.clock.set(Date.now());
    const app = makeApp(ports);
    const events = new EventRecorder(app);
    const { profiles } = await call<ProfilesState>(app, 'profiles.save', customProfile());
    const custom = profiles.find((p) => p.name === 'Staging proxy')!;
    await call(app, 'profiles.activate', { id: custom.id });
    const signedIn = signIn ? await call<SessionStatus>(app, 'session.login', { ...login, ...signIn }) : undefined;
    return { ports, app, events, custom, signedIn };
  }

  it('signs out when another profile is activated, and the token stays with its profile', async () => {
    const { ports, app, events, custom, signedIn } = await onCustomProfile({ rememberMe: false });
    expect(signedIn).toMatchObject({ state: 'signedIn', profileId: custom.id, user: { email: 'user@example.test' } });

    const mark = events.mark();
    await call(app, 'profiles.activate', { id: 'sandbox' });
    expect(await call<SessionStatus>(app, 'session.status')).toMatchObject({ state: 'signedOut', profileId: 'sandbox' });
    expect(await events.next('session.changed', (e) => e.reason === 'profile', mark)).toMatchObject({ status: { state: 'signedOut' } });
    expect([...ports.secrets.values.keys()].filter((k) => k.endsWith(':token'))).toEqual([]);

    await call(app, 'profiles.activate', { id: custom.id });
    expect(await call<SessionStatus>(app, 'session.status')).toMatchObject({ state: 'signedOut', profileId: custom.id });
  });

  it('signs back in silently on return when the user chose to be remembered', async () => {
    const { app, custom } = await onCustomProfile({ rememberMe: true });
    await call(app, 'profiles.activate', { id: 'production' });
    const loginsBefore = auth.logins;
    await call(app, 'profiles.activate', { id: custom.id });
    expect(await call<SessionStatus>(app, 'session.status')).toMatchObject({ state: 'signedIn', rememberMe: true });
    expect(auth.logins).toBe(loginsBefore + 1);
  });

  it('signs out when the active profile’s addresses change', async () => {
    const { app, custom } = await onCustomProfile({ rememberMe: false });
    await call(app, 'profiles.save', { ...custom, name: custom.name });
    expect(await call<SessionStatus>(app, 'session.status')).toMatchObject({ state: 'signedIn' });
    await call(app, 'profiles.save', { ...custom, urls: { ...custom.urls!, documentsUrl: 'https://elsewhere.example.com' } });
    expect(await call<SessionStatus>(app, 'session.status')).toMatchObject({ state: 'signedOut' });
  });

  it('never sends a remembered password or token to a changed sign-in address, and says why', async () => {
    const capture = await startCaptureServer();
    try {
      const { ports, app, events, custom } = await onCustomProfile({ rememberMe: true });

      const mark = events.mark();
      await call(app, 'profiles.save', { ...custom, urls: { ...custom.urls!, authUrl: capture.url } });
      expect(await events.next('session.changed', (e) => e.reason === 'addressChanged', mark)).toMatchObject({
        status: { state: 'signedOut', rememberMe: false },
        message: 'The addresses of “Staging proxy” changed, so its saved sign-in was forgotten. Sign in again.',
      });
      expect([...ports.secrets.values.keys()].filter((k) => k.includes(custom.id))).toEqual([]);
      // Switching away and back, and a restart, find nothing to send either.
      await call(app, 'profiles.activate', { id: 'sandbox' });
      await call(app, 'profiles.activate', { id: custom.id });
      const restarted = makeApp(ports);
      await restarted.start();
      expect(await call<SessionStatus>(restarted, 'session.status')).toMatchObject({ state: 'signedOut' });
      expect(capture.requests).toEqual([]);
    } finally {
      await capture.close();
    }
  });

  it('forgets credentials remembered for another address even when the settings were changed behind its back', async () => {
    const capture = await startCaptureServer();
    try {
      const { ports, app, custom } = await onCustomProfile({ rememberMe: true });
      await app.dispose();
      // Another copy of the app (or a hand edit) points the profile elsewhere in the settings file.
      const saved = ports.settings.get<{ custom: Array<{ urls: Record<string, string> }> }>('profiles')!;
      saved.custom[0]!.urls.authUrl = capture.url;
      ports.settings.set('profiles', saved);
      const restarted = makeApp(ports);
      await restarted.start();
      expect(await call<SessionStatus>(restarted, 'session.status')).toMatchObject({ state: 'signedOut', rememberMe: false });
      expect(capture.requests).toEqual([]);
      expect([...ports.secrets.values.keys()].filter((k) => k.includes(custom.id))).toEqual([]);
    } finally {
      await capture.close();
    }
  });

  it('accepts plain http only for this computer', async () => {
    const app = makeApp();
    expect(await callError(app, 'profiles.save', { ...customProfile(), urls: { ...urlsOf(auth.url), authUrl: 'http://api.example.com' } })).toMatchObject({
      code: 'bad_request',
      message: expect.stringContaining('urls.authUrl: http://api.example.com is not secure: use an https:// address'),
    });
    for (const host of ['http://localhost:8701', 'http://127.0.0.2:1', 'http://[::1]:8080', 'https://api.example.com']) {
      expect((await app.handle('profiles.save', { ...customProfile(`P ${host}`), urls: { ...urlsOf(auth.url), documentsUrl: host } }, ctx)).ok).toBe(true);
    }
  });

  it('switches to the local emulator before deleting the active profile, and forgets its secrets', async () => {
    const { ports, app, custom } = await onCustomProfile({ rememberMe: true });
    const state = await call<ProfilesState>(app, 'profiles.delete', { id: custom.id });
    expect(state.activeId).toBe('local-emulator');
    expect(state.profiles.map((p) => p.id)).not.toContain(custom.id);
    expect([...ports.secrets.values.keys()].filter((k) => k.includes(custom.id))).toEqual([]);
  });
});

describe('profile activation and the emulator', () => {
  const fakeEmulator = fileURLToPath(new URL('../testing/fake-emulator.ts', import.meta.url));

  it('starts the emulator for the local emulator profile and stops it for a remote one', async () => {
    const ports = createMemoryPorts({ emulatorLaunch: { command: process.execPath, args: ['--import', 'tsx', fakeEmulator] } });
    const app = makeApp(ports, {});
    const events = new EventRecorder(app);
    await app.start();
    expect(await call(app, 'emulator.status')).toMatchObject({ state: 'running', urls: { authUrl: 'http://127.0.0.1:1' } });
    expect(app.emulatorStartup()?.accounts[0]?.name).toBe('full');
    expect(await call(app, 'session.demoAccounts')).toEqual([{ name: 'full', email: 'full@example.test', description: 'All of it', environment: 'sandbox' }]);
    await call(app, 'profiles.activate', { id: 'sandbox' });
    expect(await call(app, 'emulator.status')).toEqual({ state: 'stopped' });
    expect(await call(app, 'session.demoAccounts')).toEqual([]);
    expect(await callError(app, 'emulator.restart', {})).toMatchObject({ code: 'bad_request' });
    expect(events.of('emulator.changed').map((s) => s.state)).toEqual(['starting', 'running', 'stopped']);
    await call(app, 'profiles.activate', { id: 'local-emulator' });
    expect(await call(app, 'emulator.restart')).toMatchObject({ state: 'running' });
  });
});
