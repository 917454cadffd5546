import type { DemoAccountInfo, EmulatorStatus, Preferences, Profile, SessionStatus } from '../../../shared/contract';
import { createFakeAcube, fail, ok } from './fake-acube';

const urls = (host: string) => ({
  authUrl: `https://${host}/auth`,
  documentsUrl: `https://${host}/documents`,
  transferUrl: `https://${host}/transfer`,
  fiscalUrl: `https://${host}/fiscal`,
  fiscalMtlsUrl: `https://${host}:444/fiscal`,
});

export const builtInProfiles: Profile[] = [
  { id: 'local-emulator', name: 'Local emulator', kind: 'emulator', environment: 'sandbox', builtIn: true },
  { id: 'sandbox', name: 'Sandbox', kind: 'remote', environment: 'sandbox', urls: urls('sandbox.example.com'), builtIn: true },
  { id: 'production', name: 'Production', kind: 'remote', environment: 'production', urls: urls('api.example.com'), builtIn: true },
];

export const demoAccounts: DemoAccountInfo[] = [
  { name: 'full', email: 'full@demo.test', description: 'Every interface; uploads to Italy and Poland.', environment: 'sandbox' },
  { name: 'read-only', email: 'read-only@demo.test', description: 'Documents can be read, not sent.', environment: 'sandbox' },
];

export interface FakeCoreOptions {
  activeId?: string;
  signedIn?: boolean;
  emulator?: EmulatorStatus;
  secureStorage?: boolean;
  /** What app.info says of dialogs (default: none, as the browser shell). */
  nativeDialogs?: boolean;
  preferences?: Preferences;
}

/** A small stateful stand-in for the core behind `window.acube` (profiles, session, preferences). */
export function createFakeCore(options: FakeCoreOptions = {}) {
  const state = {
    profiles: builtInProfiles.map((p) => ({ ...p })),
    activeId: options.activeId ?? 'local-emulator',
    emulator: options.emulator ?? ({ state: 'running', urls: urls('127.0.0.1') } satisfies EmulatorStatus),
    preferences: options.preferences ?? ({ theme: 'light', language: 'en' } satisfies Preferences),
    /** Channels that answer unauthorized until the next successful sign-in. */
    tokenExpired: false,
  };
  const signedIn = (email = 'full@demo.test'): SessionStatus => ({
    state: 'signedIn',
    profileId: state.activeId,
    user: { email, uid: `uid-${email}` },
    environment: state.activeId === 'production' ? 'production' : 'sandbox',
    projects: [{ project: 'peppol.api.acubeapi.com', roles: ['ROLE_WRITER'] }],
    issuedAt: new Date(Date.now() - 60_000).toISOString(),
    expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
    rememberMe: false,
  });
  const signedOut = (): SessionStatus => ({ state: 'signedOut', profileId: state.activeId, projects: [], rememberMe: false });
  let session = options.signedIn ? signedIn() : signedOut();
  const profilesState = () => ({ profiles: state.profiles.map((p) => ({ ...p })), activeId: state.activeId });

  const fake = createFakeAcube({
    'app.info': () =>
      ok({ version: '9.9.9', shell: 'browser', nativeDialogs: options.nativeDialogs ?? false, platform: 'linux', secretStorage: { backend: 'file', secure: options.secureStorage ?? true } }),
    'preferences.get': () => ok(state.preferences),
    'preferences.set': (patch) => {
      if (state.tokenExpired) return fail('unauthorized', 'Token expired.');
      state.preferences = { ...state.preferences, ...(patch as Partial<Preferences>) };
      return ok(state.preferences);
    },
    'profiles.list': () => ok(profilesState()),
    'profiles.activate': (input) => {
      state.activeId = (input as { id: string }).id;
      session = signedOut();
      return ok(profilesState());
    },
    'profiles.save': (input) => {
      const profile = input as Profile;
      const index = state.profiles.findIndex((p) => p.id === profile.id);
      if (index >= 0) state.profiles[index] = profile;
      else state.profiles.push(profile);
      return ok(profilesState());
    },
    'profiles.delete': (input) => {
      state.profiles = state.profiles.filter((p) => p.id !== (input as { id: string }).id);
      return ok(profilesState());
    },
    'emulator.status': () => ok(state.emulator),
    'session.status': () => ok(session),
    'session.demoAccounts': () => ok(demoAccounts),
    'session.login': (input) => {
      const login = input as { email?: string; password?: string; demoAccount?: string };
      const account = login.demoAccount ? demoAccounts.find((a) => a.name === login.demoAccount) : undefined;
      if (!account && login.password !== 'right-password') return fail('unauthorized', 'Invalid credentials.');
      state.tokenExpired = false;
      session = signedIn(account?.email ?? login.email);
      return ok(session);
    },
    'session.logout': () => {
      session = signedOut();
      return ok(session);
    },
  });

  return {
    ...fake,
    state,
    /** The token ran out: the core tells the UI and refuses calls until a new sign-in. */
    expireSession() {
      state.tokenExpired = true;
      session = signedOut();
      fake.emit('session.changed', { status: session, reason: 'expired' });
    },
  };
}
