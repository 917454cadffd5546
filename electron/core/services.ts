/**
 * Builds the core's services from the host's ports and wires them together: profiles, the
 * emulator runner, HTTP agents, the session, preferences. Areas added later receive this object.
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  AppError,
  because,
  reason,
  type EmulatorStatus,
  type Environment,
  type Profile,
  type ProfilesState,
  type ProfileUrls,
} from '../../shared/contract';
import { insecureServiceUrlProblem } from '../../shared/contract/profiles';
import { createActivityLog, type ActivityLog } from './activity/log';
import { createSessionService, type SessionService, type SessionTiming } from './auth/session';
import { createEmulatorRunner, type EmulatorRunner } from './emulator-runner/runner';
import { createCoreEvents, type CoreEvents } from './events';
import { createFileHandles, type FileHandles } from './files/handles';
import { createEngineProcess, type EngineProcess } from '../../standards/engine/remote';
import { ProfileAgents, type AgentTuning } from './http/agents';
import { createHttpClient, type HttpClient } from './http/client';
import type { RetryPolicy } from './http/retry';
import { redactingLogger } from './logging/redact';
import type { Logger, Ports } from './ports';
import type { UploadsTuning } from './transfer/service';
import { createNoticeBoard, type NoticeBoard } from './i18n/notices';
import { tightenUserDataModes } from './files/private-modes';
import { createFileReader, type FileReader } from './files/file-reader';
import { systemLanguageTags } from '../../shared/i18n/match-language';
import { createPreferencesService, type PreferencesService } from './preferences/service';
import { LOCAL_EMULATOR_ID } from './profiles/built-ins';
import { createProfilesService, type ProfileDraft, type ProfilesService } from './profiles/service';

export interface CoreOptions {
  emulator?: {
    /** Appended to the emulator's command line, e.g. `['--token-ttl', '5']`. */
    extraArgs?: string[];
    startTimeoutMs?: number;
    stopGraceMs?: number;
    /** Start it when the Local emulator profile is active (default true). */
    autoStart?: boolean;
  };
  http?: { defaultTimeoutMs?: number; retry?: Partial<RetryPolicy>; verbose?: boolean; agents?: AgentTuning };
  session?: SessionTiming;
  /** The uploads service's pace (benches: following uploads off while sending is measured). */
  uploads?: UploadsTuning;
  /** The standards engine (official validation): warm its workers with the latest invoice rules in the background after start (the desktop app does; tests don't). */
  standards?: { warmOnStart?: boolean };
  /** The system's language preferences (default: the process's locale variables and ICU locale). */
  systemLanguages?: () => readonly string[];
}

export interface Endpoints {
  profile: Profile;
  environment: Environment;
  urls: ProfileUrls;
}

export interface CoreServices {
  /** The host's ports, with a redacting logger in place of theirs. */
  ports: Ports;
  logger: Logger;
  events: CoreEvents;
  http: HttpClient;
  profiles: ProfilesService;
  emulator: EmulatorRunner;
  session: SessionService;
  preferences: PreferencesService;
  /** The append-only, hash-chained log of what users did (DESIGN §11). */
  activity: ActivityLog;
  /** Files and folders granted to the renderer's windows, by opaque handle (files/README.md). */
  files: FileHandles;
  /** The core's reading thread (uploads, watched folders): files read and hashed off the main thread. */
  fileReader: FileReader;
  /**
   * The process that parses untrusted documents with the official artefacts: validation and the
   * viewer's stylesheets (standards/engine/remote.ts). Started on first use; ended on dispose.
   */
  engines: EngineProcess;
  /** Tuning the host asked for (tests, benches). */
  options: CoreOptions;
  /** Desktop notifications of the core, in the user's language. */
  notices: NoticeBoard;
  /** The active profile's service addresses; `unavailable` while the local emulator is not running. */
  endpoints(): Endpoints;
  /** Extra CAs the active profile trusts (its own, the emulator's), for Agents built elsewhere (fiscal mTLS). */
  extraCaPems(): string[];
  activateProfile(id: string): Promise<ProfilesState>;
  saveProfile(draft: ProfileDraft): Promise<ProfilesState>;
  deleteProfile(id: string): Promise<ProfilesState>;
  restartEmulator(): Promise<EmulatorStatus>;
  /** Cleanup to run on dispose (timers, agents, journals of later areas). */
  onDispose(cleanup: () => void | Promise<void>): void;
  start(): Promise<void>;
  dispose(): Promise<void>;
}

const sameConnection = (a: Profile | undefined, b: Profile): boolean =>
  a !== undefined && a.environment === b.environment && a.extraCaPem === b.extraCaPem && JSON.stringify(a.urls) === JSON.stringify(b.urls);

