import { en } from './en';
import { it } from './it';
import { nb } from './nb';
import { pl } from './pl';

/**
 * Every language's strings at once, for tests only (the app loads one language at a time through
 * `loadLanguage`; importing this module from app code would put all four in the initial JS).
 */
export const resources = { en, it, nb, pl } as const;
