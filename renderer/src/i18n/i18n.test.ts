import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { because, errorReasonKeys, errorReasonParamNames, reason, type ErrorReason } from '../../../shared/contract/error-reasons';
import { AppError, errorCodes } from '../../../shared/contract/errors';
import { formatDate } from '../format';
import { en } from './en';
import { describeError } from './errors';
import { resources } from './all-catalogs';
import { browserLanguage, languages, withFormatters } from './index';

type Tree = { [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of leaves(value, path)) out.set(k, v);
  }
  return out;
}

const pluralSuffix = /_(zero|one|two|few|many|other)$/;

/** The plural forms a count of things can take in a language (whole numbers), plus `other`, i18next's fallback. */
function countForms(language: string): string[] {
  const rules = new Intl.PluralRules(language);
  return [...new Set([...Array.from({ length: 1001 }, (_, n) => rules.select(n)), 'other'])];
}

/**
 * The keys a language must have to match English: English's own keys, except that every plural
 * (`x_one` + `x_other` in English) comes in the forms the language's own plural rules use.
 */
function expectedKeys(language: string): string[] {
  const forms = countForms(language);
  const keys = new Set<string>();
  for (const key of leaves(en).keys()) {
    if (pluralSuffix.test(key)) for (const form of forms) keys.add(key.replace(pluralSuffix, `_${form}`));
    else keys.add(key);
  }
  return [...keys].sort();
}

/** Interpolated names, formatted ones (`{{day, datetime}}`) included. */
const variables = (text: string) => [...new Set([...text.matchAll(/\{\{(\w+)(?:,[^}]*)?\}\}/g)].map((m) => m[1]))].sort();

describe.each(languages.filter((language) => language !== 'en'))('translation %s', (language) => {
  const strings = leaves(resources[language] as Tree);
  const english = leaves(en);

  it('has every key English has (with its own plural forms), no more, none empty', () => {
    expect([...strings.keys()].sort()).toEqual(expectedKeys(language));
    for (const [key, value] of strings) expect(value.trim(), key).not.toBe('');
  });

  it('uses the same interpolation variables as English', () => {
    for (const [key, value] of strings) {
      const englishKey = english.has(key) ? key : key.replace(pluralSuffix, '_other');
      const englishVariables = variables(english.get(englishKey) ?? '').filter((name) => name !== 'count');
      expect(variables(value).filter((name) => name !== 'count'), key).toEqual(englishVariables);
    }
  });

  it('is not English left untranslated in whole sections', () => {
    const same = [...strings].filter(([key, value]) => english.get(key) === value && /[a-z]{4,} [a-z]{4,}/.test(value));
    expect(same.map(([key]) => key)).toEqual([]);
  });
});

describe('languages', () => {
  it('has a friendly message for every error code of the contract, in every language', () => {
    for (const language of languages) for (const code of errorCodes) expect(resources[language].errors.codes[code], `${language} ${code}`).toBeTruthy();
  });

  it('starts in the browser’s language before preferences arrive', () => {
    expect(browserLanguage({ languages: ['pl-PL', 'en'] })).toBe('pl');
    expect(browserLanguage({ languages: ['nb-NO'] })).toBe('nb');
    expect(browserLanguage({ languages: ['fr-FR'] })).toBe('en');
  });

  it('says "1 line", never "1 lines", in English', () => {
    const t = i18next.createInstance({ lng: 'en', resources: { en: { translation: resources.en } }, initAsync: false, showSupportNotice: false });
    void t.init();
    expect([1, 2].map((count) => t.t('viewer.source.lines', { count }))).toEqual(['1 line', '2 lines']);
    expect(t.t('validation.confirmSend.body', { count: 1 })).toMatch(/^The local check found 1 error\./);
  });

  it('counts in Polish with its four plural forms', () => {
    const t = i18next.createInstance({ lng: 'pl', resources: { pl: { translation: resources.pl } }, initAsync: false, showSupportNotice: false });
    void t.init();
    expect([1, 3, 5, 22, 25].map((count) => t.t('uploads.batch.fileCount', { count }))).toEqual(['1 plik', '3 pliki', '5 plików', '22 pliki', '25 plików']);
    // Nouns beside a count agree with it in every count string, not "Wiersze: 5" style workarounds.
    expect([1, 2, 5].map((count) => t.t('viewer.source.lines', { count }))).toEqual(['1 wiersz', '2 wiersze', '5 wierszy']);
    expect([1, 4, 12].map((count) => t.t('validation.fails', { count, ruleSet: 'EN 16931', version: '1.3' }))).toEqual([
      'Zostałby odrzucony: 1 błąd według EN 16931 (1.3)',
      'Zostałby odrzucony: 4 błędy według EN 16931 (1.3)',
      'Zostałby odrzucony: 12 błędów według EN 16931 (1.3)',
    ]);
    expect(t.t('uploads.announce.many', { count: 5, status: 'wysłane' })).toBe('5 plików: wysłane');
  });
});

