// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeCore } from '../../test/fake-core';
import { renderApp } from '../../test/render-app';

afterEach(cleanup);

describe('sign-in screen', () => {
  it('offers the emulator demo accounts with their descriptions and signs in with one', async () => {
    const core = createFakeCore();
    renderApp(core.acube);
    expect(await screen.findByRole('heading', { name: 'Sign in' }, { timeout: 5_000 })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Profile' })).toBeTruthy();
    const demo = await screen.findByRole('button', { name: /^Demo account\W+full(\s|$)/ }, { timeout: 5_000 });
    expect(screen.getByText('Every interface; uploads to Italy and Poland.')).toBeTruthy();
    expect(screen.getByRole('button', { name: /^Demo account\W+read-only(\s|$)/ })).toBeTruthy();

    await userEvent.click(demo);

    const banner = await screen.findByRole('banner');
    expect(within(banner).getByText('full@demo.test')).toBeTruthy();
    expect(within(banner).getByText('Signed in to the sandbox environment')).toBeTruthy();
    expect(within(banner).getByRole('timer', { name: 'Session time left' })).toBeTruthy();
    expect(core.callsOf('session.login').map((c) => c.payload)).toEqual([{ demoAccount: 'full', rememberMe: false }]);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    for (const name of ['Documents', 'Uploads', 'Fiscal', 'Settings']) expect(within(nav).getByRole('link', { name })).toBeTruthy();
  });

  it('shows the server message in an alert when the credentials are refused, and says what is missing', async () => {
    const core = createFakeCore({ activeId: 'sandbox' });
    renderApp(core.acube);
    const submit = await screen.findByRole('button', { name: 'Sign in' });
    await userEvent.click(submit);
    expect(screen.getByRole('alert').textContent).toContain('Enter your e-mail address.');
    expect(core.callsOf('session.login')).toHaveLength(0);

    await userEvent.type(screen.getByRole('textbox', { name: 'E-mail' }), 'someone@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Remember me' }));
    await userEvent.click(submit);

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The e-mail or password is not right.');
    expect(alert.textContent).toContain('Invalid credentials.');
    expect(core.callsOf('session.login').map((c) => c.payload)).toEqual([
      { email: 'someone@example.com', password: 'wrong', rememberMe: true },
    ]);
    expect(screen.queryByRole('button', { name: /^Demo account/ })).toBeNull();
  });

  it('switches profile through profiles.activate', async () => {
    const core = createFakeCore();
    renderApp(core.acube);
    await screen.findByRole('option', { name: 'Production' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Profile' }), 'production');
    expect(core.callsOf('profiles.activate').map((c) => c.payload)).toEqual([{ id: 'production' }]);
    expect(await screen.findByText('PRODUCTION')).toBeTruthy();
  });

  it('is the main landmark of its screen', async () => {
    renderApp(createFakeCore().acube);
    const main = await screen.findByRole('main', {}, { timeout: 5_000 });
    expect(within(main).getByRole('heading', { name: 'Sign in', level: 1 })).toBeTruthy();
  });

  it('says briefly that remembered secrets are only obfuscated, only once “Remember me” is on, with where on demand', async () => {
    const core = createFakeCore({ secureStorage: false });
    const note = 'The browser shell keeps remembered secrets in /home/me/.config/ledgerdesk/secrets.json (mode 0600).';
    core.handlers['app.info'] = () => ({ ok: true, value: { version: '9.9.9', shell: 'browser', nativeDialogs: false, platform: 'linux', secretStorage: { backend: 'file', secure: false, note } } });
    renderApp(core.acube);
    const remember = await screen.findByRole('checkbox', { name: /Remember me/ }, { timeout: 5_000 });
    expect(screen.queryByText('Remembered passwords are only obfuscated here')).toBeNull();
    expect(screen.queryByText(note)).toBeNull();

    await userEvent.click(remember);
    expect(await screen.findByText('Remembered passwords are only obfuscated here')).toBeTruthy();
    const where = screen.getByText('Where they are kept');
    expect(where.closest('details')?.open).toBe(false);
    await userEvent.click(where);
    expect(where.closest('details')?.open).toBe(true);
    expect(screen.getByText(note)).toBeTruthy();
  });

  it('shows why the emulator failed and retries it', async () => {
    const core = createFakeCore({ emulator: { state: 'failed', message: 'Port 8701 is in use.' } });
    renderApp(core.acube);
    expect(await screen.findByText('Port 8701 is in use.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(core.callsOf('profiles.activate').map((c) => c.payload)).toEqual([{ id: 'local-emulator' }]);
  });
});
