import { cp, mkdtemp, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startBrowserShell, type EmulatorStartupLine } from '../../e2e/browser-shell-process';

export interface BenchShell {
  /** The launch URL (with the per-launch secret in its fragment). */
  url: string;
  emulator: EmulatorStartupLine | null;
  userDataDir: string;
  /** Stops the shell (and its emulator) and removes its user-data folder. */
  close(): Promise<void>;
}

export interface BenchShellOptions {
  /** Flags for the local emulator (LEDGERDESK_EMULATOR_ARGS), e.g. "--documents 100000". */
  emulatorArgs?: string;
  /** A previous shell's user-data folder whose emulator PKI to reuse (issuing RSA keys takes seconds). */
  pkiFrom?: string;
  /** More environment for the shell, e.g. LEDGERDESK_SCRIPTED_DIALOGS (its scripted dialogs). */
  env?: Record<string, string>;
}

const pkiDir = (userDataDir: string): string => path.join(userDataDir, 'emulator', 'pki');

/**
 * The browser shell from source, on a free loopback port, with a fresh user-data folder, started the
 * way the end-to-end fixture does it (e2e/browser-shell-process.ts). Its log goes to a file in the
 * user-data folder's sibling so a failure can be explained.
 */
export async function startBenchShell(options: BenchShellOptions = {}): Promise<BenchShell> {
  const userDataDir = await mkdtemp(path.join(os.tmpdir(), 'ledgerdesk-bench-shell-'));
  if (options.pkiFrom !== undefined && existsSync(pkiDir(options.pkiFrom))) {
    await cp(pkiDir(options.pkiFrom), pkiDir(userDataDir), { recursive: true });
  }
  const logPath = `${userDataDir}.log`;
  try {
    const running = await startBrowserShell({ userDataDir, env: { ...options.env, LEDGERDESK_EMULATOR_ARGS: options.emulatorArgs ?? '' }, logPath });
    return {
      url: running.url,
      emulator: running.emulator,
      userDataDir,
      close: async () => {
        await running.stop();
        await rm(userDataDir, { recursive: true, force: true });
        await rm(logPath, { force: true });
      },
    };
  } catch (error) {
    // The log explains the failure: keep it (its path is in the message), drop the folder.
    await rm(userDataDir, { recursive: true, force: true });
    throw error;
  }
}