describe('describeError', () => {
  const t = i18next.createInstance({ lng: 'en', resources: { en: { translation: en } }, interpolation: { escapeValue: false }, initAsync: false, showSupportNotice: false });
  void t.init();

  it('words the code and keeps what the service said as the detail', () => {
    const text = describeError(t.t, new AppError('forbidden', 'Upload to PL not allowed for this account.'));
    expect(text).toEqual({ summary: en.errors.codes.forbidden, detail: 'Upload to PL not allowed for this account.' });
  });

  it('uses sign-in wording for a refused login', () => {
    expect(describeError(t.t, new AppError('unauthorized', 'Invalid credentials.'), 'login').summary).toBe(en.errors.login.unauthorized);
  });

  it('words a core error that says why in the UI language, leading with what to do', () => {
    const error = new AppError('file', 'The folder /srv/out does not exist. Create it or choose another one.', {
      details: { path: '/srv/out', userMessage: { key: 'files.folderMissing', params: { path: '/srv/out' } } },
    });
    expect(describeError(t.t, error)).toEqual({ summary: 'Choose an existing folder or create /srv/out first: it does not exist.' });
    for (const language of languages.filter((l) => l !== 'en')) {
      const other = i18next.createInstance({ lng: language, resources: { [language]: { translation: resources[language] } }, interpolation: { escapeValue: false }, initAsync: false, showSupportNotice: false });
      void other.init();
      const { summary, detail } = describeError(other.t, error);
      expect(summary, language).toContain('/srv/out');
      expect(summary, language).not.toMatch(/does not exist|Choose an existing/);
      expect(detail, language).toBeUndefined();
    }
  });

  it('has a sentence for every reason the core can give, in every language, using exactly the parameters the contract names', () => {
    const english = leaves(en);
    for (const key of errorReasonKeys) {
      const sentence = english.get(`errors.reasons.${key}`);
      expect(sentence, key).toBeTruthy();
      expect(variables(sentence ?? ''), key).toEqual([...errorReasonParamNames(key)].sort());
    }
    const worded = [...english.keys()].filter((key) => key.startsWith('errors.reasons.')).map((key) => key.slice('errors.reasons.'.length));
    expect(worded.sort()).toEqual([...errorReasonKeys].sort());
  });

  it('words every reason in every language with all its parameters filled in', () => {
    const sample = (name: string): string => (name.endsWith('Day') ? '2026-11-25' : `‹${name}›`);
    for (const language of languages) {
      const instance = i18next.createInstance({ lng: language, resources: { [language]: { translation: resources[language] } }, interpolation: { escapeValue: false }, initAsync: false, showSupportNotice: false });
      void instance.init();
      withFormatters(instance);
      for (const key of errorReasonKeys) {
        const names = errorReasonParamNames(key);
        const why: ErrorReason = { key, params: Object.fromEntries(names.map((name) => [name, sample(name)])) };
        const { summary } = describeError(instance.t, new AppError('internal', 'English for the log', { details: because(why) }));
        const where = `${language} ${key}`;
        expect(summary, where).not.toContain('errors.reasons');
        expect(summary, where).not.toMatch(/\{\{|\}\}|undefined|Invalid Date|GMT/);
        expect(summary, where).not.toContain('English for the log');
        for (const name of names) {
          if (name.endsWith('Day')) expect(summary, where).toContain(formatDate(language, '2026-11-25'));
          else if (key !== 'http.serviceSaid') expect(summary, where).toContain(`‹${name}›`);
        }
      }
    }
  });

  it('frames the service’s own words in the UI language after the friendly sentence for the code', () => {
    const pl = i18next.createInstance({ lng: 'pl', resources: { pl: { translation: resources.pl } }, interpolation: { escapeValue: false }, initAsync: false, showSupportNotice: false });
    void pl.init();
    const error = new AppError('forbidden', 'Upload to PL not allowed for this account.', { details: because(reason('http.serviceSaid', { said: 'Upload to PL not allowed for this account.' })) });
    expect(describeError(pl.t, error)).toEqual({ summary: resources.pl.errors.codes.forbidden, detail: 'Komunikat usługi: „Upload to PL not allowed for this account.”' });
  });

  it('treats a non-AppError as internal', () => {
    expect(describeError(t.t, new Error('boom')).summary).toBe(en.errors.codes.internal);
  });
});
