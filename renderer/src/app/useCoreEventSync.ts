import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { bridge } from '../bridge';
import { bridgeKeys } from '../bridge/queries';

/** Events that replace or invalidate cached answers (the session has its own, see useSessionSync). */
export function useCoreEventSync(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const demoAccounts = bridgeKeys.channel('session.demoAccounts');
    const offs = [
      bridge.on('profiles.changed', (state) => {
        queryClient.setQueryData(bridgeKeys.call('profiles.list'), state);
        void queryClient.invalidateQueries({ queryKey: demoAccounts });
      }),
      bridge.on('preferences.changed', (preferences) => {
        queryClient.setQueryData(bridgeKeys.call('preferences.get'), preferences);
      }),
      bridge.on('emulator.changed', (status) => {
        queryClient.setQueryData(bridgeKeys.call('emulator.status'), status);
        void queryClient.invalidateQueries({ queryKey: demoAccounts });
      }),
    ];
    return () => offs.forEach((off) => off());
  }, [queryClient]);
}
