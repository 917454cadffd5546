/**
 * The sender: queued files → `sending` (on disk) → POST → 202 `accepted`, 503 and the like
 * `uncertain` (the follower reconciles), 4xx `rejected`, 401 back to `queued` until the session
 * changes. Files are prepared ahead in batches (content taken or read and checked, `sending` on
 * disk for the whole batch in one durable write) while up to `concurrency` POSTs are in flight.
 */
import { setMaxListeners } from 'node:events';
import { reason, reasonOf, type SessionUser, type UploadWarningCode } from '../../../shared/contract';
import type { FileReader } from '../files/file-reader';
import type { Clock, Logger } from '../ports';
import type { AccountRules } from './accounts';
import type { PostOutcome, TransferApi } from './api/client';
import { messages } from './api/messages';
import { normalizeStatus } from './api/schemas';
import type { UploadContent } from './api/upload-body';
import { messageOf, type EntryChange, type EntryStore } from './entries';
import { takeEntriesContent } from './file-source';
import type { IntakeBytes } from './intake-bytes';
import type { BlobStore } from './journal/blobs';
import type { JournalEntry } from './journal/entry';

/** Test seams around the POST (crash tests kill the process in them). */
export interface UploadsHooks {
  /** `sending` is on disk; the POST has not left yet. */
  beforePost?(entry: JournalEntry): void | Promise<void>;
  /** The POST's answer arrived; nothing of it is journaled yet. */
  afterPostAnswer?(entry: JournalEntry, outcome: PostOutcome['kind']): void | Promise<void>;
}

export interface SenderTuning {
  concurrency: number;
  /** Files prepared ahead of their POST at most, counting those being sent. */
  aheadFiles: number;
  /** Bytes of prepared files waiting for their POST at most (one file always fits). */
  aheadBytes: number;
  /** How long to wait before trying again when the service address is not known yet. */
  notReadyRetryMs: number;
}

export interface SenderDeps {
  store: EntryStore;
  accounts: AccountRules;
  api: TransferApi;
  blobs: BlobStore;
  fileReader: Pick<FileReader, 'takeMany'>;
  intakeBytes: IntakeBytes;
  clock: Clock;
  logger: Logger;
  /** An accepted or uncertain upload is followed from now on. */
  follow(localId: string): void;
  /** Whether the service has started and is not disposed. */
  running(): boolean;
  tuning: SenderTuning;
  hooks?: UploadsHooks;
}

export interface Sender {
  /** Starts what there is room for: POSTs of prepared files, then the next batch to prepare. */
  pump(): void;
  /** The session changed: a 401 no longer holds sending back. */
  sessionChanged(): void;
  /** Whether the entry is being prepared or posted right now. */
  busyWith(localId: string): boolean;
  /** Aborts the POSTs in flight, waits for them, and puts prepared files back in the queue. */
  close(): Promise<void>;
}

interface PreparedSend {
  entry: JournalEntry;
  content: UploadContent;
  account: SessionUser;
}

