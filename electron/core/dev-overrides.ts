/**
 * Environment variables that point the core at other code, for tests and benches only (today one:
 * LEDGERDESK_THREADS_DIR, a folder of pre-bundled worker threads). A packaged app ignores them all:
 * the Electron shell calls `ignoreDevOverrides()` first thing when `app.isPackaged`, so nothing in
 * the environment can change what code a user's Ledgerdesk runs (docs/security.md).
 */
let ignored = false;

export const ignoreDevOverrides = (): void => {
  ignored = true;
};

/** The variable's value, or undefined in a packaged app. */
export const devOverride = (name: string): string | undefined => (ignored ? undefined : process.env[name]);
