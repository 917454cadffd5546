/** Ports for hosts without Electron: the browser shell, scripts and integration tests. */
import fs from 'node:fs';
import path from 'node:path';
import type { EmulatorLaunch, Logger, Ports } from '../ports';
import { createSystemClock } from './clock';
import { createNoDialogs } from './dialogs';
import { FileSecretVault } from './file-secret-vault';
import { createNodeLogger } from './logger';
import { createLogNotifier } from './notifier';
import { ConfSettingsStore } from './settings-store';

export interface NodePortsOptions {
  userDataDir: string;
  emulatorLaunch: EmulatorLaunch;
  shell: Ports['shell'];
  appVersion?: string;
  /** Defaults to stderr plus `<userDataDir>/logs/core.log`. */
  logger?: Logger;
}

export function createNodePorts(options: NodePortsOptions): Ports {
  fs.mkdirSync(options.userDataDir, { recursive: true, mode: 0o700 });
  const logger = options.logger ?? createNodeLogger({ filePath: path.join(options.userDataDir, 'logs', 'core.log') });
  return {
    settings: new ConfSettingsStore({ cwd: options.userDataDir, logger }),
    secrets: new FileSecretVault({ dir: options.userDataDir }),
    clock: createSystemClock(),
    notifier: createLogNotifier(logger),
    dialogs: createNoDialogs(),
    logger,
    userDataDir: options.userDataDir,
    emulatorLaunch: options.emulatorLaunch,
    shell: options.shell,
    appVersion: options.appVersion ?? '0.0.0',
  };
}

export { ConfSettingsStore } from './settings-store';
export { FileSecretVault } from './file-secret-vault';
export { createNodeLogger, type ClosableLogger, type NodeLoggerOptions } from './logger';
export { createSystemClock } from './clock';
export { createLogNotifier } from './notifier';
export { createNoDialogs, createScriptedDialogs, SCRIPTED_DIALOGS_ENV } from './dialogs';
