import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireInstanceLock, AlreadyRunningError, LOCK_FILE_NAME } from './instance-lock';

const holderScript = fileURLToPath(new URL('./testing-holder.ts', import.meta.url));
const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
});

const freshDir = (): string => fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerdesk-lock-'));

async function holdInAnotherProcess(dir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', holderScript, dir], { stdio: ['ignore', 'pipe', 'inherit'] });
  children.push(child);
  const [line] = (await once(readline.createInterface({ input: child.stdout! }), 'line')) as [string];
  expect(line).toBe('locked');
  return child;
}

describe('instance lock', () => {
  it('refuses a second instance on the same folder, saying where the first one runs, and leaves its lock alone', async () => {
    const dir = freshDir();
    const holder = await holdInAnotherProcess(dir);
    const before = fs.readFileSync(path.join(dir, LOCK_FILE_NAME), 'utf8');
    let refused: unknown;
    try {
      acquireInstanceLock({ userDataDir: dir, shell: 'electron' });
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(AlreadyRunningError);
    expect((refused as Error).message).toMatch(
      new RegExp(`^Ledgerdesk is already running with the user-data folder ${dir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: the Ledgerdesk browser shell \\(process ${holder.pid}, serving http://127\\.0\\.0\\.1:4999, started .*\\)\\. Use that window, or close it first`),
    );
    expect(fs.readFileSync(path.join(dir, LOCK_FILE_NAME), 'utf8')).toBe(before);
    expect(fs.readdirSync(dir)).toEqual([LOCK_FILE_NAME]);
  }, 30_000);

  it('recovers the lock of an instance that was killed', async () => {
    const dir = freshDir();
    const holder = await holdInAnotherProcess(dir);
    holder.kill('SIGKILL');
    await once(holder, 'exit');
    const lock = acquireInstanceLock({ userDataDir: dir, shell: 'browser' });
    expect(JSON.parse(fs.readFileSync(lock.path, 'utf8'))).toMatchObject({ pid: process.pid, shell: 'browser' });
    lock.release();
    expect(fs.existsSync(lock.path)).toBe(false);
  }, 30_000);

  it.runIf(process.platform === 'linux' || process.platform === 'darwin')('recovers a lock whose pid now belongs to another program', () => {
    const dir = freshDir();
    // The parent of this test runner is alive, but it did not write this lock: its start time differs.
    const reused = { pid: process.ppid, startIdentity: 'another boot:1', hostname: os.hostname(), shell: 'browser', startedAt: '2026-01-01T00:00:00.000Z', token: 'old' };
    fs.writeFileSync(path.join(dir, LOCK_FILE_NAME), JSON.stringify(reused));
    const lock = acquireInstanceLock({ userDataDir: dir, shell: 'browser' });
    expect(JSON.parse(fs.readFileSync(lock.path, 'utf8'))).toMatchObject({ pid: process.pid });
    lock.release();
  });

  it('waits for a lock being written, and recovers one a crash left half-written', () => {
    const dir = freshDir();
    const file = path.join(dir, LOCK_FILE_NAME);
    fs.writeFileSync(file, '{"pid": 12');
    const old = new Date(Date.now() - 60_000);
    fs.utimesSync(file, old, old);
    const lock = acquireInstanceLock({ userDataDir: dir, shell: 'electron' });
    expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toMatchObject({ pid: process.pid, shell: 'electron' });
    lock.release();
  });

  it('refuses a second lock from the same process, and releases only its own lock', () => {
    const dir = freshDir();
    const first = acquireInstanceLock({ userDataDir: dir, shell: 'browser' });
    expect(() => acquireInstanceLock({ userDataDir: dir, shell: 'browser' })).toThrow(AlreadyRunningError);
    // Someone replaced the file (e.g. recovered it after we were thought dead): releasing leaves theirs.
    const theirs = JSON.stringify({ pid: 1, startIdentity: null, hostname: os.hostname(), shell: 'browser', startedAt: 'x', token: 'theirs' });
    fs.writeFileSync(first.path, theirs);
    first.release();
    expect(fs.readFileSync(first.path, 'utf8')).toBe(theirs);
  });
});
