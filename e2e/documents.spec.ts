/**
 * The document inbox against the local emulator: filters, the open document and its PDF, bulk
 * download to a folder, sending valid and invalid credit notes. With E2E_SCREENSHOTS=1 it also
 * refreshes docs/screenshots/inbox*.png and pdf-preview*.png.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { XMLValidator } from 'fast-xml-parser';
import type { Locator, Page } from '@playwright/test';
import type { DocumentFilters, DocumentPage, DocumentRecord, Envelope } from '../shared/contract';
import { expect, test } from './fixtures';
import type { PageGlobals } from './page-globals';
import { saveScreenshot } from './screenshots';
import { signInWithDemoAccount } from './session-helpers';
import { repoRoot } from './shell-choice';

const fixture = (path: string): string => join(repoRoot, '..', 'shared', 'fixtures', path);

/** A list call through the page's own bridge: what the inbox must show for the same filters. */
const listInvoices = async (page: Page, filters: DocumentFilters = {}): Promise<DocumentPage> => {
  const envelope = (await page.evaluate(
    async (input) => {
      const { acube } = globalThis as unknown as PageGlobals;
      if (!acube) throw new Error('window.acube is missing');
      return acube.invoke('documents.list', input);
    },
    { type: 'invoice', filters, page: 1, itemsPerPage: 30 },
  )) as Envelope<DocumentPage>;
  if (!envelope.ok) throw new Error(`documents.list failed: ${envelope.error.message}`);
  return envelope.value;
};

const inbox = (page: Page): Locator => page.getByRole('grid', { name: 'Invoices' });
const dataRows = (page: Page): Locator => inbox(page).locator('[role="row"][aria-rowindex]:not([aria-rowindex="1"]):not([aria-busy="true"])');
const rowAt = (page: Page, index: number): Locator => inbox(page).locator(`[role="row"][aria-rowindex="${index + 2}"]`);
const cell = (row: Locator, column: string): Locator => row.locator(`.inbox-cell--${column}`);

const openInbox = async (page: Page): Promise<void> => {
  await signInWithDemoAccount(page, 'full');
  await expect(page.getByRole('tab', { name: 'Invoices' })).toHaveAttribute('aria-selected', 'true');
  await expect(dataRows(page).first()).toBeVisible();
};

/** True when the canvas has pixels that are neither white nor transparent (the page really was drawn). */
const canvasHasInk = (canvas: Locator): Promise<boolean> =>
  canvas.evaluate((element) => {
    const target = element as unknown as {
      width: number;
      height: number;
      getContext(kind: '2d'): { getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray } } | null;
    };
    const context = target.getContext('2d');
    if (!context || target.width === 0 || target.height === 0) return false;
    const { data } = context.getImageData(0, 0, target.width, target.height);
    let ink = 0;
    for (let offset = 0; offset < data.length; offset += 4) {
      const [r = 255, g = 255, b = 255, a = 0] = [data[offset], data[offset + 1], data[offset + 2], data[offset + 3]];
      if (a > 0 && (r < 200 || g < 200 || b < 200)) ink += 1;
    }
    return ink > 100;
  });