export function createSender(deps: SenderDeps): Sender {
  const { store, accounts, api, logger, clock } = deps;
  const { concurrency, aheadFiles, aheadBytes } = deps.tuning;
  /** A prepare batch, one durable journal write, is waited for until this many fit (unless nothing else is in hand). */
  const prepareBatch = Math.max(concurrency, Math.floor((aheadFiles * 2) / 3));
  const preparing = new Map<string, Promise<void>>();
  const ready: PreparedSend[] = [];
  const posting = new Map<string, Promise<void>>();
  /** Aborts the POSTs in flight when the service is disposed (one signal for all: each costs a little on every POST). */
  const closing = new AbortController();
  // Each POST in flight listens to it (and undici's retry plumbing may add one more each): above Node's warning threshold of 10 at 6 at a time.
  setMaxListeners(Math.max(10, 2 * concurrency + 4), closing.signal);
  let closed = false;
  /** A 401 stopped sending: wait for the session to change before trying again. */
  let waitingForSession = false;
  let retryTimer: { cancel(): void } | undefined;
  let sessionWaitTimer: { cancel(): void } | undefined;

  const scheduleRetry = (): void => {
    if (retryTimer || closed) return;
    retryTimer = clock.setTimeout(() => {
      retryTimer = undefined;
      pump();
    }, deps.tuning.notReadyRetryMs);
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

  /** Bytes of the files prepared (or being prepared) and not yet posted. */
  const bytesInHand = (): number => {
    let total = 0;
    for (const item of ready) total += item.entry.size;
    for (const localId of preparing.keys()) total += store.journal().get(localId)?.size ?? 0;
    return total;
  };

  /** A prepared file that will not be posted now goes back to the queue (nothing left the app). */
  async function unsend(localId: string, warning: string, warningCode?: UploadWarningCode): Promise<void> {
    await store.apply(localId, ['sending'], 'queued', { warning, ...(warningCode ? { warningCode } : {}), note: 'Not sent yet: waiting', noteReason: reason('uploads.noteWaiting') }).catch(() => undefined);
  }

  /**
   * The disk never sits between two POSTs: each durable write costs about a millisecond on a busy
   * disk, so batches are large (two thirds of the look-ahead): one write per file or three made
   * the journal, not the network, the pace of a big drop (docs/performance.md).
   */
  function pump(): void {
    if (!deps.running() || closed) return;
    while (posting.size < concurrency && ready.length > 0) {
      const item = ready.shift();
      if (!item) break;
      const account = accounts.currentAccount();
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
    const account = accounts.currentAccount();
    if (!account) return;
    const room = aheadFiles - posting.size - ready.length - preparing.size;
    if (room <= 0) return;
    const inHand = ready.length + preparing.size;
    let bytes = inHand > 0 ? bytesInHand() : 0;
    let batchBytes = 0;
    const batch: string[] = [];
    let full = false;
    for (const entry of store.journal().queued()) {
      if (batch.length >= room) {
        full = true;
        break;
      }
      if (preparing.has(entry.localId) || posting.has(entry.localId) || !accounts.isWorkable(entry, account)) continue;
      if (bytes + entry.size > aheadBytes && (batch.length > 0 || inHand > 0)) {
        full = true;
        break;
      }
      batch.push(entry.localId);
      bytes += entry.size;
      batchBytes += entry.size;
    }
    if (batch.length === 0) return;
    // While enough are in hand to keep the POSTs going, wait for room for a whole batch: one journal write for all of them.
    if (full && batch.length < prepareBatch && batchBytes < aheadBytes / 2 && inHand > 0) return;
    const work = prepare(batch, account)
      .catch((error: unknown) => logger.error('Preparing uploads failed unexpectedly', { localIds: batch, message: messageOf(error) }))
      .finally(() => {
        for (const localId of batch) preparing.delete(localId);
        pump();
      });
    for (const localId of batch) preparing.set(localId, work);
  }

  /** Takes or reads (and checks) the content of a few queued files, then records them `sending` durably, in one write: only then may their POSTs leave. */
  async function prepare(localIds: readonly string[], account: SessionUser): Promise<void> {
    const entries = localIds.map((localId) => store.journal().get(localId)).filter((entry): entry is JournalEntry => entry?.state === 'queued');
    // Dropped bytes kept since they were added: the very bytes that were hashed. The others are read and checked again.
    const contents = new Map<string, UploadContent>();
    for (const entry of entries) {
      const kept = deps.intakeBytes.take(entry.localId);
      if (kept) contents.set(entry.localId, { kind: 'bytes', bytes: kept });
    }
    const toRead = entries.filter((entry) => !contents.has(entry.localId));
    const reads = await takeEntriesContent(toRead, deps.blobs, deps.fileReader);
    const unreadable: EntryChange[] = [];
    toRead.forEach((entry, index) => {
      const read = reads[index];
      if (read?.ok) contents.set(entry.localId, read.content);
      else if (read) unreadable.push({ localId: entry.localId, from: ['queued'], next: 'failed', changes: { error: read.error, warning: undefined } });
    });
    if (unreadable.length > 0) await store.applyAll(unreadable, { durable: true });
    const sendable = entries.filter((entry) => contents.has(entry.localId));
    if (sendable.length === 0) return;
    let sending: Array<JournalEntry | undefined>;
    try {
      sending = await store.applyAll(
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
            ...(entry.sendAttempts > 0 ? { noteReason: reason('uploads.noteSendingAgain', { attempt: entry.sendAttempts + 1 }) } : {}),
          },
        })),
        { durable: true },
      );
    } catch (error) {
      // Without `sending` safely on disk the POSTs must not leave: a crash could then duplicate them.
      logger.error('Upload journal: cannot record the send; not sending', { localIds: sendable.map((entry) => entry.localId), message: messageOf(error) });
      const warning = 'The app cannot write its upload journal (is the disk full?). The file waits; it is sent once the journal can be written.';
      await store.applyAll(sendable.map((entry) => ({ localId: entry.localId, from: ['sending'], next: 'queued', changes: { warning } }))).catch(() => undefined);
      scheduleRetry();
      return;
    }
    for (const entry of sending) {
      if (!entry) continue; // cancelled while its bytes were read
      if (closed || !deps.running()) {
        await unsend(entry.localId, messages.closedBeforeSend);
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
        const accepted = store.apply(
          localId,
          ['sending'],
          finished ? 'done' : 'accepted',
          { uploadId: outcome.receipt.id, serverStatus: status, adoptedAfterUncertain: false, note: `Accepted by the service (upload ${outcome.receipt.id})`, noteReason: reason('uploads.noteAccepted', { upload: outcome.receipt.id }) },
          { durable: finished },
        );
        if (store.journal().get(localId)?.state === 'accepted') deps.follow(localId);
        void accepted.then(
          (done) => (done?.state === 'done' ? store.releaseBlob(done) : undefined),
          (error: unknown) => logger.error('Upload journal: cannot record an accepted upload', { localId, message: messageOf(error) }),
        );
        return;
      }
      case 'uncertain':
        await store
          .apply(localId, ['sending'], 'uncertain', { uploadId: outcome.receiptId, warning: outcome.message, note: outcome.message }, { durable: true })
          .catch((error: unknown) => logger.error('Upload journal: cannot record an uncertain send', { localId, message: messageOf(error) }));
        deps.follow(localId);
        return;
      case 'unauthorized':
        await store.apply(localId, ['sending'], 'queued', { warning: outcome.message, warningCode: 'sign_in', note: 'The service asked to sign in again; nothing was stored', noteReason: reason('uploads.noteSignInAsked') });
        waitForSession();
        return;
      case 'not_sent': {
        const unauthorized = outcome.error.code === 'unauthorized';
        await store.apply(localId, ['sending'], 'queued', unauthorized ? { warning: messages.waitingForSignIn, warningCode: 'sign_in' } : { warning: `Waiting: ${outcome.error.message}`, warningReason: reasonOf(outcome.error.details) });
        if (unauthorized) waitForSession();
        else scheduleRetry();
        return;
      }
      case 'rejected':
        await store.apply(localId, ['sending'], 'rejected', { error: outcome.error }, { durable: true });
        return;
    }
  }

  return {
    pump,
    sessionChanged() {
      waitingForSession = false;
      sessionWaitTimer?.cancel();
      sessionWaitTimer = undefined;
    },
    busyWith: (localId) => preparing.has(localId) || posting.has(localId),
    async close() {
      closed = true;
      retryTimer?.cancel();
      sessionWaitTimer?.cancel();
      closing.abort();
      await Promise.allSettled([...preparing.values(), ...posting.values()]);
      for (const item of ready.splice(0)) await unsend(item.entry.localId, messages.closedBeforeSend);
    },
  };
}
