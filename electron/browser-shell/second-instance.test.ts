/** The browser shell as a second instance on a folder another instance holds: it says so, exits, and touches nothing. */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { acquireInstanceLock, LOCK_FILE_NAME } from '../core/instance-lock/instance-lock';

const shell = fileURLToPath(new URL('../browser-shell.ts', import.meta.url));

const run = (args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> =>
  new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', shell, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('exit', (code) => resolve({ code, stdout, stderr }));
  });

describe('browser shell: one instance per user-data folder', () => {
  it('a second instance says the app is already running and where, exits with 1, and changes nothing', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerdesk-second-'));
    const lock = acquireInstanceLock({ userDataDir: dir, shell: 'electron' });
    try {
      const before = fs.readFileSync(lock.path, 'utf8');
      const result = await run(['--port', '0', '--no-open', '--user-data', dir]);
      expect(result.code).toBe(1);
      expect(result.stdout).toBe('');
      expect(result.stderr).toContain(
        `[browser-shell] Could not start: Ledgerdesk is already running with the user-data folder ${dir}: the Ledgerdesk app (process ${process.pid}, started`,
      );
      expect(fs.readdirSync(dir)).toEqual([LOCK_FILE_NAME]);
      expect(fs.readFileSync(lock.path, 'utf8')).toBe(before);
    } finally {
      lock.release();
    }
  }, 60_000);
});
