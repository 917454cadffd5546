import type { QueryClient } from '@tanstack/react-query';
import type { SessionChangeReason, SessionStatus } from '../../../../shared/contract';
import { bridgeKeys, channelOfKey } from '../../bridge/queries';
import { useReloginStore } from './relogin';

export const sessionStatusKey = bridgeKeys.call('session.status');

/** Channels whose data does not belong to the signed-in user (kept across sign-out). */
const appWideChannelPrefixes = ['session.', 'profiles.', 'preferences.', 'app.', 'emulator.'];

let lastSignedIn: SessionStatus | null = null;

/**
 * The session the UI last showed as signed in: the header keeps showing it and the re-login
 * dialog prefills its e-mail while the user signs in again.
 */
export function getLastSignedIn(queryClient: QueryClient): SessionStatus | null {
  const cached = queryClient.getQueryData<SessionStatus>(sessionStatusKey);
  return cached?.state === 'signedIn' ? cached : lastSignedIn;
}

/** Drops every cached answer that belongs to the previous user (documents, uploads, ...). */
export function clearUserData(queryClient: QueryClient): void {
  queryClient.removeQueries({
    predicate: (query) => {
      const channel = channelOfKey(query.queryKey);
      return channel !== undefined && !appWideChannelPrefixes.some((prefix) => channel.startsWith(prefix));
    },
  });
}

/**
 * The one place the cached session changes. An expiry keeps the user's data (the screen
 * survives a re-login); a sign-out, a profile switch or another user's sign-in drops it.
 */
export function applySessionStatus(queryClient: QueryClient, status: SessionStatus, reason?: SessionChangeReason): void {
  const previous = getLastSignedIn(queryClient);
  if (reason === 'logout' || reason === 'profile') {
    clearUserData(queryClient);
    lastSignedIn = null;
  } else if (status.state === 'signedIn') {
    if (previous?.user && status.user && previous.user.uid !== status.user.uid) clearUserData(queryClient);
  } else if (previous) {
    lastSignedIn = previous; // expired or rejected: remembered for the re-login
  }
  if (status.state === 'signedIn') lastSignedIn = status;
  queryClient.setQueryData(sessionStatusKey, status);
}

/** The UI shows the app (not the sign-in screen): signed in, or waiting for a re-login. */
export function isUiSignedIn(queryClient: QueryClient): boolean {
  const status = queryClient.getQueryData<SessionStatus>(sessionStatusKey);
  return status?.state === 'signedIn' || useReloginStore.getState().open;
}
