import { expect, type Locator, type Page } from '@playwright/test';
import type { PageGlobals } from './page-globals';

export interface DemoAccount {
  name: string;
  email: string;
  description: string;
}

/** The local emulator's demo accounts, asked through the page's own bridge (works in both shells). */
export const demoAccounts = async (page: Page): Promise<DemoAccount[]> => {
  const envelope = await page.evaluate(async () => {
    const { acube } = globalThis as unknown as PageGlobals;
    if (!acube) throw new Error('window.acube is missing');
    return acube.invoke('session.demoAccounts', {});
  });
  if (!envelope.ok) throw new Error(`session.demoAccounts failed: ${envelope.error.message}`);
  return envelope.value as DemoAccount[];
};

export const demoAccount = async (page: Page, name = 'full'): Promise<DemoAccount> => {
  const account = (await demoAccounts(page)).find((candidate) => candidate.name === name);
  if (!account) throw new Error(`The emulator has no demo account named "${name}".`);
  return account;
};

/** A demo account's card: its name starts with the words it shows, "Demo account" and the account's name. */
export const demoButtonName = (name: string): RegExp => new RegExp(`^Demo account\\W+${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\\s|$)`);

export const signInScreen = (page: Page): Locator => page.getByRole('heading', { name: 'Sign in' });

export const header = (page: Page): Locator => page.getByRole('banner');

/** Signs in from the sign-in screen with a demo account's button and waits for the app frame. */
export const signInWithDemoAccount = async (page: Page, name = 'full'): Promise<DemoAccount> => {
  await expect(signInScreen(page)).toBeVisible();
  const account = await demoAccount(page, name);
  await page.getByRole('button', { name: demoButtonName(name) }).click();
  await expect(header(page)).toContainText(account.email);
  return account;
};
