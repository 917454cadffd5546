import { render } from '@testing-library/react';
import type { AcubeBridge } from '../../../shared/contract';
import { Root } from '../app/Root';
import { createQueryClient } from '../app/query-client';
import { installBridge } from '../bridge';
import { initI18n } from '../i18n';
import { clearNotifications } from '../components/toast-store';
import { useReloginStore } from '../features/session/relogin';

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
