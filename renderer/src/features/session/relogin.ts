import { create } from 'zustand';
import type { SessionStatus } from '../../../../shared/contract';
import { AppError } from '../../../../shared/contract/errors';

export type ReloginReason = 'expired' | 'unauthorized';

interface ReloginState {
  open: boolean;
  reason: ReloginReason;
  /** The session that was lost: its user is asked to sign in again, the header keeps showing it. */
  previous: SessionStatus | null;
}

export const useReloginStore = create<ReloginState>(() => ({ open: false, reason: 'expired', previous: null }));

interface Waiter {
  resolve: () => void;
  reject: (error: AppError) => void;
}

let waiters: Waiter[] = [];

/**
 * Opens the "Sign in again" dialog (once, however many callers ask) and resolves when the user
 * signed in again; rejects when they sign out instead.
 */
export function requestRelogin(reason: ReloginReason, previous: SessionStatus | null): Promise<void> {
  if (!useReloginStore.getState().open) useReloginStore.setState({ open: true, reason, previous });
  return new Promise<void>((resolve, reject) => {
    waiters.push({ resolve, reject });
  });
}

export function finishRelogin(): void {
  const pending = waiters;
  waiters = [];
  useReloginStore.setState({ open: false });
  pending.forEach((waiter) => waiter.resolve());
}

export function abandonRelogin(): void {
  const pending = waiters;
  waiters = [];
  useReloginStore.setState({ open: false });
  const error = new AppError('unauthorized', 'Signed out instead of signing in again.');
  pending.forEach((waiter) => waiter.reject(error));
}
