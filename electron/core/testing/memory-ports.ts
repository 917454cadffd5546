/** Ports that live in memory, for unit tests of the core. */
import os from 'node:os';
import path from 'node:path';
import type { SecretStorageInfo } from '../../../shared/contract';
import type { Dialogs, EmulatorLaunch, Logger, Notifier, Ports, SecretVault, SettingsStore } from '../ports';
import { redact } from '../logging/redact';
import { FakeClock } from './fake-clock';

export class MemorySettingsStore implements SettingsStore {
  readonly values = new Map<string, unknown>();

  get<T>(key: string): T | undefined {
    const value = this.values.get(key);
    return value === undefined ? undefined : (structuredClone(value) as T);
  }

  set(key: string, value: unknown): void {
    this.values.set(key, structuredClone(value));
  }

  delete(key: string): void {
    this.values.delete(key);
  }
}

export class MemorySecretVault implements SecretVault {
  readonly values = new Map<string, string>();

  info(): SecretStorageInfo {
    return { backend: 'memory', secure: false, note: 'Test vault: secrets live in memory only.' };
  }

  set(key: string, value: string): Promise<void> {
    this.values.set(key, value);
    return Promise.resolve();
  }

  get(key: string): Promise<string | undefined> {
    return Promise.resolve(this.values.get(key));
  }

  delete(key: string): Promise<void> {
    this.values.delete(key);
    return Promise.resolve();
  }
}

export interface LogEntry {
  level: 'info' | 'warn' | 'error';
  message: string;
  fields?: Record<string, unknown>;
}

/** Keeps every entry (already redacted the way a real logger would write it). */
export class MemoryLogger implements Logger {
  readonly entries: LogEntry[] = [];

  info(message: string, fields?: Record<string, unknown>): void {
    this.#push('info', message, fields);
  }

  warn(message: string, fields?: Record<string, unknown>): void {
    this.#push('warn', message, fields);
  }

  error(message: string, fields?: Record<string, unknown>): void {
    this.#push('error', message, fields);
  }

  /** Everything logged, as one string, for "never logs X" assertions. */
  text(): string {
    return this.entries.map((e) => `${e.level} ${e.message} ${JSON.stringify(e.fields ?? {})}`).join('\n');
  }

  #push(level: LogEntry['level'], message: string, fields?: Record<string, unknown>): void {
    this.entries.push({ level, message, ...(fields ? { fields: redact(fields) as Record<string, unknown> } : {}) });
  }
}

export class MemoryNotifier implements Notifier {
  readonly sent: Array<{ title: string; body: string }> = [];

  notify(title: string, body: string): void {
    this.sent.push({ title, body });
  }
}

export interface MemoryPorts extends Ports {
  settings: MemorySettingsStore;
  secrets: MemorySecretVault;
  clock: FakeClock;
  logger: MemoryLogger;
  notifier: MemoryNotifier;
}

export interface MemoryPortsOptions {
  emulatorLaunch?: EmulatorLaunch;
  userDataDir?: string;
  /** Share stores between two app instances (a "restart"). */
  settings?: MemorySettingsStore;
  secrets?: MemorySecretVault;
  clock?: FakeClock;
}

const noDialogs: Dialogs = {
  chooseFolder: () => Promise.resolve(null),
    chooseFiles: () => Promise.resolve([]),
  chooseSavePath: () => Promise.resolve(null),
};

export function createMemoryPorts(options: MemoryPortsOptions = {}): MemoryPorts {
  return {
    settings: options.settings ?? new MemorySettingsStore(),
    secrets: options.secrets ?? new MemorySecretVault(),
    clock: options.clock ?? new FakeClock(),
    notifier: new MemoryNotifier(),
    dialogs: noDialogs,
    logger: new MemoryLogger(),
    userDataDir: options.userDataDir ?? path.join(os.tmpdir(), 'ledgerdesk-core-test'),
    emulatorLaunch: options.emulatorLaunch ?? { command: 'false', args: [] },
    shell: 'browser',
    appVersion: '0.0.0-test',
  };
}
