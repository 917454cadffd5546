/**
 * The shop manager's fiscal day on the local emulator: import the cash register certificate, issue
 * a receipt, close the journal, watch the closure report get processed, preview report PDFs, and
 * the ATECO editor refusing a malformed code. With E2E_SCREENSHOTS=1 it also refreshes
 * docs/screenshots/fiscal.png (light) and fiscal-dark.png.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { z } from 'zod';
import { expect, test, type ShellHandle } from './fixtures';
import { saveScreenshot } from './screenshots';
import { signInWithDemoAccount } from './session-helpers';

const startupCertificates = z.object({
  clientCertificates: z.array(z.object({ pemSerialNumber: z.string(), p12Path: z.string(), passphrase: z.string() })).min(1),
});
const pkiManifest = z.object({ clients: z.array(z.object({ pemSerialNumber: z.string(), passphrase: z.string() })).min(1) });

interface CashRegisterCertificate {
  pemSerialNumber: string;
  p12Path: string;
  passphrase: string;
}

/** The emulator's first cash register certificate: from its startup line, or (Electron) from its PKI folder. */
function firstCertificate(shell: ShellHandle): CashRegisterCertificate {
  if (shell.emulator) return startupCertificates.parse(shell.emulator).clientCertificates[0]!;
  const pkiDir = join(shell.userDataDir, 'emulator', 'pki');
  const manifestPath = join(pkiDir, 'manifest.json');
  if (!existsSync(manifestPath)) throw new Error(`No emulator startup line and no PKI manifest at ${manifestPath}.`);
  const client = pkiManifest.parse(JSON.parse(readFileSync(manifestPath, 'utf8'))).clients[0]!;
  return { ...client, p12Path: join(pkiDir, 'clients', `${client.pemSerialNumber}.p12`) };
}

/** How many sampled pixels of the preview's first canvas are not (near) white: pdf.js drew something. */
const inkedPixels = (preview: Locator): Promise<number> =>
  preview.locator('canvas').first().evaluate((canvas) => {
    const element = canvas as unknown as {
      width: number;
      height: number;
      getContext(kind: '2d'): { getImageData(x: number, y: number, w: number, h: number): { data: ArrayLike<number> } } | null;
    };
    const context = element.getContext('2d');
    if (!context || element.width === 0 || element.height === 0) return 0;
    const { data } = context.getImageData(0, 0, element.width, element.height);
    let inked = 0;
    for (let index = 0; index < data.length; index += 4 * 7) {
      const opaque = (data[index + 3] ?? 0) > 200;
      const dark = (data[index] ?? 255) < 200 || (data[index + 1] ?? 255) < 200 || (data[index + 2] ?? 255) < 200;
      if (opaque && dark) inked += 1;
    }
    return inked;
  });

const expectPdfDrawn = async (preview: Locator): Promise<void> => {
  await expect(preview.locator('canvas').first()).toBeVisible({ timeout: 20_000 });
  await expect.poll(() => inkedPixels(preview), { timeout: 20_000 }).toBeGreaterThan(200);
};

const nav = (page: Page): Locator => page.getByRole('navigation', { name: 'Main' });

