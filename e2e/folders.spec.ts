/**
 * Folders end to end (issue 15): a sync rule fills a folder with documents from the emulator; a
 * file copied into a watched folder is sent and moved to sent/; a period pack's manifest matches
 * its files; and each of these shows in the activity log, which verifies as intact.
 */
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import type { Locator, Page } from '@playwright/test';
import { expect, test, type ShellHandle } from './fixtures';
import { useScriptedDialogs } from './scripted-dialogs';
import { saveScreenshotInBothThemes } from './screenshots';
import { signInWithDemoAccount } from './session-helpers';

const openPage = async (page: Page, link: string, heading = link): Promise<void> => {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: link }).click();
  await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
};

const invoiceXml = (number: string): string =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"><ID>${number}</ID><IssueDate>2026-03-01</IssueDate></Invoice>\n`;

/** Chooses `folder` with "Browse…" in the host's folder dialog (scripted in the browser shell). */
const browseTo = async (shell: ShellHandle, dialog: Locator, folder: string): Promise<void> => {
  await shell.answerFolderDialog(folder);
  await dialog.getByRole('button', { name: 'Browse…' }).click();
};

test.describe('folders', () => {
  test.use({ emulatorArgs: '--processing-delay 200 --documents 60' });
  // A watched folder is chosen in the host's dialog, never typed: the browser shell's scripted dialogs stand in for it.
  useScriptedDialogs('ledgerdesk-e2e-folders-dialogs-');
  let work: string;
  test.beforeEach(async () => {
    work = await mkdtemp(join(tmpdir(), 'ledgerdesk-e2e-folders-'));
  });
  test.afterEach(async () => {
    await rm(work, { recursive: true, force: true });
  });

  test('sync rule, watched folder, period pack, and all of it in the activity log', async ({ page, shell }) => {
    // Four features one after the other (and each screen twice when screenshots are taken).
    test.setTimeout(120_000);
    await signInWithDemoAccount(page, 'full');

    // 1. A sync rule: the inbox's incoming invoices appear in the folder.
    const inbox = join(work, 'accounting');
    await import('node:fs/promises').then((fs) => fs.mkdir(inbox));
    await openPage(page, 'Folders');
    await expect(page.getByText('No sync rules yet.', { exact: false })).toBeVisible();
    await page.getByRole('button', { name: 'New rule' }).click();
    const dialog = page.getByRole('dialog', { name: 'New sync rule' });
    await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill('Accounting inbox');
    await browseTo(shell, dialog, inbox);
    await expect(dialog.getByRole('textbox', { name: 'Folder', exact: true })).toHaveValue(inbox);
    await dialog.getByRole('button', { name: 'Save rule' }).click();
    await expect(dialog).toBeHidden();
    const rule = page.getByRole('listitem', { name: 'Accounting inbox' });
    await expect(rule.getByRole('status')).toHaveText('Up to date', { timeout: 30_000 });
    await expect(rule).toContainText(/\d+ documents saved in all/);
    const saved = await readdir(inbox);
    expect(saved.length).toBeGreaterThan(0);
    expect(saved.every((name) => name.endsWith('.xml'))).toBe(true);
    const total = Number(/(\d+) documents saved in all/.exec((await rule.textContent()) ?? '')?.[1]);
    expect(saved).toHaveLength(total);
    // A second folder for the same rule's folder is refused with a reason.
    await page.getByRole('button', { name: 'New rule' }).click();
    const second = page.getByRole('dialog', { name: 'New sync rule' });
    await second.getByRole('textbox', { name: 'Name', exact: true }).fill('Second');
    await browseTo(shell, second, inbox);
    await expect(second.getByRole('textbox', { name: 'Folder', exact: true })).toHaveValue(inbox);
    await second.getByRole('button', { name: 'Save rule' }).click();
    await expect(second).toContainText('is already used by the rule “Accounting inbox”');
    await second.getByRole('button', { name: 'Cancel' }).click();

    // 2. A watched folder: a file copied in is sent and moves to sent/.
    const outbox = join(work, 'outbox');
    await import('node:fs/promises').then((fs) => fs.mkdir(outbox));
    const italy = page.getByRole('listitem', { name: 'Italy (IT)' });
    await italy.getByRole('button', { name: 'Watch a folder…' }).click();
    const watchDialog = page.getByRole('dialog', { name: 'Watched folder for Italy (IT)' });
    await browseTo(shell, watchDialog, outbox);
    await expect(watchDialog.getByRole('textbox', { name: 'Folder', exact: true })).toHaveValue(outbox);
    await watchDialog.getByRole('button', { name: 'Start watching' }).click();
    await expect(watchDialog).toBeHidden();
    await expect(italy.getByRole('status')).toHaveText('Watching');
    await writeFile(join(outbox, 'IT01234567890_00042.xml'), invoiceXml('W-42'));
    await expect.poll(async () => (await readdir(join(outbox, 'sent')).catch((): string[] => [])).includes('IT01234567890_00042.xml'), { timeout: 60_000 }).toBe(true);
    await expect(italy).toContainText('1 sent · 0 failed · 0 in progress');
    // The batch's toast would cover the folder card in the documentation's picture.
    const notifications = page.getByRole('status', { name: 'Notifications' });
    await expect(notifications).toContainText('Upload batch finished');
    await notifications.getByRole('button', { name: 'Dismiss' }).click();
    await expect(notifications).not.toContainText('Upload batch finished');
    await saveScreenshotInBothThemes(page, 'folders');

    // 3. A period pack of the invoices: its manifest lists every file with its SHA-256.
    const exports = join(work, 'exports');
    await import('node:fs/promises').then((fs) => fs.mkdir(exports));
    await openPage(page, 'Documents');
    await page.getByRole('button', { name: 'Export' }).click();
    const exportDialog = page.getByRole('dialog', { name: 'Export' });
    await browseTo(shell, exportDialog, exports);
    await expect(exportDialog.getByRole('textbox', { name: 'Save the ZIP in' })).toHaveValue(exports);
    await exportDialog.getByRole('checkbox', { name: 'Include the PDFs' }).uncheck();
    await exportDialog.getByRole('button', { name: 'Create pack' }).click();
    await expect(exportDialog.getByText(/^Pack saved: invoices_.*\.zip/)).toBeVisible({ timeout: 60_000 });
    await saveScreenshotInBothThemes(page, 'period-pack');
    await exportDialog.getByRole('button', { name: 'Close' }).last().click();
    const [zipName] = await readdir(exports);
    const files = unzipSync(new Uint8Array(await readFile(join(exports, zipName ?? ''))));
    const manifest = JSON.parse(Buffer.from(files['manifest.json'] ?? new Uint8Array()).toString('utf8')) as { files: Array<{ path: string; sha256: string }> };
    expect(manifest.files.map((file) => file.path)).toContain('index.csv');
    for (const file of manifest.files) expect(createHash('sha256').update(files[file.path] ?? new Uint8Array()).digest('hex')).toBe(file.sha256);

    // 4. The activity log shows all of it, and verifies as intact.
    await openPage(page, 'Activity');
    const log = page.getByRole('table', { name: 'Activity log' });
    for (const action of ['Signed in', 'Sync rule changed', 'Sync run', 'Watched folder changed', 'Watched folder files', 'Upload outcome', 'Period pack exported']) {
      await expect(log.getByRole('rowheader', { name: action }).first()).toBeVisible();
    }
    await page.getByRole('button', { name: 'Verify log' }).click();
    await expect(page.getByText('The log is intact')).toBeVisible();
    await saveScreenshotInBothThemes(page, 'activity');
  });
});

