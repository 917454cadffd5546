/**
 * SecretVault for hosts without an OS keychain (the browser shell, tests): AES-256-GCM entries in
 * a 0600 JSON file, with the key in a second 0600 file next to it. Anyone who can read the user's
 * files can read both, so `info()` says it is not secure storage.
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { AppError, because, reason, type SecretStorageInfo } from '../../../shared/contract';
import type { SecretVault } from '../ports';

const entrySchema = z.object({ iv: z.string(), tag: z.string(), data: z.string() });
const fileSchema = z.object({ version: z.literal(1), entries: z.record(z.string(), entrySchema) });
type VaultFile = z.infer<typeof fileSchema>;

const KEY_BYTES = 32;
const IV_BYTES = 12;

export interface FileSecretVaultOptions {
  /** The user-data folder; the vault writes `secrets.json` and `secrets.key` there. */
  dir: string;
}

export class FileSecretVault implements SecretVault {
  readonly filePath: string;
  readonly keyPath: string;
  /** Operations run one at a time so concurrent writes never lose an entry. */
  #queue: Promise<unknown> = Promise.resolve();
  #key: Buffer | undefined;

  constructor(options: FileSecretVaultOptions) {
    this.filePath = path.join(options.dir, 'secrets.json');
    this.keyPath = path.join(options.dir, 'secrets.key');
  }

  info(): SecretStorageInfo {
    return {
      backend: 'file',
      secure: false,
      note: `Secrets are encrypted in ${this.filePath}, but the key is stored next to it (${this.keyPath}); both files are readable only by your user account. Anyone with access to your account can read them.`,
    };
  }

  set(key: string, value: string): Promise<void> {
    return this.#serial(async () => {
      const file = await this.#readFile({ onCorrupt: 'reset' });
      const secretKey = await this.#loadKey(true);
      const iv = crypto.randomBytes(IV_BYTES);
      const cipher = crypto.createCipheriv('aes-256-gcm', secretKey, iv);
      cipher.setAAD(Buffer.from(key, 'utf8'));
      const data = Buffer.concat([cipher.update(value, 'utf8'), cipher.final()]);
      file.entries[key] = { iv: iv.toString('base64'), tag: cipher.getAuthTag().toString('base64'), data: data.toString('base64') };
      await this.#writeFile(file);
    });
  }

  get(key: string): Promise<string | undefined> {
    return this.#serial(async () => {
      const file = await this.#readFile({ onCorrupt: 'throw' });
      const entry = Object.hasOwn(file.entries, key) ? file.entries[key] : undefined;
      if (!entry) return undefined;
      const secretKey = await this.#loadKey(false);
      if (!secretKey) throw this.#unreadable(`its key file ${this.keyPath} is missing`);
      try {
        const decipher = crypto.createDecipheriv('aes-256-gcm', secretKey, Buffer.from(entry.iv, 'base64'));
        decipher.setAAD(Buffer.from(key, 'utf8'));
        decipher.setAuthTag(Buffer.from(entry.tag, 'base64'));
        return Buffer.concat([decipher.update(Buffer.from(entry.data, 'base64')), decipher.final()]).toString('utf8');
      } catch (error) {
        throw this.#unreadable('it was changed or does not match its key file', error);
      }
    });
  }

  delete(key: string): Promise<void> {
    return this.#serial(async () => {
      const file = await this.#readFile({ onCorrupt: 'reset' });
      if (!Object.hasOwn(file.entries, key)) return;
      delete file.entries[key];
      await this.#writeFile(file);
    });
  }

  #serial<T>(operation: () => Promise<T>): Promise<T> {
    const run = this.#queue.then(operation, operation);
    this.#queue = run.catch(() => undefined);
    return run;
  }

  #unreadable(words: string, cause?: unknown): AppError {
    return new AppError('file', `A saved secret in ${this.filePath} cannot be read: ${words}. Sign in again to replace it.`, { details: because(reason('files.secretsUnreadable')), cause });
  }

  async #readFile(options: { onCorrupt: 'throw' | 'reset' }): Promise<VaultFile> {
    let text: string;
    try {
      text = await fs.readFile(this.filePath, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { version: 1, entries: {} };
      throw new AppError('file', `The secrets file ${this.filePath} cannot be read: ${(error as Error).message}`, { details: because(reason('files.secretsUnreadable')), cause: error });
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    const result = fileSchema.safeParse(parsed);
    if (result.success) return result.data;
    if (options.onCorrupt === 'throw') throw this.#unreadable('the file is not in the expected format');
    // Writing over a broken file: keep a copy for inspection, start a fresh vault.
    await fs.rename(this.filePath, `${this.filePath}.unreadable-${Date.now()}`).catch(() => undefined);
    return { version: 1, entries: {} };
  }

  async #writeFile(file: VaultFile): Promise<void> {
    await fs.mkdir(path.dirname(this.filePath), { recursive: true, mode: 0o700 });
    const temp = `${this.filePath}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.tmp`;
    const handle = await fs.open(temp, 'wx', 0o600);
    try {
      await handle.writeFile(JSON.stringify(file), 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fs.rename(temp, this.filePath);
    await fs.chmod(this.filePath, 0o600);
  }

  async #loadKey(create: true): Promise<Buffer>;
  async #loadKey(create: false): Promise<Buffer | undefined>;
  async #loadKey(create: boolean): Promise<Buffer | undefined> {
    if (this.#key) return this.#key;
    try {
      const key = Buffer.from((await fs.readFile(this.keyPath, 'utf8')).trim(), 'base64');
      if (key.length !== KEY_BYTES) throw this.#unreadable(`its key file ${this.keyPath} is damaged`);
      this.#key = key;
      return key;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      if (!create) return undefined;
    }
    await fs.mkdir(path.dirname(this.keyPath), { recursive: true, mode: 0o700 });
    const key = crypto.randomBytes(KEY_BYTES);
    try {
      await fs.writeFile(this.keyPath, key.toString('base64'), { mode: 0o600, flag: 'wx' });
      this.#key = key;
      return key;
    } catch (error) {
      // Another process created it first: use theirs.
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') return this.#loadKey(true);
      throw error;
    }
  }
}
