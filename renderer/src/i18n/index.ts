import i18n, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { matchLanguage } from '../../../shared/i18n/match-language';
import { formatDate } from '../format';
import { catalogLoaders, type Language } from './catalogs';
import type { en, Translation } from './en';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en };
  }
}

export type { Language };
export const languages = ['en', 'it', 'nb', 'pl'] as const satisfies readonly Language[];

/** Each language by its own name (the same in every UI language, so a reader finds theirs). */
export const languageNames: Record<Language, string> = { en: 'English', it: 'Italiano', nb: 'Norsk bokmål', pl: 'Polski' };

/** The language to show before preferences arrive (or when the core is unreachable). */
export function browserLanguage(nav: Pick<Navigator, 'languages'> = navigator): Language {
  return matchLanguage(nav.languages);
}

const loaded = new Map<Language, Translation>();
const loading = new Map<Language, Promise<void>>();
let wanted: Language | null = null;

/** Whether a language's strings are in memory (then switching to it is immediate). */
export function isLanguageLoaded(language: Language): boolean {
  return loaded.has(language);
}

/**
 * Fetches a language's strings once (its own chunk) and hands them to i18next. A failed fetch is
 * forgotten so that the next call tries again.
 */
export function loadLanguage(language: Language): Promise<void> {
  if (loaded.has(language)) return Promise.resolve();
  let pending = loading.get(language);
  if (!pending) {
    pending = catalogLoaders[language]()
      .then((translation) => {
        loaded.set(language, translation);
        if (i18n.isInitialized) i18n.addResourceBundle(language, 'translation', translation);
      })
      .finally(() => loading.delete(language));
    loading.set(language, pending);
  }
  return pending;
}

/**
 * Starts i18next in `language` with the languages already loaded (`loadLanguage` first: the
 * start-up awaits the active one, so the first paint is in the right language).
 */
export function initI18n(language: Language): typeof i18n {
  if (!i18n.isInitialized) {
    void i18n.use(initReactI18next).init({
      resources: Object.fromEntries([...loaded].map(([language, translation]) => [language, { translation }])),
      lng: language,
      // Every language has every key (i18n.test.ts), so no other language is needed as a fallback:
      // loading English beside the active language would only cost the first screen.
      fallbackLng: false,
      supportedLngs: [...languages],
      interpolation: { escapeValue: false }, // React escapes
      initAsync: false,
      showSupportNotice: false,
    });
  }
  withFormatters(i18n);
  applyLanguage(language);
  return i18n;
}

/**
 * Formats translations may use beside i18next's own: `{{validToDay, day}}` writes an ISO date
 * (YYYY-MM-DD) the way the UI language writes dates, through the app's one formatting module.
 */
export function withFormatters<T extends I18n>(instance: T): T {
  instance.services.formatter?.add('day', (value: unknown, lng: string | undefined) => formatDate(lng ?? 'en', typeof value === 'string' ? value : String(value)));
  return instance;
}

/**
 * Shows the UI in `language`: at once when its strings are loaded, else as soon as they are (the
 * current language stays until then, and a later call wins over an earlier one still loading).
 */
export function applyLanguage(language: Language): void {
  wanted = language;
  if (!loaded.has(language)) {
    loadLanguage(language)
      .then(() => {
        if (wanted === language) applyLanguage(language);
      })
      .catch(() => undefined);
    return;
  }
  if (i18n.language !== language) void i18n.changeLanguage(language);
  document.documentElement.lang = language;
}

export { i18n };