test.describe('documents inbox', () => {
  test('filtering by sender name and document date lists only the matches, and the URL keeps the view', async ({ page }) => {
    await openInbox(page);
    const all = await listInvoices(page);
    const target = all.items.find((record) => record.sender.name.length > 4) as DocumentRecord;
    const namePart = target.sender.name.slice(0, Math.min(8, target.sender.name.length)).toLowerCase();
    const day = target.date.slice(0, 10);
    const expected = await listInvoices(page, { senderName: namePart, documentDate: { after: day, before: day } });

    await page.getByRole('button', { name: 'Filters' }).click();
    await page.getByRole('textbox', { name: 'Sender name' }).fill(namePart);
    // Dates are typed in the UI language's order (English: day/month/year), not ISO.
    const typedDay = day.split('-').reverse().join('/');
    await page.getByLabel('Document date from').fill(typedDay);
    await page.getByLabel('Document date to').fill(typedDay);
    await page.getByRole('button', { name: 'Apply filters' }).click();

    await expect(page.getByRole('list', { name: 'Active filters' })).toContainText(namePart);
    await expect(page.getByRole('toolbar', { name: 'Inbox tools' })).toContainText(`${expected.totalItems} invoice`);
    await expect(dataRows(page)).toHaveCount(Math.min(expected.totalItems, 30));
    for (const row of await dataRows(page).all()) {
      await expect(cell(row, 'sender')).toContainText(new RegExp(namePart.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'i'));
    }
    await expect(rowAt(page, 0)).toHaveAccessibleName(new RegExp(target.number.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
    expect(page.url()).toContain(`senderName=${encodeURIComponent(namePart)}`);
    expect(page.url()).toContain(`documentDate.after=${day}`);

    // Documents → Uploads → back: the filtered view is still there.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Uploads' }).click();
    await page.goBack();
    await expect(page.getByRole('list', { name: 'Active filters' })).toContainText(namePart);
    await expect(dataRows(page)).toHaveCount(Math.min(expected.totalItems, 30));

    // Nothing matches → the empty state says so and clears the filters.
    await page.getByRole('textbox', { name: 'Sender name' }).fill('no company is called like this');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    const empty = page.getByRole('heading', { name: 'No invoices match these filters' });
    await expect(empty).toBeVisible();
    await page.locator('.inbox-state').getByRole('button', { name: 'Clear filters' }).click();
    await expect(page.getByRole('toolbar', { name: 'Inbox tools' })).toContainText(`${all.totalItems} invoices`);
  });

  for (const scheme of ['light', 'dark'] as const) {
    test.describe(`${scheme} theme`, () => {
      test.use({ colorScheme: scheme });

      test(`opening a document shows its parties and totals, and the PDF tab draws the page (${scheme})`, async ({ page }) => {
        await openInbox(page);
        // Keyboard: focus the list, move down one row, open it with Enter.
        await inbox(page).focus();
        await page.keyboard.press('ArrowDown');
        await page.keyboard.press('Enter');
        const second = await rowAt(page, 1).getAttribute('aria-label');
        const number = (second ?? '').split(',')[0] ?? '';
        const pane = page.getByRole('region', { name: `Document ${number}` });
        await expect(pane).toBeVisible();
        await expect(rowAt(page, 1)).toHaveAttribute('aria-current', 'true');
        await expect(pane.getByRole('region', { name: /^Supplier: / })).toBeVisible();
        await expect(pane.getByRole('region', { name: /^Customer: / })).toBeVisible();
        await expect(pane.getByRole('heading', { name: 'Totals' })).toBeVisible();
        await expect(pane.getByText('Amount due').first()).toBeVisible();
        await expect(pane.getByRole('heading', { name: /^\d+ lines?$/ })).toBeVisible();
        // The screenshot shows the page at rest, without the keyboard focus ring.
        await page.evaluate(() => (globalThis as unknown as { document: { activeElement: { blur?: () => void } | null } }).document.activeElement?.blur?.());
        await saveScreenshot(page, scheme === 'light' ? 'inbox' : 'inbox-dark');

        await pane.getByRole('tab', { name: 'Source' }).click();
        await expect(pane.getByLabel('Document source')).toContainText('<');
        await expect(pane.getByRole('button', { name: 'Copy' })).toBeVisible();

        await pane.getByRole('tab', { name: 'PDF' }).click();
        const viewer = pane.getByRole('region', { name: `PDF of ${number}` });
        await expect(viewer.getByText(/^Page 1 of \d+$/)).toBeVisible();
        const canvas = viewer.locator('canvas').first();
        await expect(canvas).toBeVisible();
        await expect.poll(() => canvasHasInk(canvas)).toBe(true);
        await viewer.getByRole('button', { name: 'Zoom in' }).click();
        await expect(viewer.getByRole('button', { name: 'Fit width' })).toHaveAttribute('aria-pressed', 'false');
        await viewer.getByRole('button', { name: 'Fit width' }).click();
        await expect.poll(() => canvasHasInk(viewer.locator('canvas').first())).toBe(true);
        await saveScreenshot(page, scheme === 'light' ? 'pdf-preview' : 'pdf-preview-dark');
        expect(page.url()).toContain('tab=pdf');

        // Print: the pages become print-only images and the browser's print is asked for once.
        type PrintGlobals = { printed?: number; print(): void; dispatchEvent(event: unknown): boolean; Event: new (type: string) => unknown };
        await page.evaluate(() => {
          const g = globalThis as unknown as PrintGlobals;
          g.printed = 0;
          g.print = () => {
            g.printed = (g.printed ?? 0) + 1;
          };
        });
        await viewer.getByRole('button', { name: 'Print' }).click();
        await expect.poll(() => page.evaluate(() => (globalThis as unknown as PrintGlobals).printed)).toBe(1);
        await expect(page.locator('.pdf-print-root img')).not.toHaveCount(0);
        await page.evaluate(() => {
          const g = globalThis as unknown as PrintGlobals;
          g.dispatchEvent(new g.Event('afterprint'));
        });
        await expect(page.locator('.pdf-print-root')).toHaveCount(0);
      });
    });
  }

  test.describe('bulk download', () => {
    test.use({ emulatorArgs: '--documents 200' });

    test('downloads 50 selected invoices to a folder as valid XML and marks them downloaded', async ({ page }) => {
      const folder = await mkdtemp(join(tmpdir(), 'ledgerdesk-bulk-'));
      try {
        await openInbox(page);
        const first = rowAt(page, 0);
        await first.getByRole('checkbox').check();
        // Shift+click the 50th row: the range between is selected.
        await inbox(page).evaluate((element) => {
          (element as unknown as { scrollTop: number }).scrollTop = 49 * 36;
        });
        const fiftieth = rowAt(page, 49);
        await expect(fiftieth).not.toHaveAttribute('aria-busy', 'true');
        await cell(fiftieth, 'number').click({ modifiers: ['Shift'] });
        const toolbar = page.getByRole('toolbar', { name: 'Inbox tools' });
        await expect(toolbar).toContainText(/50 of \d+ selected/);

        await toolbar.getByRole('button', { name: 'Download…' }).click();
        const dialog = page.getByRole('dialog', { name: 'Download documents' });
        await expect(dialog.getByRole('radio', { name: 'The 50 selected documents' })).toBeChecked();
        // The default folder arrives from the core after the dialog opens; type over it once it is shown.
        const folderField = dialog.getByRole('textbox', { name: 'Folder' });
        await expect(folderField).not.toHaveValue('');
        await folderField.fill(folder);
        await expect(dialog.getByText(/^First file:/)).toContainText('.xml');
        await dialog.getByRole('button', { name: 'Start download' }).click();
        await expect(dialog).toBeHidden();

        const downloads = page.getByRole('region', { name: 'Downloads' });
        const job = downloads.getByRole('listitem', { name: '50 invoices' });
        await expect(job).toContainText('Done', { timeout: 60_000 });
        await expect(job).toContainText('50 written');
        await expect(job.getByRole('progressbar', { name: 'Download progress' })).toHaveAttribute('aria-valuenow', '100');

        const files = (await readdir(folder)).filter((name) => name.endsWith('.xml'));
        expect(files).toHaveLength(50);
        for (const name of files) {
          const text = await readFile(join(folder, name), 'utf8');
          expect(XMLValidator.validate(text), name).toBe(true);
          expect(text).toMatch(/<(\w+:)?Invoice[\s>]/);
        }

        await inbox(page).evaluate((element) => {
          (element as unknown as { scrollTop: number }).scrollTop = 0;
        });
        for (const index of [0, 1, 2]) await expect(cell(rowAt(page, index), 'downloaded')).toHaveText('Yes');
      } finally {
        await rm(folder, { recursive: true, force: true });
      }
    });
  });

  test('sending a valid credit note is accepted; an invalid one lists the violated rules', async ({ page }) => {
    test.setTimeout(300_000); // the official rules load on first use, in the app and in the emulator
    await openInbox(page);
    await page.getByRole('button', { name: 'Send document' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send document' });
    await dialog.getByLabel('Document file').setInputFiles(fixture('peppol-bis-invoice-3/base-creditnote-correction.xml'));
    await expect(dialog.getByRole('combobox', { name: 'Document type' })).toHaveValue('credit-note');
    await expect(dialog.getByRole('combobox', { name: 'Validation rule' })).toHaveValue('');
    await dialog.getByRole('button', { name: 'Send', exact: true }).click();
    // The first send loads the official rules in the app and in the emulator (seconds on a busy machine).
    await expect(dialog.getByText(/^The service accepted credit note /)).toBeVisible({ timeout: 120_000 });

    await dialog.getByRole('button', { name: 'Send another' }).click();
    await dialog.getByLabel('Document file').setInputFiles(fixture('anskaffelser-ehf-postaward-g2/T14-linje-feil.xml'));
    // Before anything is sent, the official rules run locally: errors grouped, each with its rule id and place.
    const report = dialog.getByRole('region', { name: /^Would be refused: \d+ errors under Peppol BIS Billing 3\.0/ });
    await expect(report).toBeVisible({ timeout: 60_000 });
    const errors = report.getByRole('list', { name: /^Errors \(\d+\)$/ });
    const lineError = errors.getByRole('button').filter({ hasText: /at document line \d+/ }).first();
    await expect(lineError).toContainText(/^(BR|PEPPOL|UBL)-[A-Z0-9-]+/);
    await lineError.click();
    await expect(lineError).toHaveAttribute('aria-pressed', 'true');
    await expect(report.getByText(/^Where: document line \d+$/)).toBeVisible();
    const hit = report.locator('[aria-current="location"]');
    await expect(hit).toBeVisible();
    await expect(hit).toContainText(/<(cac:)?CreditNoteLine|<cbc:|<cac:/);
    // Sending what the rules refuse asks first.
    await dialog.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(dialog.getByText('Send a document the official rules refuse?')).toBeVisible();
    await dialog.getByRole('button', { name: 'Send anyway' }).click();
    const refusal = dialog.getByRole('alert').filter({ hasText: 'The service refused the credit note' });
    await expect(refusal).toBeVisible({ timeout: 60_000 });
    const table = refusal.getByRole('table', { name: /rule violations?$/ });
    await expect(table.getByRole('row').nth(1)).toBeVisible();
    const rules = await table.locator('.violations__rule').allTextContents();
    expect(rules.length).toBeGreaterThan(0);
    for (const rule of rules) expect(rule).toMatch(/^[A-Z][A-Z0-9]*(-[A-Z0-9]+)+$/);

    // Back to the valid one: "Open document" shows it in the credit notes.
    await dialog.getByLabel('Document file').setInputFiles(fixture('peppol-bis-invoice-3/base-creditnote-correction.xml'));
    await dialog.getByRole('button', { name: 'Send', exact: true }).click();
    await dialog.getByRole('button', { name: 'Open document' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('tab', { name: 'Credit notes' })).toHaveAttribute('aria-selected', 'true');
    const pane = page.getByRole('region', { name: /^Document / });
    await expect(pane.getByRole('region', { name: /^Supplier: / })).toBeVisible();
  });
});
