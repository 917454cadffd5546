/**
 * The one launcher fixture (DESIGN §8). Specs use only `page` (and getByRole) so both shells run them:
 *   E2E_SHELL=browser   the browser shell from source + Debian's Chromium (CHROMIUM_PATH, headless)
 *   E2E_SHELL=electron  the built app (dist/electron/main.cjs) through Playwright's _electron (needs a display: xvfb-run)
 * Each test gets a fresh user-data folder; `emulatorArgs` (test.use) becomes LEDGERDESK_EMULATOR_ARGS,
 * after `--no-warm-up` (the emulator skips its background warm-up of the official rules: ~4 s of CPU).
 */
import { existsSync } from 'node:fs';
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test as base, expect, type Browser, type Page, type TestInfo } from '@playwright/test';
import { _electron, chromium, type ElectronApplication } from 'playwright-core';
import { EMULATOR_TEMPLATE_ENV } from './global-setup';
import { startBrowserShell, type EmulatorStartupLine, type RunningBrowserShell } from './browser-shell-process';
import { electronRuntimePath, repoRoot, selectedShell, type ShellKind } from './shell-choice';

export interface ShellHandle {
  kind: ShellKind;
  /** The URL the page was opened with (browser shell: includes the secret fragment). */
  url: string;
  /** The emulator's startup line (browser shell only; null under Electron or for remote profiles). */
  emulator: EmulatorStartupLine | null;
  userDataDir: string;
  /** Stops the app and starts it again on the same user-data folder; returns the page to use from then on. */
  restart(): Promise<Page>;
  /**
   * What the host's folder dialog answers next (null: the user cancelled). Electron: its native
   * dialog stubbed in the main process; browser shell: its scripted dialogs' answers file (the
   * test must switch them on with `shellEnv` LEDGERDESK_SCRIPTED_DIALOGS).
   */
  answerFolderDialog(folder: string | null): Promise<void>;
}

interface TestFixtures {
  /** Extra emulator flags for this test, e.g. "--token-ttl 15". */
  emulatorArgs: string;
  /** Extra environment for the browser shell, e.g. LEDGERDESK_SCRIPTED_DIALOGS (its scripted dialogs). */
  shellEnv: Record<string, string>;
  launched: { shell: ShellHandle; page: Page };
  shell: ShellHandle;
  page: Page;
}

interface WorkerFixtures {
  chromiumBrowser: Browser | null;
}

const shellKind = selectedShell();

const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** Page errors and console errors go to a file attached to failed tests. */
const recordPageProblems = (page: Page, problems: string[]): void => {
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console.error: ${message.text()}`);
  });
};

/** A fresh user-data folder whose emulator already has the run's local PKI (issuing RSA keys per test is slow). */
const freshUserDataDir = async (): Promise<string> => {
  const dir = await mkdtemp(join(tmpdir(), 'ledgerdesk-e2e-'));
  const template = process.env[EMULATOR_TEMPLATE_ENV];
  if (template !== undefined && existsSync(join(template, 'pki'))) {
    await cp(join(template, 'pki'), join(dir, 'emulator', 'pki'), { recursive: true });
  }
  return dir;
};

const attachOnFailure = async (testInfo: TestInfo, name: string, path: string | null, body?: string): Promise<void> => {
  if (testInfo.status === testInfo.expectedStatus) return;
  if (path !== null) await testInfo.attach(name, { path, contentType: 'text/plain' }).catch(() => undefined);
  else if (body) await testInfo.attach(name, { body, contentType: 'text/plain' });
};

export const test = base.extend<TestFixtures, WorkerFixtures>({
  emulatorArgs: ['', { option: true }],
  shellEnv: [{}, { option: true }],

  chromiumBrowser: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern.
    async ({}, use) => {
      if (shellKind !== 'browser') {
        await use(null);
        return;
      }
      const browser = await chromium.launch({
        executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
        headless: true,
        args: chromiumArgs,
      });
      await use(browser);
      await browser.close();
    },
    { scope: 'worker' },
  ],

  launched: [
    async ({ emulatorArgs, shellEnv, chromiumBrowser, colorScheme, viewport, locale }, use, testInfo) => {
      const userDataDir = await freshUserDataDir();
      // Every test starts its own emulator and most never send: it loads the official rules on a first send only.
      const env = { ...shellEnv, LEDGERDESK_EMULATOR_ARGS: `--no-warm-up ${emulatorArgs}`.trim() };
      const problems: string[] = [];
      const shellLog = testInfo.outputPath('shell.log');

      if (shellKind === 'browser') {
        if (chromiumBrowser === null) throw new Error('Chromium was not launched.');
        const context = await chromiumBrowser.newContext({ colorScheme, viewport, locale });
        const page = await context.newPage();
        recordPageProblems(page, problems);
        let running: RunningBrowserShell = await startBrowserShell({ userDataDir, env, logPath: shellLog });
        const shell: ShellHandle = {
          kind: 'browser',
          url: running.url,
          emulator: running.emulator,
          userDataDir,
          answerFolderDialog: async (folder) => {
            const answers = shellEnv.LEDGERDESK_SCRIPTED_DIALOGS;
            if (!answers) throw new Error('This test did not switch the browser shell’s scripted dialogs on (shellEnv LEDGERDESK_SCRIPTED_DIALOGS).');
            await writeFile(answers, JSON.stringify({ chooseFolder: folder }));
          },
          restart: async () => {
            await running.stop();
            running = await startBrowserShell({ userDataDir, env, logPath: shellLog });
            shell.url = running.url;
            shell.emulator = running.emulator;
            await page.goto(running.url);
            return page;
          },
        };
        await page.goto(running.url);
        await use({ shell, page });
        await context.close();
        await running.stop();
      } else {
        const executablePath = electronRuntimePath();
        if (executablePath === null) throw new Error("E2E_SHELL=electron but Electron's runtime is not installed.");
        const launch = async (): Promise<{ app: ElectronApplication; page: Page }> => {
          const app = await _electron.launch({
            executablePath,
            args: [join(repoRoot, 'dist', 'electron', 'main.cjs'), `--user-data-dir=${userDataDir}`],
            env: { ...process.env, ...env } as Record<string, string>,
            colorScheme: colorScheme ?? undefined,
          });
          const page = await app.firstWindow();
          recordPageProblems(page, problems);
          return { app, page };
        };
        let current = await launch();
        const shell: ShellHandle = {
          kind: 'electron',
          url: current.page.url(),
          emulator: null,
          userDataDir,
          answerFolderDialog: async (folder) => {
            await current.app.evaluate(({ dialog }, chosen) => {
              dialog.showOpenDialog = (async () => ({ canceled: chosen === null, filePaths: chosen === null ? [] : [chosen] })) as typeof dialog.showOpenDialog;
            }, folder);
          },
          restart: async () => {
            await current.app.close();
            current = await launch();
            shell.url = current.page.url();
            return current.page;
          },
        };
        await use({ shell, page: current.page });
        await current.app.close();
      }

      await attachOnFailure(testInfo, 'shell.log', shellKind === 'browser' ? shellLog : null);
      await attachOnFailure(testInfo, 'page-errors.txt', null, problems.join('\n'));
      await rm(userDataDir, { recursive: true, force: true });
    },
    { timeout: 120_000 },
  ],

  shell: async ({ launched }, use) => {
    await use(launched.shell);
  },

  page: async ({ launched }, use) => {
    await use(launched.page);
  },
});

export { expect };
