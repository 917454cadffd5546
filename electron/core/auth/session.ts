/**
 * The signed-in session of the active profile (DESIGN §4): login, the token kept encrypted and
 * reused until expiry, expiry warnings, silent renewal with remembered credentials, and the end
 * of the session on any 401.
 */
import { z } from 'zod';
import {
  AppError,
  because,
  reason,
  type DemoAccountInfo,
  type Profile,
  type SessionChangeReason,
  type SessionStatus,
} from '../../../shared/contract';
import type { EmulatorAccount } from '../emulator-runner/startup-line';
import type { CoreEvents } from '../events';
import type { HttpClient } from '../http/client';
import { joinUrl } from '../http/url';
import type { Clock, Logger, SecretVault } from '../ports';
import type { ProfilesService } from '../profiles/service';
import { decodeClaims, loginResponseSchema, projectsOf, type TokenClaims } from './claims';

/** `session.login` input after its schema ran. */
export type LoginRequest = { email: string; password: string; rememberMe: boolean } | { demoAccount: string; rememberMe: boolean };

/**
 * A password is remembered together with the login origin it was typed for (`origin`), and is only
 * ever sent back there: a profile whose address changed must never receive it (see `bindingOf`).
 */
const storedCredentialsSchema = z.union([
  z.object({ email: z.string().min(1), password: z.string().min(1), origin: z.string().min(1) }),
  z.object({ demoAccount: z.string().min(1) }),
]);
type StoredCredentials = z.infer<typeof storedCredentialsSchema>;

export interface SessionTiming {
  /** Warn this long before expiry at most (default 5 min); short tokens are warned at 10 % of their life. */
  warnBeforeMs?: number;
  /** Renew remembered sessions this long before expiry at most (default 10 min; 20 % of short lives). */
  renewBeforeMs?: number;
}

export interface SessionDeps {
  profiles: Pick<ProfilesService, 'active'>;
  /** The login address of a profile; throws (e.g. `unavailable`) when it cannot be known yet. */
  authUrl: (profile: Profile) => string;
  /**
   * What remembered credentials and tokens are bound to: the login origin of a remote profile; a
   * fixed name for the local emulator (its ports change at every start, and the app started it).
   */
  loginBinding: (profile: Profile) => string;
  /** The local emulator's demo accounts, when it runs. */
  emulatorAccounts: () => readonly EmulatorAccount[] | undefined;
  http: HttpClient;
  secrets: SecretVault;
  clock: Clock;
  events: CoreEvents;
  logger: Logger;
  timing?: SessionTiming;
}

export interface SessionService {
  status(): SessionStatus;
  login(request: LoginRequest): Promise<SessionStatus>;
  logout(): Promise<SessionStatus>;
  demoAccounts(): DemoAccountInfo[];
  /** The bearer token for service calls; throws `unauthorized` when signed out or expired. */
  getToken(): string;
  /** Picks up the active profile's saved token (or remembered credentials): at startup and after a profile switch. */
  restore(reason: Extract<SessionChangeReason, 'startup' | 'profile' | 'addressChanged'>, message?: string): Promise<SessionStatus>;
  /** Forgets a profile's token and remembered credentials (its addresses changed, or it was deleted). */
  forget(profileId: string): Promise<void>;
  /** Signs out because the active profile changes or its addresses did; remembered credentials stay. */
  endForProfileChange(): Promise<void>;
  /** A service answered 401 to this token. */
  handleUnauthorized(token: string, message: string): void;
  dispose(): void;
}

interface Current {
  profileId: string;
  token: string;
  claims: TokenClaims;
  /**
   * Local clock time when the token arrived. Timers and expiry use receivedAt + (exp − iat), so a
   * computer whose clock is off does not see tokens as already expired (or renew in a loop).
   */
  receivedAt: number;
}

const savedTokenSchema = z.object({ token: z.string().min(1), receivedAt: z.number(), binding: z.string().min(1) });

const expiresAtOf = (session: Current): number => session.receivedAt + (session.claims.exp - session.claims.iat) * 1000;

const tokenKey = (profileId: string): string => `session:${profileId}:token`;
const credentialsKey = (profileId: string): string => `session:${profileId}:credentials`;

