// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { MERCHANT_UUID, SERIAL } from '../test/fake-fiscal';
import { createFakeOnboardingCore } from './test/fake-onboarding';

afterEach(cleanup);

const slow = { timeout: 10_000 };

/** The message shown under the field named `label` (its `aria-describedby` error). */
const fieldError = (label: string | RegExp): string | null => {
  const input = screen.getByLabelText(label);
  const ids = (input.getAttribute('aria-describedby') ?? '').split(' ').filter((id) => id.endsWith('-error'));
  return ids.length ? (document.getElementById(ids[0]!)?.textContent ?? null) : null;
};

describe('New merchant', () => {
  it('says what is wrong at each field before sending, and a duplicate e-mail at the e-mail field', async () => {
    const core = createFakeOnboardingCore();
    renderApp(core.acube, '/fiscal/merchants/new');
    await screen.findByRole('heading', { level: 1, name: 'New merchant' }, slow);

    await userEvent.type(screen.getByLabelText('VAT number (Partita IVA)'), '1234');
    await userEvent.type(screen.getByLabelText('ZIP code (CAP)'), '201');
    await userEvent.click(screen.getByRole('button', { name: 'Create merchant' }));
    expect(fieldError('VAT number (Partita IVA)')).toBe('An Italian VAT number has 11 digits.');
    expect(fieldError('ZIP code (CAP)')).toMatch(/5 digits/);
    expect(fieldError('First name')).toMatch(/business name, or the first and last name/);
    expect(fieldError(/^Password/)).toMatch(/10 or more characters/);
    expect(core.callsOf('merchants.create')).toHaveLength(0);

    const vat = screen.getByLabelText('VAT number (Partita IVA)');
    await userEvent.clear(vat);
    await userEvent.type(vat, '12345678903');
    await userEvent.type(screen.getByLabelText('Business name'), 'Forno Verdi');
    await userEvent.type(screen.getByLabelText('Sign-in e-mail'), 'taken@example.test');
    await userEvent.type(screen.getByLabelText(/^Password/), 'Pane-2026!x');
    await userEvent.type(screen.getByLabelText('Street'), 'Via Po');
    await userEvent.type(screen.getByLabelText('ZIP code (CAP)'), '23');
    await userEvent.type(screen.getByLabelText('City'), 'Torino');
    await userEvent.type(screen.getByLabelText(/^Province/), 'to');
    await userEvent.click(screen.getByRole('button', { name: 'Create merchant' }));

    await waitFor(() => expect(fieldError('Sign-in e-mail')).toBe('This e-mail address is already used by another user: choose another one.'), slow);
    expect(core.callsOf('merchants.create')[0]?.payload).toMatchObject({ vatNumber: '12345678903', businessName: 'Forno Verdi', address: { zipCode: '20123', province: 'to' } });
    expect(screen.queryByRole('alert', { name: /not saved/ })).toBeNull();

    const email = screen.getByLabelText('Sign-in e-mail');
    await userEvent.clear(email);
    await userEvent.type(email, 'verdi@example.test');
    await userEvent.click(screen.getByRole('button', { name: 'Create merchant' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Forno Verdi' }, slow)).toBeTruthy();
  });

  it('is not offered to an account without the supplier role, and says why', async () => {
    const core = createFakeOnboardingCore({ roles: ['ROLE_MERCHANT'] });
    renderApp(core.acube, '/fiscal');
    const button = await screen.findByRole('button', { name: 'New merchant' }, slow);
    expect(button.hasAttribute('disabled')).toBe(true);
    expect(button.getAttribute('aria-describedby')).toBe('new-merchant-why');
    expect(document.getElementById('new-merchant-why')?.textContent).toMatch(/ROLE_SUPPLIER/);
  });
});

describe('A merchant’s own account', () => {
  it('adds a cashier to its own shop without choosing a merchant', async () => {
    const core = createFakeOnboardingCore({ roles: ['ROLE_MERCHANT'] });
    renderApp(core.acube, '/fiscal/cashiers');
    await screen.findByRole('table', { name: 'Cashiers' }, slow);
    expect(screen.queryByLabelText('Merchant')).toBeNull();
    await userEvent.type(screen.getByLabelText('Name'), 'Marco Neri');
    await userEvent.type(screen.getByLabelText('E-mail'), 'marco@example.test');
    await userEvent.type(screen.getByLabelText(/^Password/), 'cassa-2026');
    await userEvent.click(screen.getByRole('button', { name: 'Add cashier' }));
    await waitFor(() => expect(core.callsOf('cashiers.create')[0]?.payload).toEqual({ email: 'marco@example.test', password: 'cassa-2026', name: 'Marco Neri' }), slow);
  });

  it('cannot do anything in onboarding with a cashier-only account, and is told why', async () => {
    const core = createFakeOnboardingCore({ roles: ['ROLE_CASHIER'] });
    renderApp(core.acube, `/fiscal/merchants/${MERCHANT_UUID}`);
    const add = await screen.findByRole('button', { name: 'Add a PEM' }, slow);
    expect(add.hasAttribute('disabled')).toBe(true);
    expect(document.getElementById(add.getAttribute('aria-describedby') ?? '')?.textContent).toMatch(/ROLE_MERCHANT or ROLE_SUPPLIER/);
    expect(screen.queryByRole('link', { name: 'Edit merchant' })).toBeNull();
  });
});

describe('Adding a PEM', () => {
  it('shows the serial number and registration key once, then carries the key to the activation', async () => {
    const core = createFakeOnboardingCore();
    renderApp(core.acube, `/fiscal/merchants/${MERCHANT_UUID}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Add a PEM' }, slow));
    const dialog = await screen.findByRole('dialog', { name: 'Add a PEM to Bottega Rossi S.r.l.' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create PEM' }));
    const created = await screen.findByRole('dialog', { name: 'PEM E001-000009 created' });
    expect(within(created).getByText('RK-1234-5678')).toBeTruthy();
    expect(core.callsOf('pems.create')[0]?.payload).toEqual({ merchantUuid: MERCHANT_UUID });

    core.fiscal.pems.push({ ...core.fiscal.pems[0]!, serialNumber: 'E001-000009', status: 'new' });
    await userEvent.click(within(created).getByRole('button', { name: 'Activate now' }));
    await screen.findByRole('heading', { level: 1, name: 'Set up PEM E001-000009' }, slow);
    expect((screen.getByLabelText('Registration key') as HTMLInputElement).value).toBe('RK-1234-5678');
  });
});

describe('Activation', () => {
  it('fills in the registration key the service still holds for a PEM not yet activated', async () => {
    const core = createFakeOnboardingCore();
    core.fiscal.pems[1] = { ...core.fiscal.pems[1]!, status: 'new' };
    core.fiscal.journal = { ...core.fiscal.journal, registrationKey: 'RK-0002' };
    renderApp(core.acube, '/fiscal/pems/E001-000002/setup');
    const field = (await screen.findByLabelText('Registration key', undefined, slow)) as HTMLInputElement;
    await waitFor(() => expect(field.value).toBe('RK-0002'), slow);
  });
});

describe('Cash register', () => {
  it('puts a PEM of another merchant at the cash register field', async () => {
    const core = createFakeOnboardingCore();
    renderApp(core.acube, '/fiscal/pems/E001-000002/setup');
    await userEvent.type(await screen.findByLabelText('Cash register name', undefined, slow), 'Cassa 2');
    await userEvent.click(screen.getByRole('button', { name: 'Register cash register' }));
    await waitFor(() => expect(fieldError('Cash register name')).toMatch(/belongs to another merchant/), slow);
    expect(core.callsOf('cashRegisters.register')[0]?.payload).toEqual({ serialNumber: 'E001-000002', name: 'Cassa 2', importCertificate: true });
  });

  it('registers and imports the certificate in one step, with the expiry warning', async () => {
    const core = createFakeOnboardingCore();
    renderApp(core.acube, `/fiscal/pems/${SERIAL}/setup`);
    await userEvent.click(await screen.findByRole('button', { name: 'Register cash register' }, slow));
    expect(fieldError('Cash register name')).toBe('Name the cash register, e.g. Cassa 1.');
    expect(core.callsOf('cashRegisters.register')).toHaveLength(0);
    await userEvent.type(screen.getByLabelText('Cash register name'), 'Cassa 1');
    await userEvent.click(screen.getByRole('button', { name: 'Register cash register' }));
    expect(await screen.findByText(/Cash register Cassa 1 registered; its certificate \(valid until .+\) is imported\./, undefined, slow)).toBeTruthy();
    expect(screen.getByText('The certificate expires in 20 days: ask the service for a new one in time.')).toBeTruthy();
    // One cash register per PEM: the form is gone, and stays gone when the page is opened again.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Register cash register' })).toBeNull(), slow);
    cleanup();
    renderApp(core.acube, `/fiscal/pems/${SERIAL}/setup`);
    expect(await screen.findByText('Cash register Cassa 1 is registered for this PEM.', undefined, slow)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Register cash register' })).toBeNull();
  });
});

describe('Offline period', () => {
  it('refuses a start in the future at the field, then sends the instant and the reason', async () => {
    const core = createFakeOnboardingCore();
    renderApp(core.acube, `/fiscal/pems/${SERIAL}/setup`);
    const since = await screen.findByLabelText('Offline since', undefined, slow);
    await userEvent.type(since, '2999-01-01T10:00');
    await userEvent.type(screen.getByLabelText('Reason'), 'Linea internet interrotta');
    await userEvent.click(screen.getByRole('button', { name: 'Report offline period' }));
    expect(fieldError('Offline since')).toMatch(/in the future/);
    expect(core.callsOf('pems.reportOffline')).toHaveLength(0);

    await userEvent.clear(since);
    await userEvent.type(since, '2026-10-08T09:30');
    await userEvent.click(screen.getByRole('button', { name: 'Report offline period' }));
    await waitFor(() => expect(core.callsOf('pems.reportOffline')).toHaveLength(1), slow);
    expect(core.callsOf('pems.reportOffline')[0]?.payload).toEqual({ serialNumber: SERIAL, timestamp: new Date('2026-10-08T09:30').toISOString(), reason: 'Linea internet interrotta' });
  });
});

describe('Cashiers', () => {
  it('adds a cashier, says a duplicate e-mail at the field, and removes one only after a confirmation naming them', async () => {
    const core = createFakeOnboardingCore();
    renderApp(core.acube, '/fiscal/cashiers');
    const table = await screen.findByRole('table', { name: 'Cashiers' }, slow);
    expect(within(table).getByText('giulia@example.test')).toBeTruthy();

    await userEvent.type(screen.getByLabelText('Name'), 'Marco Neri');
    await userEvent.type(screen.getByLabelText('E-mail'), 'giulia@example.test');
    await userEvent.type(screen.getByLabelText(/^Password/), 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Add cashier' }));
    expect(fieldError(/^Password/)).toBe('The password needs 8 to 40 characters.');
    expect(fieldError('Merchant')).toBe('Choose the merchant the cashier works for.');
    expect(core.callsOf('cashiers.create')).toHaveLength(0);
    await userEvent.selectOptions(screen.getByLabelText('Merchant'), 'Bottega Rossi S.r.l. · 12345678903');
    await userEvent.type(screen.getByLabelText(/^Password/), '-enough');
    await userEvent.click(screen.getByRole('button', { name: 'Add cashier' }));
    await waitFor(() => expect(fieldError('E-mail')).toBe('This e-mail address is already used by another user: choose another one.'), slow);
    const email = screen.getByLabelText('E-mail');
    await userEvent.clear(email);
    await userEvent.type(email, 'marco@example.test');
    await userEvent.click(screen.getByRole('button', { name: 'Add cashier' }));
    expect(await within(screen.getByRole('table', { name: 'Cashiers' })).findByText('marco@example.test', undefined, slow)).toBeTruthy();
    expect(core.callsOf('cashiers.create').at(-1)?.payload).toEqual({ email: 'marco@example.test', password: 'short-enough', name: 'Marco Neri', merchantUuid: MERCHANT_UUID });

    await userEvent.click(screen.getByRole('button', { name: 'Remove cashier Giulia Bianchi' }));
    let dialog = await screen.findByRole('dialog', { name: 'Remove cashier Giulia Bianchi?' });
    expect(within(dialog).getByText(/giulia@example\.test.*cannot be undone/)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(core.callsOf('cashiers.remove')).toHaveLength(0);

    // With the keyboard: Enter on the button opens the dialog with Cancel focused; Escape closes it.
    screen.getByRole('button', { name: 'Remove cashier Giulia Bianchi' }).focus();
    await userEvent.keyboard('{Enter}');
    dialog = await screen.findByRole('dialog', { name: 'Remove cashier Giulia Bianchi?' });
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), slow);
    expect(core.callsOf('cashiers.remove')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Remove cashier Giulia Bianchi' }));
    dialog = await screen.findByRole('dialog', { name: 'Remove cashier Giulia Bianchi?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove Giulia Bianchi' }));
    await waitFor(() => expect(screen.queryByText('giulia@example.test')).toBeNull(), slow);
    expect(core.callsOf('cashiers.remove')[0]?.payload).toEqual({ uuid: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa' });
  });
});
