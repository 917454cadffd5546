/**
 * The uploads service (DESIGN §4, §6), wired from its stages: intake (check, hash, journal before
 * any network call), sender (POST, 202, 503 → uncertain), follower (poll, reconcile by End-to-end
 * ID), batches (settled → announced). This file builds them, opens the journal, and holds what the
 * user does to one entry (retry, cancel). README.md explains the stages.
 */
import path from 'node:path';
import {
  AppError,
  because,
  reason,
  type Environment,
  type EventPayload,
  type FilePayload,
  type RejectedFile,
  type ServerUpload,
  type TransferDocument,
  type UploadEntry,
  type UploadPreferences,
} from '../../../shared/contract';
import { MAX_UPLOAD_BODY_BYTES, validateE2eId } from '../../../shared/validation';
import type { CoreEvents } from '../events';
import { createFileReader, type FileReader } from '../files/file-reader';
import type { HttpClient } from '../http/client';
import type { NoticeBoard } from '../i18n/notices';
import type { Clock, Logger, SettingsStore } from '../ports';
import { createAccountRules, type UploadsSession } from './accounts';
import { createTransferApi } from './api/client';
import { messages } from './api/messages';
import { createBatchTracker } from './batches';
import { ChangeFeed } from './change-feed';
import { createEntryStore, messageOf } from './entries';
import { createFollower } from './follower';
import { createIntakeBytes } from './intake-bytes';
import { createIntakeStage, type AddUploadsInput } from './intake-stage';
import { BlobStore } from './journal/blobs';
import { UploadJournal } from './journal/journal';
import { SharedPoller } from './poller';
import { readUploadPreferences, writeUploadPreferences } from './preferences';
import { createSender, type UploadsHooks } from './sender';
import { bytesNeededStates, settledStates, trackedStates, transition } from './state';
import { createEntryActions } from './entry-actions';

export type { AddUploadsInput } from './intake-stage';
export type { UploadsHooks } from './sender';
export type { UploadsSession } from './accounts';

/**
 * Files sent at the same time by default. The service shows no rate limit (spec: "Rate limits: not
 * shown"), so the app sends as a browser does to one host over HTTP/1.1: six connections at once,
 * the number the inbox sync and the bulk download use too. Three left a burst (a watched folder's
 * 500 files) waiting on round trips (docs/performance.md, "Folders").
 */
export const UPLOAD_CONCURRENCY = 6;

export interface UploadsTuning {
  /** Files sent at the same time (default `UPLOAD_CONCURRENCY`). */
  concurrency?: number;
  pollMinMs?: number;
  pollMaxMs?: number;
  /** `uploads.changed` is sent at most this often (default 150 ms). */
  changedThrottleMs?: number;
  /** A normally accepted upload still `pending` after this long gets a warning (default 5 min). */
  pendingWarnAfterMs?: number;
  /** How long to wait before trying again when the service address is not known yet (default 5 s). */
  notReadyRetryMs?: number;
  maxFilesPerAdd?: number;
  /** Files prepared ahead of their POST at most, counting those being sent (default 6 × concurrency). */
  prepareAheadFiles?: number;
  /** Bytes of prepared files waiting for their POST at most (default 16 MiB; one file always fits). */
  prepareAheadBytes?: number;
  /** Bytes of dropped files (bytes without a path) kept in memory for their send (default 32 MiB); the rest are read back from their kept copy. */
  intakeBytesBudget?: number;
  retentionMs?: number;
  random?: () => number;
}

export interface UploadsServiceDeps {
  http: HttpClient;
  /** The active profile's transfer address; throws `unavailable` while it is not known. */
  transferUrl: () => string;
  activeProfileId: () => string;
  /** The active profile's environment: KSeF's production refuses what its TEST system takes (FA (2)). */
  activeEnvironment?: () => Environment;
  session: UploadsSession;
  events: CoreEvents;
  settings: SettingsStore;
  notifier: NoticeBoard;
  logger: Logger;
  clock: Clock;
  userDataDir: string;
  /** The core's reading thread (shared with the watched folders); one of its own when absent. */
  fileReader?: FileReader;
  tuning?: UploadsTuning;
  hooks?: UploadsHooks;
}

export interface AddUploadsResult {
  batchId: string;
  entries: UploadEntry[];
  rejected: RejectedFile[];
}

export interface UploadsService {
  /** Opens the journal, finishes what a previous run left, and starts working. Idempotent. */
  start(): Promise<void>;
  dispose(): Promise<void>;
  /** Resolves once every change so far is in the journal on disk (the service writes lazy ones within 100 ms by itself; benches and tests wait for it). */
  flush(): Promise<void>;
  /** Journals files before any network call and starts sending them: the intake for dropped files and core-side sources alike. */
  add(input: AddUploadsInput): Promise<AddUploadsResult>;
  /**
   * SHA-256 of files on disk, read on the reading thread (`null`: no path, unreadable, or over the
   * 5 MiB request): the batch's "same content" warning for files the page never has the bytes of.
   */
  contentHashes(paths: ReadonlyArray<string | null>): Promise<Array<string | null>>;
  /** Every entry of the active profile, newest first (the renderer filters and searches). */
  list(): Promise<UploadEntry[]>;
  retry(localId: string): Promise<UploadEntry>;
  cancel(localId: string): Promise<UploadEntry>;
  findByE2eId(e2eId: string): Promise<ServerUpload[]>;
  preferences(): UploadPreferences;
  setPreferences(changes: Partial<UploadPreferences>): UploadPreferences;
  listTransferDocuments(uploadId: string): Promise<TransferDocument[]>;
  downloadTransferDocument(documentId: string): Promise<FilePayload>;
}

