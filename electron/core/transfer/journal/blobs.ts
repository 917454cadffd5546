/**
 * Bytes of dropped files that have no path on disk (the browser shell sends them), kept once per
 * content under `<userDataDir>/uploads/blobs/<sha256>` so that a restart can still send them.
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

const SHA256 = /^[0-9a-f]{64}$/;

export class BlobStore {
  readonly dir: string;
  /** The folder is made once, not on every put. */
  #made: Promise<unknown> | undefined;

  constructor(dir: string) {
    this.dir = dir;
  }

  pathOf(sha256: string): string {
    if (!SHA256.test(sha256)) throw new Error(`Not a SHA-256 blob name: ${sha256}`);
    return path.join(this.dir, sha256);
  }

  /** Writes the bytes durably unless a blob with this content is already there. */
  async put(sha256: string, bytes: Uint8Array): Promise<void> {
    const target = this.pathOf(sha256);
    try {
      const stat = await fs.stat(target);
      if (stat.isFile() && stat.size === bytes.byteLength) return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    this.#made ??= fs.mkdir(this.dir, { recursive: true, mode: 0o700 }).catch((error: unknown) => {
      this.#made = undefined;
      throw error;
    });
    await this.#made;
    const temporary = `${target}.${crypto.randomBytes(6).toString('hex')}.tmp`;
    const handle = await fs.open(temporary, 'w', 0o600);
    try {
      await handle.writeFile(bytes);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fs.rename(temporary, target);
  }

  /**
   * Makes the renames of the blobs put so far durable (the folder's entries): called once for a
   * group of puts, before the journal refers to them. Some systems (Windows) cannot open a folder;
   * the rename is still atomic there.
   */
  async syncFolder(): Promise<void> {
    const handle = await fs.open(this.dir, 'r').catch(() => undefined);
    if (!handle) return;
    try {
      await handle.sync();
    } catch {
      // A folder that cannot be flushed: nothing more to do.
    } finally {
      await handle.close().catch(() => undefined);
    }
  }

  read(sha256: string): Promise<Buffer> {
    return fs.readFile(this.pathOf(sha256));
  }

  async delete(sha256: string): Promise<void> {
    await fs.rm(this.pathOf(sha256), { force: true });
  }

  /** Removes every blob (and leftover temporary file) whose content no entry needs any more. */
  async keepOnly(needed: ReadonlySet<string>): Promise<number> {
    let names: string[];
    try {
      names = await fs.readdir(this.dir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
      throw error;
    }
    let removed = 0;
    for (const name of names) {
      if (SHA256.test(name) && needed.has(name)) continue;
      await fs.rm(path.join(this.dir, name), { force: true });
      removed += 1;
    }
    return removed;
  }
}
