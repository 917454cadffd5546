/**
 * Vitest setup: in DOM tests, every language's strings are loaded before the test runs, so a test
 * can call `initI18n(language)` or `applyLanguage(language)` and render at once, as the app does
 * once `loadLanguage` has fetched the language's chunk (renderer/src/i18n/index.ts).
 */
if (typeof document !== 'undefined') {
  const { languages, loadLanguage } = await import('../i18n');
  await Promise.all(languages.map((language) => loadLanguage(language)));
}
export {};