/**
 * The folder field where the host has a folder dialog (`app.info().nativeDialogs`): Electron, or the
 * browser shell with its scripted dialogs. "Browse…" asks the dialog and the rule gets the folder
 * as a handle granted for writing (the field only shows where it is).
 */
test.describe('a sync rule’s folder chosen in the host’s dialog', () => {
  test.use({ emulatorArgs: '--documents 12' });

  const dialogs = useScriptedDialogs('ledgerdesk-e2e-folder-field-');

  test('Browse… fills the folder, and the rule saves its documents there', async ({ page, shell }) => {
    const chosen = join(dialogs.root(), 'chosen-inbox');
    await import('node:fs/promises').then((fs) => fs.mkdir(chosen));
    await shell.answerFolderDialog(chosen);
    await signInWithDemoAccount(page, 'full');
    await openPage(page, 'Folders');
    await page.getByRole('button', { name: 'New rule' }).click();
    const dialog = page.getByRole('dialog', { name: 'New sync rule' });
    await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill('Chosen inbox');
    const folder = dialog.getByRole('textbox', { name: 'Folder', exact: true });
    // Chosen, not typed: the field only shows the dialog's choice.
    await expect(folder).not.toBeEditable();
    await dialog.getByRole('button', { name: 'Browse…' }).click();
    await expect(folder).toHaveValue(chosen);
    await saveScreenshotInBothThemes(page, 'folder-rule-browse');
    await dialog.getByRole('button', { name: 'Save rule' }).click();
    await expect(dialog).toBeHidden();
    const rule = page.getByRole('listitem', { name: 'Chosen inbox' });
    await expect(rule.getByRole('status')).toHaveText('Up to date', { timeout: 30_000 });
    const total = Number(/(\d+) documents? saved in all/.exec((await rule.textContent()) ?? '')?.[1]);
    expect(total).toBeGreaterThan(0);
    expect(await readdir(chosen)).toHaveLength(total);
  });
});
