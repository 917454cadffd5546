import i18n, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Preferences } from '../../../shared/contract';
import { matchLanguage } from '../../../shared/i18n/match-language';
import { formatDate } from '../format';
import { en } from './en';
import { it } from './it';
import { nb } from './nb';
import { pl } from './pl';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en };
  }
}

export type Language = Preferences['language'];
export const languages = ['en', 'it', 'nb', 'pl'] as const satisfies readonly Language[];

/** Each language by its own name (the same in every UI language, so a reader finds theirs). */
export const languageNames: Record<Language, string> = { en: 'English', it: 'Italiano', nb: 'Norsk bokmål', pl: 'Polski' };

/** Every language's strings, one entry per language (each aggregates its features' files). */
export const resources = { en, it, nb, pl } as const;

/** The language to show before preferences arrive (or when the core is unreachable). */
export function browserLanguage(nav: Pick<Navigator, 'languages'> = navigator): Language {
  return matchLanguage(nav.languages);
}

export function initI18n(language: Language): typeof i18n {
  if (!i18n.isInitialized) {
    void i18n.use(initReactI18next).init({
      resources: Object.fromEntries(Object.entries(resources).map(([language, translation]) => [language, { translation }])),
      lng: language,
      fallbackLng: 'en',
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

export function applyLanguage(language: Language): void {
  if (i18n.language !== language) void i18n.changeLanguage(language);
  document.documentElement.lang = language;
}

export { i18n };
