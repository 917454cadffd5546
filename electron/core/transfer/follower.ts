/**
 * The follower: every accepted upload is polled (one shared timer, `poller.ts`) until the service
 * delivers or fails it, and every uncertain send is reconciled by End-to-end ID (the spec's 503
 * rule, applied to crashes too: `reconcile.ts` decides, this applies the decision).
 */
import { reason, type ErrorReason, type ServerUpload } from '../../../shared/contract';
import type { Clock } from '../ports';
import type { AccountRules } from './accounts';
import type { TransferApi } from './api/client';
import { messages } from './api/messages';
import { serverErrorMessages } from './api/schemas';
import type { EntryStore } from './entries';
import type { JournalEntry } from './journal/entry';
import type { PollResult } from './poller';
import { candidatesFor, decideReconciliation, MAX_AUTO_RESENDS_AFTER_FAILED } from './reconcile';
import { trackedStates } from './state';

export interface FollowerDeps {
  store: EntryStore;
  accounts: AccountRules;
  api: TransferApi;
  clock: Pick<Clock, 'now'>;
  activeProfileId: () => string;
  /** A file queued again (an automatic resend) is sent. */
  resend(): void;
  running(): boolean;
  /** A normally accepted upload still `pending` after this long gets a warning. */
  pendingWarnAfterMs: number;
}

export interface Follower {
  /** One poll of one entry: follow it, reconcile it, or stop. */
  check(localId: string): Promise<PollResult>;
}

const tracked = ['accepted', 'tracking'] as const;

const acceptedAt = (entry: JournalEntry): number => {
  const item = [...entry.history].reverse().find((h) => h.state === 'accepted' || h.state === 'tracking');
  return item ? Date.parse(item.at) : Date.parse(entry.updatedAt);
};

