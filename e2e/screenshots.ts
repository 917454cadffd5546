import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import { repoRoot } from './shell-choice';

export const screenshotsDir = join(repoRoot, 'docs', 'screenshots');

/** Saves `docs/screenshots/<name>.png` when E2E_SCREENSHOTS=1 (scripts/screenshots.mjs sets it); otherwise nothing. */
export const saveScreenshot = async (page: Page, name: string): Promise<void> => {
  if (process.env.E2E_SCREENSHOTS !== '1') return;
  await mkdir(screenshotsDir, { recursive: true });
  await page.screenshot({ path: join(screenshotsDir, `${name}.png`), animations: 'disabled', caret: 'hide' });
};

/**
 * `<name>.png` as the page is (light) and `<name>-dark.png`: the app follows the system's colour
 * scheme as it changes (theme "system"), so the same screen is taken again in the dark one.
 */
export const saveScreenshotInBothThemes = async (page: Page, name: string): Promise<void> => {
  if (process.env.E2E_SCREENSHOTS !== '1') return;
  await saveScreenshot(page, name);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await saveScreenshot(page, `${name}-dark`);
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
};
