import { configure, render } from '@testing-library/react';
import type { AcubeBridge } from '../../../shared/contract';
import { Root } from '../app/Root';
import { createQueryClient } from '../app/query-client';
import { installBridge } from '../bridge';
import { initI18n } from '../i18n';
import { clearNotifications } from '../components/toast-store';
import { useReloginStore } from '../features/session/relogin';

// Lazily loaded pages take longer than the 1 s default to appear on a loaded two-core machine;
// this is a ceiling on waiting, not a speed expectation.
configure({ asyncUtilTimeout: 5_000 });

/** Renders the whole app over a fake `window.acube`, at a given route. */
export function renderApp(acube: AcubeBridge, route = '/documents') {
  useReloginStore.setState({ open: false, previous: null });
  clearNotifications();
  window.location.hash = `#${route}`;
  installBridge(acube);
  initI18n('en');
  const queryClient = createQueryClient();
  return { queryClient, ...render(<Root queryClient={queryClient} />) };
}