export function createUploadsService(deps: UploadsServiceDeps): UploadsService {
  const { clock, logger, events } = deps;
  const tuning = deps.tuning ?? {};
  const concurrency = Math.max(1, tuning.concurrency ?? UPLOAD_CONCURRENCY);
  const uploadsDir = path.join(deps.userDataDir, 'uploads');
  const blobs = new BlobStore(path.join(uploadsDir, 'blobs'));
  const api = createTransferApi({ http: deps.http, baseUrl: deps.transferUrl, token: () => deps.session.getToken() });
  const now = (): Date => new Date(clock.now());
  const intakeBudget = tuning.intakeBytesBudget ?? 32 * 1024 * 1024;
  // Dropped bytes, decoded on this thread, kept for their send; files on disk are read again at their turn.
  const intakeBytes = createIntakeBytes(intakeBudget);
  const fileReader = deps.fileReader ?? createFileReader();

  let journal: UploadJournal | undefined;
  let starting: Promise<void> | undefined;
  let started = false;
  let disposed = false;
  const running = (): boolean => started && !disposed;

  const accounts = createAccountRules(deps.session, deps.activeProfileId);
  const batches = createBatchTracker({ journal: () => journal, events, notifier: deps.notifier, logger });
  const feed = new ChangeFeed({
    events,
    clock,
    throttleMs: tuning.changedThrottleMs ?? 150,
    view: (localId) => {
      const entry = journal?.get(localId);
      return entry ? accounts.view(entry) : undefined;
    },
    afterFlush: (ids) => batches.check(ids),
  });
  const store = createEntryStore({ journal: () => journal, feed, blobs, logger, now });
  const poller = new SharedPoller({
    clock,
    logger,
    run: (localId) => follower.check(localId),
    ...(tuning.pollMinMs !== undefined ? { minDelayMs: tuning.pollMinMs } : {}),
    ...(tuning.pollMaxMs !== undefined ? { maxDelayMs: tuning.pollMaxMs } : {}),
  });
  const sender = createSender({
    store,
    accounts,
    api,
    blobs,
    fileReader,
    intakeBytes,
    clock,
    logger,
    follow: (localId) => poller.track(localId),
    running,
    tuning: {
      concurrency,
      aheadFiles: Math.max(2 * concurrency, tuning.prepareAheadFiles ?? 6 * concurrency),
      aheadBytes: tuning.prepareAheadBytes ?? 16 * 1024 * 1024,
      notReadyRetryMs: tuning.notReadyRetryMs ?? 5_000,
    },
    ...(deps.hooks ? { hooks: deps.hooks } : {}),
  });
  const follower = createFollower({
    store,
    accounts,
    api,
    clock,
    activeProfileId: deps.activeProfileId,
    resend: () => sender.pump(),
    running,
    pendingWarnAfterMs: tuning.pendingWarnAfterMs ?? 5 * 60_000,
  });
  const intake = createIntakeStage({
    store,
    accounts,
    batches,
    blobs,
    fileReader,
    intakeBytes,
    activeProfileId: deps.activeProfileId,
    ...(deps.activeEnvironment ? { activeEnvironment: deps.activeEnvironment } : {}),
    defaultTemplate: () => readUploadPreferences(deps.settings, logger).e2eIdTemplate,
    now,
    random: tuning.random ?? Math.random,
    added: (localIds) => {
      feed.changed(localIds);
      sender.pump();
    },
    firstChunk: concurrency,
    maxFilesPerAdd: tuning.maxFilesPerAdd ?? 5_000,
  });
  const actions = createEntryActions({ store, accounts, batches, blobs, activeProfileId: deps.activeProfileId, forget: (localId) => intakeBytes.drop(localId), requeued: () => sender.pump() });

  /** Matches the poller and the sender to the active profile and signed-in account. */
  function refreshSchedule(): void {
    if (!running()) return;
    const account = accounts.currentAccount();
    for (const entry of store.journal().entries()) {
      const needsCheck = trackedStates.has(entry.state) || entry.state === 'uncertain';
      if (needsCheck && accounts.isWorkable(entry, account)) {
        if (!poller.has(entry.localId)) poller.track(entry.localId, { immediate: true });
      } else if (poller.has(entry.localId)) {
        poller.untrack(entry.localId);
      }
    }
    sender.pump();
  }

  const unsubscribe = events.on((event, payload) => {
    if (event !== 'session.changed') return;
    sender.sessionChanged();
    if (!started) {
      // The core's start (session restore) opens the journal; the start itself schedules the work.
      if (!disposed) start().catch(() => undefined);
      return;
    }
    refreshSchedule();
    if ((payload as EventPayload<'session.changed'>).status.state === 'signedIn') poller.resetAll();
    // Entries of other accounts get (or lose) their "sign in as …" note.
    feed.changed(store.journal().entries().filter((entry) => entry.accountUid && !settledStates.has(entry.state)).map((entry) => entry.localId));
  });

  /** Opens the journal; a `sending` entry left by a previous run may or may not have reached the service: it is uncertain. */
  async function open(): Promise<void> {
    const opened = await UploadJournal.open({ dir: uploadsDir, logger, now: () => clock.now(), ...(tuning.retentionMs ? { retentionMs: tuning.retentionMs } : {}) });
    journal = opened;
    const { report } = opened;
    logger.info('Upload journal opened', { entries: report.entries, pruned: report.pruned, tornTail: report.tornTail, damagedLines: report.damagedLines });
    const leftovers = opened
      .entries()
      .filter((entry) => entry.state === 'sending')
      .map((entry) => transition(entry, 'uncertain', { warning: messages.crashed, note: 'The app stopped while this file was being sent', noteReason: reason('uploads.noteAppStopped') }, now()));
    await opened.put(leftovers, { durable: true });
    const needed = new Set(opened.entries().flatMap((entry) => (entry.source.kind === 'blob' && bytesNeededStates.has(entry.state) ? [entry.source.sha256] : [])));
    await blobs.keepOnly(needed).catch((error: unknown) => logger.warn('Upload blobs could not be tidied', { message: messageOf(error) }));
    batches.settledBefore(opened.entries());
    started = true;
    refreshSchedule();
  }

  function start(): Promise<void> {
    if (disposed) return Promise.reject(new AppError('cancelled', 'The app is shutting down.', { details: because(reason('uploads.shuttingDown')) }));
    // The reading thread gets ready while the journal opens, ahead of the first drop (it never fails the start).
    const readerReady = fileReader.start();
    starting ??= Promise.all([open(), readerReady]).then(
      () => undefined,
      (error: unknown) => {
        starting = undefined;
        logger.error('The upload journal cannot be opened', { message: messageOf(error) });
        throw new AppError('file', `The app cannot open its upload journal in ${uploadsDir}: ${messageOf(error)}. Check the folder's permissions and free disk space.`, { details: because(reason('uploads.journalUnreadable', { path: uploadsDir })), cause: error });
      },
    );
    return starting;
  }

  return {
    start,

    async dispose() {
      if (disposed) return;
      disposed = true;
      unsubscribe();
      poller.dispose();
      await sender.close();
      await starting?.catch(() => undefined);
      feed.flush();
      await fileReader.close();
      await journal?.close().catch((error: unknown) => logger.warn('Upload journal: closing failed', { message: messageOf(error) }));
    },

    async flush() {
      await journal?.flush();
    },

    async add(input) {
      await start();
      const added = await intake.add(input);
      return { batchId: added.batchId, entries: added.entries.map((entry) => accounts.view(store.journal().get(entry.localId) ?? entry)), rejected: added.rejected };
    },

    async contentHashes(paths) {
      const onDisk = paths.flatMap((filePath, index) => (filePath === null ? [] : [{ index, path: filePath, maxBytes: MAX_UPLOAD_BODY_BYTES }]));
      const hashes = new Array<string | null>(paths.length).fill(null);
      (await fileReader.hashMany(onDisk)).forEach((read, position) => {
        const index = onDisk[position]?.index;
        if (index !== undefined && read.kind === 'hashed') hashes[index] = read.sha256;
      });
      return hashes;
    },

    async list() {
      await start();
      const profileId = deps.activeProfileId();
      const account = accounts.currentAccount();
      return store
        .journal()
        .entries()
        .map((entry, index) => ({ entry, index }))
        .filter(({ entry }) => entry.profileId === profileId)
        .sort((a, b) => b.entry.createdAt.localeCompare(a.entry.createdAt) || a.index - b.index)
        .map(({ entry }) => accounts.view(entry, account));
    },

    async retry(localId) {
      await start();
      return actions.retry(localId);
    },

    async cancel(localId) {
      await start();
      return actions.cancel(localId);
    },

    async findByE2eId(e2eId) {
      const check = validateE2eId(e2eId);
      if (!check.ok) throw new AppError('validation', check.message, { details: because(reason('uploads.badE2eId')) });
      return api.findByE2eId(e2eId);
    },

    preferences: () => readUploadPreferences(deps.settings, logger),
    setPreferences: (changes) => writeUploadPreferences(deps.settings, logger, changes),
    listTransferDocuments: (uploadId) => api.listDocuments(uploadId),
    downloadTransferDocument: (documentId) => api.downloadDocument(documentId),
  };
}
