/**
 * An automated accessibility audit (axe-core) of every screen in the light and the dark theme:
 * no serious or critical violation. Then two main tasks done with the keyboard alone.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { FileChooser, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { signInScreen, signInWithDemoAccount } from './session-helpers';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/**
 * Rules about a screen's structure that axe rates only "moderate", but that decide whether a
 * screen-reader user can find their way (landmarks, heading outline, list and table semantics):
 * these fail the audit too.
 */
const structuralRules = new Set([
  'landmark-one-main',
  'landmark-no-duplicate-main',
  'landmark-unique',
  'page-has-heading-one',
  'heading-order',
  'region',
  'list',
  'listitem',
  'aria-required-children',
  'aria-required-parent',
  'empty-table-header',
  'td-has-header',
  'th-has-data-cells',
]);

/** Serious and critical axe violations, and the structural ones above, of what is on screen, worded so a failure says what and where. */
async function seriousViolations(page: Page): Promise<string[]> {
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (globalThis as unknown as { axe: { run(context: unknown, options: unknown): Promise<{ violations: Violation[] }> } }).axe;
    const result = await axe.run((globalThis as unknown as { document: unknown }).document, { resultTypes: ['violations'] });
    return result.violations;
  });
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical' || structuralRules.has(violation.id))
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.help}\n  ${violation.nodes.map((node) => node.target.join(' ')).join('\n  ')}`);
}

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

const invoiceXml = (number: string): string =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"><ID>${number}</ID><IssueDate>2026-03-01</IssueDate></Invoice>\n`;

const uploadRow = (page: Page, fileName: string) =>
  page.getByRole('table', { name: 'Uploads' }).locator('[role="rowgroup"] > [role="row"]').filter({ hasText: fileName });

/** Picks one file on the uploads page and sends it; waits for its row. */
async function uploadOneFile(page: Page, fileName: string): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Choose files…' }).click();
  await (await chooser).setFiles([{ name: fileName, mimeType: 'application/xml', buffer: Buffer.from(invoiceXml(fileName)) }]);
  await page.getByRole('region', { name: 'Files to upload' }).getByRole('button', { name: 'Upload 1 file' }).click();
  await expect(uploadRow(page, fileName)).toBeVisible({ timeout: 15_000 });
}

/** The focused element's role (explicit, or its tag) and name as a person hears it (aria-label, else its text). */
const focused = (page: Page): Promise<{ role: string; name: string }> =>
  page.evaluate(() => {
    const element = (globalThis as unknown as { document: { activeElement: { tagName: string; getAttribute(name: string): string | null; textContent: string | null } | null } }).document.activeElement;
    return {
      role: element?.getAttribute('role') ?? element?.tagName.toLowerCase() ?? '',
      name: (element?.getAttribute('aria-label') ?? element?.textContent ?? '').trim(),
    };
  });

/** Presses Tab until the focused control is called `name` (and has `role`, if given), at most `limit` times: the keyboard user's way there. */
async function tabTo(page: Page, name: string | RegExp, role?: string, limit = 80): Promise<void> {
  for (let presses = 0; presses < limit; presses += 1) {
    await page.keyboard.press('Tab');
    const current = await focused(page);
    if ((typeof name === 'string' ? current.name === name : name.test(current.name)) && (!role || current.role === role)) return;
  }
  throw new Error(`No control named ${String(name)} within ${limit} presses of Tab.`);
}

const pageReady = (page: Page) => expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible({ timeout: 15_000 });

for (const scheme of ['light', 'dark'] as const) {
  test.describe(`${scheme} theme`, () => {
    test.use({ colorScheme: scheme });

    test(`every screen passes axe with no serious or critical violation (${scheme})`, async ({ page }) => {
      test.setTimeout(180_000);
      const screens: Record<string, string[]> = {};

      await expect(signInScreen(page)).toBeVisible();
      screens['sign-in'] = await seriousViolations(page);

      await signInWithDemoAccount(page, 'full');
      await pageReady(page);
      await expect(page.getByRole('row').nth(1)).toBeVisible({ timeout: 15_000 });
      screens.documents = await seriousViolations(page);

      await page.getByRole('row').nth(1).click();
      // The pane ("Document <number>"), not the viewer region inside it ("Document viewer"): once the viewer has
      // rendered, /^Document / alone matches both and fails on strict mode.
      await expect(page.getByRole('region', { name: /^Document (?!viewer$)/ })).toBeVisible();
      screens['document open'] = await seriousViolations(page);

      await nav(page).getByRole('link', { name: 'Uploads' }).click();
      await pageReady(page);
      screens.uploads = await seriousViolations(page);
      // With an upload in the list (a table of rows and cells) and its details open.
      await uploadOneFile(page, `axe-${scheme}.xml`);
      await uploadRow(page, `axe-${scheme}.xml`).getByRole('button', { name: `axe-${scheme}.xml`, exact: true }).click();
      await expect(page.getByRole('heading', { name: 'What happened' })).toBeVisible();
      screens['uploads with a row open'] = await seriousViolations(page);

      await nav(page).getByRole('link', { name: 'Fiscal' }).click();
      await pageReady(page);
      await expect(page.getByRole('heading', { name: 'Merchants' })).toBeVisible({ timeout: 15_000 });
      screens.fiscal = await seriousViolations(page);

      // A fiscal form with the date typed in the UI language's order and the time in Italian time.
      await page.evaluate(() => {
        (globalThis as unknown as { location: { hash: string } }).location.hash = '#/fiscal/pems/E001-000001/emergency-report';
      });
      await pageReady(page);
      await expect(page.getByRole('textbox', { name: 'Date of the documents' })).toBeVisible({ timeout: 15_000 });
      screens['emergency report'] = await seriousViolations(page);

      // Onboarding a shop: a form showing its field errors, a PEM's set-up page, the cashiers.
      const go = (hash: string) => page.evaluate((target) => void ((globalThis as unknown as { location: { hash: string } }).location.hash = target), hash);
      await go('#/fiscal/merchants/new');
      await pageReady(page);
      await page.getByRole('button', { name: 'Create merchant' }).click({ timeout: 15_000 });
      await expect(page.getByText('An Italian VAT number has 11 digits.')).toBeVisible();
      screens['new merchant with field errors'] = await seriousViolations(page);
      await go('#/fiscal/pems/E001-000001/setup');
      await pageReady(page);
      await expect(page.getByRole('heading', { name: 'Set up PEM E001-000001', level: 1 })).toBeVisible({ timeout: 15_000 });
      screens['PEM set-up'] = await seriousViolations(page);
      await go('#/fiscal/cashiers');
      await pageReady(page);
      await expect(page.getByRole('heading', { name: 'Add a cashier' })).toBeVisible({ timeout: 15_000 });
      screens.cashiers = await seriousViolations(page);

      await nav(page).getByRole('link', { name: 'Settings' }).click();
      await pageReady(page);
      // The page is loaded on demand: audit it once it is there, not the moment between two pages.
      await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible({ timeout: 15_000 });
      screens.settings = await seriousViolations(page);

      await page.getByRole('button', { name: /^Notifications/ }).click();
      screens['notification history'] = await seriousViolations(page);

      expect(screens).toEqual(Object.fromEntries(Object.keys(screens).map((name) => [name, []])));
    });
  });
}

