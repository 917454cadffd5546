import type { Profile } from '../../../../shared/contract';
import { useBridgeQuery } from '../../bridge/queries';

/** Data the core pushes through events: never stale by time. */
const pushed = { staleTime: Infinity } as const;

export const useSessionStatus = () => useBridgeQuery('session.status', undefined, pushed);
export const useProfilesState = () => useBridgeQuery('profiles.list', undefined, pushed);
export const useAppInfo = () => useBridgeQuery('app.info', undefined, pushed);
export const usePreferences = () => useBridgeQuery('preferences.get', undefined, pushed);

export function useActiveProfile(): Profile | undefined {
  const { data } = useProfilesState();
  return data?.profiles.find((profile) => profile.id === data.activeId);
}

export function useEmulatorStatus(enabled: boolean) {
  return useBridgeQuery('emulator.status', undefined, { ...pushed, enabled });
}

/** The emulator's demo accounts, only while it runs (they come from its startup line). */
export function useDemoAccounts(enabled: boolean) {
  return useBridgeQuery('session.demoAccounts', undefined, { ...pushed, enabled });
}
