import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { repoRoot } from './shell-choice';

export const screenshotsDir = join(repoRoot, 'docs', 'screenshots');

/** Saves `docs/screenshots/<name>.png` when E2E_SCREENSHOTS=1 (scripts/screenshots.mjs sets it); otherwise nothing. */
export const saveScreenshot = async (page: Page, name: string): Promise<void> => {
  if (process.env.E2E_SCREENSHOTS !== '1') return;
  await mkdir(screenshotsDir, { recursive: true });
  await page.screenshot({ path: join(screenshotsDir, `${name}.png`), animations: 'disabled', caret: 'hide' });
};
