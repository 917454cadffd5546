import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export type ShellKind = 'browser' | 'electron';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Electron's runtime binary, found without requiring the electron package (its index.js downloads). */
export const electronRuntimePath = (): string | null => {
  const packageDir = join(repoRoot, 'node_modules', 'electron');
  try {
    const relative = readFileSync(join(packageDir, 'path.txt'), 'utf8').trim();
    const binary = join(packageDir, 'dist', relative);
    return relative !== '' && existsSync(binary) ? binary : null;
  } catch {
    return null;
  }
};

/** E2E_SHELL when set; otherwise Electron where its runtime, a build and a display exist, else the browser shell. */
export const selectedShell = (): ShellKind => {
  const requested = process.env.E2E_SHELL;
  if (requested === 'browser' || requested === 'electron') return requested;
  if (requested !== undefined && requested !== '') throw new Error(`E2E_SHELL must be "browser" or "electron", not "${requested}".`);
  const hasDisplay = process.platform !== 'linux' || Boolean(process.env.DISPLAY ?? process.env.WAYLAND_DISPLAY);
  const built = existsSync(join(repoRoot, 'dist', 'electron', 'main.cjs'));
  return electronRuntimePath() !== null && built && hasDisplay ? 'electron' : 'browser';
};
