import type { Preferences } from '../../../shared/contract';
import type { Translation } from './en';

export type Language = Preferences['language'];

/**
 * Each language's strings, as a chunk of its own: a user reads one language, so the first screen
 * loads only that one (see docs/performance.md, issue 27). Nothing may import `./en`, `./it`, `./nb`
 * or `./pl` statically outside tests, or that language's strings land in the initial JS again
 * (`renderer/src/i18n/initial-js.test.ts` fails then).
 */
export const catalogLoaders: Record<Language, () => Promise<Translation>> = {
  en: () => import('./en').then((module) => module.en),
  it: () => import('./it').then((module) => module.it),
  nb: () => import('./nb').then((module) => module.nb),
  pl: () => import('./pl').then((module) => module.pl),
};
