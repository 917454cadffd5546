/**
 * The product shell (DESIGN §1): one sandboxed BrowserWindow showing the renderer from
 * app://ledgerdesk/, the core behind one IPC channel, Electron-backed ports. Bundled by
 * scripts/build.mjs to dist/electron/main.cjs.
 */
import { join, resolve } from 'node:path';
import { app, BrowserWindow, dialog, session } from 'electron';
import { ignoreDevOverridesWhenPackaged } from './electron-shell/packaged';
import { acquireInstanceLock, AlreadyRunningError, createCoreApp, type InstanceLock } from './core';
import type { CoreApp } from './core/app-types';
import { createElectronPorts } from './electron-ports';
import { APP_ENTRY_URL, enforceCspHeader, registerAppScheme, serveRenderer } from './electron-shell/app-protocol';
import { denyPermissions, lockDownAllWebContents } from './electron-shell/hardening';
import { connectCoreToWindow } from './electron-shell/ipc-bridge';
import { mainWindowOptions } from './electron-shell/window-options';
import { emulatorLaunchFor, extraEmulatorArgs } from './shell-common/emulator-launch';

ignoreDevOverridesWhenPackaged();

// Tests (and power users) pick a fresh profile folder; Electron's own switch does not move userData.
const userDataArg = process.argv.find((arg) => arg.startsWith('--user-data-dir='));
if (userDataArg !== undefined) app.setPath('userData', userDataArg.slice('--user-data-dir='.length));

registerAppScheme();
lockDownAllWebContents();

let mainWindow: BrowserWindow | null = null;
let core: CoreApp | null = null;
const getWindow = (): BrowserWindow | null => mainWindow;

const createWindow = (): BrowserWindow => {
  const window = new BrowserWindow(mainWindowOptions(join(__dirname, 'preload.cjs')));
  window.once('ready-to-show', () => window.show());
  window.on('closed', () => {
    if (mainWindow === window) mainWindow = null;
  });
  void window.loadURL(APP_ENTRY_URL);
  return window;
};

const startApp = async (): Promise<void> => {
  // This file is bundled to <app>/dist/electron/main.cjs, in the repository and inside app.asar alike
  // (app.getAppPath() would be dist/electron when started as `electron dist/electron/main.cjs`).
  const appRoot = resolve(__dirname, '..', '..');
  serveRenderer(join(appRoot, 'dist', 'renderer'));
  enforceCspHeader(session.defaultSession);
  denyPermissions(session.defaultSession);

  // Run in a utility process (electron-ports/utility-emulator-host): the first argument is the module.
  const emulatorLaunch = emulatorLaunchFor({
    appRoot,
    execPath: process.execPath,
    prefer: 'bundle',
    extraArgs: extraEmulatorArgs(),
    resolveTsx: () => null,
  }) ?? { command: process.execPath, args: [join(appRoot, 'dist', 'emulator', 'cli.mjs')] };

  const ports = await createElectronPorts({ emulatorLaunch, getWindow });
  const created = createCoreApp(ports, { standards: { warmOnStart: true } });
  core = created;
  connectCoreToWindow(created, getWindow, ports.logger);
  mainWindow = createWindow();
  // A failure here (e.g. the emulator) is shown in the window by the core's status; the app stays up.
  await created.start().catch((error: unknown) => ports.logger.error('Starting the core failed', { reason: String(error) }));
};

let quitting = false;
app.on('before-quit', (event) => {
  if (quitting || core === null) return;
  // Stop the emulator and flush state before the process goes.
  event.preventDefault();
  quitting = true;
  const running = core;
  void running
    .dispose()
    .catch((error: unknown) => process.stderr.write(`Shutting down the core failed: ${String(error)}\n`))
    .finally(() => app.quit());
});

app.on('window-all-closed', () => app.quit());

/**
 * Electron's own single-instance lock only covers Electron; the file lock in the user-data folder
 * also keeps a browser shell on the same folder out (and it out of ours). Taken before anything
 * touches the folder; a refused second instance says where the first one runs and exits.
 */
const takeFolderLock = (): InstanceLock | null => {
  try {
    const lock = acquireInstanceLock({ userDataDir: app.getPath('userData'), shell: 'electron' });
    process.on('exit', () => lock.release());
    return lock;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`${message}\n`);
    if (error instanceof AlreadyRunningError) dialog.showErrorBox('Ledgerdesk is already running', message);
    else dialog.showErrorBox('Ledgerdesk could not start', message);
    return null;
  }
};

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else if (takeFolderLock() === null) {
  app.exit(1);
} else {
  app.on('second-instance', () => {
    if (mainWindow === null) return;
    if (mainWindow.isMinimized()) mainWindow.restore();
    mainWindow.focus();
  });
  app
    .whenReady()
    .then(startApp)
    .catch((error: unknown) => {
      process.stderr.write(`Ledgerdesk could not start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      app.exit(1);
    });
}
