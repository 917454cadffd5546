/**
 * Uploads end to end (DESIGN §6, §7): files dropped or picked are checked before anything is sent,
 * followed to delivery with their transfer documents, never sent twice (even across a restart of
 * the app mid-batch), and each refusal of the transfer interface is explained in plain words.
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import type { EmulatorStartupLine } from './browser-shell-process';
import { expect, test } from './fixtures';
import { listUploadEntries } from './upload-entries';
import { saveScreenshot } from './screenshots';
import { header, signInScreen, signInWithDemoAccount, demoButtonName } from './session-helpers';
import { repoRoot } from './shell-choice';

interface InPageFile {
  name: string;
  content: string;
}

/** Globals used inside page.evaluate (the e2e folder compiles without the DOM library). */
interface DropGlobals {
  DataTransfer: new () => { items: { add(file: unknown): unknown } };
  File: new (parts: string[], name: string, options?: { type?: string }) => unknown;
}

const invoiceXml = (number: string): string =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"><ID>${number}</ID><IssueDate>2026-03-01</IssueDate></Invoice>\n`;

const openUploads = async (page: Page): Promise<void> => {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Uploads' }).click();
  await expect(page.getByRole('heading', { name: 'Uploads', level: 1 })).toBeVisible();
};

/** Drops files on the window the way a file manager does: dragenter/dragover (overlay shows), then drop. */
const dropFiles = async (page: Page, files: InPageFile[]): Promise<void> => {
  const dataTransfer = await page.evaluateHandle((list: InPageFile[]) => {
    const { DataTransfer, File } = globalThis as unknown as DropGlobals;
    const transfer = new DataTransfer();
    for (const file of list) transfer.items.add(new File([file.content], file.name, { type: 'application/octet-stream' }));
    return transfer;
  }, files);
  const body = page.locator('body');
  await body.dispatchEvent('dragenter', { dataTransfer });
  await body.dispatchEvent('dragover', { dataTransfer });
  await expect(page.getByText('Drop files to upload')).toBeVisible();
  await body.dispatchEvent('drop', { dataTransfer });
  await expect(page.getByText('Drop files to upload')).toBeHidden();
};

const batchPanel = (page: Page): Locator => page.getByRole('region', { name: 'Files to upload' });
/** The rows of the live list (not the lists inside an expanded row). */
const rows = (page: Page): Locator => page.getByRole('table', { name: 'Uploads' }).locator('[role="rowgroup"] > [role="row"]');
const row = (page: Page, fileName: string): Locator => rows(page).filter({ hasText: fileName });


/** Asks the emulator itself (not the app) how many uploads carry each End-to-end ID. */
const uploadsOnService = async (emulator: EmulatorStartupLine, e2eIds: readonly string[]): Promise<Map<string, number>> => {
  const account = emulator.accounts.find((candidate) => candidate.name === 'full');
  if (!account) throw new Error('The emulator has no "full" demo account.');
  const login = await fetch(new URL('login', `${emulator.authUrl.replace(/\/?$/, '/')}`), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: account.email, password: account.password, environment: account.environment }),
  });
  expect(login.status).toBe(200);
  const { token } = (await login.json()) as { token: string };
  const counts = new Map<string, number>();
  for (const id of e2eIds) {
    const url = new URL('uploads', `${emulator.transferUrl.replace(/\/?$/, '/')}`);
    url.searchParams.set('e2e_id', id);
    const response = await fetch(url, { headers: { authorization: `Bearer ${token}`, accept: 'application/json' } });
    expect(response.status).toBe(200);
    counts.set(id, ((await response.json()) as unknown[]).length);
  }
  return counts;
};

/** After a restart the session may be restored, or the sign-in screen (or dialog) may ask again. */
const signInIfAsked = async (page: Page): Promise<void> => {
  const frame = page.getByRole('navigation', { name: 'Main' });
  const dialog = page.getByRole('dialog', { name: 'Sign in again' });
  await expect(frame.or(signInScreen(page)).or(dialog).first()).toBeVisible({ timeout: 60_000 });
  if (await signInScreen(page).isVisible()) await signInWithDemoAccount(page, 'full');
  else if (await dialog.isVisible()) await dialog.getByRole('button', { name: demoButtonName('full') }).click();
  await expect(header(page)).toBeVisible();
};

