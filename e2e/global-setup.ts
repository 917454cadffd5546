import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { repoRoot } from './shell-choice';

/** Where the fixture finds emulator state to start every test from (see e2e/fixtures.ts). */
export const EMULATOR_TEMPLATE_ENV = 'LEDGERDESK_E2E_EMULATOR_TEMPLATE';

/** Runs the emulator bundle once on a data folder so it issues its CA and certificates there, then stops it. */
const prepareEmulatorTemplate = async (): Promise<string> => {
  const templateDir = mkdtempSync(join(tmpdir(), 'ledgerdesk-e2e-template-'));
  const child = spawn(process.execPath, [join(repoRoot, 'dist', 'emulator', 'cli.mjs'), '--port', '0', '--data-dir', templateDir, '--no-warm-up'], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error('The emulator printed no startup line within 90 s.'));
    }, 90_000);
    createInterface({ input: child.stdout! }).once('line', () => {
      clearTimeout(timer);
      resolve();
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The emulator exited before it was ready (exit code ${String(code)}).`));
    });
  });
  child.kill('SIGTERM');
  await exited;
  return templateDir;
};

/**
 * Before any spec: the renderer and the emulator bundle are built when stale (fast no-op otherwise),
 * so `npx playwright test` works on its own and each browser shell starts the emulator from the
 * bundle, seconds faster than through tsx. Then one emulator run issues the local PKI that every
 * test's fresh user-data folder starts with, instead of each test generating its own RSA keys.
 */
export default async function globalSetup(): Promise<() => void> {
  const build = spawnSync(process.execPath, [join(repoRoot, 'scripts', 'build.mjs'), '--renderer-only', '--emulator-only'], {
    cwd: repoRoot,
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error('Building the renderer or the emulator bundle failed; see above.');
  const templateDir = await prepareEmulatorTemplate();
  process.env[EMULATOR_TEMPLATE_ENV] = templateDir;
  return () => rmSync(templateDir, { recursive: true, force: true });
}
