// @vitest-environment jsdom
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeCore } from '../../test/fake-core';
import { renderApp } from '../../test/render-app';

afterEach(cleanup);

describe('sign in again', () => {
  it('keeps the page and its unsaved input mounted under the dialog while the user signs in again', async () => {
    const core = createFakeCore({ signedIn: true });
    renderApp(core.acube, '/settings');
    await userEvent.click(await screen.findByRole('button', { name: 'New profile' }, { timeout: 10_000 }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Profile name' }), 'Half-typed profile');

    await act(async () => core.expireSession());
    const dialog = await screen.findByRole('dialog', { name: 'Sign in again' });
    const email = within(dialog).getByRole('textbox', { name: 'E-mail' }) as HTMLInputElement;
    expect(email.value).toBe('full@demo.test');
    expect(email.readOnly).toBe(true);
    expect(await within(dialog).findByRole('button', { name: /^Demo account\W+full(\s|$)/ })).toBeTruthy();

    const nameField = screen.getByDisplayValue('Half-typed profile');
    expect(nameField.isConnected).toBe(true);

    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Sign in again' })).toBeTruthy();

    await userEvent.type(within(dialog).getByLabelText('Password'), 'wrong');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sign in' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('Invalid credentials.');

    await userEvent.clear(within(dialog).getByLabelText('Password'));
    await userEvent.type(within(dialog).getByLabelText('Password'), 'right-password');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sign in' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Sign in again' })).toBeNull());
    expect(screen.getByDisplayValue('Half-typed profile')).toBe(nameField);
    expect(core.callsOf('session.login').at(-1)?.payload).toEqual({ email: 'full@demo.test', password: 'right-password', rememberMe: false });
  });

  it('retries a call that hit the expired token once the user signed in again', async () => {
    const core = createFakeCore({ signedIn: true });
    renderApp(core.acube, '/settings');
    const theme = await screen.findByRole('combobox', { name: 'Theme' }, { timeout: 10_000 });
    core.state.tokenExpired = true; // the core has not noticed yet: the call itself gets the 401

    await userEvent.selectOptions(theme, 'dark');
    const dialog = await screen.findByRole('dialog', { name: 'Sign in again' });
    expect(core.callsOf('preferences.set')).toHaveLength(1);

    await userEvent.click(await within(dialog).findByRole('button', { name: /^Demo account\W+full(\s|$)/ }));
    await waitFor(() => expect(core.callsOf('preferences.set')).toHaveLength(2));
    expect(core.state.preferences.theme).toBe('dark');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.documentElement.dataset.theme).toBe('dark');
  });

  it('signs out instead and shows the sign-in screen', async () => {
    const core = createFakeCore({ signedIn: true });
    renderApp(core.acube, '/documents');
    await screen.findByRole('banner');
    await act(async () => core.expireSession());
    const dialog = await screen.findByRole('dialog', { name: 'Sign in again' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sign out instead' }));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(core.callsOf('session.logout')).toHaveLength(1);
  });

  it('keeps keyboard focus inside the dialog', async () => {
    const core = createFakeCore({ signedIn: true, activeId: 'sandbox' });
    renderApp(core.acube, '/documents');
    await screen.findByRole('banner');
    await act(async () => core.expireSession());
    const dialog = await screen.findByRole('dialog', { name: 'Sign in again' });
    expect(dialog.contains(document.activeElement)).toBe(true);
    for (let i = 0; i < 6; i += 1) {
      await userEvent.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
  });
});
