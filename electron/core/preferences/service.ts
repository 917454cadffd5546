/** Theme and language, kept in the SettingsStore (`preferences.get/set`). */
import { languageSchema, preferencesSchema, themeSchema, type Preferences } from '../../../shared/contract';
import type { CoreEvents } from '../events';
import type { Logger, SettingsStore } from '../ports';

export const PREFERENCES_SETTINGS_KEY = 'preferences';

export interface PreferencesService {
  get(): Preferences;
  set(changes: Partial<Preferences>): Preferences;
}

export function createPreferencesService(deps: { settings: SettingsStore; logger: Logger; events: CoreEvents }): PreferencesService {
  const read = (): Preferences => {
    const raw = deps.settings.get<unknown>(PREFERENCES_SETTINGS_KEY) ?? {};
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
