/** Light and dark themes follow the system; with E2E_SCREENSHOTS=1 this also refreshes docs/screenshots/. */
import { expect, test } from './fixtures';
import { saveScreenshot } from './screenshots';
import { signInScreen, signInWithDemoAccount } from './session-helpers';
import type { Page } from '@playwright/test';

/** Relative luminance (0 black … 1 white) of the page background. */
const backgroundLuminance = (page: Page): Promise<number> =>
  page.evaluate(() => {
    const { getComputedStyle, document } = globalThis as unknown as {
      getComputedStyle(element: unknown): { backgroundColor: string };
      document: { body: unknown; documentElement: unknown };
    };
    const colours = [document.body, document.documentElement].map((element) => getComputedStyle(element).backgroundColor);
    const opaque = colours.find((colour) => !/^rgba\(.*,\s*0\)$|^transparent$/.test(colour)) ?? 'rgb(255, 255, 255)';
    const [r = 255, g = 255, b = 255] = (opaque.match(/[\d.]+/g) ?? []).map(Number);
    const linear = (channel: number): number => {
      const c = channel / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
  });

for (const scheme of ['light', 'dark'] as const) {
  test.describe(`${scheme} theme`, () => {
    test.use({ colorScheme: scheme });

    test(`the sign-in screen and the app frame follow the system's ${scheme} theme`, async ({ page }) => {
      await expect(signInScreen(page)).toBeVisible();
      const luminance = await backgroundLuminance(page);
      if (scheme === 'dark') expect(luminance).toBeLessThan(0.2);
      else expect(luminance).toBeGreaterThan(0.6);
      await saveScreenshot(page, `signin-${scheme}`);

      await signInWithDemoAccount(page, 'full');
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
      // The page inside the frame is its own chunk: wait until it has replaced the loading spinner.
      await expect(page.getByRole('main').getByRole('heading').first()).toBeVisible();
      await saveScreenshot(page, `frame-${scheme}`);
    });
  });
}