test.describe('keyboard only', () => {
  test('opens a document by its number from the command palette and marks it downloaded', async ({ page }) => {
    test.setTimeout(90_000);
    await signInWithDemoAccount(page, 'full');
    await pageReady(page);
    await expect(page.getByRole('row').nth(1)).toBeVisible({ timeout: 15_000 });
    // The number of an invoice not yet downloaded, asked of the core (not read off the screen).
    const number = await page.evaluate(async () => {
      const { acube } = globalThis as unknown as { acube: { invoke(channel: string, payload: unknown): Promise<{ ok: boolean; value?: { items: { number: string }[] } }> } };
      const envelope = await acube.invoke('documents.list', { type: 'invoice', filters: { downloaded: false }, page: 1 });
      return envelope.value?.items[0]?.number ?? '';
    });
    expect(number).not.toBe('');

    await page.keyboard.press('Control+k');
    const palette = page.getByRole('dialog', { name: 'Command palette' });
    await expect(palette).toBeVisible();
    await page.keyboard.type(number);
    await expect(palette.getByRole('option', { name: `Open document ${number}` })).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(palette).toBeHidden();

    const grid = page.getByRole('grid');
    await expect(grid.getByRole('row', { name: new RegExp(`^${number},`) })).toBeVisible({ timeout: 15_000 });
    await tabTo(page, 'Invoices', 'grid');
    await page.keyboard.press('Home');
    await page.keyboard.press('Enter');
    const pane = page.getByRole('region', { name: `Document ${number}` });
    await expect(pane).toBeVisible();
    await tabTo(page, 'Mark this document as downloaded');
    await page.keyboard.press('Enter');
    await expect(pane.getByRole('button', { name: 'Mark this document as not downloaded' })).toBeVisible({ timeout: 15_000 });
  });

  test('picks a file, sends it and reads its End-to-end ID whole', async ({ page }) => {
    test.setTimeout(90_000);
    await signInWithDemoAccount(page, 'full');
    await pageReady(page);

    await page.keyboard.press('Control+k');
    await page.keyboard.type('upload files');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Uploads', level: 1 })).toBeVisible();
    // Once the list has loaded, nothing re-renders under the focused button.
    await expect(page.getByText('No uploads yet')).toBeVisible();

    // The page may still re-render under the focused button once: if Enter opened no chooser, tab to it again.
    let chooser: FileChooser | undefined;
    for (let attempt = 0; attempt < 3 && !chooser; attempt += 1) {
      await tabTo(page, 'Choose files…');
      const opened = page.waitForEvent('filechooser', { timeout: 5_000 }).catch(() => undefined);
      await page.keyboard.press('Enter');
      chooser = await opened;
    }
    if (!chooser) throw new Error('Enter on "Choose files…" opened no file chooser');
    await chooser.setFiles([{ name: 'keyboard.xml', mimeType: 'application/xml', buffer: Buffer.from(invoiceXml('KB-1')) }]);
    const panel = page.getByRole('region', { name: 'Files to upload' });
    await expect(panel).toBeVisible();
    await tabTo(page, 'Upload 1 file');
    await page.keyboard.press('Enter');

    const row = uploadRow(page, 'keyboard.xml');
    await expect(row).toBeVisible({ timeout: 15_000 });
    await tabTo(page, /^keyboard\.xml/);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'What happened' })).toBeVisible();
    const e2eId = await row.locator('.upload-row__id-text').getAttribute('title');
    expect(e2eId).toMatch(/^LD-/);
    await expect(row.getByText(e2eId ?? '', { exact: true }).last()).toBeVisible();
  });
});
