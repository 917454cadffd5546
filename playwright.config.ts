import { defineConfig } from '@playwright/test';
import { selectedShell } from './e2e/shell-choice';

/**
 * One set of end-to-end specs for both shells (DESIGN §8). The launcher fixture (e2e/fixtures.ts)
 * starts the browser shell + Debian's Chromium (E2E_SHELL=browser, the default without Electron's
 * runtime) or the Electron app (E2E_SHELL=electron). No browser is downloaded.
 */
const shell = selectedShell();

export default defineConfig({
  testDir: 'e2e',
  globalSetup: './e2e/global-setup.ts',
  // The HTTP-level bridge checks only exist in the browser shell; the fresh clone starts the browser shell.
  testIgnore: shell === 'electron' ? ['**/bridge-security.spec.ts', '**/fresh-clone.spec.ts'] : [],
  timeout: 60_000,
  expect: { timeout: 10_000 },
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  // Every test runs its own shell, emulator and browser context; two at a time fit two cores.
  workers: process.env.E2E_WORKERS ? Number(process.env.E2E_WORKERS) : 2,
  fullyParallel: true,
  reporter: 'list',
  outputDir: 'test-results',
  use: { viewport: { width: 1280, height: 800 }, locale: 'en-US', actionTimeout: 15_000 },
});
