import { useEffect } from 'react';
import { applyLanguage } from '../i18n';
import { usePreferences } from '../features/session/hooks';
import { applyTheme } from './theme';

/** Applies theme and language whenever the stored preferences change (here or in another window). */
export function usePreferenceEffects(): void {
  const { data } = usePreferences();
  const theme = data?.theme;
  const language = data?.language;
  useEffect(() => {
    if (theme) applyTheme(theme);
  }, [theme]);
  useEffect(() => {
    if (language) applyLanguage(language);
  }, [language]);
}
