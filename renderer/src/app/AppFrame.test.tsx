// @vitest-environment jsdom
import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeCore } from '../test/fake-core';
import { renderApp } from '../test/render-app';
import { installBridge } from '../bridge';

afterEach(cleanup);

describe('app frame', () => {
  it('marks production unmistakably in the header', async () => {
    renderApp(createFakeCore({ signedIn: true, activeId: 'production' }).acube);
    const banner = await screen.findByRole('banner', {}, { timeout: 5_000 });
    expect(within(banner).getByText('PRODUCTION')).toBeTruthy();
    expect(banner.className).toContain('app-header--production');
    expect(await within(banner).findByText('Production')).toBeTruthy();
  });

  it('names the local emulator once and the environment its token is for', async () => {
    renderApp(createFakeCore({ signedIn: true }).acube);
    const banner = await screen.findByRole('banner', {}, { timeout: 5_000 });
    expect(await within(banner).findAllByText(/local emulator/i)).toHaveLength(1);
    expect(within(banner).getByText('Signed in to the sandbox environment')).toBeTruthy();
    expect(banner.className).toContain('app-header--emulator');
  });

  it('shows projects and roles from the token in the account details', async () => {
    renderApp(createFakeCore({ signedIn: true }).acube);
    await userEvent.click(await screen.findByRole('button', { name: 'full@demo.test' }));
    const details = screen.getByRole('dialog', { name: 'Account details' });
    expect(within(details).getByText('peppol.api.acubeapi.com')).toBeTruthy();
    expect(within(details).getByText('ROLE_WRITER')).toBeTruthy();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Account details' })).toBeNull();
  });

  it('opens each page from the navigation, documents being home', async () => {
    renderApp(createFakeCore({ signedIn: true }).acube, '/');
    expect(await screen.findByRole('heading', { name: 'Documents', level: 1 }, { timeout: 5_000 })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    await userEvent.click(within(nav).getByRole('link', { name: 'Fiscal' }));
    expect(await screen.findByRole('heading', { name: 'Fiscal', level: 1 }, { timeout: 10_000 })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Merchants', level: 2 })).toBeTruthy();
  });

  it('warns when the session is about to end and signs out on request', async () => {
    const core = createFakeCore({ signedIn: true });
    renderApp(core.acube);
    await screen.findByRole('banner', {}, { timeout: 5_000 });
    await act(async () => core.emit('session.expiring', { expiresAt: new Date(Date.now() + 300_000).toISOString(), secondsLeft: 300 }));
    expect(await screen.findByText('Your session ends soon')).toBeTruthy();
    expect(screen.getByText(/It ends in 5 minutes\./)).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(core.callsOf('session.logout')).toHaveLength(1);
  });
});

describe('without a shell', () => {
  it('explains that the page needs the app around it', async () => {
    const { start } = await import('./start');
    const container = document.createElement('div');
    document.body.append(container);
    delete window.acube;
    await act(() => start(container));
    expect(container.textContent).toContain('Ledgerdesk cannot reach its core');
    installBridge(createFakeCore().acube); // leave a working bridge for anything after
  });
});
