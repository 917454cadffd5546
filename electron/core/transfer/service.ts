/**
 * The uploads service (DESIGN §4, §6): journals every dropped file before any network call, sends
 * with bounded concurrency, follows uploads with one shared poller, reconciles uncertain sends by
 * End-to-end ID (the spec's 503 rule, applied to crashes too) and tells the renderer what happens.
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import {
  AppError,
  type EventPayload,
  type FilePayload,
  type RejectedFile,
  type ServerUpload,
  type SessionStatus,
  type SessionUser,
  type TransferDocument,
  type UploadCountry,
  type UploadEntry,
  type UploadPreferences,
  type UploadState,
  type UploadWarningCode,
} from '../../../shared/contract';
import { maxFileBytesForUpload, validateE2eId } from '../../../shared/validation';
import type { CoreEvents } from '../events';
import type { HttpClient } from '../http/client';
import type { NoticeBoard } from '../i18n/notices';
import type { Clock, Logger, SettingsStore } from '../ports';
import { createTransferApi, type PostOutcome, type TransferApi } from './api/client';
import type { UploadContent } from './api/upload-body';
import { messages, tooLargeMessage } from './api/messages';
import { normalizeStatus, serverErrorMessages } from './api/schemas';
import { ChangeFeed } from './change-feed';
import { takeEntriesContent } from './file-source';
import { createFileReader } from '../files/file-reader';
import { hashFile } from '../files/sha256';
import type { FileHashed } from '../files/read-and-hash';
import { createIntakeBytes } from './intake-bytes';
import { expandDroppedFiles, prepareFile, type CandidateFile, type DroppedFile, type Prepared, type PreparedFile } from './intake';
import { BlobStore } from './journal/blobs';
import type { JournalEntry } from './journal/entry';
import { UploadJournal } from './journal/journal';
import { SharedPoller, type PollResult } from './poller';
import { readUploadPreferences, writeUploadPreferences } from './preferences';
import { candidatesFor, decideReconciliation, MAX_AUTO_RESENDS_AFTER_FAILED } from './reconcile';
import { bytesNeededStates, canRetry, settledStates, toView, trackedStates, transition, type TransitionChanges } from './state';

export interface UploadsTuning {
  /** Files sent at the same time (default 3). */
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
  /** Bytes of added files kept in memory for their send (default 32 MiB for files on disk, on the reading thread, and as much for dropped ones); the rest are read again. */
  intakeBytesBudget?: number;
  retentionMs?: number;
  random?: () => number;
}

/** Test seams around the POST (crash tests kill the process in them). */
export interface UploadsHooks {
  /** `sending` is on disk; the POST has not left yet. */
  beforePost?(entry: JournalEntry): void | Promise<void>;
  /** The POST's answer arrived; nothing of it is journaled yet. */
  afterPostAnswer?(entry: JournalEntry, outcome: PostOutcome['kind']): void | Promise<void>;
}

export interface UploadsSession {
  getToken(): string;
  status(): SessionStatus;
}

export interface UploadsServiceDeps {
  http: HttpClient;
  /** The active profile's transfer address; throws `unavailable` while it is not known. */
  transferUrl: () => string;
  activeProfileId: () => string;
  session: UploadsSession;
  events: CoreEvents;
  settings: SettingsStore;
  notifier: NoticeBoard;
  logger: Logger;
  clock: Clock;
  userDataDir: string;
  tuning?: UploadsTuning;
  hooks?: UploadsHooks;
}

export interface AddUploadsInput {
  files: DroppedFile[];
  country: UploadCountry;
  e2eIdTemplate?: string;
}

export interface AddUploadsResult {
  batchId: string;
  entries: UploadEntry[];
  rejected: RejectedFile[];
}

export type UploadsFilter = 'all' | 'active' | 'failed' | 'done';

/** A transition to apply (see `applyAll`). */
interface EntryChange {
  localId: string;
  from: readonly UploadState[];
  next: UploadState;
  changes: TransitionChanges;
}

interface PreparedSend {
  entry: JournalEntry;
  content: UploadContent;
  account: SessionUser;
}

export interface UploadsService {
  /** Opens the journal, finishes what a previous run left, and starts working. Idempotent. */
  start(): Promise<void>;
  dispose(): Promise<void>;
  /** Resolves once every change so far is in the journal on disk (the service writes lazy ones within 100 ms by itself; benches and tests wait for it). */
  flush(): Promise<void>;
  add(input: AddUploadsInput): Promise<AddUploadsResult>;
  list(input?: { filter?: UploadsFilter; search?: string }): Promise<UploadEntry[]>;
  retry(localId: string): Promise<UploadEntry>;
  cancel(localId: string): Promise<UploadEntry>;
  findByE2eId(e2eId: string): Promise<ServerUpload[]>;
  preferences(): UploadPreferences;
  setPreferences(changes: Partial<UploadPreferences>): UploadPreferences;
  listTransferDocuments(uploadId: string): Promise<TransferDocument[]>;
  downloadTransferDocument(documentId: string): Promise<FilePayload>;
}

/**
 * Files checked, hashed and journaled together while a drop is being added: the second chunk is
 * this large, and each later one twice the one before, up to `ADD_CHUNK_MAX`. Sending starts
 * after the first (small) chunk; larger later chunks mean fewer durable journal writes, each of
 * which costs the disk a flush.
 */
const ADD_CHUNK = 16;
const ADD_CHUNK_MAX = 128;

const activeStates: ReadonlySet<UploadState> = new Set(['queued', 'sending', 'accepted', 'tracking', 'uncertain']);
const listFilters: Record<UploadsFilter, (state: UploadState) => boolean> = {
  all: () => true,
  active: (state) => activeStates.has(state),
  failed: (state) => state === 'failed' || state === 'rejected',
  done: (state) => state === 'done',
};

