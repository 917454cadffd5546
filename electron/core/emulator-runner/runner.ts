/**
 * Runs the local emulator as a child process (DESIGN §4): free loopback ports, data in the
 * user-data folder, the first stdout line is its startup line, stderr goes to the log.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { AppError, because, reason, type EmulatorStatus } from '../../../shared/contract';
import { describeIssues, summarizeIssues } from '../errors';
import { formatSeconds } from '../http/errors';
import type { EmulatorHost, EmulatorLaunch, EmulatorProcess, Logger } from '../ports';
import { emulatorStartupLineSchema, type EmulatorStartupLine } from './startup-line';

/** A Node child process whose stdin is a pipe this process holds: when it dies, the emulator sees the end. */
export const nodeEmulatorHost: EmulatorHost = {
  pipesStdin: true,
  spawn: (launch, args) =>
    spawn(launch.command, args, {
      env: { ...process.env, ...launch.env },
      ...(launch.cwd ? { cwd: launch.cwd } : {}),
      stdio: ['pipe', 'pipe', 'pipe'],
      windowsHide: true,
    }),
};

export interface EmulatorRunnerOptions {
  launch: EmulatorLaunch;
  host?: EmulatorHost;
  /** The emulator keeps its state in `<userDataDir>/emulator`. */
  userDataDir: string;
  logger: Logger;
  /** Extra command-line arguments, e.g. `['--token-ttl', '5']` in tests. */
  extraArgs?: string[];
  startTimeoutMs?: number;
  /** How long to wait after SIGTERM before SIGKILL. */
  stopGraceMs?: number;
  onStatus?: (status: EmulatorStatus) => void;
}

export interface EmulatorRunner {
  status(): EmulatorStatus;
  /** The startup line of the running emulator. */
  startup(): EmulatorStartupLine | undefined;
  /** The running emulator's process id. */
  pid(): number | undefined;
  /** Starts it (or joins a start in progress); resolves with the startup line, rejects with an AppError. */
  start(): Promise<EmulatorStartupLine>;
  stop(): Promise<void>;
}

const STDERR_TAIL_LINES = 20;
const MAX_FIRST_LINE = 1_000_000;