test.describe('uploads', () => {
  test.use({ emulatorArgs: '--processing-delay 200' });

  test('a FatturaPA file that breaks its official schema is flagged before sending, and may still be sent', async ({ page }) => {
    test.setTimeout(240_000); // the engine loads the schema on first use
    const fixture = (path: string) => readFileSync(join(repoRoot, '..', 'shared', 'fixtures', path), 'utf8');
    await signInWithDemoAccount(page, 'full');
    await openUploads(page);
    await dropFiles(page, [
      { name: 'IT01234567890_FPR02.xml', content: fixture('ph-fatturapa/IT01234567890_FPR02.xml') },
      { name: 'IT01234567890_FPA01.xml', content: fixture('ph-fatturapa/IT01234567890_FPA01.xml') },
    ]);
    const panel = batchPanel(page);
    await expect(panel.getByRole('note').filter({ hasText: /^Would be refused by the FatturaPA schema 1\.2\.3 \(1 error\): Element 'ContattiTrasmittente': This element is not expected\. \(line 16\)/ })).toBeVisible({ timeout: 120_000 });
    await expect(panel.getByRole('note').filter({ hasText: 'Valid under the FatturaPA schema 1.2.3.' })).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Upload 2 files' })).toBeEnabled();
  });

  test('dropped files are checked, sent and followed to delivery; a bad file is refused with its reason', async ({ page }) => {
    await signInWithDemoAccount(page, 'full');
    await openUploads(page);
    await expect(page.getByRole('heading', { name: 'No uploads yet' })).toBeVisible();

    await dropFiles(page, [
      { name: 'IT01234567890_00001.xml', content: invoiceXml('A-1') },
      { name: 'invoice-b.xml', content: invoiceXml('B-2') },
      { name: 'bad.txt', content: 'not an invoice' },
    ]);

    const panel = batchPanel(page);
    await expect(panel).toBeVisible();
    // Suggested from the FatturaPA-style name.
    await expect(panel.getByRole('combobox', { name: 'Destination country' })).toHaveValue('IT');
    await expect(panel.getByText('Suggested from the file names.')).toBeVisible();
    await expect(panel).toContainText('Files ending in .txt are not accepted');
    const idOfB = panel.getByRole('textbox', { name: 'End-to-end ID for invoice-b.xml' });
    await expect(idOfB).toHaveValue(/invoice-b\.xml/);
    // A typed ID is checked as you type, like the server would.
    await idOfB.fill('bad id ');
    await expect(panel).toContainText('The ID starts or ends with a space');
    await expect(panel.getByRole('button', { name: 'Upload 1 file' })).toBeVisible();
    await idOfB.fill('E2E-INVOICE-B');
    await panel.getByRole('button', { name: 'Upload 2 files' }).click();

    await expect(batchPanel(page)).toBeHidden();
    const notSent = page.getByText('1 file was not sent');
    await expect(notSent).toBeVisible();
    await expect(page.getByText(/bad\.txt: Files ending in \.txt are not accepted/)).toBeVisible();

    for (const name of ['IT01234567890_00001.xml', 'invoice-b.xml']) {
      await expect(row(page, name).getByText('Delivered', { exact: true })).toBeVisible({ timeout: 45_000 });
    }
    await expect(row(page, 'invoice-b.xml')).toContainText('E2E-INVOICE-B');
    await expect(page.getByText('Upload batch finished')).toBeVisible();
    await expect(page.getByText('2 delivered · 1 not sent')).toBeVisible();

    // The row opens on its timeline and transfer documents, with the destination (SDI) id.
    await row(page, 'invoice-b.xml').getByRole('button', { name: 'invoice-b.xml', exact: true }).click();
    const documents = row(page, 'invoice-b.xml').getByRole('region', { name: 'Transfer documents' });
    await expect(documents.getByRole('cell').filter({ hasText: /^\d{6,}$/ })).toBeVisible();
    await expect(row(page, 'invoice-b.xml').getByRole('region', { name: 'What happened' })).toContainText('Delivered');
    await saveScreenshot(page, 'uploads-details');
    const download = page.waitForEvent('download');
    await documents.getByRole('button', { name: /^Download / }).first().click();
    expect((await download).suggestedFilename()).toMatch(/\.xml$/);

    await page.getByRole('tab', { name: /^Failed/ }).click();
    await expect(page.getByRole('heading', { name: 'No uploads match' })).toBeVisible();
    await page.getByRole('tab', { name: /^Done/ }).click();
    await expect(rows(page)).toHaveCount(2);
    await page.getByRole('searchbox', { name: 'Search uploads' }).fill('E2E-INVOICE');
    await expect(rows(page)).toHaveCount(1);
  });

  test.describe('a folder across a restart', () => {
    test.use({ emulatorArgs: '--processing-delay 300' });

    let folder = '';
    test.beforeEach(async () => {
      const root = await mkdtemp(join(tmpdir(), 'ledgerdesk-uploads-'));
      folder = join(root, 'march-invoices');
      await mkdir(folder);
      for (let n = 1; n <= 20; n++) await writeFile(join(folder, `invoice-${String(n).padStart(2, '0')}.xml`), invoiceXml(`M-${n}`));
      await writeFile(join(folder, '.DS_Store'), 'finder junk');
    });
    test.afterEach(async () => {
      if (folder) await rm(join(folder, '..'), { recursive: true, force: true });
    });

    test('a folder of 20 files finishes after the app restarts mid-batch, each file uploaded exactly once', async ({ page: firstPage, shell }) => {
      await signInWithDemoAccount(firstPage, 'full');
      await openUploads(firstPage);
      if (shell.kind === 'electron') {
        // Electron chooses folders with its native dialog (the browser shell, without one, with <input webkitdirectory>).
        await shell.answerFolderDialog(folder);
        await firstPage.getByRole('button', { name: 'Choose folder…' }).click();
      } else {
        const chooser = firstPage.waitForEvent('filechooser');
        await firstPage.getByRole('button', { name: 'Choose folder…' }).click();
        await (await chooser).setFiles(folder);
      }

      const panel = batchPanel(firstPage);
      await expect(panel).toContainText('20 files');
      await expect(panel).toContainText('1 hidden file in the folder was left out.');
      await panel.getByRole('combobox', { name: 'Destination country' }).selectOption('IT');
      await panel.getByRole('button', { name: 'Upload 20 files' }).click();
      // All 20 are journaled (the list shows them) while most are still on their way.
      await expect(firstPage.getByRole('tab', { name: /^All 20$/ })).toBeVisible();
      await expect(firstPage.getByRole('tab', { name: /^Done 20$/ })).toHaveCount(0);

      const page = await shell.restart();
      await signInIfAsked(page);
      await openUploads(page);
      await expect(page.getByRole('tab', { name: /^Done 20$/ })).toBeVisible({ timeout: 90_000 });
      await expect(page.getByRole('tab', { name: /^All 20$/ })).toBeVisible();

      const entries = await listUploadEntries(page);
      expect(entries).toHaveLength(20);
      expect(new Set(entries.map((entry) => entry.fileName)).size).toBe(20);
      if (shell.emulator === null) throw new Error('The browser shell reported no emulator.');
      const onService = await uploadsOnService(shell.emulator, entries.map((entry) => entry.e2eId));
      expect([...onService.values()]).toEqual(Array<number>(20).fill(1));

      // The same answer through the app's lookup, which asks the service.
      const someId = entries[0]!.e2eId;
      await page.getByRole('button', { name: 'Look up an End-to-end ID' }).click();
      await page.getByRole('textbox', { name: 'End-to-end ID' }).fill(someId);
      await page.getByRole('button', { name: 'Look up', exact: true }).click();
      await expect(page.getByText(`The service has 1 upload with the End-to-end ID “${someId}”.`)).toBeVisible();
    });
  });

  test('refusals of the transfer interface are explained: 403 no access to the country, 409 transfer not set up', async ({ page }) => {
    const chooseFile = async (name: string): Promise<void> => {
      const chooser = page.waitForEvent('filechooser');
      await page.getByRole('button', { name: 'Choose files…' }).click();
      await (await chooser).setFiles({ name, mimeType: 'application/xml', buffer: Buffer.from(invoiceXml(name)) });
    };

    await signInWithDemoAccount(page, 'no-upload-pl');
    await openUploads(page);
    await chooseFile('polish.xml');
    await batchPanel(page).getByRole('combobox', { name: 'Destination country' }).selectOption('PL');
    await batchPanel(page).getByRole('button', { name: 'Upload 1 file' }).click();
    await expect(row(page, 'polish.xml').getByText('Rejected', { exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(row(page, 'polish.xml')).toContainText('No access to uploads for Poland (PL) (403)');
    await row(page, 'polish.xml').getByRole('button', { name: 'polish.xml', exact: true }).click();
    await expect(row(page, 'polish.xml')).toContainText('Contact support to get access, or send the file over SFTP.');
    await expect(row(page, 'polish.xml').getByRole('button', { name: 'Retry polish.xml' })).toBeVisible();

    await page.getByRole('button', { name: 'Sign out' }).click();
    await signInWithDemoAccount(page, 'transfer-unconfigured-it');
    await openUploads(page);
    await chooseFile('italian.xml');
    await batchPanel(page).getByRole('combobox', { name: 'Destination country' }).selectOption('IT');
    await batchPanel(page).getByRole('button', { name: 'Upload 1 file' }).click();
    await expect(row(page, 'italian.xml')).toContainText('Transfer to Italy (IT) is not set up (409)', { timeout: 30_000 });
  });

  for (const scheme of ['light', 'dark'] as const) {
    test.describe(`${scheme} theme`, () => {
      test.use({ colorScheme: scheme, emulatorArgs: '--processing-delay 1500' });

      test(`a batch in progress reads clearly in the ${scheme} theme`, async ({ page }) => {
        await signInWithDemoAccount(page, 'full');
        await openUploads(page);
        await dropFiles(page, [
          { name: 'IT01234567890_00041.xml', content: invoiceXml('F-41') },
          { name: 'IT01234567890_00042.xml', content: invoiceXml('F-42') },
        ]);
        await batchPanel(page).getByRole('button', { name: 'Upload 2 files' }).click();
        await expect(rows(page).getByText('Delivered', { exact: true })).toHaveCount(2, { timeout: 45_000 });
        await page.getByRole('button', { name: 'Dismiss' }).first().click();

        await dropFiles(page, [
          ...['00043', '00044', '00045', '00046', '00047'].map((n) => ({ name: `IT01234567890_${n}.xml`, content: invoiceXml(`F-${n}`) })),
          { name: 'IT01234567890_00048.xml', content: '<Invoice><ID>broken' },
          { name: 'scan-0048.pdf', content: '%PDF-1.7' },
        ]);
        await expect(batchPanel(page)).toContainText('Files ending in .pdf are not accepted');
        // Each file's actions sit on its line: the name, its ID, View and remove side by side.
        const name = await batchPanel(page).getByText('IT01234567890_00043.xml', { exact: true }).boundingBox();
        const remove = await batchPanel(page).getByRole('button', { name: 'Remove IT01234567890_00043.xml from the batch' }).boundingBox();
        const view = await batchPanel(page).getByRole('button', { name: 'View IT01234567890_00043.xml' }).boundingBox();
        if (!name || !remove || !view) throw new Error('The batch row is not laid out');
        expect(Math.abs(remove.y + remove.height / 2 - (view.y + view.height / 2))).toBeLessThan(4);
        expect(remove.y).toBeLessThan(name.y + name.height);
        if (scheme === 'light') await saveScreenshot(page, 'uploads-batch');
        await batchPanel(page).getByRole('button', { name: 'Upload 6 files' }).click();
        await expect(row(page, '00048.xml').getByText('Failed', { exact: true })).toBeVisible({ timeout: 45_000 });
        await expect(row(page, '00048.xml')).toContainText('The service could not process the file');
        await expect(rows(page).getByText(/^(Accepted|Processing…)$/).first()).toBeVisible();
        await saveScreenshot(page, scheme === 'light' ? 'uploads' : 'uploads-dark');
      });
    });
  }
});
