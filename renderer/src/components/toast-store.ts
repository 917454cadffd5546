import { create } from 'zustand';

export interface Toast {
  id: string;
  tone: 'info' | 'success' | 'warning' | 'error';
  title: string;
  body?: string;
  action?: { label: string; run: () => void };
  /** Milliseconds before it disappears on its own; undefined keeps it until dismissed. */
  timeoutMs?: number;
}

interface ToastState {
  toasts: Toast[];
}

export const useToastStore = create<ToastState>(() => ({ toasts: [] }));

let counter = 0;

/** Shows a toast; a toast with the id of a shown one replaces it. Returns the id. */
export function showToast(toast: Omit<Toast, 'id'> & { id?: string }): string {
  const id = toast.id ?? `toast-${++counter}`;
  useToastStore.setState((state) => ({
    toasts: [...state.toasts.filter((t) => t.id !== id), { ...toast, id }],
  }));
  return id;
}

export function dismissToast(id: string): void {
  useToastStore.setState((state) => ({ toasts: state.toasts.filter((t) => t.id !== id) }));
}
