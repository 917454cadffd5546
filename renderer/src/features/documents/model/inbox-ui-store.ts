/** UI state of the inbox that is not in the URL: the selection, the filter panel, dialogs. */
import { useEffect } from 'react';
import { create } from 'zustand';

interface InboxUiState {
  /** Selected uuids (of the current type and filters; cleared when they change). */
  selected: ReadonlySet<string>;
  /** Row index a Shift+click range starts from. */
  anchor: number | null;
  filtersOpen: boolean;
  dialog: 'send' | 'bulk' | 'export' | null;
}

export const useInboxUi = create<InboxUiState>(() => ({ selected: new Set(), anchor: null, filtersOpen: false, dialog: null }));

export function toggleSelected(uuid: string, index: number): void {
  useInboxUi.setState((state) => {
    const selected = new Set(state.selected);
    if (selected.has(uuid)) selected.delete(uuid);
    else selected.add(uuid);
    return { selected, anchor: index };
  });
}

export function selectMany(uuids: readonly string[], value = true): void {
  useInboxUi.setState((state) => {
    const selected = new Set(state.selected);
    for (const uuid of uuids) {
      if (value) selected.add(uuid);
      else selected.delete(uuid);
    }
    return { selected };
  });
}

export const clearSelection = (): void => useInboxUi.setState({ selected: new Set(), anchor: null });
export const setFiltersOpen = (filtersOpen: boolean): void => useInboxUi.setState({ filtersOpen });
export const openDialog = (dialog: InboxUiState['dialog']): void => useInboxUi.setState({ dialog });

let selectionScope: string | null = null;

/** The selection belongs to one list (type + filters): showing another list starts a new selection. */
export function useSelectionScope(scope: string): void {
  useEffect(() => {
    if (selectionScope !== null && selectionScope !== scope) clearSelection();
    selectionScope = scope;
  }, [scope]);
}
