import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { EmulatorLaunch } from '../core/ports';
import { isUpToDate } from '../../scripts/freshness.mjs';

/** The env var whose flags are appended to the emulator's command line (e.g. "--token-ttl 20"). */
export const EMULATOR_ARGS_ENV = 'LEDGERDESK_EMULATOR_ARGS';

/**
 * Splits a flags string like a shell would, for the simple cases people type:
 * whitespace separates, single or double quotes group, no escapes or expansions.
 */
export const splitArgs = (text: string): string[] => {
  const args: string[] = [];
  const pattern = /"([^"]*)"|'([^']*)'|(\S+)/g;
  for (const match of text.matchAll(pattern)) args.push(match[1] ?? match[2] ?? match[3] ?? '');
  return args;
};

export const extraEmulatorArgs = (env: NodeJS.ProcessEnv = process.env): string[] =>
  splitArgs(env[EMULATOR_ARGS_ENV] ?? '');

export interface EmulatorLaunchOptions {
  /** The folder holding `emulator/cli.ts` (from source) or `dist/emulator/cli.mjs` (bundled). */
  appRoot: string;
  /** The Node (or Electron) executable. */
  execPath: string;
  /**
   * Which to try first: `source` runs emulator/cli.ts through tsx, `bundle` runs dist/emulator/cli.mjs,
   * `fresh-bundle` runs the bundle only when it is newer than emulator/ and shared/ (it starts several
   * seconds faster than tsx), the source otherwise.
   */
  prefer: 'source' | 'bundle' | 'fresh-bundle';
  extraArgs: string[];
  /** Environment for the child on top of the parent's. */
  env?: Record<string, string>;
  /**
   * Resolves the tsx loader (a file URL) for running from source; null when unavailable. The caller
   * supplies it because only ESM hosts have import.meta.resolve (the Electron main bundle is CommonJS).
   */
  resolveTsx: () => string | null;
}

/** How the core should start the local emulator; null when neither the source nor a bundle is there. */
export const emulatorLaunchFor = (options: EmulatorLaunchOptions): EmulatorLaunch | null => {
  const sourceCli = join(options.appRoot, 'emulator', 'cli.ts');
  const bundledCli = join(options.appRoot, 'dist', 'emulator', 'cli.mjs');
  const fromSource = (): EmulatorLaunch | null => {
    if (!existsSync(sourceCli)) return null;
    const tsx = options.resolveTsx();
    if (tsx === null) return null;
    return { command: options.execPath, args: ['--import', tsx, sourceCli, ...options.extraArgs] };
  };
  const fromBundle = (): EmulatorLaunch | null =>
    existsSync(bundledCli) ? { command: options.execPath, args: [bundledCli, ...options.extraArgs] } : null;
  const preferBundle =
    options.prefer === 'bundle' ||
    (options.prefer === 'fresh-bundle' &&
      isUpToDate(bundledCli, [join(options.appRoot, 'emulator'), join(options.appRoot, 'shared')]));
  const launch = preferBundle ? (fromBundle() ?? fromSource()) : (fromSource() ?? fromBundle());
  if (launch === null) return null;
  return options.env === undefined ? launch : { ...launch, env: options.env };
};
