import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Preferences } from '../../../shared/contract';
import { en } from './en';
import { it } from './it';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en };
  }
}

export type Language = Preferences['language'];
export const languages = ['en', 'it'] as const satisfies readonly Language[];

/** The language to show before preferences arrive (or when the core is unreachable). */
export function browserLanguage(nav: Pick<Navigator, 'languages'> = navigator): Language {
  return nav.languages.some((tag) => tag.toLowerCase().startsWith('it')) ? 'it' : 'en';
}

export function initI18n(language: Language): typeof i18n {
  if (!i18n.isInitialized) {
    void i18n.use(initReactI18next).init({
      resources: { en: { translation: en }, it: { translation: it } },
      lng: language,
      fallbackLng: 'en',
      supportedLngs: [...languages],
      interpolation: { escapeValue: false }, // React escapes
      initAsync: false,
      showSupportNotice: false,
    });
  }
  applyLanguage(language);
  return i18n;
}

export function applyLanguage(language: Language): void {
  if (i18n.language !== language) void i18n.changeLanguage(language);
  document.documentElement.lang = language;
}

export { i18n };
