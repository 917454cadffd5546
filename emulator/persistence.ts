import { closeSync, fsyncSync, mkdirSync, mkdtempSync, openSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Persistence } from './context';

const areaNamePattern = /^[a-z0-9][a-z0-9-]*$/;

function assertAreaName(area: string): void {
  if (!areaNamePattern.test(area)) {
    throw new Error(`Persistence area names use lowercase letters, digits and dashes; got "${area}".`);
  }
}

/** Best effort: some file systems refuse fsync on a directory. */
function fsyncDirectory(dir: string): void {
  let fd: number | undefined;
  try {
    fd = openSync(dir, 'r');
    fsyncSync(fd);
  } catch {
    // the rename is still atomic; only its durability on power loss is weaker
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** Writes `content` so that readers see either the old or the new file, never half of one. */
export function writeFileAtomic(path: string, content: string, mode = 0o644): void {
  const temp = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  const fd = openSync(temp, 'w', mode);
  try {
    writeSync(fd, content);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  try {
    renameSync(temp, path);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
  fsyncDirectory(join(path, '..'));
}

export interface EmulatorPersistence extends Persistence {
  /** The data dir, or the temp dir used without --data-dir. */
  readonly root: string;
  readonly persistent: boolean;
  /** Removes the temp dir (without --data-dir); nothing to do with one since saves are synchronous. */
  close(): Promise<void>;
}

/**
 * With a data dir: state files in `<dataDir>/state/<area>.json`, area folders `<dataDir>/<area>/`.
 * Without: nothing is loaded or saved, and area folders live in a temp dir removed on close.
 */
export function createPersistence(dataDir: string | null, log: (message: string) => void): EmulatorPersistence {
  const persistent = dataDir !== null;
  const root = dataDir ?? mkdtempSync(join(tmpdir(), 'ledgerdesk-emulator-'));
  try {
    mkdirSync(root, { recursive: true });
  } catch (error) {
    throw new Error(`The data dir ${root} cannot be used as a folder: ${(error as Error).message}`, { cause: error });
  }
  const stateDir = join(root, 'state');
  const statePath = (area: string) => join(stateDir, `${area}.json`);

  return {
    root,
    persistent,
    load<T>(area: string): T | undefined {
      assertAreaName(area);
      if (!persistent) return undefined;
      let text: string;
      try {
        text = readFileSync(statePath(area), 'utf8');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw new Error(`Cannot read the saved state of "${area}" (${statePath(area)}): ${(error as Error).message}`, { cause: error });
      }
      try {
        return JSON.parse(text) as T;
      } catch (error) {
        const aside = `${statePath(area)}.corrupt-${Date.now()}`;
        renameSync(statePath(area), aside);
        log(`The saved state of "${area}" was not valid JSON (${(error as Error).message}); moved it to ${aside} and started fresh.`);
        return undefined;
      }
    },
    save(area, state) {
      assertAreaName(area);
      if (!persistent) return;
      mkdirSync(stateDir, { recursive: true });
      writeFileAtomic(statePath(area), `${JSON.stringify(state)}\n`);
    },
    dir(area) {
      assertAreaName(area);
      const dir = join(root, area);
      mkdirSync(dir, { recursive: true });
      return dir;
    },
    async close() {
      if (!persistent) rmSync(root, { recursive: true, force: true });
    },
  };
}
