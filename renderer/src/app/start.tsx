import { createRoot } from 'react-dom/client';
import type { Preferences } from '../../../shared/contract';
import { findShellBridge, installBridge } from '../bridge';
import { bridgeKeys } from '../bridge/queries';
import { browserLanguage, initI18n, loadLanguage, type Language } from '../i18n';
import { createQueryClient } from './query-client';
import { Root } from './Root';
import { BridgeMissingScreen } from './screens';
import { applyTheme } from './theme';
import { warmStart } from './warm-start';

const defaults: Preferences = { theme: 'system', language: 'en' };

/**
 * Loads the language's strings and returns it, or English when its chunk cannot be fetched (the UI
 * must still come up).
 */
async function loadStrings(language: Language): Promise<Language> {
  return loadLanguage(language).then(
    () => language,
    () => loadLanguage('en').then(() => 'en' as const, () => 'en' as const),
  );
}

/**
 * Finds the shell's bridge, loads preferences before the first paint (no flash of the wrong language
 * or theme) while the first screen's data and chunk load alongside (warmStart), renders.
 */
export async function start(container: HTMLElement): Promise<void> {
  const root = createRoot(container);
  const acube = await findShellBridge();
  if (!acube) {
    applyTheme('system');
    initI18n(await loadStrings(browserLanguage()));
    root.render(<BridgeMissingScreen reason={window.acubeMissingReason === 'secret' ? 'secret' : 'noShell'} />);
    return;
  }

  const bridge = installBridge(acube);
  const queryClient = createQueryClient();
  // Asked first: the page's chunks would otherwise take the browser's connections before it.
  const preferencesAnswer = bridge.invoke('preferences.get').catch(() => null);
  // The system's language is the first run's and most users' choice: its strings load while the
  // preferences are asked, and only a different stored language costs a second fetch.
  const systemStrings = loadLanguage(browserLanguage()).catch(() => undefined);
  const [preferences] = await Promise.all([preferencesAnswer, warmStart(queryClient, window.location.hash), systemStrings]);
  if (preferences) queryClient.setQueryData(bridgeKeys.call('preferences.get'), preferences);
  const { theme, language } = preferences ?? { ...defaults, language: browserLanguage() };
  applyTheme(theme);
  initI18n(await loadStrings(language));
  root.render(<Root queryClient={queryClient} />);
}
