import type { BrowserWindowConstructorOptions } from 'electron';

/**
 * The app window's options. Every security-relevant `webPreferences` flag is spelled out, even
 * where it is Electron's default, so a change of default (or of this file) is caught by the
 * shell's unit test (electron-shell.test.ts) rather than by an attacker.
 */
export const mainWindowOptions = (preloadPath: string): BrowserWindowConstructorOptions => ({
  width: 1280,
  height: 820,
  minWidth: 900,
  minHeight: 600,
  show: false,
  title: 'Ledgerdesk',
  webPreferences: {
    preload: preloadPath,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    experimentalFeatures: false,
    webviewTag: false,
    navigateOnDragDrop: false,
    safeDialogs: true,
    spellcheck: false,
  },
});
