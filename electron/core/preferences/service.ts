/** Theme and language, kept in the SettingsStore (`preferences.get/set`). */
import { languageSchema, preferencesSchema, themeSchema, type Preferences } from '../../../shared/contract';
import { matchLanguage } from '../../../shared/i18n/match-language';
import type { CoreEvents } from '../events';
import type { Logger, SettingsStore } from '../ports';

export const PREFERENCES_SETTINGS_KEY = 'preferences';

export interface PreferencesService {
  get(): Preferences;
  set(changes: Partial<Preferences>): Preferences;
}

export interface PreferencesDeps {
  settings: SettingsStore;
  logger: Logger;
  events: CoreEvents;
  /** The system's language preferences, most preferred first: the first run speaks the first one the app knows. */
  systemLanguages?: () => readonly string[];
}

export function createPreferencesService(deps: PreferencesDeps): PreferencesService {
  const read = (): Preferences => {
    const stored = deps.settings.get<unknown>(PREFERENCES_SETTINGS_KEY);
    const saved = typeof stored === 'object' && stored !== null ? (stored as Record<string, unknown>) : {};
    // Until a language is saved (the first run), the system's language is the default.
    const raw = 'language' in saved ? stored : { ...saved, language: matchLanguage(deps.systemLanguages?.() ?? []) };
    const parsed = preferencesSchema.safeParse(raw);
    if (parsed.success) return parsed.data;
    // Keep what is still valid, default the rest.
    const fields = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
    const theme = themeSchema.safeParse(fields.theme);
    const language = languageSchema.safeParse(fields.language);
    deps.logger.warn('Some saved preferences are unreadable; using the defaults for them');
    return preferencesSchema.parse({ ...(theme.success ? { theme: theme.data } : {}), ...(language.success ? { language: language.data } : {}) });
  };
  return {
    get: read,
    set(changes) {
      const next = preferencesSchema.parse({ ...read(), ...Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) });
      deps.settings.set(PREFERENCES_SETTINGS_KEY, next);
      deps.events.emit('preferences.changed', next);
      return next;
    },
  };
}
