/** UI state of the uploads screen (zustand, DESIGN §7): kept when the user visits another page. */
import { create } from 'zustand';
import type { RejectedFile } from '../../../../../shared/contract';
import type { UploadFilter } from './status';

export interface NotSentNotice {
  /** Files of the last batch that were not sent, with the reason. */
  files: RejectedFile[];
  at: number;
}

interface UploadsUiState {
  filter: UploadFilter;
  search: string;
  expanded: Record<string, true>;
  notSent: NotSentNotice | null;
  /** The latest polite announcement of status changes (aria-live). */
  announcement: { text: string; serial: number };
}

export const useUploadsUi = create<UploadsUiState>(() => ({
  filter: 'all',
  search: '',
  expanded: {},
  notSent: null,
  announcement: { text: '', serial: 0 },
}));

export const setFilter = (filter: UploadFilter): void => useUploadsUi.setState({ filter });
export const setSearch = (search: string): void => useUploadsUi.setState({ search });

export function toggleExpanded(localId: string): void {
  useUploadsUi.setState((state) => {
    const expanded = { ...state.expanded };
    if (expanded[localId]) delete expanded[localId];
    else expanded[localId] = true;
    return { expanded };
  });
}

export const showNotSent = (files: RejectedFile[]): void =>
  useUploadsUi.setState({ notSent: files.length > 0 ? { files, at: Date.now() } : null });
export const dismissNotSent = (): void => useUploadsUi.setState({ notSent: null });

export function announce(text: string): void {
  if (text === '') return;
  useUploadsUi.setState((state) => ({ announcement: { text, serial: state.announcement.serial + 1 } }));
}