const FIVE_MINUTES = 5 * 60_000;
const TEN_MINUTES = 10 * 60_000;

export function createSessionService(deps: SessionDeps): SessionService {
  const { clock, events, logger, secrets } = deps;
  const warnCap = deps.timing?.warnBeforeMs ?? FIVE_MINUTES;
  const renewCap = deps.timing?.renewBeforeMs ?? TEN_MINUTES;
  let current: Current | undefined;
  let rememberMe = false;
  let timers: Array<{ cancel(): void }> = [];
  /** Bumped when the session is ended from outside, so a sign-in in flight does not resurrect it. */
  let generation = 0;
  let queue: Promise<unknown> = Promise.resolve();

  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const run = queue.then(work, work);
    queue = run.catch(() => undefined);
    return run;
  };

  const status = (): SessionStatus => {
    const profile = deps.profiles.active();
    if (!current || current.profileId !== profile.id) {
      return { state: 'signedOut', profileId: profile.id, projects: [], rememberMe };
    }
    const { claims } = current;
    return {
      state: 'signedIn',
      profileId: profile.id,
      user: { email: claims.username, uid: claims.uid },
      environment: claims.environment,
      projects: projectsOf(claims),
      issuedAt: new Date(current.receivedAt).toISOString(),
      expiresAt: new Date(expiresAtOf(current)).toISOString(),
      rememberMe,
    };
  };

  const emit = (reason: SessionChangeReason, message?: string): SessionStatus => {
    const now = status();
    events.emit('session.changed', { status: now, reason, ...(message ? { message } : {}) });
    return now;
  };

  const clearTimers = (): void => {
    for (const timer of timers) timer.cancel();
    timers = [];
  };

  const quietly = async (what: string, work: () => Promise<unknown>): Promise<void> => {
    try {
      await work();
    } catch (error) {
      logger.warn(`Session: ${what} failed`, { message: error instanceof Error ? error.message : String(error) });
    }
  };

  const readCredentials = async (profile: Profile): Promise<StoredCredentials | undefined> => {
    const profileId = profile.id;
    try {
      const text = await secrets.get(credentialsKey(profileId));
      if (text === undefined) return undefined;
      const parsed = storedCredentialsSchema.safeParse(JSON.parse(text));
      if (parsed.success && 'origin' in parsed.data && parsed.data.origin !== deps.loginBinding(profile)) {
        // Typed for another address: never send them to this one.
        logger.warn('Session: remembered credentials belong to another sign-in address; forgetting them', { profileId });
      } else if (parsed.success) {
        return parsed.data;
      } else {
        logger.warn('Session: remembered credentials are unreadable; forgetting them', { profileId });
      }
    } catch (error) {
      logger.warn('Session: remembered credentials cannot be read; forgetting them', { profileId, message: (error as Error).message });
    }
    await quietly('forgetting credentials', () => secrets.delete(credentialsKey(profileId)));
    return undefined;
  };

  const resolveCredentials = (profile: Profile, stored: StoredCredentials): { email: string; password: string } => {
    if ('email' in stored) return stored;
    if (profile.kind !== 'emulator') {
      throw new AppError('bad_request', 'Demo accounts exist only on the Local emulator profile.', { details: because(reason('auth.demoOnlyOnEmulator')) });
    }
    const accounts = deps.emulatorAccounts();
    if (!accounts) throw new AppError('unavailable', 'The local emulator is not running, so its demo accounts cannot be used.', { details: because(reason('auth.demoEmulatorDown')) });
    const account = accounts.find((a) => a.name === stored.demoAccount);
    if (!account) {
      const available = accounts.map((a) => a.name).join(', ');
      throw new AppError('not_found', `There is no demo account named "${stored.demoAccount}". Available: ${available}.`, {
        details: because(reason('auth.demoAccountUnknown', { name: stored.demoAccount, available })),
      });
    }
    return { email: account.email, password: account.password };
  };

  /** POST {authUrl}/login; the token must be readable, current, and for the profile's environment. */
  const authenticate = async (profile: Profile, stored: StoredCredentials): Promise<Current> => {
    const { email, password } = resolveCredentials(profile, stored);
    const { token } = await deps.http.json({
      method: 'POST',
      url: joinUrl(deps.authUrl(profile), '/login'),
      json: { email, password, environment: profile.environment },
      schema: loginResponseSchema,
      retry: false,
    });
    const claims = decodeClaims(token);
    if (claims.environment !== profile.environment) {
      throw new AppError(
        'bad_response',
        `The sign-in service issued a token for ${claims.environment}, but the profile "${profile.name}" is for ${profile.environment}. Check the profile's login address.`,
        {
          details: because(reason('auth.wrongEnvironment', { tokenEnvironment: claims.environment, profile: profile.name, profileEnvironment: profile.environment }), {
            tokenEnvironment: claims.environment,
            profileEnvironment: profile.environment,
          }),
        },
      );
    }
    return { profileId: profile.id, token, claims, receivedAt: clock.now() };
  };

  const adopt = async (session: Current, persist: boolean): Promise<void> => {
    current = session;
    schedule(session);
    if (persist) {
      const binding = deps.loginBinding(deps.profiles.active());
      const saved = JSON.stringify({ token: session.token, receivedAt: session.receivedAt, binding });
      await quietly('saving the token', () => secrets.set(tokenKey(session.profileId), saved));
    }
  };

  const dropToken = async (profileId: string): Promise<void> => {
    clearTimers();
    current = undefined;
    await quietly('deleting the token', () => secrets.delete(tokenKey(profileId)));
  };

  /** Renews with remembered credentials; false when there are none or they no longer work. */
  const renewSilently = async (profile: Profile): Promise<boolean> => {
    const stored = await readCredentials(profile);
    if (!stored) {
      rememberMe = false;
      return false;
    }
    try {
      await adopt(await authenticate(profile, stored), true);
      return true;
    } catch (error) {
      const code = error instanceof AppError ? error.code : 'internal';
      logger.warn('Session: silent renewal failed', { profileId: profile.id, code });
      if (code === 'unauthorized' || code === 'not_found') {
        rememberMe = false;
        await quietly('forgetting credentials', () => secrets.delete(credentialsKey(profile.id)));
      }
      return false;
    }
  };

  const isCurrent = (token: string): boolean => current?.token === token;

  const expire = (token: string): Promise<void> =>
    serial(async () => {
      if (!isCurrent(token) || !current) return;
      const profile = deps.profiles.active();
      if (rememberMe && profile.id === current.profileId && (await renewSilently(profile))) {
        emit('renewed');
        return;
      }
      await dropToken(current.profileId);
      emit('expired', 'Your session has expired. Sign in again.');
    });

  const renew = (token: string): Promise<void> =>
    serial(async () => {
      if (!isCurrent(token) || !current || !rememberMe) return;
      const profile = deps.profiles.active();
      if (profile.id !== current.profileId) return;
      if (await renewSilently(profile)) emit('renewed');
    });

  function schedule(session: Current): void {
    clearTimers();
    const { token, claims } = session;
    const expiresAt = expiresAtOf(session);
    const lifetime = (claims.exp - claims.iat) * 1000;
    const warnBefore = Math.min(warnCap, lifetime * 0.1);
    const renewBefore = Math.min(renewCap, lifetime * 0.2);
    const at = (when: number, fn: () => void): void => {
      timers.push(clock.setTimeout(fn, Math.max(0, when - clock.now())));
    };
    if (rememberMe) at(expiresAt - renewBefore, () => void renew(token));
    at(expiresAt - warnBefore, () => {
      if (!isCurrent(token)) return;
      const secondsLeft = Math.max(0, Math.round((expiresAt - clock.now()) / 1000));
      events.emit('session.expiring', { expiresAt: new Date(expiresAt).toISOString(), secondsLeft });
    });
    at(expiresAt, () => void expire(token));
  }

  return {
    status,
    demoAccounts() {
      if (deps.profiles.active().kind !== 'emulator') return [];
      return (deps.emulatorAccounts() ?? []).map(({ name, email, description, environment }) => ({ name, email, description, environment }));
    },
    login(request) {
      const started = generation;
      return serial(async () => {
        const profile = deps.profiles.active();
        const stored: StoredCredentials =
          'demoAccount' in request
            ? { demoAccount: request.demoAccount }
            : { email: request.email, password: request.password, origin: deps.loginBinding(profile) };
        const session = await authenticate(profile, stored);
        if (started !== generation || deps.profiles.active().id !== profile.id) {
          throw new AppError('cancelled', 'The profile changed while signing in; sign in again.', { details: because(reason('auth.profileChanged')) });
        }
        let message: string | undefined;
        rememberMe = request.rememberMe;
        if (request.rememberMe) {
          try {
            await secrets.set(credentialsKey(profile.id), JSON.stringify(stored));
          } catch (error) {
            rememberMe = false;
            message = `You are signed in, but your password could not be saved: ${(error as Error).message}`;
            logger.warn('Session: saving credentials failed', { message: (error as Error).message });
          }
        } else {
          await quietly('forgetting credentials', () => secrets.delete(credentialsKey(profile.id)));
        }
        await adopt(session, true);
        logger.info('Signed in', { profileId: profile.id, uid: session.claims.uid, environment: session.claims.environment });
        return emit('login', message);
      });
    },
    logout() {
      generation += 1;
      return serial(async () => {
        const profile = deps.profiles.active();
        const profileId = current?.profileId ?? profile.id;
        await dropToken(profileId);
        rememberMe = false;
        await quietly('forgetting credentials', () => secrets.delete(credentialsKey(profileId)));
        return emit('logout');
      });
    },
    getToken() {
      const profile = deps.profiles.active();
      if (!current || current.profileId !== profile.id) throw new AppError('unauthorized', 'You are signed out. Sign in to continue.', { details: because(reason('auth.signedOut')) });
      if (expiresAtOf(current) <= clock.now()) {
        // The expiry timer has not run yet (e.g. the machine slept): end the session now.
        void expire(current.token);
        throw new AppError('unauthorized', 'Your session has expired. Sign in again.', { details: because(reason('auth.sessionExpired')) });
      }
      return current.token;
    },
    restore(reason, message) {
      return serial(async () => {
        clearTimers();
        current = undefined;
        const profile = deps.profiles.active();
        rememberMe = (await readCredentials(profile)) !== undefined;
        let savedText: string | undefined;
        try {
          savedText = await secrets.get(tokenKey(profile.id));
        } catch (error) {
          logger.warn('Session: the saved token cannot be read', { profileId: profile.id, message: (error as Error).message });
        }
        if (savedText) {
          try {
            const saved = savedTokenSchema.parse(JSON.parse(savedText));
            const claims = decodeClaims(saved.token);
            if (claims.environment !== profile.environment) throw new Error('environment differs from the profile');
            if (saved.binding !== deps.loginBinding(profile)) throw new Error('issued for another sign-in address');
            const session: Current = { profileId: profile.id, token: saved.token, claims, receivedAt: saved.receivedAt };
            if (expiresAtOf(session) <= clock.now() + 5_000) throw new Error('expired');
            await adopt(session, false);
            return emit(reason, message);
          } catch (error) {
            logger.info('Session: the saved token is not usable', { profileId: profile.id, reason: (error as Error).message });
            await quietly('deleting the token', () => secrets.delete(tokenKey(profile.id)));
          }
        }
        if (rememberMe && (await renewSilently(profile))) return emit(reason, message);
        return emit(reason, message);
      });
    },
    forget(profileId) {
      return serial(async () => {
        if (current?.profileId === profileId) {
          clearTimers();
          current = undefined;
        }
        if (deps.profiles.active().id === profileId) rememberMe = false;
        await Promise.all([tokenKey(profileId), credentialsKey(profileId)].map((key) => quietly('forgetting a secret', () => secrets.delete(key))));
      });
    },
    endForProfileChange() {
      generation += 1;
      return serial(async () => {
        if (current) await dropToken(current.profileId);
        clearTimers();
      });
    },
    handleUnauthorized(token, message) {
      if (!isCurrent(token) || !current) return;
      const { profileId } = current;
      clearTimers();
      current = undefined;
      void quietly('deleting the rejected token', () => secrets.delete(tokenKey(profileId)));
      logger.info('Session ended: a service rejected the token', { profileId });
      emit('unauthorized', message);
    },
    dispose() {
      generation += 1;
      clearTimers();
    },
  };
}
