import { expect, test } from './fixtures';
import { demoAccount, header, signInScreen, signInWithDemoAccount, demoButtonName } from './session-helpers';

test.describe('session', () => {
  test('signs in with a demo account: the header shows the e-mail, the local emulator once and the environment the token is for', async ({ page }) => {
    const account = await signInWithDemoAccount(page, 'full');
    await expect(header(page)).toContainText(account.email);
    await expect(header(page).getByText(/local emulator/i)).toHaveCount(1);
    await expect(header(page).getByText('SANDBOX', { exact: true })).toBeVisible();
    await expect(header(page).getByText('Signed in to the sandbox environment')).toHaveCount(1);
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  });

  test("a wrong password shows the server's message", async ({ page }) => {
    await expect(signInScreen(page)).toBeVisible();
    const account = await demoAccount(page, 'full');
    await page.getByRole('textbox', { name: 'E-mail' }).fill(account.email);
    await page.getByRole('textbox', { name: 'Password' }).fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByRole('alert')).toContainText('Invalid credentials.');
    await expect(signInScreen(page)).toBeVisible();
  });

  test('signing out returns to the sign-in screen', async ({ page }) => {
    await signInWithDemoAccount(page, 'full');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(signInScreen(page)).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  });
});

test.describe('session expiry', () => {
  // Long enough to sign in and type, short enough to keep the test quick.
  test.use({ emulatorArgs: '--token-ttl 15' });

  test('asks to sign in again without losing what was typed, then carries on', async ({ page }) => {
    await signInWithDemoAccount(page, 'full');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
    await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
    await page.getByRole('button', { name: 'New profile' }).click();
    const profileName = page.getByRole('textbox', { name: 'Profile name', includeHidden: true });
    const typed = 'Half-typed profile name';
    await profileName.fill(typed);

    const dialog = page.getByRole('dialog', { name: 'Sign in again' });
    await expect(dialog).toBeVisible({ timeout: 45_000 });
    await expect(profileName).toHaveValue(typed);

    await dialog.getByRole('button', { name: demoButtonName('full') }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('textbox', { name: 'Profile name' })).toHaveValue(typed);
    await expect(header(page)).toBeVisible();
  });
});
