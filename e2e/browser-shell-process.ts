import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, type WriteStream } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { repoRoot } from './shell-choice';

/** The browser shell's one startup line (DESIGN §1). */
export interface ShellStartupLine {
  url: string;
  emulator: EmulatorStartupLine | null;
}

export interface EmulatorStartupLine {
  authUrl: string;
  documentsUrl: string;
  transferUrl: string;
  fiscalUrl: string;
  fiscalMtlsUrl: string;
  accounts: { name: string; email: string; password: string; environment: string; description: string }[];
  [key: string]: unknown;
}

export interface RunningBrowserShell extends ShellStartupLine {
  stop(): Promise<void>;
}

const startupTimeoutMs = 90_000;
const stopGraceMs = 10_000;

const killGroup = (child: ChildProcess, signal: NodeJS.Signals): void => {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // The group is gone already.
  }
};

/**
 * Starts `electron/browser-shell.ts` from source (of this repository, or of `root`) on a free port with its own user-data folder and
 * waits for its startup line. Logs (stderr) go to `logPath`. The shell runs in its own process group
 * so that stop() can make sure the emulator it started goes too.
 */
export const startBrowserShell = (options: { userDataDir: string; env: Record<string, string>; logPath: string; root?: string }): Promise<RunningBrowserShell> => {
  const root = options.root ?? repoRoot;
  const log: WriteStream = createWriteStream(options.logPath, { flags: 'a' });
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(root, 'electron', 'browser-shell.ts'), '--port', '0', '--no-open', '--user-data', options.userDataDir],
    { cwd: root, env: { ...process.env, ...options.env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true },
  );
  child.stderr?.pipe(log);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  let stopping: Promise<void> | null = null;
  const stop = (): Promise<void> => (stopping ??= stopNow());
  const stopNow = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), stopGraceMs).unref());
      await Promise.race([exited, timer]);
    }
    // Whatever is left in the group (an emulator whose parent died) goes too.
    killGroup(child, 'SIGKILL');
    await exited;
    await new Promise<void>((resolve) => log.end(() => resolve()));
  };

  return new Promise((resolve, reject) => {
    let settled = false;
    const fail = (message: string): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void stop().finally(() => reject(new Error(`${message} (shell log: ${options.logPath})`)));
    };
    const timer = setTimeout(() => fail(`The browser shell printed no startup line within ${startupTimeoutMs / 1000} s`), startupTimeoutMs);
    const lines = createInterface({ input: child.stdout! });
    lines.once('line', (line) => {
      if (settled) return;
      clearTimeout(timer);
      let parsed: ShellStartupLine;
      try {
        parsed = JSON.parse(line) as ShellStartupLine;
      } catch {
        fail(`The browser shell's first stdout line is not JSON: ${line.slice(0, 200)}`);
        return;
      }
      settled = true;
      child.stdout?.resume();
      resolve({ ...parsed, stop });
    });
    child.once('exit', (code, signal) => fail(`The browser shell exited before it was ready (${signal ?? `exit code ${String(code)}`})`));
    child.once('error', (error) => fail(`The browser shell could not be started: ${error.message}`));
  });
};
