/**
 * Builds an uploads service for tests and scripts against a running service (the emulator over
 * loopback): real HTTP client, real clock and files, a session stand-in with a fixed account.
 */
import { Agent } from 'undici';
import { AppError, because, reason, type EventName, type EventPayload, type SessionStatus, type SessionUser } from '../../../../shared/contract';
import { createCoreEvents, type CoreEvents } from '../../events';
import { createHttpClient, type HttpClient, type HttpRequest } from '../../http/client';
import { createSystemClock } from '../../node-ports/clock';
import type { Clock } from '../../ports';
import { createNoticeBoard } from '../../i18n/notices';
import { MemoryLogger, MemoryNotifier, MemorySettingsStore } from '../../testing/memory-ports';
import { createUploadsService, type UploadsHooks, type UploadsService, type UploadsSession, type UploadsTuning } from '../service';

export const TEST_PROFILE_ID = 'local-emulator';

/** The session as the uploads service sees it: sign in and out by hand, events as the real one sends them. */
export class FakeSession implements UploadsSession {
  #token: string | undefined;
  #user: SessionUser;
  readonly #events: CoreEvents;
  readonly #profileId: () => string;

  constructor(options: { token?: string; user: SessionUser; events: CoreEvents; profileId?: () => string }) {
    this.#token = options.token;
    this.#user = options.user;
    this.#events = options.events;
    this.#profileId = options.profileId ?? (() => TEST_PROFILE_ID);
  }

  get profileId(): string {
    return this.#profileId();
  }

  getToken(): string {
    if (!this.#token) throw new AppError('unauthorized', 'You are signed out. Sign in to continue.', { details: because(reason('auth.signedOut')) });
    return this.#token;
  }

  status(): SessionStatus {
    return this.#token
      ? { state: 'signedIn', profileId: this.profileId, user: this.#user, projects: [], rememberMe: false }
      : { state: 'signedOut', profileId: this.profileId, projects: [], rememberMe: false };
  }

  signIn(token: string, user: SessionUser = this.#user): void {
    this.#token = token;
    this.#user = user;
    this.#events.emit('session.changed', { status: this.status(), reason: 'login' });
  }

  /** What the real session does when a service answers 401 to its token. */
  rejectToken(token: string): void {
    if (token !== this.#token) return;
    this.#token = undefined;
    this.#events.emit('session.changed', { status: this.status(), reason: 'unauthorized', message: 'Sign in again.' });
  }
}

export interface RecordedEvent<E extends EventName = EventName> {
  event: E;
  payload: EventPayload<E>;
}

export interface TestUploads {
  service: UploadsService;
  session: FakeSession;
  events: CoreEvents;
  recorded: RecordedEvent[];
  notifier: MemoryNotifier;
  logger: MemoryLogger;
  settings: MemorySettingsStore;
  http: HttpClient;
  /** `METHOD /path` of every request sent, in order. */
  requests: string[];
  userDataDir: string;
  close(): Promise<void>;
}

/** The session user of one of the emulator's demo accounts (its seed is passed in: the core never imports the emulator). */
export function demoAccountUser(accounts: ReadonlyArray<{ name: string; uid: string; email: string }>, name: string): SessionUser {
  const account = accounts.find((candidate) => candidate.name === name);
  if (!account) throw new Error(`The emulator has no demo account named ${name}.`);
  return { uid: account.uid, email: account.email };
}

export interface TestUploadsOptions {
  transferUrl: string;
  userDataDir: string;
  /** A valid token; omit to start signed out. */
  token?: string;
  user: SessionUser;
  tuning?: UploadsTuning;
  hooks?: UploadsHooks;
  clock?: Clock;
  settings?: MemorySettingsStore;
  profileId?: () => string;
  /** Keep every event in `recorded` (default); a bench turns it off so that they do not pile up in memory. */
  recordEvents?: boolean;
}

export function createTestUploads(options: TestUploadsOptions): TestUploads {
  const logger = new MemoryLogger();
  const events = createCoreEvents(logger);
  const recorded: RecordedEvent[] = [];
  if (options.recordEvents !== false) events.on((event, payload) => recorded.push({ event, payload } as RecordedEvent));
  const session = new FakeSession({ ...(options.token ? { token: options.token } : {}), user: options.user, events, ...(options.profileId ? { profileId: options.profileId } : {}) });
  const agent = new Agent({ connections: 8, keepAliveTimeout: 2_000 });
  const requests: string[] = [];
  const inner = createHttpClient({
    logger,
    dispatcher: () => agent,
    onUnauthorized: ({ token }) => session.rejectToken(token),
    retry: { baseDelayMs: 20, maxDelayMs: 200 },
  });
  const record = (req: HttpRequest): void => {
    requests.push(`${req.method ?? 'GET'} ${new URL(req.url).pathname}`);
  };
  const http: HttpClient = {
    stream: (req) => (record(req), inner.stream(req)),
    json: (req) => (record(req), inner.json(req)),
    jsonResponse: (req) => (record(req), inner.jsonResponse(req)),
    bytes: (req) => (record(req), inner.bytes(req)),
    empty: (req) => (record(req), inner.empty(req)),
  };
  const notifier = new MemoryNotifier();
  const settings = options.settings ?? new MemorySettingsStore();
  const service = createUploadsService({
    http,
    transferUrl: () => options.transferUrl,
    activeProfileId: () => session.profileId,
    session,
    events,
    settings,
    notifier: createNoticeBoard(notifier, () => 'en'),
    logger,
    clock: options.clock ?? createSystemClock(),
    userDataDir: options.userDataDir,
    tuning: { pollMinMs: 20, pollMaxMs: 200, changedThrottleMs: 10, notReadyRetryMs: 50, ...options.tuning },
    ...(options.hooks ? { hooks: options.hooks } : {}),
  });
  return {
    service,
    session,
    events,
    recorded,
    notifier,
    logger,
    settings,
    http,
    requests,
    userDataDir: options.userDataDir,
    async close() {
      await service.dispose();
      await agent.close();
    },
  };
}

/** Waits until `check` returns a value (not undefined/false), polling; fails with `describe()` after `timeoutMs`. */
export async function waitFor<T>(check: () => Promise<T | undefined | false> | T | undefined | false, options: { timeoutMs?: number; describe?: () => Promise<string> | string } = {}): Promise<T> {
  const deadline = Date.now() + (options.timeoutMs ?? 15_000);
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) {
      const detail = options.describe ? await options.describe() : '';
      throw new Error(`Timed out waiting for a condition. ${detail}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 15));
  }
}
