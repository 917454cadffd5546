/**
 * What the core needs from its host. The Electron shell implements these with electron-store,
 * safeStorage, native dialogs and notifications; the browser shell and tests with conf, a 0600
 * file and plain Node.
 */
import type { SecretStorageInfo } from '../../shared/contract';
import type { EngineProcessLauncher } from '../../standards/engine/host-protocol';

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
  /**
   * The browser shell's scripted dialogs (`LEDGERDESK_SCRIPTED_DIALOGS`, tests and benches only):
   * they answer as Electron's native dialogs would, so the core treats the host as having dialogs.
   */
  readonly scripted?: boolean;
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

/** The running emulator process as the runner sees it (a `ChildProcess`, or Electron's utility process behind an adapter). */
export interface EmulatorProcess {
  readonly pid?: number | undefined;
  readonly stdout: NodeJS.ReadableStream | null;
  readonly stderr: NodeJS.ReadableStream | null;
  readonly exitCode: number | null;
  readonly signalCode: NodeJS.Signals | null;
  kill(signal?: NodeJS.Signals): boolean;
  once(event: 'exit', listener: (code: number | null, signal: NodeJS.Signals | null) => void): unknown;
  once(event: 'error', listener: (error: Error) => void): unknown;
}

/**
 * How the emulator process is started. The default spawns `command args` with a stdin pipe the
 * emulator watches (`pipesStdin`), so it exits when this process dies, however it dies; Electron
 * uses `utilityProcess` (no ELECTRON_RUN_AS_NODE, so the RunAsNode fuse can be off).
 */
export interface EmulatorHost {
  /** True when the child's stdin is a pipe held by this process (the child is told to exit at its end). */
  pipesStdin: boolean;
  spawn(launch: EmulatorLaunch, args: string[]): EmulatorProcess;
}

/** Prints untrusted HTML to a text PDF with scripts off and no network (Electron printToPDF, headless Chromium). */
export interface PdfPrinter {
  readonly engine: 'electron' | 'chromium';
  print(html: string): Promise<Uint8Array>;
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
  /** Defaults to a Node child process (`nodeEmulatorHost`). */
  emulatorHost?: EmulatorHost;
  shell: 'electron' | 'browser';
  appVersion: string;
  /** Starts the standards engine's process; defaults to a Node child (`forkNodeEngineProcess`). Electron uses a utility process. */
  engineProcess?: EngineProcessLauncher;
  /** Absent when the host cannot print to PDF (then the viewer offers the system print dialog only). */
  pdfPrinter?: PdfPrinter;
}
