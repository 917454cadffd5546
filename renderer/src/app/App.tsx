import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router';
import { Toaster } from '../components/Toaster';
import { useSessionStatus } from '../features/session/hooks';
import { ReloginDialog } from '../features/session/ReloginDialog';
import { useReloginStore } from '../features/session/relogin';
import { SignInPage } from '../features/session/SignInPage';
import { useSessionSync } from '../features/session/useSessionSync';
import { AppFrame } from './layout/AppFrame';
import { SplashScreen, StartupErrorScreen } from './screens';
import { useCoreEventSync } from './useCoreEventSync';
import { usePreferenceEffects } from './usePreferenceEffects';

/**
 * Signed out → the sign-in screen. Signed in → the app frame. Session lost while signed in →
 * the frame stays mounted (inert) under the "Sign in again" dialog.
 */
const OpenFilePage = lazy(() => import('../features/viewer/OpenFilePage'));

export function App() {
  useCoreEventSync();
  useSessionSync();
  usePreferenceEffects();
  const session = useSessionStatus();
  const reloginOpen = useReloginStore((state) => state.open);
  const lostSession = useReloginStore((state) => state.previous);
  const location = useLocation();

  if (session.isPending) return <SplashScreen />;
  if (session.isError) return <StartupErrorScreen error={session.error} onRetry={() => void session.refetch()} />;

  const signedIn = session.data.state === 'signedIn';
  // While signing in again, the header keeps showing the session that was lost.
  const frameStatus = signedIn ? session.data : reloginOpen ? (lostSession ?? session.data) : null;
  // "Open file…" needs no account: signed out, it replaces the sign-in screen until the user goes back.
  const signedOutViewer = !frameStatus && (location.pathname === '/open' || location.pathname === '/validate');
  return (
    <>
      {frameStatus ? (
        <AppFrame status={frameStatus} inert={reloginOpen} />
      ) : signedOutViewer ? (
        <Suspense fallback={<SplashScreen />}>
          <OpenFilePage key={location.pathname} standalone purpose={location.pathname === '/validate' ? 'validate' : 'open'} />
        </Suspense>
      ) : (
        <SignInPage />
      )}
      <ReloginDialog />
      <Toaster />
    </>
  );
}
