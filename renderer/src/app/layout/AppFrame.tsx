import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { SessionStatus } from '../../../../shared/contract';
import { UploadsFrameLayer } from '../../features/uploads/UploadsFrameLayer';
import { CommandPalette } from '../CommandPalette';
import { AppRoutes } from '../routes';
import { AppHeader } from './AppHeader';
import { Sidebar } from './Sidebar';

/**
 * Header, navigation and the routed page. `inert` while the "Sign in again" dialog is open: the
 * page stays mounted (and keeps its state) but cannot be reached.
 */
export function AppFrame({ status, inert }: { status: SessionStatus; inert: boolean }) {
  const { t } = useTranslation();
  const mainRef = useRef<HTMLElement>(null);
  return (
    <div className="frame" inert={inert}>
      {/* A button, not a link: with hash routing, href="#main" would be a route. */}
      <button type="button" className="skip-link" onClick={() => mainRef.current?.focus()}>
        {t('app.skipToContent')}
      </button>
      <AppHeader status={status} />
      <div className="frame__body">
        <Sidebar />
        <main ref={mainRef} className="frame__main" tabIndex={-1}>
          <AppRoutes />
        </main>
      </div>
      <UploadsFrameLayer disabled={inert} />
      {inert ? null : <CommandPalette />}
    </div>
  );
}
