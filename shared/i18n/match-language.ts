import type { Preferences } from '../contract';

type Language = Preferences['language'];

/** Primary language subtags mapped to the UI language that serves them. Nynorsk and plain `no` readers get Bokmål. */
const byPrimary: Record<string, Language> = { en: 'en', it: 'it', nb: 'nb', no: 'nb', nn: 'nb', pl: 'pl' };

/**
 * The UI language for a user's ordered language preferences (BCP 47 tags such as `pl-PL`, or POSIX
 * locales such as `nb_NO.UTF-8`): the first one the app speaks, else English.
 */
export function matchLanguage(tags: readonly string[]): Language {
  for (const tag of tags) {
    const primary = tag.trim().toLowerCase().split(/[-_.@]/)[0] ?? '';
    const match = byPrimary[primary];
    if (match) return match;
  }
  return 'en';
}

/** The system's language preferences as Node sees them: POSIX variables first (LANGUAGE lists several), then ICU's default locale. */
export function systemLanguageTags(env: Record<string, string | undefined>, icuLocale: string): string[] {
  const posix = [env.LC_ALL, env.LC_MESSAGES, env.LANG].find((value) => value && value !== 'C' && !value.startsWith('C.') && value !== 'POSIX');
  const list = env.LANGUAGE ? env.LANGUAGE.split(':') : [];
  return [...list, ...(posix ? [posix] : []), icuLocale].filter((tag) => tag.length > 0);
}