test.describe('fiscal', () => {
  test.use({ emulatorArgs: '--processing-delay 100' });

  test('a shop manager issues a receipt, closes the journal and previews the reports', async ({ page, shell }) => {
    test.setTimeout(180_000);
    const certificate = firstCertificate(shell);
    const serial = certificate.pemSerialNumber;
    await signInWithDemoAccount(page, 'full');
    // The app lands on the documents inbox after sign-in; navigate once it has.
    await expect(page.getByRole('heading', { name: 'Documents', level: 1 })).toBeVisible();

    // Settings → Certificates: import the cash register's PKCS#12.
    await nav(page).getByRole('link', { name: 'Settings' }).click();
    await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
    await page.getByLabel('Certificate file (.p12 / .pfx)').setInputFiles(certificate.p12Path);
    await page.getByLabel('Passphrase').fill(certificate.passphrase);
    await page.getByRole('button', { name: 'Import certificate' }).click();
    await expect(page.getByRole('heading', { name: serial, level: 3 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Remove certificate' })).toBeVisible();

    // The cash register card, asked of the service over mTLS.
    await nav(page).getByRole('link', { name: 'Fiscal' }).click();
    const cashRegister = page.getByRole('region', { name: 'This cash register' });
    await expect(cashRegister.getByRole('link', { name: serial })).toBeVisible();
    await expect(cashRegister.getByText('ATECO codes')).toBeVisible();
    await cashRegister.getByRole('link', { name: serial }).click();
    await expect(page.getByRole('heading', { name: `PEM ${serial}` })).toBeVisible();

    // Issue a receipt.
    await page.getByRole('link', { name: 'Issue receipt' }).click();
    await page.getByRole('textbox', { name: 'Description of item 1' }).fill('Espresso');
    await page.getByRole('textbox', { name: 'Quantity of item 1' }).fill('2.00');
    await page.getByRole('textbox', { name: 'Unit price of item 1' }).fill('1.20');
    await page.getByRole('combobox', { name: 'VAT of item 1' }).selectOption('10.00');
    await expect(page.getByRole('textbox', { name: 'Amount of payment 1' })).toHaveValue('2.40');
    await page.getByRole('button', { name: 'Issue receipt' }).click();
    await expect(page.getByText(/^Document \d{4}-\d{4} issued$/)).toBeVisible();
    await expect(page.getByRole('heading', { name: /^Receipt \d{4}-\d{4}$/ })).toBeVisible();

    // Back on the PEM: the journal is open, so the data download waits.
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: serial }).click();
    const journal = page.getByRole('region', { name: 'Journal' });
    await expect(journal.getByText('Open', { exact: true })).toBeVisible();
    await expect(journal.getByRole('button', { name: 'Download data' })).toBeDisabled();
    await expect(journal.getByText(/available once the journal is closed/)).toBeVisible();

    // Close it.
    await journal.getByRole('button', { name: 'Close journal' }).click();
    const dialog = page.getByRole('dialog', { name: /^Close journal \d{4}\?$/ });
    await dialog.getByRole('button', { name: 'Close journal' }).click();
    await expect(dialog).toBeHidden();
    await expect(journal.getByText('Closed', { exact: true })).toBeVisible();
    await expect(journal.getByRole('button', { name: 'Download data' })).toBeEnabled();
    await expect(journal.getByRole('button', { name: 'Request journal reading' })).toBeDisabled();

    // The closure report reaches processed; preview its PDF.
    const requests = page.getByRole('list', { name: 'Report requests' });
    const closure = requests.getByRole('listitem', { name: /^Journal closure requested/ }).first();
    await expect(closure.getByText('Processed', { exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('status', { name: 'Notifications' }).getByText('Journal closure ready')).toBeVisible();
    await closure.getByRole('button', { name: 'Preview PDF' }).click();
    await expectPdfDrawn(page.getByRole('region', { name: 'Preview of Journal closure' }));

    // Queue a receipts summary (today's date range) and preview it.
    const reportForm = page.getByRole('form', { name: 'Receipts report' });
    await reportForm.getByRole('radio', { name: 'Summary' }).check();
    await reportForm.getByRole('radio', { name: 'Date range' }).check();
    await reportForm.getByRole('button', { name: 'Request receipts report' }).click();
    const summary = requests.getByRole('listitem', { name: /^Receipts summary requested/ }).first();
    await expect(summary.getByText('Processed', { exact: true })).toBeVisible({ timeout: 30_000 });
    await summary.getByRole('button', { name: 'Preview PDF' }).click();
    const summaryPreview = page.getByRole('region', { name: 'Preview of Receipts summary' });
    await expectPdfDrawn(summaryPreview);

    // The screenshots show the dashboard and the preview, not the notifications on top of them.
    const notifications = page.getByRole('status', { name: 'Notifications' });
    await expect(notifications.getByText('Receipts summary ready')).toBeVisible();
    while ((await notifications.getByRole('button', { name: 'Dismiss' }).count()) > 0) {
      await notifications.getByRole('button', { name: 'Dismiss' }).first().click();
    }
    await page.evaluate(() => (globalThis as unknown as { scrollTo(x: number, y: number): void }).scrollTo(0, 0));
    await page.getByRole('main').evaluate((main) => void ((main as unknown as { scrollTop: number }).scrollTop = 0));
    await saveScreenshot(page, 'fiscal');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expectPdfDrawn(summaryPreview);
    await saveScreenshot(page, 'fiscal-dark');
    await page.emulateMedia({ colorScheme: 'light' });

    // MF2: the ATECO editor refuses a malformed code as it is typed.
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link').nth(1).click();
    const newCode = page.getByRole('textbox', { name: 'New ATECO code' });
    await newCode.fill('47.11');
    await expect(page.getByText('“47.11” is too short: an ATECO code has 6 letters or digits, this one has 4 (dots and spaces do not count).')).toBeVisible();
    await expect(newCode).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByRole('button', { name: 'Add code' })).toBeDisabled();
  });
});
