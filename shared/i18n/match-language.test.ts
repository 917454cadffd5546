import { describe, expect, it } from 'vitest';
import { matchLanguage, systemLanguageTags } from './match-language';

describe('matchLanguage', () => {
  it('picks the first preference the app speaks', () => {
    expect(matchLanguage(['de-DE', 'pl-PL', 'en-US'])).toBe('pl');
    expect(matchLanguage(['it-CH', 'en'])).toBe('it');
  });

  it('serves Norwegian readers Bokmål, whatever tag their system uses', () => {
    expect(matchLanguage(['nb-NO'])).toBe('nb');
    expect(matchLanguage(['no'])).toBe('nb');
    expect(matchLanguage(['nn_NO.UTF-8'])).toBe('nb');
  });

  it('falls back to English', () => {
    expect(matchLanguage(['de-DE', 'fr'])).toBe('en');
    expect(matchLanguage([])).toBe('en');
  });
});

describe('systemLanguageTags', () => {
  it('reads POSIX locales before the ICU default and skips the C locale', () => {
    expect(matchLanguage(systemLanguageTags({ LANG: 'pl_PL.UTF-8' }, 'en-US'))).toBe('pl');
    expect(matchLanguage(systemLanguageTags({ LANG: 'C.UTF-8' }, 'nb-NO'))).toBe('nb');
    expect(matchLanguage(systemLanguageTags({ LANGUAGE: 'de:it', LANG: 'de_DE.UTF-8' }, 'en-US'))).toBe('it');
  });
});
