// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Language } from './catalogs';
import type { Translation } from './en';

/** A fresh i18n module whose languages come from `catalogs`, each fetch counted and releasable. */
async function freshI18n() {
  const { resources } = await import('./all-catalogs');
  const fetched: Language[] = [];
  const pending = new Map<Language, () => void>();
  const loader = (language: Language) => () => {
    fetched.push(language);
    return new Promise<Translation>((resolve) => pending.set(language, () => resolve(resources[language])));
  };
  vi.resetModules();
  vi.doMock('./catalogs', () => ({ catalogLoaders: { en: loader('en'), it: loader('it'), nb: loader('nb'), pl: loader('pl') } }));
  const module = await import('./index');
  const release = async (language: Language) => {
    pending.get(language)?.();
    await vi.waitFor(() => expect(module.isLanguageLoaded(language)).toBe(true));
  };
  return { ...module, fetched, release, resources };
}

afterEach(() => {
  vi.doUnmock('./catalogs');
  vi.resetModules();
});

describe('loading one language at a time', () => {
  it('starts with the active language only, and fetches another when the user switches to it', async () => {
    const { loadLanguage, initI18n, applyLanguage, fetched, release, resources } = await freshI18n();
    const started = loadLanguage('it');
    await release('it');
    await started;
    const i18n = initI18n('it');
    expect(fetched).toEqual(['it']);
    expect(i18n.t('nav.documents')).toBe(resources.it.nav.documents);

    applyLanguage('pl');
    expect(fetched).toEqual(['it', 'pl']);
    // Until Polish has arrived the Italian strings stay (no keys, no blank screen).
    expect(i18n.t('nav.documents')).toBe(resources.it.nav.documents);
    await release('pl');
    await vi.waitFor(() => expect(i18n.t('nav.documents')).toBe(resources.pl.nav.documents));
    expect(document.documentElement.lang).toBe('pl');

    // Back to a language already loaded: immediate, no fetch.
    applyLanguage('it');
    expect(i18n.t('nav.documents')).toBe(resources.it.nav.documents);
    expect(fetched).toEqual(['it', 'pl']);
  });

  it('lets the last choice win when an earlier language arrives later', async () => {
    const { loadLanguage, initI18n, applyLanguage, fetched, release } = await freshI18n();
    const started = loadLanguage('en');
    await release('en');
    await started;
    const i18n = initI18n('en');
    applyLanguage('nb');
    applyLanguage('pl');
    await release('pl');
    await vi.waitFor(() => expect(i18n.language).toBe('pl'));
    await release('nb');
    expect(i18n.language).toBe('pl');
    expect(fetched).toEqual(['en', 'nb', 'pl']);
  });

  it('fetches a language once however many times it is asked for', async () => {
    const { loadLanguage, fetched, release } = await freshI18n();
    const first = loadLanguage('nb');
    const second = loadLanguage('nb');
    await release('nb');
    await Promise.all([first, second, loadLanguage('nb')]);
    expect(fetched).toEqual(['nb']);
  });
});