export function createFollower(deps: FollowerDeps): Follower {
  const { store, api } = deps;

  async function follow(entry: JournalEntry): Promise<PollResult> {
    const uploadId = entry.uploadId;
    if (!uploadId) return 'stop';
    const upload = await api.getUpload(uploadId);
    const current = store.journal().get(entry.localId);
    if (!current || !trackedStates.has(current.state) || current.uploadId !== uploadId) return 'stop';
    if (!upload) {
      const message = `The service no longer knows upload ${uploadId} of ${current.fileName}. Check with support before sending it again.`;
      await store.apply(current.localId, tracked, 'failed', { warning: undefined, error: { code: 'not_found', message, reason: reason('uploads.unknownToService', { upload: uploadId, name: current.fileName }) } });
      return 'stop';
    }
    const status = upload.status;
    if (status === 'delivered') {
      const done = await store.apply(current.localId, tracked, 'done', { serverStatus: status, warning: undefined, error: undefined });
      if (done) await store.releaseBlob(done);
      return 'stop';
    }
    if (status === 'failed') return followFailed(current, upload);
    const warning =
      status !== 'pending'
        ? undefined
        : current.adoptedAfterUncertain
          ? messages.pendingDoNotResend
          : deps.clock.now() - acceptedAt(current) > deps.pendingWarnAfterMs
            ? messages.pendingForLong
            : undefined;
    const statusChanged = status !== current.serverStatus || current.state === 'accepted';
    if (statusChanged || warning !== current.warning) await store.apply(current.localId, tracked, 'tracking', { serverStatus: status, warning });
    return statusChanged ? 'changed' : 'unchanged';
  }

  /** An upload adopted after an uncertain send is sent again once, automatically; otherwise the user decides (Retry). */
  async function followFailed(current: JournalEntry, upload: ServerUpload): Promise<PollResult> {
    const reasons = serverErrorMessages(upload.errors);
    if (current.adoptedAfterUncertain && current.autoResends < MAX_AUTO_RESENDS_AFTER_FAILED) {
      await store.apply(current.localId, tracked, 'queued', {
        serverStatus: undefined,
        uploadId: undefined,
        previousUploadIds: [...current.previousUploadIds, upload.id],
        autoResends: current.autoResends + 1,
        adoptedAfterUncertain: false,
        warning: undefined,
        note: `The service ended upload ${upload.id} as failed after the uncertain send${reasons.length ? ` (${reasons.join(' ')})` : ''}; sending it again automatically, once.`,
        noteReason: reasons.length ? reason('uploads.noteResendAfterFailedSaid', { upload: upload.id, said: reasons.join(' ') }) : reason('uploads.noteResendAfterFailed', { upload: upload.id }),
      });
      deps.resend();
      return 'stop';
    }
    const message = `The service could not process ${current.fileName}${reasons.length ? `: ${reasons.join(' ')}` : '.'} You may send it again (Retry) once the problem is fixed.`;
    await store.apply(
      current.localId,
      tracked,
      'failed',
      {
        serverStatus: 'failed',
        warning: undefined,
        error: {
          code: current.adoptedAfterUncertain ? 'unavailable' : 'validation',
          message,
          reason: reasons.length ? reason('uploads.notProcessedSaid', { name: current.fileName, said: reasons.join(' ') }) : reason('uploads.notProcessed', { name: current.fileName }),
        },
      },
      { durable: true },
    );
    return 'stop';
  }

  async function reconcile(entry: JournalEntry): Promise<PollResult> {
    const found: ServerUpload[] = [];
    if (entry.uploadId) {
      const byId = await api.getUpload(entry.uploadId);
      if (byId) found.push(byId);
    }
    found.push(...(await api.findByE2eId(entry.e2eId)));
    const current = store.journal().get(entry.localId);
    if (!current || current.state !== 'uncertain') return 'stop';

    const claimedByOthers = new Set<string>();
    for (const other of store.journal().entries()) {
      if (other.localId === current.localId || other.profileId !== current.profileId) continue;
      if (other.uploadId) claimedByOthers.add(other.uploadId);
      for (const id of other.previousUploadIds) claimedByOthers.add(id);
    }
    const decision = decideReconciliation(current, candidatesFor(current, found, claimedByOthers));
    switch (decision.kind) {
      case 'adopt': {
        const { upload } = decision;
        const copies = decision.otherCopies > 0 ? ` The service holds ${decision.otherCopies + 1} uploads of this file under its End-to-end ID; the app follows upload ${upload.id}.` : '';
        const adopted = await store.apply(
          current.localId,
          ['uncertain'],
          upload.status === 'delivered' ? 'done' : 'tracking',
          {
            uploadId: upload.id,
            serverStatus: upload.status,
            adoptedAfterUncertain: true,
            error: undefined,
            warning: decision.pending ? `${messages.pendingDoNotResend}${copies}` : copies.trim() || undefined,
            warningReason: copiesReason(decision.pending, decision.otherCopies, upload.id),
            note: `Found on the service (upload ${upload.id}, ${upload.status}); it is not sent again.`,
            noteReason: reason('uploads.noteFoundOnService', { upload: upload.id, status: upload.status }),
          },
          { durable: true },
        );
        if (adopted?.state !== 'done') return 'changed';
        await store.releaseBlob(adopted);
        return 'stop';
      }
      case 'resend': {
        const failed = decision.reason === 'failed';
        await store.apply(
          current.localId,
          ['uncertain'],
          'queued',
          {
            uploadId: undefined,
            serverStatus: undefined,
            warning: undefined,
            previousUploadIds: [...current.previousUploadIds, ...decision.failedUploadIds],
            ...(failed ? { autoResends: current.autoResends + 1 } : { notFoundResends: current.notFoundResends + 1 }),
            note: failed ? 'The service has the file only as failed; sending it again automatically, once.' : 'The service has no trace of the file; sending it again.',
            noteReason: reason(failed ? 'uploads.noteResendOnlyFailed' : 'uploads.noteResendNoTrace'),
          },
          { durable: true },
        );
        deps.resend();
        return 'stop';
      }
      case 'give_up': {
        const reasons = decision.failedUploads.flatMap((upload) => serverErrorMessages(upload.errors));
        const message =
          decision.reason === 'failed'
            ? `The service could not keep ${current.fileName}: it ended failed again after the automatic resend${reasons.length ? ` (${reasons[0]})` : ''}. Retry later, or contact support if it keeps failing.`
            : `The service did not keep ${current.fileName} after several attempts. Retry later, or contact support if it keeps happening.`;
        const why =
          decision.reason !== 'failed'
            ? reason('uploads.notKeptAfterAttempts', { name: current.fileName })
            : reasons[0]
              ? reason('uploads.notKeptAfterResendSaid', { name: current.fileName, said: reasons[0] })
              : reason('uploads.notKeptAfterResend', { name: current.fileName });
        await store.apply(current.localId, ['uncertain'], 'failed', { warning: undefined, error: { code: 'unavailable', message, reason: why } }, { durable: true });
        return 'stop';
      }
    }
  }

  return {
    async check(localId) {
      if (!deps.running()) return 'stop';
      const entry = store.journal().get(localId);
      if (!entry || entry.profileId !== deps.activeProfileId()) return 'stop';
      if (!deps.accounts.isWorkable(entry, deps.accounts.currentAccount())) return 'unchanged';
      if (trackedStates.has(entry.state)) return follow(entry);
      if (entry.state === 'uncertain') return reconcile(entry);
      return 'stop';
    },
  };
}

/** The reason of an adopted upload's warning: only a pending one or one with other copies has one. */
function copiesReason(pending: boolean, otherCopies: number, upload: string): ErrorReason | undefined {
  if (otherCopies > 0) return reason(pending ? 'uploads.warnPendingCopies' : 'uploads.warnCopies', { copies: otherCopies + 1, upload });
  return pending ? reason('uploads.warnPendingDoNotResend') : undefined;
}
