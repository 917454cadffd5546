import { spawn } from 'node:child_process';
import path from 'node:path';
import { repoRoot } from '../../e2e/shell-choice';
import { withDeadline } from './deadline';

/**
 * Builds the renderer and the emulator bundle when they are stale (a fast no-op otherwise), as the
 * end-to-end setup does: the benches measure what ships, and the shell starts the emulator bundle.
 * Build output goes to stderr: a bench's stdout carries only its JSON line.
 */
export async function ensureBuilt(): Promise<void> {
  const child = spawn(process.execPath, [path.join(repoRoot, 'scripts', 'build.mjs'), '--renderer-only', '--emulator-only'], {
    cwd: repoRoot,
    stdio: ['ignore', 2, 2],
  });
  const exited = new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => resolve(code));
  });
  try {
    const code = await withDeadline(exited, 300_000, 'Building the renderer and the emulator bundle');
    if (code !== 0) throw new Error(`scripts/build.mjs --renderer-only --emulator-only failed (exit code ${String(code)}); see its output above.`);
  } finally {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
}
