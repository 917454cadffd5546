#!/usr/bin/env node
/**
 * Refreshes docs/screenshots/viewer-*-{light,dark}.png (the document viewer, every format): builds the
 * renderer if stale, then runs the format walk of e2e/viewer.spec.ts in the browser shell with
 * E2E_SCREENSHOTS=1.
 */
import { spawnSync } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const run = (args, env = process.env) => {
  const result = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit', env });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

run([join(root, 'scripts', 'build.mjs'), '--renderer-only']);
run([join(root, 'node_modules', '@playwright', 'test', 'cli.js'), 'test', 'e2e/viewer.spec.ts', '-g', 'every format'], {
  ...process.env,
  E2E_SCREENSHOTS: '1',
  E2E_SHELL: process.env.E2E_SHELL ?? 'browser',
});
process.stderr.write(`Screenshots saved in ${join(root, 'docs', 'screenshots')}\n`);
