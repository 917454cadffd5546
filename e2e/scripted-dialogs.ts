/**
 * Switches the browser shell's scripted dialogs on for a describe block (`LEDGERDESK_SCRIPTED_DIALOGS`,
 * answered through `shell.answerFolderDialog`), with a temporary folder for the test's files that
 * is removed after each test. Call it inside `test.describe`.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from './fixtures';

export function useScriptedDialogs(prefix: string): { root(): string } {
  let root = '';
  test.use({
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern.
    shellEnv: async ({}, use) => {
      root = await mkdtemp(join(tmpdir(), prefix));
      await use({ LEDGERDESK_SCRIPTED_DIALOGS: join(root, 'dialog-answers.json') });
    },
  });
  test.afterEach(async () => {
    if (root) await rm(root, { recursive: true, force: true });
  });
  return { root: () => root };
}
