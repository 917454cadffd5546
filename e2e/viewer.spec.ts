/**
 * The document viewer (issue 14): a local FatturaPA opened with no account before it is uploaded,
 * the same file after delivery from its transfer documents, and every format's layout in both
 * themes (E2E_SCREENSHOTS=1 refreshes docs/screenshots/viewer-*.png; scripts/screenshots.mjs).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { saveScreenshot } from './screenshots';
import { repoRoot } from './shell-choice';
import { signInScreen, signInWithDemoAccount } from './session-helpers';

const fixtures = join(repoRoot, '..', 'shared', 'fixtures');
const fatturaPa = join(fixtures, 'ph-fatturapa', 'IT01234567890_FPR01.xml');

const chooseFile = async (page: Page, path: string, button: RegExp = /^(Choose a file…|Open another file)$/): Promise<void> => {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: button }).click();
  await (await chooser).setFiles(path);
};

const viewer = (scope: Page | Locator): Locator => scope.getByRole('region', { name: 'Document viewer' });

test.describe('document viewer', () => {
  test('opens a local FatturaPA with no account: official stylesheet, own layout, source, PDF named after the number', async ({ page }) => {
    await expect(signInScreen(page)).toBeVisible();
    await page.getByRole('link', { name: 'Open a file without signing in' }).click();
    await expect(page.getByRole('heading', { name: 'Open a file', level: 1 })).toBeVisible();
    await chooseFile(page, fatturaPa);

    const view = viewer(page);
    // The official Agenzia delle Entrate stylesheet, in a frame that may run nothing.
    const frame = view.getByTitle('Document rendered by the Agenzia delle Entrate stylesheet');
    await expect(frame).toBeVisible({ timeout: 30_000 });
    await expect(frame).toHaveAttribute('sandbox', '');
    await expect(page.frameLocator('iframe.viewer-frame').getByText(/SOCIETA' ALPHA SRL/).first()).toBeVisible();

    // The user's choice of layout is remembered: the Ledgerdesk layout follows the schema.
    await view.getByRole('combobox', { name: 'Layout' }).selectOption({ label: 'Ledgerdesk layout' });
    await expect(view.getByRole('group', { name: /^Seller: SOCIETA' ALPHA SRL/ })).toBeVisible();
    await expect(view.getByRole('heading', { name: 'VAT summary' })).toBeVisible();
    await expect(view.getByText('123', { exact: true }).first()).toBeVisible();

    await view.getByRole('tab', { name: 'Source' }).click();
    await expect(view.getByLabel('Document source')).toContainText('<p:FatturaElettronica');
    await expect(view.locator('.source-code__line[data-line="1"]')).toBeVisible();

    await view.getByRole('tab', { name: 'Document' }).click();
    const download = page.waitForEvent('download', { timeout: 60_000 });
    await view.getByRole('button', { name: 'Save as PDF' }).click();
    const pdf = await download;
    expect(pdf.suggestedFilename()).toBe('123.pdf');

    // Reopened, the remembered layout is used; bad input is explained and the source shown.
    await chooseFile(page, join(fixtures, 'SOURCES.md'));
    await expect(view.getByText('This document cannot be shown as a layout')).toBeVisible();
    await expect(view.getByText(/is not XML, JSON or CSV/)).toBeVisible();
    await expect(view.getByLabel('Document source')).toContainText('Public e-invoicing fixtures');

    await page.getByRole('link', { name: 'Back to sign in' }).click();
    await expect(signInScreen(page)).toBeVisible();
  });

  for (const scheme of ['light', 'dark'] as const) {
    test(`Validate a file: the official rules offline, a finding shown on the document and in the source (${scheme})`, async ({ page }) => {
      test.setTimeout(180_000);
      await page.emulateMedia({ colorScheme: scheme });
      await expect(signInScreen(page)).toBeVisible();
      await page.getByRole('link', { name: 'Validate a file without signing in' }).click();
      await expect(page.getByRole('heading', { name: 'Validate a file', level: 1 })).toBeVisible();
      await chooseFile(page, join(fixtures, 'peppol-bis-invoice-3', 'GR-base-example-correct.xml'));
      const view = viewer(page);
      // The engine may be cold (first check after start): the time running is shown meanwhile.
      await expect(view.getByText(/^Would be refused: \d+ errors? under /)).toBeVisible({ timeout: 150_000 });
      const errors = view.getByRole('list', { name: /^Errors \(\d+\)$/ });
      const first = errors.getByRole('button', { pressed: false }).first();
      await first.click();
      await expect(view.getByText(/^Highlighted: |has no separate place in this layout/)).toBeVisible();
      await saveScreenshot(page, `viewer-validate-${scheme}`);
      const line = errors.getByRole('button', { name: /^Source line \d+$/ }).first();
      if (await line.isVisible()) {
        await line.click();
        await expect(view.locator('.source-code__line--hit')).toBeVisible();
        await expect(view.getByRole('button', { name: 'As in the file', pressed: true })).toBeVisible();
      }
    });
  }

  test.describe('before and after sending', () => {
    test.use({ emulatorArgs: '--processing-delay 200' });

    test('a FatturaPA is viewed in the upload batch, then delivered and viewed from its transfer documents with its SDI id', async ({ page }) => {
      await signInWithDemoAccount(page, 'full');
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Uploads' }).click();
      await expect(page.getByRole('heading', { name: 'Uploads', level: 1 })).toBeVisible();
      const content = readFileSync(fatturaPa, 'utf8');
      const dataTransfer = await page.evaluateHandle((text: string) => {
        const { DataTransfer, File } = globalThis as unknown as { DataTransfer: new () => { items: { add(file: unknown): void } }; File: new (parts: string[], name: string) => unknown };
        const transfer = new DataTransfer();
        transfer.items.add(new File([text], 'IT01234567890_FPR01.xml'));
        return transfer;
      }, content);
      await page.locator('body').dispatchEvent('dragenter', { dataTransfer });
      await page.locator('body').dispatchEvent('dragover', { dataTransfer });
      await page.locator('body').dispatchEvent('drop', { dataTransfer });
      const panel = page.getByRole('region', { name: 'Files to upload' });
      await panel.getByRole('button', { name: 'View IT01234567890_FPR01.xml' }).click();
      const before = page.getByRole('dialog', { name: 'IT01234567890_FPR01.xml' });
      await expect(before.getByText('SOCIETA\' ALPHA SRL').first()).toBeVisible({ timeout: 30_000 });
      await before.getByRole('button', { name: 'Close' }).click();
      await panel.getByRole('button', { name: 'Upload 1 file' }).click();

      const row = page.getByRole('table', { name: 'Uploads' }).locator('[role="rowgroup"] > [role="row"]').filter({ hasText: 'IT01234567890_FPR01.xml' });
      await expect(row.getByText('Delivered', { exact: true })).toBeVisible({ timeout: 45_000 });
      await row.getByRole('button', { name: 'IT01234567890_FPR01.xml', exact: true }).click();
      const documents = row.getByRole('region', { name: 'Transfer documents' });
      const sdiId = (await documents.getByRole('cell').filter({ hasText: /^\d{6,}$/ }).first().textContent())?.trim() ?? '';
      expect(sdiId).toMatch(/^\d{6,}$/);
      await documents.getByRole('button', { name: /^View / }).first().click();
      const after = page.getByRole('dialog', { name: /IT01234567890_FPR01/ });
      await after.getByRole('combobox', { name: 'Layout' }).selectOption({ label: 'Ledgerdesk layout' });
      await expect(after.getByText(sdiId, { exact: true })).toBeVisible({ timeout: 30_000 });
      await expect(after.getByRole('group', { name: /^Buyer: DITTA BETA/ })).toBeVisible();
    });
  });

  const formats: Array<{ name: string; path: string; expect: string }> = [
    { name: 'fatturapa', path: 'ph-fatturapa/IT01234567890_FPA01.xml', expect: 'ALPHA SRL' },
    { name: 'ksef-fa2', path: 'ksef-fop/fa2/podstawowa/FA_2_Przyklad_20.xml', expect: '2/11/2023' },
    { name: 'ksef-fa3', path: 'ksef-fop/fa3/podstawowa/FA_3_complex.xml', expect: 'FA/2025/12/001' },
    { name: 'ubl-invoice', path: 'peppol-bis-invoice-3/base-example.xml', expect: 'Snippet1' },
    { name: 'ubl-order', path: 'poacc-upgrade-3/Order_Example.xml', expect: '34' },
    { name: 'ubl-order-response', path: 'poacc-upgrade-3/OrderResponse_Example.xml', expect: '101' },
    { name: 'ubl-despatch-advice', path: 'poacc-upgrade-3/DespatchAdvice_Example.xml', expect: '565899' },
  ];
  for (const scheme of ['light', 'dark'] as const) {
    test.describe(`every format in the ${scheme} theme`, () => {
      test.use({ colorScheme: scheme });
      test(`opens each format and shows its number (${scheme})`, async ({ page }) => {
        test.setTimeout(180_000);
        await page.getByRole('link', { name: 'Open a file without signing in' }).click();
        for (const format of formats) {
          await chooseFile(page, join(fixtures, format.path));
          const view = viewer(page);
          const ownLayout = view.getByRole('combobox', { name: 'Layout' });
          const stylesheet = view.locator('iframe.viewer-frame');
          await expect(view.getByText(format.expect).first().or(stylesheet).first()).toBeVisible({ timeout: 30_000 });
          await expect(view.getByText('Applying the stylesheet…')).toHaveCount(0, { timeout: 30_000 });
          if (await stylesheet.isVisible()) {
            await expect(page.frameLocator('iframe.viewer-frame').getByText(format.expect).first()).toBeVisible();
            await saveScreenshot(page, `viewer-${format.name}-stylesheet-${scheme}`);
            await ownLayout.selectOption({ label: 'Ledgerdesk layout' });
          }
          await expect(view.getByText(format.expect).first()).toBeVisible();
          await saveScreenshot(page, `viewer-${format.name}-${scheme}`);
          // Leave the official stylesheet as the remembered choice for the next file of its format.
          if (await ownLayout.isVisible()) await ownLayout.selectOption({ index: 0 });
        }
      });
    });
  }
});
