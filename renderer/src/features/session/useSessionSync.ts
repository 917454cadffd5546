import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { bridge } from '../../bridge';
import { clearNotifications, showToast, withdrawToast } from '../../components/toast-store';
import { abandonRelogin, finishRelogin, requestRelogin, useReloginStore } from './relogin';
import { applySessionStatus, getLastSignedIn, isUiSignedIn } from './session-cache';

export const expiringToastId = 'session-expiring';

/**
 * Keeps the cached session in step with the core and turns expiries into the "Sign in again"
 * dialog while the app stays mounted underneath; registers the bridge's re-login coordinator.
 */
export function useSessionSync(): void {
  const queryClient = useQueryClient();

  useEffect(() => {
    bridge.setReloginCoordinator({
      isSignedIn: () => isUiSignedIn(queryClient),
      relogin: () => requestRelogin('unauthorized', getLastSignedIn(queryClient)),
    });

    const offChanged = bridge.on('session.changed', ({ status, reason }) => {
      const reloginOpen = useReloginStore.getState().open;
      const lostSession = status.state === 'signedOut' && (reason === 'expired' || reason === 'unauthorized');
      // Open the dialog before the cache says "signed out", so the page is never unmounted.
      if (lostSession && isUiSignedIn(queryClient)) {
        requestRelogin(reason, getLastSignedIn(queryClient)).catch(() => undefined);
      }
      applySessionStatus(queryClient, status, reason);
      if (reloginOpen && status.state === 'signedIn') finishRelogin();
      if (reloginOpen && (reason === 'logout' || reason === 'profile' || reason === 'addressChanged')) abandonRelogin();
      if (status.state === 'signedOut' || reason === 'renewed' || reason === 'login') withdrawToast(expiringToastId);
      // The next person at this computer must not read the last one's notifications.
      if (reason === 'logout' || reason === 'profile' || reason === 'addressChanged') clearNotifications();
      if (reason === 'addressChanged') {
        showToast({ tone: 'warning', title: (t) => t('sessionSecurity.addressChanged.title'), body: (t) => t('sessionSecurity.addressChanged.body') });
      }
    });

    const offExpiring = bridge.on('session.expiring', ({ secondsLeft }) => {
      const renews = getLastSignedIn(queryClient)?.rememberMe ?? false;
      const minutes = Math.max(1, Math.ceil(secondsLeft / 60));
      showToast({
        id: expiringToastId,
        tone: 'warning',
        title: (t) => t('session.expiring.title'),
        body: (t) => `${t('session.expiring.body', { count: minutes })} ${t(renews ? 'session.expiring.renews' : 'session.expiring.signInAgain')}`,
      });
    });

    return () => {
      offChanged();
      offExpiring();
      bridge.setReloginCoordinator(null);
    };
  }, [queryClient]);
}
