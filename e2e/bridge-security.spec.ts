/** The browser shell's bridge, attacked from the outside while the real page keeps working. */
import { expect, test } from './fixtures';
import type { PageGlobals } from './page-globals';
import { signInScreen, signInWithDemoAccount } from './session-helpers';

const secretOf = (url: string): string => new URL(url).hash.replace(/^#s=/, '');

test.describe('browser shell bridge security', () => {
  test('refuses calls without the secret or from another origin, rejects bad input, and the page keeps working', async ({
    page,
    shell,
    playwright,
  }) => {
    const origin = new URL(shell.url).origin;
    const secret = secretOf(shell.url);
    const invokeUrl = `${origin}/bridge/invoke/session.status`;
    const outsider = await playwright.request.newContext();
    try {
      const noSecret = await outsider.post(invokeUrl, { headers: { origin, 'content-type': 'application/json' }, data: '{}' });
      expect(noSecret.status()).toBe(403);
      const otherOrigin = await outsider.post(invokeUrl, {
        headers: { origin: 'http://attacker.example', 'x-ledgerdesk-secret': secret, 'content-type': 'application/json' },
        data: '{}',
      });
      expect(otherOrigin.status()).toBe(403);
      const events = await outsider.get(`${origin}/bridge/events`, { timeout: 5_000 });
      expect(events.status()).toBe(403);
    } finally {
      await outsider.dispose();
    }

    // From the page itself: the secret is no longer in the address bar but kept for this tab.
    expect(new URL(page.url()).hash).toBe('');
    const badJson = await page.evaluate(async () => {
      const { sessionStorage } = globalThis as unknown as PageGlobals;
      const response = await fetch('/bridge/invoke/session.status', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-ledgerdesk-secret': sessionStorage.getItem('ledgerdesk.bridgeSecret') ?? '' },
        body: '{"not json',
      });
      return { status: response.status, body: (await response.json()) as unknown };
    });
    expect(badJson.status).toBe(400);
    expect(badJson.body).toMatchObject({ ok: false, error: { code: 'bad_request' } });

    const unknownChannel = await page.evaluate(() => (globalThis as unknown as PageGlobals).acube?.invoke('documents.shred', { all: true }));
    expect(unknownChannel).toMatchObject({ ok: false, error: { code: 'bad_request' } });

    await signInWithDemoAccount(page, 'full');
    await page.reload();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  });

  test('a tab opened without the secret says to open the address printed at start', async ({ page, shell }) => {
    const bare = await page.context().newPage();
    try {
      await bare.goto(new URL(shell.url).origin + '/');
      await expect(bare.getByRole('heading', { name: 'Open the address printed at start' })).toBeVisible();
      await expect(bare.getByRole('alert')).toContainText('opened without the secret part of its address');
      await expect(bare.getByText('Your account is not allowed')).toHaveCount(0);
    } finally {
      await bare.close();
    }
  });

  test('a tab left open from an earlier start (stale secret) says to open the address printed at start', async ({ page, shell }) => {
    const stale = await page.context().newPage();
    try {
      await stale.goto(`${new URL(shell.url).origin}/#s=${'0'.repeat(64)}`);
      await expect(stale.getByRole('heading', { name: 'Open the address printed at start' })).toBeVisible();
      await expect(stale.getByText('Your account is not allowed')).toHaveCount(0);
      // From the address printed at start, the same tab reaches the app again.
      await stale.goto('about:blank');
      await stale.goto(shell.url);
      await expect(signInScreen(stale)).toBeVisible();
    } finally {
      await stale.close();
    }
  });
});
