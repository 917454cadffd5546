/**
 * The emulator on a core of its own and the bench's process (the bare loop and the client alike) on
 * the others (`taskset`, Linux): the emulator stands for a service on its own servers, and on a
 * 2-core machine the client's own work (hashing, writing, its threads) otherwise takes the
 * emulator's processor time and is counted twice (docs/performance.md, documents-bulk, ninth
 * session).
 */
import { execFileSync } from 'node:child_process';
import os from 'node:os';

/** The cores the emulator and this process ran on (`taskset` lists), or why they shared them. */
export type CorePlacement = { emulator: string; bench: string } | { shared: string };

/** Pins the emulator to the last core and this process, with the threads it starts later, to the others. */
export function pinCores(emulatorPid: number | undefined, shared: boolean): CorePlacement {
  const cores = os.availableParallelism();
  if (shared) return { shared: 'asked (--shared-cores)' };
  if (process.platform !== 'linux' || cores < 2 || emulatorPid === undefined) return { shared: `not possible here (${process.platform}, ${cores} cores)` };
  const cpus = { emulator: String(cores - 1), bench: cores === 2 ? '0' : `0-${cores - 2}` };
  try {
    // -a: every thread the process has now; threads started later inherit their starter's cores.
    execFileSync('taskset', ['-a', '-p', '-c', cpus.emulator, String(emulatorPid)], { stdio: 'ignore' });
    execFileSync('taskset', ['-a', '-p', '-c', cpus.bench, String(process.pid)], { stdio: 'ignore' });
    return cpus;
  } catch (error) {
    return { shared: `taskset failed: ${error instanceof Error ? error.message : String(error)}` };
  }
}

/** Gives this process every core again (after a pinned part, before parts measured the earlier way). */
export function unpinThisProcess(placement: CorePlacement): void {
  if ('shared' in placement) return;
  try {
    execFileSync('taskset', ['-a', '-p', '-c', `0-${os.availableParallelism() - 1}`, String(process.pid)], { stdio: 'ignore' });
  } catch {
    /* pinned it stays; the parts after it say nothing about cores */
  }
}
