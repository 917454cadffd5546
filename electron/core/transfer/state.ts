/**
 * The journal's state machine (DESIGN §6): which transitions exist, what each entry allows the
 * user to do, and the entry as the renderer sees it.
 */
import type { ErrorReason, ServerUploadStatus, UploadEntry, UploadState } from '../../../shared/contract';
import { warningReasonOf } from './api/messages';
import type { JournalEntry } from './journal/entry';

const transitions: Record<UploadState, readonly UploadState[]> = {
  queued: ['queued', 'sending', 'cancelled', 'failed', 'rejected'],
  // `queued` again: a 401 or no address yet, nothing left the app.
  sending: ['accepted', 'uncertain', 'rejected', 'queued', 'failed'],
  accepted: ['tracking', 'done', 'failed'],
  // `queued`: the one automatic resend when an upload found after a 503 or crash ends `failed`.
  tracking: ['tracking', 'done', 'failed', 'queued'],
  uncertain: ['uncertain', 'tracking', 'done', 'queued', 'failed'],
  failed: ['queued'],
  rejected: ['queued'],
  done: [],
  cancelled: [],
};

/** States in which the app has nothing more to do on its own. */
export const settledStates: ReadonlySet<UploadState> = new Set(['done', 'failed', 'rejected', 'cancelled']);
/** States whose upload the shared poller follows on the service. */
export const trackedStates: ReadonlySet<UploadState> = new Set(['accepted', 'tracking']);
/** States that still need the file's bytes (a retry or a send may still read them). */
export const bytesNeededStates: ReadonlySet<UploadState> = new Set(['queued', 'sending', 'uncertain', 'accepted', 'tracking', 'failed', 'rejected']);

export const terminalServerStatuses: ReadonlySet<ServerUploadStatus> = new Set(['delivered', 'failed']);

export class IllegalTransitionError extends Error {
  override name = 'IllegalTransitionError';
}

export function canTransition(from: UploadState, to: UploadState): boolean {
  return transitions[from].includes(to);
}

export interface TransitionChanges extends Partial<Omit<JournalEntry, 'localId' | 'history' | 'state' | 'createdAt' | 'updatedAt'>> {
  note?: string;
  /** The note in the UI's words. */
  noteReason?: ErrorReason;
}

/**
 * The entry after a change. A history item is added when the state or the server status changes
 * or a note is given. `undefined` values in `changes` clear those fields.
 */
export function transition(entry: JournalEntry, next: UploadState, changes: TransitionChanges, now: Date): JournalEntry {
  if (!canTransition(entry.state, next)) {
    throw new IllegalTransitionError(`An upload cannot go from ${entry.state} to ${next} (${entry.localId}).`);
  }
  const { note, noteReason, ...fields } = changes;
  // A field set to undefined stays as an undefined key (JSON leaves it out): deleting keys would
  // make the object slow to read and serialize. A new warning without a code of its own replaces
  // the old warning's code and reason too.
  const clearsCode = 'warning' in fields && !('warningCode' in fields);
  const clearsReason = 'warning' in fields && !('warningReason' in fields);
  const updated = { ...entry, ...fields, ...(clearsCode ? { warningCode: undefined } : {}), ...(clearsReason ? { warningReason: undefined } : {}), state: next, updatedAt: now.toISOString() } as JournalEntry;
  const statusChanged = updated.serverStatus !== undefined && updated.serverStatus !== entry.serverStatus;
  if (next !== entry.state || statusChanged || note) {
    updated.history = [
      ...entry.history,
      {
        at: updated.updatedAt,
        state: next,
        ...(updated.serverStatus !== undefined && (statusChanged || next !== entry.state) ? { serverStatus: updated.serverStatus } : {}),
        ...(note ? { note, ...(noteReason ? { reason: noteReason } : {}) } : {}),
      },
    ];
  }
  return updated;
}

/** Retry is offered where the spec allows a resend: the service said `failed`, or it refused the file (4xx). */
export function canRetry(entry: JournalEntry): boolean {
  return entry.state === 'failed' || entry.state === 'rejected';
}

/** Only a file that has not started leaving the app can be cancelled. */
export function canCancel(entry: JournalEntry): boolean {
  return entry.state === 'queued';
}

export function toView(entry: JournalEntry): UploadEntry {
  const view: UploadEntry = {
    localId: entry.localId,
    batchId: entry.batchId,
    fileName: entry.fileName,
    origin: entry.origin,
    size: entry.size,
    sha256: entry.sha256,
    country: entry.country,
    e2eId: entry.e2eId,
    state: entry.state,
    history: entry.history.map((item) => {
      // An uncertain send's note is its warning's fixed text: worded the same way.
      const noteReason = item.reason ?? warningReasonOf(item.note);
      return { ...item, ...(noteReason ? { reason: noteReason } : {}) };
    }),
    canRetry: canRetry(entry),
    canCancel: canCancel(entry),
    createdAt: entry.createdAt,
    updatedAt: entry.updatedAt,
  };
  if (entry.uploadId !== undefined) view.uploadId = entry.uploadId;
  if (entry.serverStatus !== undefined) view.serverStatus = entry.serverStatus;
  if (entry.error) view.error = { ...entry.error, ...(entry.error.fieldErrors ? { fieldErrors: { ...entry.error.fieldErrors } } : {}) };
  if (entry.warning) view.warning = entry.warning;
  const warningReason = entry.warning ? (entry.warningReason ?? warningReasonOf(entry.warning)) : undefined;
  if (warningReason) view.warningReason = warningReason;
  if (entry.warning && entry.warningCode) view.warningCode = entry.warningCode;
  return view;
}
