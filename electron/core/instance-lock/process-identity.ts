/**
 * "Is this pid still the process that wrote the lock?" A pid alone is not enough: after a crash
 * and a reboot (or just a busy machine) the number is handed to another program. So the lock also
 * records when its owner started, read from the OS, and both must match.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

/** The start time of a process as the OS reports it (an opaque string), or null when it cannot be told. */
export function processStartIdentity(pid: number): string | null {
  try {
    if (process.platform === 'linux') {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      // Field 22 (starttime, clock ticks since boot); the command name (field 2) may contain spaces.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const boot = fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
      return `${boot}:${fields[19] ?? ''}`;
    }
    if (process.platform === 'darwin' || process.platform === 'freebsd' || process.platform === 'openbsd') {
      const started = execFileSync('ps', ['-o', 'lstart=', '-p', String(pid)], { encoding: 'utf8', timeout: 2_000, stdio: ['ignore', 'pipe', 'ignore'] }).trim();
      return started === '' ? null : started;
    }
  } catch {
    return null;
  }
  // Windows: no cheap, dependable way; a live pid is then taken as the owner (see isLockOwnerAlive).
  return null;
}

export function isPidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** True when `pid` runs and, where the OS can tell, is the same process that recorded `startIdentity`. */
export function isSameProcessRunning(pid: number, startIdentity: string | null): boolean {
  if (!isPidAlive(pid)) return false;
  if (startIdentity === null) return true;
  const now = processStartIdentity(pid);
  return now === null ? true : now === startIdentity;
}
