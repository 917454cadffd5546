/**
 * What the core needs from its host. The Electron shell implements these with electron-store,
 * safeStorage, native dialogs and notifications; the browser shell and tests with conf, a 0600
 * file and plain Node.
 */
import type { SecretStorageInfo } from '../../shared/contract';

export interface SettingsStore {
  get<T>(key: string): T | undefined;
  set(key: string, value: unknown): void;
  delete(key: string): void;
}

export interface SecretVault {
  info(): SecretStorageInfo;
  /** Stores an encrypted secret under a key; overwrites. */
  set(key: string, value: string): Promise<void>;
  get(key: string): Promise<string | undefined>;
  delete(key: string): Promise<void>;
}

export interface Clock {
  now(): number;
  setTimeout(fn: () => void, ms: number): { cancel(): void };
}

export interface Notifier {
  notify(title: string, body: string): void;
}

export interface Dialogs {
  /** Asks the user for a folder; null when cancelled. The browser shell has no native dialog and returns null. */
  chooseFolder(options: { title: string; defaultPath?: string }): Promise<string | null>;
  /** Asks for files to open; empty when cancelled. The browser shell has none and returns []. */
  chooseFiles(options: { title: string; multiple: boolean; extensions?: readonly string[] }): Promise<string[]>;
  /** Asks where to save a file; null when cancelled. */
  chooseSavePath(options: { title: string; defaultName: string }): Promise<string | null>;
}

export interface Logger {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

/** How to start the local emulator as a child process (the shell knows whether it runs from source or a bundle). */
export interface EmulatorLaunch {
  command: string;
  args: string[];
  env?: Record<string, string>;
  /** Working folder for the command (e.g. the repository root when args name `emulator/cli.ts`). */
  cwd?: string;
}

export interface Ports {
  settings: SettingsStore;
  secrets: SecretVault;
  clock: Clock;
  notifier: Notifier;
  dialogs: Dialogs;
  logger: Logger;
  /** The folder for the core's own files (upload journal, downloads state, emulator data). */
  userDataDir: string;
  emulatorLaunch: EmulatorLaunch;
  shell: 'electron' | 'browser';
  appVersion: string;
}
