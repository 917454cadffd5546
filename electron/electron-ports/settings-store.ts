import type { Logger, SettingsStore } from '../core/ports';

type Store = Record<string, unknown>;

/**
 * SettingsStore on electron-store (it extends conf and stores in the userData folder). electron-store
 * is ESM-only, so it is loaded with import() from the CommonJS main bundle.
 */
export const createElectronSettingsStore = async (logger: Logger): Promise<SettingsStore> => {
  const { default: ElectronStore } = await import('electron-store');
  const store = new ElectronStore<Store>({
    name: 'settings',
    accessPropertiesByDotNotation: false,
    clearInvalidConfig: true,
    configFileMode: 0o600,
    watch: false,
  });
  return {
    get<T>(key: string): T | undefined {
      try {
        return store.get(key) as T | undefined;
      } catch (error) {
        logger.warn('Reading a setting failed; using the default', { key, reason: error instanceof Error ? error.message : String(error) });
        return undefined;
      }
    },
    set(key: string, value: unknown): void {
      store.set(key, value);
    },
    delete(key: string): void {
      store.delete(key);
    },
  };
};
