/**
 * Norwegian Bokmål and Polish through the app: switching the language rewords every screen at once
 * (navigation, pages, dates). With E2E_SCREENSHOTS=1 it also refreshes
 * docs/screenshots/{documents,uploads,fiscal}-{nb,pl}-{light,dark}.png.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { saveScreenshot } from './screenshots';
import { signInWithDemoAccount } from './session-helpers';

const words = {
  nb: { language: 'Norsk bokmål', nav: 'Hovedmeny', documents: 'Dokumenter', uploads: 'Opplastinger', fiscal: 'Kasse', merchants: 'Forhandlere', settings: 'Innstillinger', invoices: 'Fakturaer' },
  pl: { language: 'Polski', nav: 'Menu główne', documents: 'Dokumenty', uploads: 'Wysyłka plików', fiscal: 'Fiskalne', merchants: 'Sprzedawcy', settings: 'Ustawienia', invoices: 'Faktury' },
} as const;

const heading = (page: Page, name: string) => page.getByRole('main').getByRole('heading', { name, level: 1 });

for (const scheme of ['light', 'dark'] as const) {
  test.describe(`${scheme} theme`, () => {
    test.use({ colorScheme: scheme });

    for (const language of ['nb', 'pl'] as const) {
      test(`the app speaks ${language} on every main screen (${scheme})`, async ({ page }) => {
        test.setTimeout(120_000);
        const w = words[language];
        await signInWithDemoAccount(page, 'full');
        await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
        await page.getByRole('combobox', { name: 'Language' }).selectOption(language);

        const nav = page.getByRole('navigation', { name: w.nav });
        await expect(nav).toBeVisible();
        await expect(page.locator('html')).toHaveAttribute('lang', language);

        await nav.getByRole('link', { name: w.documents }).click();
        await expect(heading(page, w.documents)).toBeVisible({ timeout: 15_000 });
        await expect(page.getByRole('tab', { name: w.invoices })).toBeVisible();
        await expect(page.getByRole('row').nth(1)).toBeVisible({ timeout: 15_000 });
        await page.getByRole('row').nth(1).click();
        const pane = page.getByRole('region', { name: /^Dokument / });
        await expect(pane).toBeVisible();
        await expect(pane.locator('.spinner')).toHaveCount(0, { timeout: 15_000 });
        await saveScreenshot(page, `documents-${language}-${scheme}`);

        await nav.getByRole('link', { name: w.uploads }).click();
        await expect(heading(page, w.uploads)).toBeVisible({ timeout: 15_000 });
        await saveScreenshot(page, `uploads-${language}-${scheme}`);

        await nav.getByRole('link', { name: w.fiscal }).click();
        await expect(heading(page, w.fiscal)).toBeVisible({ timeout: 15_000 });
        await expect(page.getByRole('heading', { name: w.merchants })).toBeVisible({ timeout: 15_000 });
        await saveScreenshot(page, `fiscal-${language}-${scheme}`);
      });
    }
  });
}
