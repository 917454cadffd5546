/**
 * Onboarding a shop on the local emulator (issue 25): a partner creates a merchant, adds a PEM,
 * activates it, registers its cash register with the certificate imported in the same step, issues
 * a receipt with it over mTLS, then adds a cashier and removes them after the confirmation. With
 * E2E_SCREENSHOTS=1 it also refreshes docs/screenshots/onboarding-*.png (light and dark, English
 * and Italian).
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { saveScreenshotInBothThemes } from './screenshots';
import { signInWithDemoAccount } from './session-helpers';

const nav = (page: Page): Locator => page.getByRole('navigation', { name: 'Main' });
const unique = Date.now().toString(36);

/** Screenshots show the screen, not the notifications on top of it. */
const screenshot = async (page: Page, name: string): Promise<void> => {
  if (process.env.E2E_SCREENSHOTS !== '1') return;
  const notifications = page.getByRole('status', { name: /^(Notifications|Notifiche)$/ });
  while ((await notifications.getByRole('button', { name: /^(Dismiss|Ignora)$/ }).count()) > 0) {
    await notifications.getByRole('button', { name: /^(Dismiss|Ignora)$/ }).first().click();
  }
  await saveScreenshotInBothThemes(page, name);
};

test.describe('onboarding', () => {
  test.use({ emulatorArgs: '--processing-delay 100' });

  test('merchant → PEM → activation → cash register with its certificate → receipt over mTLS → cashier added and removed', async ({ page }) => {
    test.setTimeout(180_000);
    await signInWithDemoAccount(page, 'full');
    await expect(page.getByRole('heading', { name: 'Documents', level: 1 })).toBeVisible();
    await nav(page).getByRole('link', { name: 'Fiscal' }).click();

    // A new merchant; the form says what is wrong at the field before sending.
    await page.getByRole('link', { name: 'New merchant' }).click();
    await expect(page.getByRole('heading', { name: 'New merchant', level: 1 })).toBeVisible();
    await page.getByLabel('VAT number (Partita IVA)').fill('123');
    await page.getByRole('button', { name: 'Create merchant' }).click();
    await expect(page.getByText('An Italian VAT number has 11 digits.')).toBeVisible();
    await expect(page.getByLabel('VAT number (Partita IVA)')).toHaveAttribute('aria-invalid', 'true');
    const vatNumber = `0${String(Date.now()).slice(-10)}`;
    await page.getByLabel('VAT number (Partita IVA)').fill(vatNumber);
    await page.getByLabel('Business name').fill('Forno Verdi S.r.l.');
    await page.getByLabel('Sign-in e-mail').fill(`verdi-${unique}@example.test`);
    await page.getByLabel('Password', { exact: true }).fill('Pane-2026!x');
    await page.getByLabel('Street', { exact: true }).fill('Via Po');
    await page.getByLabel('Street number').fill('12');
    await page.getByLabel('ZIP code (CAP)').fill('10123');
    await page.getByLabel('City').fill('Torino');
    await page.getByLabel(/^Province/).fill('TO');
    await screenshot(page, 'onboarding-merchant');
    await page.getByRole('button', { name: 'Create merchant' }).click();
    await expect(page.getByRole('heading', { name: 'Forno Verdi S.r.l.', level: 1 })).toBeVisible();

    // A PEM: its registration key is shown once and carried to the activation.
    await page.getByRole('button', { name: 'Add a PEM' }).click();
    await page.getByRole('dialog', { name: /^Add a PEM to / }).getByRole('button', { name: 'Create PEM' }).click();
    const created = page.getByRole('dialog', { name: /^PEM .+ created$/ });
    await expect(created.getByTestId('registration-key')).not.toBeEmpty();
    const serial = ((await created.getByRole('heading').textContent()) ?? '').replace(/^PEM (.+) created$/, '$1');
    await created.getByRole('button', { name: 'Activate now' }).click();
    await expect(page.getByRole('heading', { name: `Set up PEM ${serial}`, level: 1 })).toBeVisible();
    await expect(page.getByLabel('Registration key')).not.toHaveValue('');
    await page.getByRole('button', { name: 'Activate PEM' }).click();
    await expect(page.getByText('This PEM is activated.')).toBeVisible();

    // Its cash register, with the certificate imported in the same step.
    await page.getByLabel('Cash register name').fill('Cassa 1');
    await page.getByRole('button', { name: 'Register cash register' }).click();
    await expect(page.getByText(/^Cash register Cassa 1 registered; its certificate \(valid until .+\) is imported\.$/)).toBeVisible();
    await screenshot(page, 'onboarding-pem-setup');

    // A receipt issued on it over mTLS.
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: `PEM ${serial}` }).click();
    await expect(page.getByRole('heading', { name: `PEM ${serial}` })).toBeVisible();
    await page.getByRole('link', { name: 'Issue receipt' }).click();
    await page.getByRole('textbox', { name: 'Description of item 1' }).fill('Pane casereccio');
    await page.getByRole('textbox', { name: 'Quantity of item 1' }).fill('1.00');
    await page.getByRole('textbox', { name: 'Unit price of item 1' }).fill('3.20');
    await page.getByRole('combobox', { name: 'VAT of item 1' }).selectOption('4.00');
    await expect(page.getByRole('textbox', { name: 'Amount of payment 1' })).toHaveValue('3.20');
    await page.getByRole('button', { name: 'Issue receipt' }).click();
    await expect(page.getByText(/^Document \d{4}-\d{4} issued$/)).toBeVisible();

    // A cashier added, then removed after the confirmation naming them.
    await nav(page).getByRole('link', { name: 'Fiscal' }).click();
    await page.getByRole('link', { name: 'Cashiers' }).click();
    await expect(page.getByRole('heading', { name: 'Cashiers', level: 1 })).toBeVisible();
    const email = `marco-${unique}@example.test`;
    await page.getByLabel('Merchant').selectOption({ label: `Forno Verdi S.r.l. · ${vatNumber}` });
    await page.getByLabel('Name', { exact: true }).fill('Marco Neri');
    await page.getByLabel('E-mail', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill('cassa-2026');
    await page.getByRole('button', { name: 'Add cashier' }).click();
    const table = page.getByRole('table', { name: 'Cashiers' });
    await expect(table.getByText(email)).toBeVisible();
    await screenshot(page, 'onboarding-cashiers');
    await page.getByRole('button', { name: 'Remove cashier Marco Neri' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove cashier Marco Neri?' });
    await expect(dialog.getByText(email, { exact: false })).toBeVisible();
    await dialog.getByRole('button', { name: 'Remove Marco Neri' }).click();
    await expect(dialog).toBeHidden();
    await expect(table.getByText(email)).toHaveCount(0);

    // The same screens in Italian, for the screenshots.
    if (process.env.E2E_SCREENSHOTS === '1') {
      await nav(page).getByRole('link', { name: 'Settings' }).click();
      await page.getByRole('combobox', { name: 'Language' }).selectOption('it');
      await page.goto(`${page.url().split('#')[0]}#/fiscal/pems/${encodeURIComponent(serial)}/setup`);
      await expect(page.getByRole('heading', { name: `Configura il PEM ${serial}`, level: 1 })).toBeVisible();
      await screenshot(page, 'onboarding-pem-setup-it');
      await page.goto(`${page.url().split('#')[0]}#/fiscal/cashiers`);
      await expect(page.getByRole('heading', { name: 'Cassieri', level: 1 })).toBeVisible();
      await screenshot(page, 'onboarding-cashiers-it');
    }
  });
});
