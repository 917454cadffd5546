/**
 * SettingsStore on `conf` with an explicit folder (DESIGN §10: electron-store needs Electron's
 * runtime; conf is what it extends). An unreadable settings file is moved aside, never a crash.
 */
import fs from 'node:fs';
import path from 'node:path';
import Conf from 'conf';
import type { Logger, SettingsStore } from '../ports';

export interface ConfSettingsStoreOptions {
  cwd: string;
  /** File name without extension (default `settings`). */
  configName?: string;
  logger: Logger;
}

type Store = Record<string, unknown>;

export class ConfSettingsStore implements SettingsStore {
  readonly path: string;
  readonly #conf: Conf<Store>;
  readonly #logger: Logger;

  constructor(options: ConfSettingsStoreOptions) {
    this.#logger = options.logger;
    const make = (): Conf<Store> =>
      new Conf<Store>({
        cwd: options.cwd,
        configName: options.configName ?? 'settings',
        accessPropertiesByDotNotation: false,
        clearInvalidConfig: false,
        configFileMode: 0o600,
        watch: false,
      });
    let conf: Conf<Store>;
    try {
      conf = make();
    } catch (error) {
      const file = path.join(options.cwd, `${options.configName ?? 'settings'}.json`);
      this.#moveAside(file, error);
      conf = make();
    }
    this.#conf = conf;
    this.path = conf.path;
  }

  get<T>(key: string): T | undefined {
    try {
      return this.#conf.get(key) as T | undefined;
    } catch (error) {
      // The file was broken behind our back (edited by hand, disk trouble): start over from defaults.
      this.#moveAside(this.path, error);
      return undefined;
    }
  }

  set(key: string, value: unknown): void {
    try {
      this.#conf.set(key, value);
    } catch (error) {
      this.#moveAside(this.path, error);
      this.#conf.set(key, value);
    }
  }

  delete(key: string): void {
    try {
      this.#conf.delete(key);
    } catch (error) {
      this.#moveAside(this.path, error);
    }
  }

  #moveAside(file: string, error: unknown): void {
    const backup = `${file}.unreadable-${Date.now()}`;
    try {
      fs.renameSync(file, backup);
      this.#logger.warn('The settings file could not be read; it was set aside and defaults are used', {
        file,
        backup,
        reason: error instanceof Error ? error.message : String(error),
      });
    } catch (renameError) {
      this.#logger.error('The settings file could not be read nor set aside', {
        file,
        reason: renameError instanceof Error ? renameError.message : String(renameError),
      });
      throw error;
    }
  }
}