const stateWords: Record<UploadState, string> = {
  queued: 'waiting to be sent',
  sending: 'being sent',
  accepted: 'accepted by the service',
  tracking: 'being processed by the service',
  done: 'delivered',
  failed: 'failed',
  rejected: 'refused by the service',
  uncertain: 'being checked with the service',
  cancelled: 'cancelled',
};

function whyNoRetry(entry: JournalEntry): string {
  switch (entry.state) {
    case 'done':
      return `${entry.fileName} was delivered; sending it again would create a duplicate.`;
    case 'cancelled':
      return `${entry.fileName} was cancelled; add the file again to send it.`;
    case 'uncertain':
      return `The app is still checking whether ${entry.fileName} arrived. It sends the file again by itself only if the service does not have it.`;
    case 'tracking':
    case 'accepted':
      return `The service has ${entry.fileName} (${entry.serverStatus ?? 'pending'}); sending it again would create a duplicate.`;
    default:
      return `${entry.fileName} is ${stateWords[entry.state]}; there is nothing to retry.`;
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export function createUploadsService(deps: UploadsServiceDeps): UploadsService {
  const { clock, logger, events } = deps;
  const tuning = deps.tuning ?? {};
  const concurrency = Math.max(1, tuning.concurrency ?? 3);
  const random = tuning.random ?? Math.random;
  const uploadsDir = path.join(deps.userDataDir, 'uploads');
  const blobs = new BlobStore(path.join(uploadsDir, 'blobs'));
  const api: TransferApi = createTransferApi({ http: deps.http, baseUrl: deps.transferUrl, token: () => deps.session.getToken() });
  const now = (): Date => new Date(clock.now());

  let journal: UploadJournal | undefined;
  let starting: Promise<void> | undefined;
  let started = false;
  let disposed = false;
  /** A 401 stopped sending: wait for the session to change before trying again. */
  let waitingForSession = false;
  let retryTimer: { cancel(): void } | undefined;
  let sessionWaitTimer: { cancel(): void } | undefined;
  const preparing = new Map<string, Promise<void>>();
  const ready: PreparedSend[] = [];
  const intakeBudget = tuning.intakeBytesBudget ?? 32 * 1024 * 1024;
  // Dropped files' bytes, decoded on this thread; files on disk keep theirs on the reading thread.
  const intakeBytes = createIntakeBytes(intakeBudget);
  const fileReader = createFileReader({ keepBudgetBytes: intakeBudget });
  const posting = new Map<string, Promise<void>>();
  /** Aborts the POSTs in flight when the service is disposed (one signal for all: each costs a little on every POST). */
  const closing = new AbortController();
  const announcedBatches = new Set<string>();
  const addingBatches = new Set<string>();
  const localRejections = new Map<string, number>();

  const currentAccount = (): SessionUser | undefined => {
    const status = deps.session.status();
    if (status.state !== 'signedIn' || !status.user || status.profileId !== deps.activeProfileId()) return undefined;
    return status.user;
  };

  /** Entries the signed-in account of the active profile may work on. */
  const isWorkable = (entry: JournalEntry, account: SessionUser | undefined): account is SessionUser =>
    account !== undefined && entry.profileId === deps.activeProfileId() && (entry.accountUid === undefined || entry.accountUid === account.uid);

  const view = (entry: JournalEntry, account: SessionUser | undefined = currentAccount()): UploadEntry => {
    const out = toView(entry);
    if (account && entry.accountUid && entry.accountUid !== account.uid && !settledStates.has(entry.state)) {
      out.warning = `Added by ${entry.accountEmail ?? 'another account'}: sign in with that account to send or follow this file.`;
      out.warningCode = 'other_account';
    }
    return out;
  };

  const feed = new ChangeFeed({
    events,
    clock,
    throttleMs: tuning.changedThrottleMs ?? 150,
    view: (localId) => {
      const entry = journal?.get(localId);
      return entry ? view(entry) : undefined;
    },
    afterFlush: (ids) => checkBatches(ids),
  });

  const poller = new SharedPoller({
    clock,
    logger,
    run: (localId) => check(localId),
    ...(tuning.pollMinMs !== undefined ? { minDelayMs: tuning.pollMinMs } : {}),
    ...(tuning.pollMaxMs !== undefined ? { maxDelayMs: tuning.pollMaxMs } : {}),
  });

  const openJournal = (): UploadJournal => {
    if (!journal) throw new AppError('internal', 'The upload journal is not open yet.');
    return journal;
  };

  /**
   * Applies transitions with one journal write, each only if its entry is still in one of its
   * `from` states (another task may have moved it meanwhile; it is then `undefined` in the
   * result). Resolves once written, and fsync'd when `durable`; non-durable write failures are
   * logged (the next start reconciles whatever the file says).
   */
  const applyAll = async (changes: readonly EntryChange[], options: { durable: boolean } = { durable: false }): Promise<Array<JournalEntry | undefined>> => {
    const at = now();
    const results = changes.map(({ localId, from, next, changes: fields }) => {
      const current = openJournal().get(localId);
      return current && from.includes(current.state) ? transition(current, next, fields, at) : undefined;
    });
    const updated = results.filter((entry): entry is JournalEntry => entry !== undefined);
    const written = openJournal().put(updated, options);
    feed.changed(updated.map((entry) => entry.localId));
    if (options.durable) {
      await written;
    } else {
      written.catch((error: unknown) => logger.error('Upload journal: a change could not be written', { localIds: updated.map((entry) => entry.localId), message: messageOf(error) }));
    }
    return results;
  };

  const apply = async (
    localId: string,
    from: readonly UploadState[],
    next: UploadState,
    changes: TransitionChanges,
    options: { durable: boolean } = { durable: false },
  ): Promise<JournalEntry | undefined> => (await applyAll([{ localId, from, next, changes }], options))[0];

  /** Deletes the blob of a finished entry unless another entry still needs the same content. */
  const releaseBlob = async (entry: JournalEntry): Promise<void> => {
    if (entry.source.kind !== 'blob') return;
    const sha = entry.source.sha256;
    const stillNeeded = openJournal()
      .blobUsers(sha)
      .some((other) => other.localId !== entry.localId && bytesNeededStates.has(other.state));
    if (stillNeeded) return;
    await blobs.delete(sha).catch((error: unknown) => logger.warn('Upload blob could not be deleted', { message: messageOf(error) }));
  };

  // ---- sending -------------------------------------------------------------------------------

  const scheduleRetry = (): void => {
    if (retryTimer || disposed) return;
    retryTimer = clock.setTimeout(() => {
      retryTimer = undefined;
      pump();
    }, tuning.notReadyRetryMs ?? 5_000);
  };

  /**
   * After a 401 nothing is sent until the session changes (sign-in, renewal). Should no change
   * come (the rejected token was not the session's), sending is tried again after a while.
   */
  function waitForSession(): void {
    waitingForSession = true;
    sessionWaitTimer?.cancel();
    sessionWaitTimer = clock.setTimeout(() => {
      sessionWaitTimer = undefined;
      waitingForSession = false;
      pump();
    }, 30_000);
  }

  /** Files prepared ahead, at most: those being sent count too. */
  const aheadFiles = Math.max(2 * concurrency, tuning.prepareAheadFiles ?? 6 * concurrency);
  /** A prepare batch, one durable journal write, is waited for until this many fit (unless nothing else is in hand). */
  const prepareBatch = Math.max(concurrency, Math.floor((aheadFiles * 2) / 3));
  const aheadBytes = tuning.prepareAheadBytes ?? 16 * 1024 * 1024;

  /** Bytes of the files prepared (or being prepared) and not yet posted. */
  const bytesInHand = (): number => {
    let total = 0;
    for (const item of ready) total += item.entry.size;
    for (const localId of preparing.keys()) total += openJournal().get(localId)?.size ?? 0;
    return total;
  };

  /**
   * Sending runs in two stages so the disk never sits between two POSTs: files are prepared
   * ahead in batches (bytes read and checked, `sending` fsync'd in one write for the batch), while
   * up to `concurrency` POSTs are in flight. Each durable write costs about a millisecond on a
   * busy disk, so batches are large (two thirds of the look-ahead): one write per file or three
   * made the journal, not the network, the pace of a big drop (docs/performance.md). At most
   * `aheadFiles` files, and `aheadBytes` of them beyond those being sent, are in memory.
   */
  function pump(): void {
    if (!started || disposed) return;
    while (posting.size < concurrency && ready.length > 0) {
      const item = ready.shift();
      if (!item) break;
      const account = currentAccount();
      if (waitingForSession || !account || account.uid !== item.account.uid) {
        void unsend(item.entry.localId, messages.waitingForSignIn, 'sign_in');
        continue;
      }
      const localId = item.entry.localId;
      const work = post(item)
        .catch((error: unknown) => logger.error('Sending an upload failed unexpectedly', { localId, message: messageOf(error) }))
        .finally(() => {
          posting.delete(localId);
          pump();
        });
      posting.set(localId, work);
    }
    if (waitingForSession) return;
    const account = currentAccount();
    if (!account) return;
    const room = aheadFiles - posting.size - ready.length - preparing.size;
    if (room <= 0) return;
    const inHand = ready.length + preparing.size;
    let bytes = inHand > 0 ? bytesInHand() : 0;
    let batchBytes = 0;
    const batch: string[] = [];
    let full = false;
    for (const entry of openJournal().queued()) {
      if (batch.length >= room) {
        full = true;
        break;
      }
      if (preparing.has(entry.localId) || posting.has(entry.localId) || !isWorkable(entry, account)) continue;
      if (bytes + entry.size > aheadBytes && (batch.length > 0 || inHand > 0)) {
        full = true;
        break;
      }
      batch.push(entry.localId);
      bytes += entry.size;
      batchBytes += entry.size;
    }
    if (batch.length === 0) return;
    // While enough are in hand to keep the POSTs going, wait for room for a whole batch: one
    // journal write for all of them.
    if (full && batch.length < prepareBatch && batchBytes < aheadBytes / 2 && inHand > 0) return;
    const work = prepare(batch, account)
      .catch((error: unknown) => logger.error('Preparing uploads failed unexpectedly', { localIds: batch, message: messageOf(error) }))
      .finally(() => {
        for (const localId of batch) preparing.delete(localId);
        pump();
      });
    for (const localId of batch) preparing.set(localId, work);
  }

  /** A prepared file that will not be posted now goes back to the queue (nothing left the app). */
  async function unsend(localId: string, warning: string, warningCode?: UploadWarningCode): Promise<void> {
    await apply(localId, ['sending'], 'queued', { warning, ...(warningCode ? { warningCode } : {}), note: 'Not sent yet: waiting' }).catch(() => undefined);
  }

  /**
   * Reads and checks the bytes of a few queued files, then records them `sending` durably, in one
   * journal write: only then may their POSTs leave.
   */
  async function prepare(localIds: readonly string[], account: SessionUser): Promise<void> {
    const entries = localIds.map((localId) => openJournal().get(localId)).filter((entry): entry is JournalEntry => entry?.state === 'queued');
    // Kept since the files were added (here or on the reading thread): the very bytes that were hashed. The others are read and checked again.
    const contents = new Map<string, UploadContent>();
    for (const entry of entries) {
      const kept = intakeBytes.take(entry.localId);
      if (kept) contents.set(entry.localId, { kind: 'bytes', bytes: kept });
    }
    const toRead = entries.filter((entry) => !contents.has(entry.localId));
    const reads = await takeEntriesContent(toRead, blobs, fileReader);
    const unreadable: EntryChange[] = [];
    toRead.forEach((entry, index) => {
      const read = reads[index];
      if (read?.ok) contents.set(entry.localId, read.content);
      else if (read) unreadable.push({ localId: entry.localId, from: ['queued'], next: 'failed', changes: { error: read.error, warning: undefined } });
    });
    if (unreadable.length > 0) await applyAll(unreadable, { durable: true });
    const sendable = entries.filter((entry) => contents.has(entry.localId));
    if (sendable.length === 0) return;
    let sending: Array<JournalEntry | undefined>;
    try {
      sending = await applyAll(
        sendable.map((entry) => ({
          localId: entry.localId,
          from: ['queued'],
          next: 'sending',
          changes: {
            accountUid: account.uid,
            accountEmail: account.email,
            sendAttempts: entry.sendAttempts + 1,
            error: undefined,
            warning: undefined,
            note: entry.sendAttempts > 0 ? `Sending again (attempt ${entry.sendAttempts + 1})` : undefined,
          },
        })),
        { durable: true },
      );
    } catch (error) {
      // Without `sending` safely on disk the POSTs must not leave: a crash could then duplicate them.
      logger.error('Upload journal: cannot record the send; not sending', { localIds: sendable.map((entry) => entry.localId), message: messageOf(error) });
      await applyAll(
        sendable.map((entry) => ({
          localId: entry.localId,
          from: ['sending'],
          next: 'queued',
          changes: { warning: 'The app cannot write its upload journal (is the disk full?). The file waits; it is sent once the journal can be written.' },
        })),
      ).catch(() => undefined);
      scheduleRetry();
      return;
    }
    for (const entry of sending) {
      if (!entry) continue; // cancelled while its bytes were read
      if (disposed) {
        await unsend(entry.localId, 'The app was closed before this file was sent; it is sent on the next start.');
        continue;
      }
      const content = contents.get(entry.localId);
      if (content) ready.push({ entry, content, account });
    }
  }

  async function post(item: PreparedSend): Promise<void> {
    const { entry: sending, content } = item;
    const { localId } = sending;
    await deps.hooks?.beforePost?.(sending);

    const outcome: PostOutcome = await api.postUpload({ country: sending.country, fileName: sending.fileName, e2eId: sending.e2eId, content }, closing.signal);
    await deps.hooks?.afterPostAnswer?.(sending, outcome.kind);

    switch (outcome.kind) {
      case 'accepted': {
        const status = normalizeStatus(outcome.receipt.status);
        const finished = status === 'delivered';
        // `accepted` goes to disk with the next durable line (within 100 ms), and the next file
        // does not wait for it: should the app die first, the entry is still `sending` and the next
        // start finds the upload by End-to-end ID. `done` is durable at once: the file's kept
        // bytes are deleted after it.
        const accepted = apply(
          localId,
          ['sending'],
          finished ? 'done' : 'accepted',
          { uploadId: outcome.receipt.id, serverStatus: status, adoptedAfterUncertain: false, note: `Accepted by the service (upload ${outcome.receipt.id})` },
          { durable: finished },
        );
        const entryNow = openJournal().get(localId);
        if (entryNow?.state === 'accepted') poller.track(localId);
        void accepted.then(
          (done) => (done?.state === 'done' ? releaseBlob(done) : undefined),
          (error: unknown) => logger.error('Upload journal: cannot record an accepted upload', { localId, message: messageOf(error) }),
        );
        return;
      }
      case 'uncertain': {
        await apply(
          localId,
          ['sending'],
          'uncertain',
          { uploadId: outcome.receiptId, warning: outcome.message, note: outcome.message },
          { durable: true },
        ).catch((error: unknown) => logger.error('Upload journal: cannot record an uncertain send', { localId, message: messageOf(error) }));
        poller.track(localId);
        return;
      }
      case 'unauthorized':
        await apply(localId, ['sending'], 'queued', { warning: outcome.message, warningCode: 'sign_in', note: 'The service asked to sign in again; nothing was stored' });
        waitForSession();
        return;
      case 'not_sent': {
        const unauthorized = outcome.error.code === 'unauthorized';
        await apply(localId, ['sending'], 'queued', unauthorized ? { warning: messages.waitingForSignIn, warningCode: 'sign_in' } : { warning: `Waiting: ${outcome.error.message}` });
        if (unauthorized) waitForSession();
        else scheduleRetry();
        return;
      }
      case 'rejected':
        await apply(localId, ['sending'], 'rejected', { error: outcome.error }, { durable: true });
        return;
    }
  }

  // ---- following uploads and reconciling ------------------------------------------------------

  async function check(localId: string): Promise<PollResult> {
    if (disposed) return 'stop';
    const entry = journal?.get(localId);
    if (!entry || entry.profileId !== deps.activeProfileId()) return 'stop';
    if (!isWorkable(entry, currentAccount())) return 'unchanged';
    if (trackedStates.has(entry.state)) return follow(entry);
    if (entry.state === 'uncertain') return reconcile(entry);
    return 'stop';
  }

  const acceptedAt = (entry: JournalEntry): number => {
    const item = [...entry.history].reverse().find((h) => h.state === 'accepted' || h.state === 'tracking');
    return item ? Date.parse(item.at) : Date.parse(entry.updatedAt);
  };

  async function follow(entry: JournalEntry): Promise<PollResult> {
    const uploadId = entry.uploadId;
    if (!uploadId) return 'stop';
    const upload = await api.getUpload(uploadId);
    const current = openJournal().get(entry.localId);
    if (!current || !trackedStates.has(current.state) || current.uploadId !== uploadId) return 'stop';
    const tracked = ['accepted', 'tracking'] as const;
    if (!upload) {
      await apply(current.localId, tracked, 'failed', {
        warning: undefined,
        error: {
          code: 'not_found',
          message: `The service no longer knows upload ${uploadId} of ${current.fileName}. Check with support before sending it again.`,
        },
      });
      return 'stop';
    }
    const status = upload.status;
    if (status === 'delivered') {
      const done = await apply(current.localId, tracked, 'done', { serverStatus: status, warning: undefined, error: undefined });
      if (done) await releaseBlob(done);
      return 'stop';
    }
    if (status === 'failed') {
      const reasons = serverErrorMessages(upload.errors);
      if (current.adoptedAfterUncertain && current.autoResends < MAX_AUTO_RESENDS_AFTER_FAILED) {
        await apply(current.localId, tracked, 'queued', {
          serverStatus: undefined,
          uploadId: undefined,
          previousUploadIds: [...current.previousUploadIds, uploadId],
          autoResends: current.autoResends + 1,
          adoptedAfterUncertain: false,
          warning: undefined,
          note: `The service ended upload ${uploadId} as failed after the uncertain send${reasons.length ? ` (${reasons.join(' ')})` : ''}; sending it again automatically, once.`,
        });
        pump();
        return 'stop';
      }
      await apply(
        current.localId,
        tracked,
        'failed',
        {
          serverStatus: 'failed',
          warning: undefined,
          error: {
            code: current.adoptedAfterUncertain ? 'unavailable' : 'validation',
            message: `The service could not process ${current.fileName}${reasons.length ? `: ${reasons.join(' ')}` : '.'} You may send it again (Retry) once the problem is fixed.`,
          },
        },
        { durable: true },
      );
      return 'stop';
    }
    const warning =
      status === 'pending'
        ? current.adoptedAfterUncertain
          ? messages.pendingDoNotResend
          : clock.now() - acceptedAt(current) > (tuning.pendingWarnAfterMs ?? 5 * 60_000)
            ? messages.pendingForLong
            : undefined
        : undefined;
    const statusChanged = status !== current.serverStatus || current.state === 'accepted';
    if (statusChanged || warning !== current.warning) {
      await apply(current.localId, tracked, 'tracking', { serverStatus: status, warning });
    }
    return statusChanged ? 'changed' : 'unchanged';
  }

  async function reconcile(entry: JournalEntry): Promise<PollResult> {
    const found: ServerUpload[] = [];
    if (entry.uploadId) {
      const byId = await api.getUpload(entry.uploadId);
      if (byId) found.push(byId);
    }
    found.push(...(await api.findByE2eId(entry.e2eId)));
    const current = openJournal().get(entry.localId);
    if (!current || current.state !== 'uncertain') return 'stop';

    const claimedByOthers = new Set<string>();
    for (const other of openJournal().entries()) {
      if (other.localId === current.localId || other.profileId !== current.profileId) continue;
      if (other.uploadId) claimedByOthers.add(other.uploadId);
      for (const id of other.previousUploadIds) claimedByOthers.add(id);
    }
    const decision = decideReconciliation(current, candidatesFor(current, found, claimedByOthers));
    switch (decision.kind) {
      case 'adopt': {
        const { upload } = decision;
        const copies = decision.otherCopies > 0 ? ` The service holds ${decision.otherCopies + 1} uploads of this file under its End-to-end ID; the app follows upload ${upload.id}.` : '';
        const adopted = await apply(
          current.localId,
          ['uncertain'],
          upload.status === 'delivered' ? 'done' : 'tracking',
          {
            uploadId: upload.id,
            serverStatus: upload.status,
            adoptedAfterUncertain: true,
            error: undefined,
            warning: decision.pending ? `${messages.pendingDoNotResend}${copies}` : copies.trim() || undefined,
            note: `Found on the service (upload ${upload.id}, ${upload.status}); it is not sent again.`,
          },
          { durable: true },
        );
        if (adopted?.state === 'done') {
          await releaseBlob(adopted);
          return 'stop';
        }
        return 'changed';
      }
      case 'resend': {
        const failed = decision.reason === 'failed';
        await apply(
          current.localId,
          ['uncertain'],
          'queued',
          {
            uploadId: undefined,
            serverStatus: undefined,
            warning: undefined,
            previousUploadIds: [...current.previousUploadIds, ...decision.failedUploadIds],
            ...(failed ? { autoResends: current.autoResends + 1 } : { notFoundResends: current.notFoundResends + 1 }),
            note: failed
              ? 'The service has the file only as failed; sending it again automatically, once.'
              : 'The service has no trace of the file; sending it again.',
          },
          { durable: true },
        );
        pump();
        return 'stop';
      }
      case 'give_up': {
        const reasons = decision.failedUploads.flatMap((upload) => serverErrorMessages(upload.errors));
        const message =
          decision.reason === 'failed'
            ? `The service could not keep ${current.fileName}: it ended failed again after the automatic resend${reasons.length ? ` (${reasons[0]})` : ''}. Retry later, or contact support if it keeps failing.`
            : `The service did not keep ${current.fileName} after several attempts. Retry later, or contact support if it keeps happening.`;
        await apply(current.localId, ['uncertain'], 'failed', { warning: undefined, error: { code: 'unavailable', message } }, { durable: true });
        return 'stop';
      }
    }
  }

  // ---- scheduling, events ---------------------------------------------------------------------

  /** Matches the poller and the sender to the active profile and signed-in account. */
  function refreshSchedule(): void {
    if (!started || disposed) return;
    const account = currentAccount();
    for (const entry of openJournal().entries()) {
      const needsCheck = trackedStates.has(entry.state) || entry.state === 'uncertain';
      if (needsCheck && isWorkable(entry, account)) {
        if (!poller.has(entry.localId)) poller.track(entry.localId, { immediate: true });
      } else if (poller.has(entry.localId)) {
        poller.untrack(entry.localId);
      }
    }
    pump();
  }

  const onSessionChanged = (payload: EventPayload<'session.changed'>): void => {
    waitingForSession = false;
    sessionWaitTimer?.cancel();
    sessionWaitTimer = undefined;
    if (!started) {
      // The core's start (session restore) opens the journal; the start itself schedules the work.
      if (!disposed) start().catch(() => undefined);
      return;
    }
    refreshSchedule();
    if (payload.status.state === 'signedIn') poller.resetAll();
    // Entries of other accounts get (or lose) their "sign in as …" note.
    feed.changed(openJournal().entries().filter((entry) => entry.accountUid && !settledStates.has(entry.state)).map((entry) => entry.localId));
  };

  const unsubscribe = events.on((event, payload) => {
    if (event === 'session.changed') onSessionChanged(payload as EventPayload<'session.changed'>);
  });

  function checkBatches(ids: readonly string[]): void {
    if (!journal) return;
    const batchIds = new Set(ids.map((id) => journal?.get(id)?.batchId).filter((id): id is string => id !== undefined));
    for (const batchId of batchIds) {
      if (announcedBatches.has(batchId) || addingBatches.has(batchId)) continue;
      const members = journal.batch(batchId);
      if (members.length === 0 || !members.every((entry) => settledStates.has(entry.state))) continue;
      announceBatch(batchId, members);
    }
  }

  function announceBatch(batchId: string, members: readonly JournalEntry[]): void {
    announcedBatches.add(batchId);
    const count = (state: UploadState): number => members.filter((entry) => entry.state === state).length;
    const done = count('done');
    const failed = count('failed');
    const rejected = count('rejected') + (localRejections.get(batchId) ?? 0);
    events.emit('uploads.batchSettled', { batchId, done, failed, rejected });
    if (members.length === 0 || done + failed + rejected === 0) return;
    try {
      deps.notifier.notify({ kind: 'uploadsSettled', delivered: done, failed, rejected });
    } catch (error) {
      logger.warn('The uploads notification could not be shown', { message: messageOf(error) });
    }
  }

  // ---- lifecycle ------------------------------------------------------------------------------

  async function open(): Promise<void> {
    const opened = await UploadJournal.open({ dir: uploadsDir, logger, now: () => clock.now(), ...(tuning.retentionMs ? { retentionMs: tuning.retentionMs } : {}) });
    journal = opened;
    const { report } = opened;
    logger.info('Upload journal opened', { entries: report.entries, pruned: report.pruned, tornTail: report.tornTail, damagedLines: report.damagedLines });
    // A `sending` entry left by a previous run: the POST may or may not have reached the service.
    const leftovers = opened
      .entries()
      .filter((entry) => entry.state === 'sending')
      .map((entry) => transition(entry, 'uncertain', { warning: messages.crashed, note: 'The app stopped while this file was being sent' }, now()));
    await opened.put(leftovers, { durable: true });
    const needed = new Set(
      opened
        .entries()
        .filter((entry) => entry.source.kind === 'blob' && bytesNeededStates.has(entry.state))
        .map((entry) => (entry.source.kind === 'blob' ? entry.source.sha256 : '')),
    );
    await blobs.keepOnly(needed).catch((error: unknown) => logger.warn('Upload blobs could not be tidied', { message: messageOf(error) }));
    const batches = new Map<string, JournalEntry[]>();
    for (const entry of opened.entries()) batches.set(entry.batchId, [...(batches.get(entry.batchId) ?? []), entry]);
    for (const [batchId, members] of batches) if (members.every((entry) => settledStates.has(entry.state))) announcedBatches.add(batchId);
    started = true;
    refreshSchedule();
  }

  function start(): Promise<void> {
    if (disposed) return Promise.reject(new AppError('cancelled', 'The app is shutting down.'));
    // The reading thread gets ready while the journal opens, ahead of the first drop (it never fails the start).
    const readerReady = fileReader.start();
    starting ??= Promise.all([open(), readerReady]).then(() => undefined, (error: unknown) => {
      starting = undefined;
      logger.error('The upload journal cannot be opened', { message: messageOf(error) });
      throw new AppError('file', `The app cannot open its upload journal in ${uploadsDir}: ${messageOf(error)}. Check the folder's permissions and free disk space.`, {
        cause: error,
      });
    });
    return starting;
  }

  const entryOfActiveProfile = (localId: string): JournalEntry => {
    const entry = openJournal().get(localId);
    if (!entry || entry.profileId !== deps.activeProfileId()) {
      throw new AppError('not_found', 'This upload is not in the list of the active profile any more. Refresh the list.');
    }
    return entry;
  };

  /**
   * Checks and hashes candidates a few at a time, keeping their order; files on disk are read (and
   * hashed) together, off the main thread, where their bytes stay for the send under the local id
   * their entry will have.
   */
  async function prepareSome(input: AddUploadsInput, candidates: readonly CandidateFile[], firstCounter: number, template: string, at: Date): Promise<Array<{ localId: string; prepared: Prepared }>> {
    const localIds = candidates.map(() => crypto.randomUUID());
    const onDisk = candidates.flatMap((candidate, index) =>
      candidate.content.kind === 'path' ? [{ index, path: candidate.content.path, maxBytes: maxFileBytesForUpload(candidate.fileName), keepAs: localIds[index] ?? '' }] : [],
    );
    const reads = new Map<number, FileHashed>();
    (await fileReader.hashMany(onDisk)).forEach((read, position) => reads.set(onDisk[position]?.index ?? -1, read));
    const results = new Array<Prepared>(candidates.length);
    let next = 0;
    const worker = async (): Promise<void> => {
      for (let index = next++; index < candidates.length; index = next++) {
        const candidate = candidates[index];
        if (!candidate) continue;
        const read = reads.get(index);
        results[index] = await prepareFile(candidate, { country: input.country, e2eIdTemplate: template, now: at, counter: firstCounter + index, random, blobs, ...(read ? { read } : {}) });
      }
    };
    await Promise.all(Array.from({ length: Math.min(4, candidates.length) }, worker));
    return results.map((prepared, index) => ({ localId: localIds[index] ?? '', prepared }));
  }

  /** The same name and content: dropping a file again must not send it twice. */
  const sameFileKey = (file: { fileName: string; sha256: string }): string => `${file.sha256}:${file.fileName}`;

  /** Files of the active profile that are on their way or delivered to `country` (failed, refused and cancelled ones may be added again). */
  const sentOrSending = (country: UploadCountry): Map<string, JournalEntry> => {
    const profileId = deps.activeProfileId();
    const found = new Map<string, JournalEntry>();
    for (const entry of openJournal().entries()) {
      if (entry.profileId !== profileId || entry.country !== country || ['failed', 'rejected', 'cancelled'].includes(entry.state)) continue;
      found.set(sameFileKey(entry), entry);
    }
    return found;
  };

  const alreadySent = (file: PreparedFile, earlier: JournalEntry): RejectedFile => ({
    fileName: file.fileName,
    origin: file.origin,
    code: 'conflict',
    message:
      earlier.state === 'done'
        ? `${file.fileName} was already delivered (added ${earlier.createdAt.slice(0, 16).replace('T', ' ')} UTC, End-to-end ID ${earlier.e2eId}); it was not sent again.`
        : `${file.fileName} is already on its way (End-to-end ID ${earlier.e2eId}); it was not added a second time.`,
  });

  const newEntry = (localId: string, file: PreparedFile, batchId: string, country: UploadCountry, account: SessionUser | undefined, at: string): JournalEntry => ({
    localId,
    batchId,
    profileId: deps.activeProfileId(),
    ...(account ? { accountUid: account.uid, accountEmail: account.email } : {}),
    origin: file.origin,
    fileName: file.fileName,
    source: file.source,
    sha256: file.sha256,
    size: file.size,
    country,
    e2eId: file.e2eId,
    state: 'queued',
    previousUploadIds: [],
    history: [{ at, state: 'queued', ...(account ? {} : { note: messages.waitingForSignIn }) }],
    ...(file.warning ? { warning: file.warning } : {}),
    sendAttempts: 0,
    autoResends: 0,
    notFoundResends: 0,
    adoptedAfterUncertain: false,
    createdAt: at,
    updatedAt: at,
  });

  return {
    start,

    async dispose() {
      if (disposed) return;
      disposed = true;
      unsubscribe();
      poller.dispose();
      retryTimer?.cancel();
      sessionWaitTimer?.cancel();
      closing.abort();
      await Promise.allSettled([...preparing.values(), ...posting.values()]);
      for (const item of ready.splice(0)) await unsend(item.entry.localId, 'The app was closed before this file was sent; it is sent on the next start.');
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
      const batchId = crypto.randomUUID();
      // The batch cannot settle while its files are still being added.
      addingBatches.add(batchId);
      try {
        const maxFiles = tuning.maxFilesPerAdd ?? 5_000;
        // The first few dropped items are looked at on their own, so that their files leave while the rest are looked at.
        const head = await expandDroppedFiles(input.files.slice(0, concurrency), maxFiles);
        const candidates: CandidateFile[] = [...head.files];
        const rejected: RejectedFile[] = [...head.rejected];
        // Started once the first files are on their way: its many look-ups would otherwise queue before their reads.
        let rest: Promise<{ files: CandidateFile[]; rejected: RejectedFile[] }> | undefined;
        let restMerged = false;
        const startRest = (): void => {
          if (rest) return;
          rest = expandDroppedFiles(input.files.slice(concurrency), Math.max(0, maxFiles - head.files.length), maxFiles);
          rest.catch(() => undefined); // awaited below; never left unhandled should adding stop first
        };
        const withRest = async (): Promise<void> => {
          if (restMerged) return;
          startRest();
          const expanded = await rest;
          restMerged = true;
          candidates.push(...(expanded?.files ?? []));
          rejected.push(...(expanded?.rejected ?? []));
        };
        const added: JournalEntry[] = [];
        const template = input.e2eIdTemplate ?? readUploadPreferences(deps.settings, logger).e2eIdTemplate;
        const at = now();
        const sentBefore = sentOrSending(input.country);
        // Journal (durably) and start sending chunk by chunk, so a big drop starts moving at once.
        // The first chunk is as small as what is sent at once, so the first POSTs leave without waiting for the rest.
        for (let first = 0, size = concurrency; ; first += size, size = size < ADD_CHUNK ? ADD_CHUNK : Math.min(2 * size, ADD_CHUNK_MAX)) {
          if (first + size > candidates.length) await withRest();
          if (first >= candidates.length) break;
          const chunk = await prepareSome(input, candidates.slice(first, first + size), first + 1, template, at);
          const account = currentAccount();
          const entries: JournalEntry[] = [];
          const readBytes = new Map<string, Buffer>();
          const notAdded: string[] = [];
          for (const { localId, prepared: result } of chunk) {
            if (!result?.ok) {
              if (result) rejected.push(result.rejected);
              notAdded.push(localId);
              continue;
            }
            const earlier = sentBefore.get(sameFileKey(result.file));
            if (earlier) {
              rejected.push(alreadySent(result.file, earlier));
              notAdded.push(localId);
              continue;
            }
            const entry = newEntry(localId, result.file, batchId, input.country, account, at.toISOString());
            sentBefore.set(sameFileKey(entry), entry);
            entries.push(entry);
            if (result.bytes) readBytes.set(entry.localId, result.bytes);
          }
          // Bytes the reading thread kept for files that will not be sent.
          fileReader.forget(notAdded);
          // Every file is on disk as an entry before anything is sent, and the bytes of dropped files before the entries that name them.
          try {
            if (entries.some((entry) => entry.source.kind === 'blob')) await blobs.syncFolder();
            await openJournal().put(entries, { durable: true });
          } catch (error) {
            fileReader.forget(entries.map((entry) => entry.localId));
            throw error;
          }
          for (const [localId, bytes] of readBytes) intakeBytes.keep(localId, bytes);
          added.push(...entries);
          feed.changed(entries.map((entry) => entry.localId));
          pump();
          startRest();
        }
        if (rejected.length > 0) localRejections.set(batchId, rejected.length);
        addingBatches.delete(batchId);
        if (added.length === 0) {
          announcedBatches.add(batchId);
          events.emit('uploads.batchSettled', { batchId, done: 0, failed: 0, rejected: rejected.length });
        } else {
          checkBatches([added[0]?.localId ?? '']);
        }
        return { batchId, entries: added.map((entry) => view(openJournal().get(entry.localId) ?? entry)), rejected };
      } finally {
        addingBatches.delete(batchId);
      }
    },

    async list(input = {}) {
      await start();
      const filter = listFilters[input.filter ?? 'all'];
      const search = (input.search ?? '').trim().toLowerCase();
      const profileId = deps.activeProfileId();
      const account = currentAccount();
      return openJournal()
        .entries()
        .map((entry, index) => ({ entry, index }))
        .filter(({ entry }) => entry.profileId === profileId && filter(entry.state))
        .filter(({ entry }) => !search || entry.fileName.toLowerCase().includes(search) || entry.e2eId.toLowerCase().includes(search))
        .sort((a, b) => b.entry.createdAt.localeCompare(a.entry.createdAt) || a.index - b.index)
        .map(({ entry }) => view(entry, account));
    },

    async retry(localId) {
      await start();
      const entry = entryOfActiveProfile(localId);
      if (!canRetry(entry)) throw new AppError('conflict', whyNoRetry(entry));
      const account = currentAccount();
      if (entry.accountUid && account && entry.accountUid !== account.uid) {
        throw new AppError('forbidden', `${entry.fileName} was sent by ${entry.accountEmail ?? 'another account'}. Sign in with that account to retry it.`);
      }
      let { sha256, size } = entry;
      if (entry.source.kind === 'path') {
        // Retry sends the file as it is now (it may have been fixed since).
        try {
          ({ sha256, size } = await hashFile(entry.source.path));
        } catch (error) {
          const code = (error as NodeJS.ErrnoException).code;
          throw new AppError(
            'file',
            code === 'ENOENT'
              ? `${entry.fileName} can no longer be found at ${entry.source.path}. Put it back, or add it again.`
              : `${entry.fileName} cannot be read at ${entry.source.path} (${code ?? messageOf(error)}).`,
          );
        }
        if (size === 0) throw new AppError('validation', `${entry.fileName} is now empty. Choose a file that has content.`);
        if (size > maxFileBytesForUpload(entry.fileName, entry.e2eId)) throw new AppError('too_large', tooLargeMessage(entry.fileName, size));
      } else {
        try {
          await fs.access(blobs.pathOf(entry.source.sha256));
        } catch {
          throw new AppError('file', `The copy of ${entry.fileName} kept for sending is gone. Add the file again.`);
        }
      }
      const queued = await apply(
        localId,
        ['failed', 'rejected'],
        'queued',
        {
          sha256,
          size,
          error: undefined,
          warning: undefined,
          uploadId: undefined,
          serverStatus: undefined,
          previousUploadIds: entry.uploadId ? [...entry.previousUploadIds, entry.uploadId] : entry.previousUploadIds,
          autoResends: 0,
          notFoundResends: 0,
          adoptedAfterUncertain: false,
          note: 'Retried by you',
        },
        { durable: true },
      );
      if (!queued) throw new AppError('conflict', whyNoRetry(openJournal().get(localId) ?? entry));
      announcedBatches.delete(queued.batchId);
      localRejections.delete(queued.batchId);
      pump();
      return view(queued);
    },

    async cancel(localId) {
      await start();
      const entry = entryOfActiveProfile(localId);
      const cancelled = await apply(localId, ['queued'], 'cancelled', { warning: undefined, note: 'Cancelled by you' }, { durable: true });
      if (!cancelled) {
        throw new AppError('conflict', `${entry.fileName} can no longer be cancelled: it is ${stateWords[openJournal().get(localId)?.state ?? entry.state]}.`);
      }
      intakeBytes.drop(localId);
      fileReader.forget([localId]);
      await releaseBlob(cancelled);
      return view(cancelled);
    },

    async findByE2eId(e2eId) {
      const check = validateE2eId(e2eId);
      if (!check.ok) throw new AppError('validation', check.message);
      return api.findByE2eId(e2eId);
    },

    preferences: () => readUploadPreferences(deps.settings, logger),
    setPreferences: (changes) => writeUploadPreferences(deps.settings, logger, changes),

    listTransferDocuments: (uploadId) => api.listDocuments(uploadId),
    downloadTransferDocument: (documentId) => api.downloadDocument(documentId),
  };
}