export function createCoreServices(hostPorts: Ports, options: CoreOptions = {}): CoreServices {
  const logger = redactingLogger(hostPorts.logger);
  const ports: Ports = { ...hostPorts, logger };
  const events = createCoreEvents(logger);
  const profiles = createProfilesService({ settings: ports.settings, logger, events });
  const preferences = createPreferencesService({
    settings: ports.settings,
    logger,
    events,
    systemLanguages: options.systemLanguages ?? (() => systemLanguageTags(process.env, Intl.DateTimeFormat().resolvedOptions().locale)),
  });
  const agents = new ProfileAgents(options.http?.agents);
  const disposers: Array<() => void | Promise<void>> = [];
  let emulatorCaPem: string | undefined;

  const emulator = createEmulatorRunner({
    launch: ports.emulatorLaunch,
    ...(ports.emulatorHost ? { host: ports.emulatorHost } : {}),
    userDataDir: ports.userDataDir,
    logger,
    ...(options.emulator?.extraArgs ? { extraArgs: options.emulator.extraArgs } : {}),
    ...(options.emulator?.startTimeoutMs ? { startTimeoutMs: options.emulator.startTimeoutMs } : {}),
    ...(options.emulator?.stopGraceMs ? { stopGraceMs: options.emulator.stopGraceMs } : {}),
    onStatus(status) {
      if (status.state === 'running') emulatorCaPem = readEmulatorCa();
      else emulatorCaPem = undefined;
      events.emit('emulator.changed', status);
    },
  });

  function readEmulatorCa(): string | undefined {
    const path = emulator.startup()?.caCertPath;
    if (!path) return undefined;
    try {
      return fs.readFileSync(path, 'utf8');
    } catch (error) {
      logger.warn("The emulator's CA certificate cannot be read; its HTTPS listener will not be trusted", { path, message: (error as Error).message });
      return undefined;
    }
  }

  const caPemsFor = (profile: Profile): string[] =>
    [profile.extraCaPem, profile.kind === 'emulator' ? emulatorCaPem : undefined].filter((pem): pem is string => Boolean(pem));

  const urlsFor = (profile: Profile): ProfileUrls => {
    if (profile.kind === 'remote') {
      if (!profile.urls) throw new AppError('bad_request', `The profile "${profile.name}" has no service addresses.`, { details: because(reason('profiles.noAddresses', { profile: profile.name })) });
      // Saved before https was required: refuse to send a token or password in clear text.
      for (const url of Object.values(profile.urls)) {
        const problem = insecureServiceUrlProblem(url);
        if (problem !== null) {
          throw new AppError('validation', `The profile "${profile.name}" cannot be used: ${problem} Edit it in Settings.`, {
            details: because(reason('profiles.insecureAddress', { profile: profile.name, url: url.slice(0, 200) })),
          });
        }
      }
      return profile.urls;
    }
    const line = emulator.startup();
    if (!line) {
      const status = emulator.status();
      throw new AppError('unavailable', `The local emulator is not running${status.message ? `: ${status.message}` : '.'}`, {
        details: because(status.message ? reason('profiles.emulatorDownSaid', { said: status.message }) : reason('profiles.emulatorDown')),
      });
    }
    return { authUrl: line.authUrl, documentsUrl: line.documentsUrl, transferUrl: line.transferUrl, fiscalUrl: line.fiscalUrl, fiscalMtlsUrl: line.fiscalMtlsUrl };
  };

  // The HTTP client reports 401s to the session created just below (only ever called after that).
  const http = createHttpClient({
    logger,
    dispatcher: () => {
      const profile = profiles.active();
      return agents.get(profile.id, caPemsFor(profile));
    },
    onUnauthorized: ({ token, error }) => sessionService.handleUnauthorized(token, error.message),
    userAgent: `Ledgerdesk/${ports.appVersion}`,
    ...(options.http?.defaultTimeoutMs ? { defaultTimeoutMs: options.http.defaultTimeoutMs } : {}),
    ...(options.http?.retry ? { retry: options.http.retry } : {}),
    ...(options.http?.verbose ? { verbose: true } : {}),
  });

  const sessionService = createSessionService({
    profiles,
    authUrl: (profile) => urlsFor(profile).authUrl,
    loginBinding: (profile) => (profile.kind === 'emulator' ? 'local-emulator' : new URL(urlsFor(profile).authUrl).origin),
    emulatorAccounts: () => (profiles.active().kind === 'emulator' ? emulator.startup()?.accounts : undefined),
    http,
    secrets: ports.secrets,
    clock: ports.clock,
    events,
    logger,
    ...(options.session ? { timing: options.session } : {}),
  });

  const activity = createActivityLog({
    folder: path.join(ports.userDataDir, 'activity'),
    settings: ports.settings,
    secrets: ports.secrets,
    logger,
    who: () => ({ profile: profiles.active().name, user: sessionService.status().user?.email ?? null }),
  });

  /** Starts or stops the emulator to match the active profile; a failed start is reported by status, not thrown. */
  const syncEmulator = async (): Promise<void> => {
    if (profiles.active().kind === 'emulator') {
      if (options.emulator?.autoStart === false) return;
      await emulator.start().catch(() => undefined);
    } else {
      await emulator.stop();
    }
  };

  let switching: Promise<unknown> = Promise.resolve();
  const oneAtATime = <T>(work: () => Promise<T>): Promise<T> => {
    const run = switching.then(work, work);
    switching = run.catch(() => undefined);
    return run;
  };

  const activate = async (id: string): Promise<ProfilesState> => {
    if (!profiles.get(id)) throw new AppError('not_found', `There is no profile with the id "${id}".`, { details: because(reason('profiles.unknown', { id })) });
    if (profiles.active().id === id) return profiles.state();
    await sessionService.endForProfileChange();
    profiles.setActive(id);
    await syncEmulator();
    await sessionService.restore('profile');
    return profiles.state();
  };

  let started = false;
  let disposed = false;
  const notices = createNoticeBoard(ports.notifier, () => preferences.get().language);

  /** A user-data folder others could read is made private, and said once (log and notice): the next start finds nothing to tighten. */
  const tightenModes = async (): Promise<void> => {
    try {
      const { items } = await tightenUserDataModes(ports.userDataDir);
      if (items.length === 0) return;
      logger.warn('The app data folder could be read by other users: its modes were tightened (folders 0700, journals and logs 0600)', { folder: ports.userDataDir, items: items.slice(0, 50), count: items.length });
      notices.notify({ kind: 'dataFolderTightened', folder: ports.userDataDir });
    } catch (error) {
      logger.warn('Tightening the app data folder modes failed', { folder: ports.userDataDir, message: error instanceof Error ? error.message : String(error) });
    }
  };

  const files = createFileHandles({ clock: ports.clock });
  const fileReader = createFileReader();
  const engines = createEngineProcess({
    ...(ports.engineProcess ? { launch: ports.engineProcess } : {}),
    onUnexpectedExit: (code, running) => logger.warn('The engine process (validation, stylesheets) ended; the next request starts a new one', { code, running }),
  });

  return {
    ports,
    files,
    fileReader,
    engines,
    options,
    logger,
    events,
    http,
    profiles,
    emulator,
    session: sessionService,
    preferences,
    notices,
    activity,
    endpoints() {
      const profile = profiles.active();
      return { profile, environment: profile.environment, urls: urlsFor(profile) };
    },
    extraCaPems: () => caPemsFor(profiles.active()),
    activateProfile: (id) => oneAtATime(() => activate(id)),
    saveProfile: (draft) =>
      oneAtATime(async () => {
        const activeBefore = profiles.active().id;
        const { saved, previous } = profiles.save(draft);
        if (previous !== undefined && !sameConnection(previous, saved)) {
          // The token and the remembered password belong to the old addresses: never send them to the new ones.
          await sessionService.forget(saved.id);
          if (saved.id === activeBefore) {
            await sessionService.endForProfileChange();
            await sessionService.restore(
              'addressChanged',
              `The addresses of “${saved.name}” changed, so its saved sign-in was forgotten. Sign in again.`,
            );
          }
        }
        return profiles.state();
      }),
    deleteProfile: (id) =>
      oneAtATime(async () => {
        if (profiles.active().id === id && profiles.get(id) && !profiles.get(id)?.builtIn) await activate(LOCAL_EMULATOR_ID);
        profiles.remove(id);
        await sessionService.forget(id);
        return profiles.state();
      }),
    restartEmulator: () =>
      oneAtATime(async () => {
        if (profiles.active().kind !== 'emulator') {
          throw new AppError('bad_request', 'The local emulator runs only while the Local emulator profile is active.', { details: because(reason('profiles.emulatorProfileOnly')) });
        }
        await emulator.stop();
        await emulator.start().catch(() => undefined);
        return emulator.status();
      }),
    onDispose(cleanup) {
      disposers.push(cleanup);
    },
    async start() {
      if (started) return;
      started = true;
      await tightenModes();
      await oneAtATime(async () => {
        await syncEmulator();
        await sessionService.restore('startup');
      });
    },
    async dispose() {
      if (disposed) return;
      disposed = true;
      sessionService.dispose();
      for (const cleanup of disposers.reverse()) {
        try {
          await cleanup();
        } catch (error) {
          logger.warn('A cleanup step failed while shutting down', { message: (error as Error).message });
        }
      }
      await Promise.all([emulator.stop(), engines.close(), fileReader.close()]);
      await agents.closeAll();
    },
  };
}
