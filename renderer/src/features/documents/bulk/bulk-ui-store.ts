/** Which download jobs the panel shows: the ones seen in this session, minus those the user dismissed (remembered). */
import { create } from 'zustand';

const DISMISSED_KEY = 'ledgerdesk.documents.dismissedDownloads';
const KEEP_DISMISSED = 200;

function readDismissed(): Set<string> {
  try {
    const raw: unknown = JSON.parse(localStorage.getItem(DISMISSED_KEY) ?? '[]');
    return new Set(Array.isArray(raw) ? raw.filter((value): value is string => typeof value === 'string') : []);
  } catch {
    return new Set();
  }
}

interface BulkUiState {
  seen: ReadonlySet<string>;
  dismissed: ReadonlySet<string>;
  collapsed: boolean;
}

export const useBulkUi = create<BulkUiState>(() => ({ seen: new Set(), dismissed: readDismissed(), collapsed: false }));

export function markSeen(jobId: string): void {
  if (useBulkUi.getState().seen.has(jobId)) return;
  useBulkUi.setState((state) => ({ seen: new Set([...state.seen, jobId]), collapsed: false }));
}

export function dismissJob(jobId: string): void {
  const dismissed = new Set([...useBulkUi.getState().dismissed, jobId]);
  useBulkUi.setState({ dismissed });
  try {
    localStorage.setItem(DISMISSED_KEY, JSON.stringify([...dismissed].slice(-KEEP_DISMISSED)));
  } catch {
    // Storage full or disabled: the job shows again next time, nothing worse.
  }
}

export const setCollapsed = (collapsed: boolean): void => useBulkUi.setState({ collapsed });
