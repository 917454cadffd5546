import { useQueryClient } from '@tanstack/react-query';
import { useBridgeMutation } from '../../bridge/queries';
import { applySessionStatus } from './session-cache';

/** Signs in through the core and puts the resulting session in the cache. */
export function useLogin(onSignedIn?: () => void) {
  const queryClient = useQueryClient();
  return useBridgeMutation('session.login', {
    onSuccess: (status) => {
      applySessionStatus(queryClient, status, 'login');
      if (status.state === 'signedIn') onSignedIn?.();
    },
  });
}

export function useLogout(onSignedOut?: () => void) {
  const queryClient = useQueryClient();
  return useBridgeMutation('session.logout', {
    onSuccess: (status) => {
      applySessionStatus(queryClient, status, 'logout');
      onSignedOut?.();
    },
  });
}
