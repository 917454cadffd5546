/**
 * "Choose folder…" on the route Electron takes (issue 12): the host's folder dialog, the folder
 * granted to the window as a handle, its files listed by the core (`uploads.listFolder`) and sent
 * by the folder's handle and sub-path. The browser shell drives that route with its scripted
 * dialogs (`LEDGERDESK_SCRIPTED_DIALOGS`: answers from a file, tests only); the page must not open
 * its own `<input webkitdirectory>` chooser.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test } from './fixtures';
import { useScriptedDialogs } from './scripted-dialogs';
import { saveScreenshotInBothThemes } from './screenshots';
import { listUploadEntries } from './upload-entries';
import { signInWithDemoAccount } from './session-helpers';

const invoiceXml = (number: string): string =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"><ID>${number}</ID><IssueDate>2026-04-01</IssueDate></Invoice>\n`;


test.describe('a folder chosen in the host’s dialog', () => {
  test.use({ emulatorArgs: '--processing-delay 200' });

  const dialogs = useScriptedDialogs('ledgerdesk-e2e-dialog-');

  test('its files are listed by the core, checked in the batch (a copy among them flagged), and each uploaded once', async ({ page, shell }) => {
    const folder = join(dialogs.root(), 'april-invoices');
    await mkdir(join(folder, 'week-2'), { recursive: true });
    for (let n = 1; n <= 3; n++) await writeFile(join(folder, `invoice-${n}.xml`), invoiceXml(`A-${n}`));
    await writeFile(join(folder, 'week-2', 'invoice-4.xml'), invoiceXml('A-4'));
    // A copy of invoice-1 (the page never has its bytes: the core tells the copy apart).
    await writeFile(join(folder, 'week-2', 'invoice-1 (copy).xml'), invoiceXml('A-1'));
    await writeFile(join(folder, '.DS_Store'), 'finder junk');
    await shell.answerFolderDialog(null);

    await signInWithDemoAccount(page, 'full');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Uploads' }).click();
    await expect(page.getByRole('heading', { name: 'Uploads', level: 1 })).toBeVisible();
    let choosers = 0;
    page.on('filechooser', () => (choosers += 1));

    // Cancelled: nothing is added.
    const chooseFolder = page.getByRole('button', { name: 'Choose folder…' });
    await chooseFolder.click();
    await expect(chooseFolder).toBeEnabled();
    await expect(page.getByRole('region', { name: 'Files to upload' })).toHaveCount(0);

    await shell.answerFolderDialog(folder);
    await chooseFolder.click();
    const panel = page.getByRole('region', { name: 'Files to upload' });
    await expect(panel).toContainText('5 files');
    await expect(panel).toContainText('1 hidden file in the folder was left out.');
    await expect(panel).toContainText('week-2/');
    await expect(panel).toContainText('1 file has the same content as another file in this batch');
    await expect(panel).toContainText('Same content as april-invoices/invoice-1.xml');
    await saveScreenshotInBothThemes(page, 'uploads-folder-copy');
    await panel.getByRole('button', { name: 'Leave the copy out' }).click();
    await expect(panel).toContainText('4 files');
    await panel.getByRole('combobox', { name: 'Destination country' }).selectOption('IT');
    await panel.getByRole('button', { name: 'Upload 4 files' }).click();
    await expect(page.getByRole('tab', { name: /^Done 4$/ })).toBeVisible({ timeout: 60_000 });

    const entries = await listUploadEntries(page);
    expect(entries.map((entry) => entry.fileName).sort()).toEqual(['invoice-1.xml', 'invoice-2.xml', 'invoice-3.xml', 'invoice-4.xml']);
    // Read by the core from the chosen folder (not bytes sent by the page).
    expect(entries.map((entry) => entry.origin).sort()).toEqual([1, 2, 3].map((n) => join(folder, `invoice-${n}.xml`)).concat(join(folder, 'week-2', 'invoice-4.xml')));
    expect(choosers).toBe(0);
  });
});
