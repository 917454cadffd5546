import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { BenchShell } from './browser-shell';
import { benchViewport } from './chromium';
import { demoButtonName } from '../../e2e/session-helpers';

/** How long one step in the browser (a navigation, rows appearing) may take before the bench gives up. */
export const STEP_TIMEOUT_MS = 60_000;

/** A data row of the inbox grid (not the header row, not a placeholder of a page still loading). */
export const DATA_ROW = '[role="grid"] [role="row"][aria-rowindex]:not([aria-rowindex="1"]):not([aria-busy="true"])';

/** The DOM the page code touches (bench code is type-checked without the DOM lib). */
export interface ElementLike {
  scrollTop: number;
  scrollHeight: number;
  clientHeight: number;
  getAttribute(name: string): string | null;
  querySelector(selector: string): ElementLike | null;
}
export interface PageGlobals {
  document: ElementLike & { documentElement: ElementLike | null };
  MutationObserver: new (callback: () => void) => { observe(target: unknown, options: { childList: boolean; subtree: boolean }): void; disconnect(): void };
  requestAnimationFrame(callback: (now: number) => void): void;
  setTimeout(callback: () => void, ms: number): void;
  benchFirstRows?: { inDom: number; painted: number };
}

export async function newBenchContext(browser: Browser): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
  const context = await browser.newContext({ viewport: benchViewport, locale: 'en-US' });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  return { context, page, problems };
}

/** Signs the shell's core in through the sign-in screen, as a user does, and waits for the inbox rows. */
export async function signIn(browser: Browser, shell: BenchShell): Promise<number> {
  const { context, page } = await newBenchContext(browser);
  try {
    await page.goto(shell.url);
    await page.getByRole('button', { name: demoButtonName('full') }).click({ timeout: STEP_TIMEOUT_MS });
    await page.locator(DATA_ROW).first().waitFor({ timeout: STEP_TIMEOUT_MS });
    const rows = Number(await page.getByRole('grid').getAttribute('aria-rowcount'));
    return Number.isFinite(rows) ? rows - 1 : 0;
  } finally {
    await context.close();
  }
}

