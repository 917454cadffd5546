import { createRoot } from 'react-dom/client';
import type { Preferences } from '../../../shared/contract';
import { findShellBridge, installBridge } from '../bridge';
import { bridgeKeys } from '../bridge/queries';
import { browserLanguage, initI18n } from '../i18n';
import { createQueryClient } from './query-client';
import { Root } from './Root';
import { BridgeMissingScreen } from './screens';
import { applyTheme } from './theme';

const defaults: Preferences = { theme: 'system', language: 'en' };

/** Finds the shell's bridge, loads preferences before the first paint (no flash of the wrong language or theme), renders. */
export async function start(container: HTMLElement): Promise<void> {
  const root = createRoot(container);
  const acube = await findShellBridge();
  if (!acube) {
    applyTheme('system');
    initI18n(browserLanguage());
    root.render(<BridgeMissingScreen />);
    return;
  }

  const bridge = installBridge(acube);
  const queryClient = createQueryClient();
  const preferences = await bridge.invoke('preferences.get').catch(() => null);
  if (preferences) queryClient.setQueryData(bridgeKeys.call('preferences.get'), preferences);
  const { theme, language } = preferences ?? { ...defaults, language: browserLanguage() };
  applyTheme(theme);
  initI18n(language);
  root.render(<Root queryClient={queryClient} />);
}
