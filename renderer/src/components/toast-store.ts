import type { TFunction } from 'i18next';
import { create } from 'zustand';

/**
 * Text of a notification. A function is worded at render time, so a toast (and its line in the
 * history) follows a change of language; a plain string is shown as given (e.g. a file name).
 */
export type ToastText = string | ((t: TFunction) => string);

export interface Toast {
  id: string;
  tone: 'info' | 'success' | 'warning' | 'error';
  title: ToastText;
  body?: ToastText;
  action?: { label: ToastText; run: () => void };
  /** Milliseconds on screen before it leaves by itself (paused while hovered or focused); null keeps it until dismissed. */
  timeoutMs?: number | null;
  /** When it was raised (ms since the epoch), for the history. */
  at: number;
}

export type ToastInput = Omit<Toast, 'id' | 'at'> & { id?: string };

/** At most this many toasts are on screen; older ones leave the screen but stay in the history. */
export const MAX_VISIBLE_TOASTS = 3;
const HISTORY_LIMIT = 50;

/** How long a toast stays: longer when it offers an action, so there is time to take it. */
export function toastLifetimeMs(toast: Pick<Toast, 'tone' | 'action' | 'timeoutMs'>): number | null {
  if (toast.timeoutMs !== undefined) return toast.timeoutMs;
  if (toast.action) return 15_000;
  return toast.tone === 'error' || toast.tone === 'warning' ? 10_000 : 6_000;
}

interface ToastState {
  /** On screen, oldest first. */
  toasts: Toast[];
  /** Every notification of this session, newest first. */
  history: Toast[];
  unread: number;
}

export const useToastStore = create<ToastState>(() => ({ toasts: [], history: [], unread: 0 }));

let counter = 0;

/** Shows a toast; a toast with the id of a shown one replaces it. Returns the id. */
export function showToast(input: ToastInput): string {
  const id = input.id ?? `toast-${++counter}`;
  const toast: Toast = { ...input, id, at: Date.now() };
  useToastStore.setState((state) => ({
    toasts: [...state.toasts.filter((t) => t.id !== id), toast].slice(-MAX_VISIBLE_TOASTS),
    history: [toast, ...state.history.filter((t) => t.id !== id)].slice(0, HISTORY_LIMIT),
    unread: state.unread + 1,
  }));
  return id;
}

/** Takes a toast off the screen; it stays in the history. */
export function dismissToast(id: string): void {
  useToastStore.setState((state) => ({ toasts: state.toasts.filter((t) => t.id !== id) }));
}

/** Withdraws a notification that no longer holds (e.g. "session ends soon" after a renewal): off screen and out of the history. */
export function withdrawToast(id: string): void {
  useToastStore.setState((state) => ({ toasts: state.toasts.filter((t) => t.id !== id), history: state.history.filter((t) => t.id !== id) }));
}

export function markNotificationsRead(): void {
  useToastStore.setState({ unread: 0 });
}

/** Forgets every notification: on sign-out and profile switch, so the next user sees none of the last one's. */
export function clearNotifications(): void {
  useToastStore.setState({ toasts: [], history: [], unread: 0 });
}

export function toastText(text: ToastText, t: TFunction): string {
  return typeof text === 'function' ? text(t) : text;
}
