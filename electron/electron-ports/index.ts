import { join } from 'node:path';
import { app, type BrowserWindow } from 'electron';
import { createNodeLogger, createSystemClock } from '../core/node-ports';
import type { EmulatorLaunch, Ports } from '../core/ports';
import { createElectronDialogs } from './dialogs';
import { createElectronNotifier } from './notifier';
import { createElectronPdfPrinter } from './pdf-printer';
import { SafeStorageVault } from './safe-storage-vault';
import { createElectronSettingsStore } from './settings-store';
import { utilityEmulatorHost } from './utility-emulator-host';
import { utilityEngineProcess } from './utility-engine-process';

export interface ElectronPortsOptions {
  emulatorLaunch: EmulatorLaunch;
  getWindow: () => BrowserWindow | null;
}

/** The core's ports in the product shell: electron-store, safeStorage, native dialogs, notifications. */
export const createElectronPorts = async (options: ElectronPortsOptions): Promise<Ports> => {
  const userDataDir = app.getPath('userData');
  const logger = createNodeLogger({ filePath: join(app.getPath('logs'), 'core.log') });
  return {
    settings: await createElectronSettingsStore(logger),
    secrets: new SafeStorageVault(userDataDir),
    clock: createSystemClock(),
    notifier: createElectronNotifier(logger),
    dialogs: createElectronDialogs(options.getWindow),
    logger,
    userDataDir,
    emulatorLaunch: options.emulatorLaunch,
    emulatorHost: utilityEmulatorHost,
    engineProcess: utilityEngineProcess,
    shell: 'electron',
    appVersion: app.getVersion(),
    pdfPrinter: createElectronPdfPrinter(),
  };
};
