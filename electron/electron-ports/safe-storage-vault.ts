import { randomBytes } from 'node:crypto';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { safeStorage } from 'electron';
import { z } from 'zod';
import { AppError, type SecretStorageInfo } from '../../shared/contract';
import type { SecretVault } from '../core/ports';

const fileSchema = z.object({ version: z.literal(1), entries: z.record(z.string(), z.string()) });
type VaultFile = z.infer<typeof fileSchema>;

/** What the OS keeps the encryption key in; Linux names the password manager Electron picked. */
const backendName = (): string => {
  if (process.platform === 'darwin') return 'keychain';
  if (process.platform === 'win32') return 'dpapi';
  return safeStorage.getSelectedStorageBackend();
};

/**
 * SecretVault on Electron's safeStorage: each secret is encrypted with the OS-held key and kept
 * (base64) in `<userData>/secrets.safe.json` (0600). On Linux without a keyring Electron falls back
 * to `basic_text`, where the data is only obfuscated: info() says so, and the UI can offer not to
 * remember secrets.
 */
export class SafeStorageVault implements SecretVault {
  readonly filePath: string;
  #queue: Promise<unknown> = Promise.resolve();

  constructor(userDataDir: string) {
    this.filePath = join(userDataDir, 'secrets.safe.json');
  }

  info(): SecretStorageInfo {
    const backend = backendName();
    if (backend === 'basic_text') {
      return {
        backend,
        secure: false,
        note: 'No system keyring (GNOME Keyring, KWallet) was found: saved secrets are only obfuscated, not encrypted. Consider not using "Remember me" on this computer.',
      };
    }
    if (backend === 'unknown') return { backend, secure: false, note: 'The system keyring is not ready yet.' };
    return { backend, secure: true };
  }

  set(key: string, value: string): Promise<void> {
    return this.#serial(async () => {
      await this.#requireEncryption();
      const file = await this.#read();
      file.entries[key] = (await safeStorage.encryptStringAsync(value)).toString('base64');
      await this.#write(file);
    });
  }

  get(key: string): Promise<string | undefined> {
    return this.#serial(async () => {
      const file = await this.#read();
      const stored = Object.hasOwn(file.entries, key) ? file.entries[key] : undefined;
      if (stored === undefined) return undefined;
      await this.#requireEncryption();
      try {
        const { result, shouldReEncrypt } = await safeStorage.decryptStringAsync(Buffer.from(stored, 'base64'));
        if (shouldReEncrypt) {
          file.entries[key] = (await safeStorage.encryptStringAsync(result)).toString('base64');
          await this.#write(file);
        }
        return result;
      } catch (error) {
        throw new AppError('file', `A saved secret cannot be decrypted (the system keyring changed?). Sign in again to replace it.`, { cause: error });
      }
    });
  }

  delete(key: string): Promise<void> {
    return this.#serial(async () => {
      const file = await this.#read();
      if (!Object.hasOwn(file.entries, key)) return;
      delete file.entries[key];
      await this.#write(file);
    });
  }

  #serial<T>(operation: () => Promise<T>): Promise<T> {
    const run = this.#queue.then(operation, operation);
    this.#queue = run.catch(() => undefined);
    return run;
  }

  async #requireEncryption(): Promise<void> {
    if (!(await safeStorage.isAsyncEncryptionAvailable())) {
      throw new AppError('file', 'The system cannot encrypt secrets right now (no keyring available), so nothing was saved.');
    }
  }

  async #read(): Promise<VaultFile> {
    let text: string;
    try {
      text = await readFile(this.filePath, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { version: 1, entries: {} };
      throw new AppError('file', `The secrets file ${this.filePath} cannot be read: ${(error as Error).message}`, { cause: error });
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    const parsed = fileSchema.safeParse(json);
    if (parsed.success) return parsed.data;
    await rename(this.filePath, `${this.filePath}.unreadable-${Date.now()}`).catch(() => undefined);
    return { version: 1, entries: {} };
  }

  async #write(file: VaultFile): Promise<void> {
    const temporary = `${this.filePath}.${randomBytes(6).toString('hex')}.tmp`;
    await writeFile(temporary, JSON.stringify(file), { mode: 0o600 });
    await rename(temporary, this.filePath);
  }
}
