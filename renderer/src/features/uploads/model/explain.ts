/**
 * Turns an upload's error or warning into a case of the transfer interface's error table
 * (spec "Transfer interface" errors), so the UI can say in plain words what happened and what to
 * do. The core's own sentence stays available as the detail.
 */
import type { ErrorReason, UploadEntry } from '../../../../../shared/contract';

export type ExplanationKey =
  | 'signInAgain'
  | 'otherAccount'
  | 'waiting'
  | 'fieldErrors'
  | 'refused'
  | 'forbidden'
  | 'notConfigured'
  | 'tooLarge'
  | 'processingFailed'
  | 'notKept'
  | 'vanished'
  | 'unreadable'
  | 'failed'
  | 'checking'
  | 'notConfirmed'
  | 'note';

export interface Explanation {
  key: ExplanationKey;
  tone: 'error' | 'warning' | 'info';
  /** What the core said, shown as the detail (it names the file, the server's reasons...). */
  detail?: string;
  /** The detail in the UI's words, when the core gave a reason for it. */
  detailReason?: ErrorReason;
  /** The server's field messages of a 400, by the spec's keys (`country`, `fileName`, `content`, `e2eId`). */
  fields?: Array<{ field: string; message: string }>;
}

/** The core words a 401 wait and a foreign entry in English; these are the only hints it gives. */
export function explainEntry(entry: Pick<UploadEntry, 'state' | 'error' | 'warning' | 'warningCode' | 'warningReason'>): Explanation | null {
  const { error, warning, warningCode, warningReason } = entry;
  switch (entry.state) {
    case 'rejected':
      return explainRejection(error);
    case 'failed':
      return explainFailure(error);
    case 'uncertain':
      return withDetail({ key: 'checking', tone: 'warning' }, warning ?? error?.message, warning ? warningReason : error?.reason);
    case 'queued':
      if (!warning) return null;
      if (warningCode === 'other_account') return withDetail({ key: 'otherAccount', tone: 'warning' }, warning, warningReason);
      if (warningCode === 'sign_in') return withDetail({ key: 'signInAgain', tone: 'warning' }, warning, warningReason);
      return withDetail({ key: 'waiting', tone: 'info' }, warning, warningReason);
    default:
      if (!warning) return null;
      if (warningCode === 'other_account') return withDetail({ key: 'otherAccount', tone: 'warning' }, warning, warningReason);
      if (entry.state === 'accepted' || entry.state === 'tracking') return withDetail({ key: 'notConfirmed', tone: 'warning' }, warning, warningReason);
      return withDetail({ key: 'note', tone: 'info' }, warning, warningReason);
  }
}

function explainRejection(error: UploadEntry['error']): Explanation {
  switch (error?.code) {
    case 'validation': {
      const fields = Object.entries(error.fieldErrors ?? {}).map(([field, message]) => ({ field, message }));
      return fields.length > 0
        ? { key: 'fieldErrors', tone: 'error', fields }
        : withDetail({ key: 'refused', tone: 'error' }, error.message, error.reason);
    }
    case 'forbidden':
      return withDetail({ key: 'forbidden', tone: 'error' }, error.message, error.reason);
    case 'conflict':
      return withDetail({ key: 'notConfigured', tone: 'error' }, error.message, error.reason);
    case 'too_large':
      return withDetail({ key: 'tooLarge', tone: 'error' }, error.message, error.reason);
    default:
      return withDetail({ key: 'refused', tone: 'error' }, error?.message, error?.reason);
  }
}

function explainFailure(error: UploadEntry['error']): Explanation {
  switch (error?.code) {
    case 'validation':
      return withDetail({ key: 'processingFailed', tone: 'error' }, error.message, error.reason);
    case 'unavailable':
      return withDetail({ key: 'notKept', tone: 'error' }, error.message, error.reason);
    case 'not_found':
      return withDetail({ key: 'vanished', tone: 'error' }, error.message, error.reason);
    case 'file':
      return withDetail({ key: 'unreadable', tone: 'error' }, error.message, error.reason);
    default:
      return withDetail({ key: 'failed', tone: 'error' }, error?.message, error?.reason);
  }
}

function withDetail(explanation: Explanation, detail: string | undefined, why?: ErrorReason): Explanation {
  const text = detail?.trim();
  return text ? { ...explanation, detail: text, ...(why ? { detailReason: why } : {}) } : explanation;
}
