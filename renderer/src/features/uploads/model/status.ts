/**
 * What the user sees of an upload's state: one status pill, a tone, how far along it is and
 * which filter tab it belongs to. Journal states (DESIGN §6) and server statuses map onto it.
 */
import type { ServerUploadStatus, UploadEntry, UploadState } from '../../../../../shared/contract';

export type StatusKey =
  | 'queued'
  | 'sending'
  | 'accepted'
  | 'processing'
  | 'delivered'
  | 'failed'
  | 'rejected'
  | 'uncertain'
  | 'cancelled';

export type StatusTone = 'neutral' | 'progress' | 'success' | 'danger' | 'warning';

export type UploadFilter = 'all' | 'active' | 'failed' | 'done';

export const uploadFilters: readonly UploadFilter[] = ['all', 'active', 'failed', 'done'];

/** Steps of the progress bar: left the app, accepted, processed, sent to the destination, delivered. */
export const PROGRESS_STEPS = 5;

const stateToStatus: Record<UploadState, StatusKey> = {
  queued: 'queued',
  sending: 'sending',
  accepted: 'accepted',
  tracking: 'processing',
  done: 'delivered',
  failed: 'failed',
  rejected: 'rejected',
  uncertain: 'uncertain',
  cancelled: 'cancelled',
};

const statusTone: Record<StatusKey, StatusTone> = {
  queued: 'neutral',
  sending: 'progress',
  accepted: 'progress',
  processing: 'progress',
  delivered: 'success',
  failed: 'danger',
  rejected: 'danger',
  uncertain: 'warning',
  cancelled: 'neutral',
};

const serverStep: Record<ServerUploadStatus, number> = {
  pending: 2,
  ingested: 3,
  processing: 3,
  sent: 4,
  delivered: 5,
  failed: 2,
};

export function statusOf(entry: Pick<UploadEntry, 'state'>): StatusKey {
  return stateToStatus[entry.state];
}

export function toneOf(status: StatusKey): StatusTone {
  return statusTone[status];
}

/** Steps completed, 0..PROGRESS_STEPS; a failed upload keeps the step it reached. */
export function progressStep(entry: Pick<UploadEntry, 'state' | 'serverStatus'>): number {
  switch (entry.state) {
    case 'queued':
    case 'cancelled':
    case 'rejected':
      return 0;
    case 'sending':
    case 'uncertain':
      return entry.serverStatus ? serverStep[entry.serverStatus] : 1;
    case 'done':
      return PROGRESS_STEPS;
    default:
      return entry.serverStatus ? serverStep[entry.serverStatus] : 2;
  }
}

const activeStates: ReadonlySet<UploadState> = new Set(['queued', 'sending', 'accepted', 'tracking', 'uncertain']);

/** The same grouping as the core's `uploads.list` filters. */
export function matchesFilter(entry: Pick<UploadEntry, 'state'>, filter: UploadFilter): boolean {
  switch (filter) {
    case 'all':
      return true;
    case 'active':
      return activeStates.has(entry.state);
    case 'failed':
      return entry.state === 'failed' || entry.state === 'rejected';
    case 'done':
      return entry.state === 'done';
  }
}

export function isActive(entry: Pick<UploadEntry, 'state'>): boolean {
  return activeStates.has(entry.state);
}

/** States worth telling a screen-reader user about as they happen. */
export const announcedStatuses: ReadonlySet<StatusKey> = new Set(['delivered', 'failed', 'rejected', 'uncertain']);
