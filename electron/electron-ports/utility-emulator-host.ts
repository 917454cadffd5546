/**
 * Runs the emulator in an Electron utility process instead of a Node child started with
 * ELECTRON_RUN_AS_NODE, so the packaged app can turn the RunAsNode fuse off (docs/security.md).
 * The launch's first argument is the module to run (dist/emulator/cli.mjs); its command is unused.
 * A utility process has no stdin pipe: the emulator watches the app's pid instead (--parent-pid),
 * and Chromium ends utility processes whose browser process is gone.
 */
import { EventEmitter } from 'node:events';
import { utilityProcess, type UtilityProcess } from 'electron';
import type { EmulatorHost, EmulatorLaunch, EmulatorProcess } from '../core/ports';

class UtilityEmulatorProcess extends EventEmitter implements EmulatorProcess {
  exitCode: number | null = null;
  readonly signalCode: NodeJS.Signals | null = null;

  constructor(private readonly child: UtilityProcess) {
    super();
    child.once('exit', (code) => {
      this.exitCode = code;
      this.emit('exit', code, null);
    });
  }

  get pid(): number | undefined {
    return this.child.pid;
  }
  get stdout(): NodeJS.ReadableStream | null {
    return this.child.stdout;
  }
  get stderr(): NodeJS.ReadableStream | null {
    return this.child.stderr;
  }
  /** Utility processes take no signal name: kill() terminates them (SIGTERM on POSIX). */
  kill(): boolean {
    return this.child.kill();
  }
}

export const utilityEmulatorHost: EmulatorHost = {
  pipesStdin: false,
  spawn(launch: EmulatorLaunch, args: string[]): EmulatorProcess {
    const [modulePath, ...rest] = args;
    if (modulePath === undefined) throw new Error('No emulator module to run.');
    const env: Record<string, string> = {};
    for (const [key, value] of Object.entries({ ...process.env, ...launch.env })) if (value !== undefined && key !== 'ELECTRON_RUN_AS_NODE') env[key] = value;
    const child = utilityProcess.fork(modulePath, rest, {
      env,
      stdio: 'pipe',
      serviceName: 'Ledgerdesk emulator',
      ...(launch.cwd ? { cwd: launch.cwd } : {}),
    });
    return new UtilityEmulatorProcess(child);
  },
};
