// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeCore } from '../../test/fake-core';
import { renderApp } from '../../test/render-app';

afterEach(cleanup);

const openSettings = async (core = createFakeCore({ signedIn: true })) => {
  renderApp(core.acube, '/settings');
  await screen.findByRole('heading', { name: 'Settings' }, { timeout: 10_000 });
  await screen.findByRole('list', { name: 'Saved profiles' });
  return core;
};

describe('settings', () => {
  it('validates a new profile as the user types and saves it', async () => {
    const core = await openSettings();
    await userEvent.click(screen.getByRole('button', { name: 'New profile' }));
    const loginUrl = screen.getByRole('textbox', { name: 'Login URL' });
    await userEvent.type(loginUrl, 'ftp://x');
    expect(screen.getByText('The address must start with http:// or https://')).toBeTruthy();
    expect(loginUrl.getAttribute('aria-invalid')).toBe('true');

    await userEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(screen.getByText('Give the profile a name.')).toBeTruthy();
    expect(core.callsOf('profiles.save')).toHaveLength(0);

    await userEvent.type(screen.getByRole('textbox', { name: 'Profile name' }), 'Staging');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Environment' }), 'production');
    const urls = { 'Login URL': 'https://a.test', 'Documents URL': 'https://d.test', 'Transfer URL': 'https://t.test', 'Fiscal URL': 'https://f.test', 'Fiscal mTLS URL': 'https://m.test' };
    for (const [name, value] of Object.entries(urls)) {
      const field = screen.getByRole('textbox', { name });
      await userEvent.clear(field);
      await userEvent.click(field);
      await userEvent.paste(value);
    }
    expect(screen.getByText('Production profile: documents and fiscal data are real.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Save profile' }));

    await waitFor(() => expect(core.callsOf('profiles.save')).toHaveLength(1));
    expect(core.callsOf('profiles.save')[0]?.payload).toEqual({
      id: 'staging',
      name: 'Staging',
      kind: 'remote',
      environment: 'production',
      builtIn: false,
      urls: { authUrl: 'https://a.test', documentsUrl: 'https://d.test', transferUrl: 'https://t.test', fiscalUrl: 'https://f.test', fiscalMtlsUrl: 'https://m.test' },
    });
    const list = screen.getByRole('list', { name: 'Saved profiles' });
    expect(within(list).getByRole('button', { name: /Staging/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete profile' }).hasAttribute('disabled')).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Use this profile' }));
    expect(core.callsOf('profiles.activate').map((c) => c.payload)).toEqual([{ id: 'staging' }]);
  });

  it('does not let built-in profiles be deleted', async () => {
    await openSettings();
    await userEvent.click(screen.getByRole('button', { name: /Sandbox/ }));
    expect(screen.getByRole('button', { name: 'Delete profile' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByText('Built-in profiles cannot be deleted.')).toBeTruthy();
  });

  it('switches the language at once and stores it', async () => {
    const core = await openSettings();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'it');
    expect(await screen.findByRole('heading', { name: 'Impostazioni' })).toBeTruthy();
    expect(core.callsOf('preferences.set').map((c) => c.payload)).toEqual([{ language: 'it' }]);
    expect(document.documentElement.lang).toBe('it');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Lingua' }), 'en');
    expect(await screen.findByRole('heading', { name: 'Settings' })).toBeTruthy();
  });
});