export function createEmulatorRunner(options: EmulatorRunnerOptions): EmulatorRunner {
  const startTimeoutMs = options.startTimeoutMs ?? 60_000;
  const stopGraceMs = options.stopGraceMs ?? 5_000;
  let status: EmulatorStatus = { state: 'stopped' };
  let startupLine: EmulatorStartupLine | undefined;
  let child: EmulatorProcess | undefined;
  const host = options.host ?? nodeEmulatorHost;
  let starting: Promise<EmulatorStartupLine> | undefined;
  let exited: Promise<void> = Promise.resolve();
  let stopping = false;

  const setStatus = (next: EmulatorStatus): void => {
    if (next.state === status.state && next.message === status.message && next.state !== 'running') return;
    status = next;
    options.onStatus?.(next);
  };

  const fail = (message: string): AppError => {
    const why = reason('profiles.emulatorFailed', { said: message });
    setStatus({ state: 'failed', message, userMessage: why });
    options.logger.error('Local emulator: ' + message);
    return new AppError('unavailable', message, { details: because(why) });
  };

  const launchOnce = (): Promise<EmulatorStartupLine> =>
    new Promise<EmulatorStartupLine>((resolve, reject) => {
      const dataDir = path.join(options.userDataDir, 'emulator');
      try {
        fs.mkdirSync(dataDir, { recursive: true });
      } catch (error) {
        reject(fail(`Its data folder ${dataDir} cannot be created: ${(error as Error).message}`));
        return;
      }
      const given = [...options.launch.args, ...(options.extraArgs ?? [])];
      // The host's own flags win: ours are only defaults.
      const defaults = [
        ['--port', '0'],
        ['--data-dir', dataDir],
        ['--seed', '1'],
      ].filter(([flag]) => !given.some((arg) => arg === flag || arg.startsWith(`${flag}=`)));
      // It must never outlive this process (a SIGKILL gives no chance to stop it): see emulator/parent-watch.
      const lifeline = ['--parent-pid', String(process.pid), ...(host.pipesStdin ? ['--exit-on-stdin-close'] : [])];
      const args = [...options.launch.args, ...defaults.flat(), ...(options.extraArgs ?? []), ...lifeline];
      setStatus({ state: 'starting' });
      options.logger.info('Starting the local emulator', { command: options.launch.command, args });
      let proc: EmulatorProcess;
      try {
        proc = host.spawn(options.launch, args);
      } catch (error) {
        reject(fail(`The local emulator could not be started (${options.launch.command}): ${(error as Error).message}`));
        return;
      }
      child = proc;
      stopping = false;
      let ready = false;
      let stdoutBuffer = '';
      let stderrPartial = '';
      const stderrTail: string[] = [];
      exited = new Promise<void>((done) => proc.once('exit', () => done()));

      const settleFailure = (message: string): void => {
        if (ready) return;
        ready = true;
        clearTimeout(timer);
        reject(fail(message));
        killProcess(proc, stopGraceMs);
      };
      const tail = (): string => (stderrTail.length > 0 ? ` Its last messages: ${stderrTail.slice(-5).join(' | ')}` : '');

      const timer = setTimeout(() => {
        settleFailure(`The local emulator did not start within ${formatSeconds(startTimeoutMs)}.${tail()}`);
      }, startTimeoutMs);

      proc.stdout?.setEncoding('utf8');
      proc.stdout?.on('data', (chunk: string) => {
        if (ready) {
          for (const line of chunk.split('\n').filter(Boolean)) options.logger.info(`emulator: ${line}`);
          return;
        }
        stdoutBuffer += chunk;
        const newline = stdoutBuffer.indexOf('\n');
        if (newline < 0) {
          if (stdoutBuffer.length > MAX_FIRST_LINE) settleFailure('The local emulator printed an unexpectedly long first line.');
          return;
        }
        const line = stdoutBuffer.slice(0, newline).trim();
        let json: unknown;
        try {
          json = JSON.parse(line);
        } catch {
          settleFailure(`The local emulator printed something other than its startup line: "${line.slice(0, 200)}".`);
          return;
        }
        const parsed = emulatorStartupLineSchema.safeParse(json);
        if (!parsed.success) {
          settleFailure(`The local emulator's startup line is incomplete: ${describeIssues(summarizeIssues(parsed.error.issues))}.`);
          return;
        }
        ready = true;
        clearTimeout(timer);
        startupLine = parsed.data;
        setStatus({ state: 'running', urls: urlsOf(parsed.data) });
        options.logger.info('The local emulator is running', { authUrl: parsed.data.authUrl, pid: proc.pid });
        resolve(parsed.data);
      });

      proc.stderr?.setEncoding('utf8');
      proc.stderr?.on('data', (chunk: string) => {
        const lines = (stderrPartial + chunk).split('\n');
        stderrPartial = lines.pop() ?? '';
        for (const line of lines.filter((l) => l.trim() !== '')) {
          stderrTail.push(line);
          if (stderrTail.length > STDERR_TAIL_LINES) stderrTail.shift();
          options.logger.info(`emulator: ${line}`);
        }
      });

      proc.once('error', (error) => {
        settleFailure(`The local emulator could not be started (${options.launch.command}): ${error.message}`);
      });

      proc.once('exit', (code, signal) => {
        if (child === proc) child = undefined;
        if (stderrPartial.trim()) stderrTail.push(stderrPartial.trim());
        const how = signal ? `signal ${signal}` : `exit code ${code ?? 'unknown'}`;
        if (!ready && stopping) {
          ready = true;
          clearTimeout(timer);
          setStatus({ state: 'stopped' });
          reject(new AppError('cancelled', 'The local emulator was stopped while it was starting.', { details: because(reason('profiles.emulatorStopped')) }));
          return;
        }
        if (!ready) {
          settleFailure(`The local emulator stopped before it was ready (${how}).${tail()}`);
          return;
        }
        startupLine = undefined;
        if (stopping) {
          setStatus({ state: 'stopped' });
          options.logger.info('The local emulator stopped', { how });
        } else {
          fail(`The local emulator stopped unexpectedly (${how}).${tail()}`);
        }
      });
    });

  return {
    status: () => status,
    startup: () => startupLine,
    pid: () => child?.pid,
    start() {
      if (startupLine && child) return Promise.resolve(startupLine);
      if (starting) return starting;
      starting = launchOnce().finally(() => {
        starting = undefined;
      });
      return starting;
    },
    async stop() {
      const proc = child;
      if (!proc) {
        if (status.state !== 'failed') setStatus({ state: 'stopped' });
        return;
      }
      stopping = true;
      killProcess(proc, stopGraceMs);
      await exited;
      await starting?.catch(() => undefined);
      setStatus({ state: 'stopped' });
    },
  };
}

function urlsOf(line: EmulatorStartupLine): NonNullable<EmulatorStatus['urls']> {
  return {
    authUrl: line.authUrl,
    documentsUrl: line.documentsUrl,
    transferUrl: line.transferUrl,
    fiscalUrl: line.fiscalUrl,
    fiscalMtlsUrl: line.fiscalMtlsUrl,
  };
}

/** SIGTERM, then SIGKILL if it is still there after the grace period. */
function killProcess(proc: EmulatorProcess, graceMs: number): void {
  if (proc.exitCode !== null || proc.signalCode !== null) return;
  proc.kill('SIGTERM');
  const timer = setTimeout(() => {
    if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGKILL');
  }, graceMs);
  timer.unref();
  proc.once('exit', () => clearTimeout(timer));
}
