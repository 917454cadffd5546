/**
 * One app per user-data folder (both shells): two instances on one folder would share the upload
 * journal, the vault and the emulator's data, and each would resend the other's uploads.
 *
 * The lock is a file created with O_EXCL, holding who owns it (pid, the owner's start time as the
 * OS reports it, host, shell, address). A lock whose owner is gone (or whose pid now belongs to
 * another program) is stale and is taken over; the takeover renames the stale file away and checks
 * it moved the file it judged, so two instances recovering at once cannot both win.
 * Why not proper-lockfile: its staleness is an mtime refreshed on a timer, so after a crash the
 * user would wait out the stale period, and a machine waking from sleep can lose a live lock.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { isSameProcessRunning, processStartIdentity } from './process-identity';

export const LOCK_FILE_NAME = 'ledgerdesk.lock';

const ownerSchema = z.object({
  pid: z.number().int().positive(),
  startIdentity: z.string().nullable(),
  hostname: z.string(),
  shell: z.string(),
  startedAt: z.string(),
  address: z.string().optional(),
  token: z.string(),
});
export type LockOwner = z.infer<typeof ownerSchema>;

export class AlreadyRunningError extends Error {
  override readonly name = 'AlreadyRunningError';
  constructor(
    readonly owner: LockOwner,
    readonly userDataDir: string,
  ) {
    const shell = owner.shell === 'electron' ? 'the Ledgerdesk app' : 'the Ledgerdesk browser shell';
    const where = owner.address ? `, serving ${owner.address}` : '';
    const host = owner.hostname === os.hostname() ? '' : ` on the computer "${owner.hostname}"`;
    super(
      `Ledgerdesk is already running with the user-data folder ${userDataDir}: ${shell} (process ${owner.pid}${host}${where}, started ${owner.startedAt}). ` +
        'Use that window, or close it first; to run a second copy, give it another folder with --user-data.',
    );
  }
}

export interface InstanceLock {
  readonly path: string;
  /** Records where this instance can be reached (e.g. the browser shell's address), for a second one's message. */
  setAddress(address: string): void;
  /** Removes the lock if it is still ours. Safe to call more than once. */
  release(): void;
}

export interface AcquireOptions {
  userDataDir: string;
  shell: 'electron' | 'browser';
  /** How long an unreadable lock may be "being written" before it counts as stale. */
  unreadableGraceMs?: number;
}

const sleepSync = (ms: number): void => {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
};

function readOwner(file: string): { owner: LockOwner | null; text: string; ageMs: number } | 'missing' {
  try {
    const text = fs.readFileSync(file, 'utf8');
    const ageMs = Date.now() - fs.statSync(file).mtimeMs;
    try {
      const parsed = ownerSchema.safeParse(JSON.parse(text));
      return { owner: parsed.success ? parsed.data : null, text, ageMs };
    } catch {
      return { owner: null, text, ageMs };
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'missing';
    throw error;
  }
}

function writeExclusive(file: string, owner: LockOwner): boolean {
  let fd: number;
  try {
    fd = fs.openSync(file, 'wx', 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  try {
    fs.writeSync(fd, JSON.stringify(owner));
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  return true;
}

/** Moves a stale lock out of the way; what was moved is put back when it turns out not to be the stale one judged. */
function takeOver(file: string, judged: string): void {
  const aside = `${file}.stale-${process.pid}-${crypto.randomBytes(4).toString('hex')}`;
  try {
    fs.renameSync(file, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return; // someone else took it over first
    throw error;
  }
  const moved = fs.readFileSync(aside, 'utf8');
  if (moved !== judged) {
    // Another instance recovered the stale lock and created its own in between: give it back.
    try {
      fs.linkSync(aside, file);
    } catch {
      // A third instance got in first; it owns the folder now.
    }
  }
  fs.rmSync(aside, { force: true });
}

export function acquireInstanceLock(options: AcquireOptions): InstanceLock {
  const file = path.join(options.userDataDir, LOCK_FILE_NAME);
  const graceMs = options.unreadableGraceMs ?? 5_000;
  let owner: LockOwner = {
    pid: process.pid,
    startIdentity: processStartIdentity(process.pid),
    hostname: os.hostname(),
    shell: options.shell,
    startedAt: new Date().toISOString(),
    token: crypto.randomBytes(12).toString('hex'),
  };

  for (let attempt = 0; ; attempt += 1) {
    if (writeExclusive(file, owner)) break;
    if (attempt >= 50) throw new Error(`The lock ${file} could not be taken: it keeps changing. Is another copy of Ledgerdesk starting?`);
    const found = readOwner(file);
    if (found === 'missing') continue;
    if (found.owner === null) {
      // Being written by an instance starting right now, or left half-written by a crash.
      if (found.ageMs < graceMs) {
        sleepSync(100);
        continue;
      }
    } else if (found.owner.hostname !== os.hostname() || isSameProcessRunning(found.owner.pid, found.owner.startIdentity)) {
      // A lock from another computer (a shared folder) cannot be checked: it is respected.
      throw new AlreadyRunningError(found.owner, options.userDataDir);
    }
    takeOver(file, found.text);
  }

  let released = false;
  const stillOurs = (): boolean => {
    const found = readOwner(file);
    return found !== 'missing' && found.owner?.token === owner.token;
  };
  return {
    path: file,
    setAddress(address) {
      if (released || !stillOurs()) return;
      owner = { ...owner, address };
      // Rewritten in place (not replaced): the file never disappears while we hold it.
      fs.writeFileSync(file, JSON.stringify(owner), { mode: 0o600 });
    },
    release() {
      if (released) return;
      released = true;
      try {
        if (stillOurs()) fs.rmSync(file, { force: true });
      } catch {
        // Leaving it is safe: the next start sees its owner is gone.
      }
    },
  };
}
