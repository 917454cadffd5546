#!/usr/bin/env node
/**
 * `npm start [-- args]`: the Electron app when Electron's runtime is on this machine; otherwise one
 * attempt to download it, and if that fails the browser shell (DESIGN §1), saying so in one line.
 * Checks the runtime without requiring the electron package (its index.js downloads on require).
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const electronDir = join(root, 'node_modules', 'electron');
const downloadTimeoutMs = 60_000;

const electronRuntime = () => {
  try {
    const relative = readFileSync(join(electronDir, 'path.txt'), 'utf8').trim();
    const binary = join(electronDir, 'dist', relative);
    return relative !== '' && existsSync(binary) ? binary : null;
  } catch {
    return null;
  }
};

/** One try at Electron's own installer; returns the reason it failed, or null on success. */
const tryDownload = () => {
  const installer = join(electronDir, 'install.js');
  if (!existsSync(installer)) return 'the electron package is not installed';
  // Finished on the same line by main(): the fallback is announced in one line, as the README says.
  process.stderr.write("Electron's runtime is missing; trying to download it once… ");
  const result = spawnSync(process.execPath, [installer], { cwd: electronDir, encoding: 'utf8', timeout: downloadTimeoutMs });
  if (result.error?.code === 'ETIMEDOUT') return `the download did not finish within ${downloadTimeoutMs / 1000} s`;
  if (result.status === 0) return null;
  const lastLine = `${result.stderr ?? ''}`.split('\n').map((line) => line.trim()).find((line) => /error/i.test(line));
  return lastLine ? `download failed: ${lastLine.slice(0, 160)}` : `download failed (exit code ${result.status})`;
};

const runForwardingSignals = (command, args, env = process.env) => {
  const child = spawn(command, args, { cwd: root, stdio: 'inherit', env });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('error', (error) => {
    process.stderr.write(`Could not start ${command}: ${error.message}\n`);
    process.exit(1);
  });
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
};

const main = () => {
  const passthrough = process.argv.slice(2);
  let runtime = electronRuntime();
  let reason = 'no runtime in node_modules/electron/dist';
  let downloadTried = false;
  if (runtime === null) {
    downloadTried = existsSync(join(electronDir, 'install.js'));
    const failure = tryDownload();
    runtime = electronRuntime();
    if (failure !== null) reason = failure;
    if (downloadTried && runtime !== null) process.stderr.write('done.\n');
  }
  if (runtime !== null) {
    const build = spawnSync(process.execPath, [join(root, 'scripts', 'build.mjs')], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) process.exit(build.status ?? 1);
    runForwardingSignals(runtime, [root, ...passthrough]);
    return;
  }
  process.stderr.write(
    downloadTried
      ? `${reason}; starting the browser shell instead.\n`
      : `Electron's runtime is not available on this machine (${reason}); starting the browser shell instead.\n`,
  );
  runForwardingSignals(process.execPath, ['--import', 'tsx', join(root, 'electron', 'browser-shell.ts'), ...passthrough]);
};

main();
