// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render-app';
import { createFakeFiscalCore, MERCHANT_UUID, SERIAL } from './test/fake-fiscal';

afterEach(cleanup);

const slow = { timeout: 10_000 };

describe('PEM dashboard', () => {
  it('closes the journal after confirmation, then allows the data download and announces the ready report', async () => {
    const core = createFakeFiscalCore();
    renderApp(core.acube, `/fiscal/pems/${SERIAL}`);
    await screen.findByRole('heading', { name: `PEM ${SERIAL}` }, slow);

    const download = await screen.findByRole('button', { name: 'Download data' });
    expect(download.hasAttribute('disabled')).toBe(true);
    expect(screen.getByText(/available once the journal is closed/)).toBeTruthy();
    expect(download.getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Request journal reading' }).hasAttribute('disabled')).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Close journal' }));
    const dialog = await screen.findByRole('dialog', { name: 'Close journal 0004?' });
    expect(within(dialog).getByText(/holds 3 documents/)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close journal' }));
    await waitFor(() => expect(core.callsOf('pems.closeJournal')).toHaveLength(1));

    await waitFor(() => expect(screen.getByRole('button', { name: 'Download data' }).hasAttribute('disabled')).toBe(false));
    expect(screen.getByRole('button', { name: 'Request journal reading' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByText(/none is open/)).toBeTruthy();
    const requests = screen.getByRole('list', { name: 'Report requests' });
    expect(within(requests).getByText('Queued')).toBeTruthy();

    const [request] = core.fiscal.requests;
    const processed = { ...request!, status: 'processed' as const, progress: { generated: 3, total: 3 } };
    core.fiscal.requests = [processed];
    core.emit('reports.changed', { serialNumber: SERIAL, requests: [processed], finished: [processed] });
    expect(await screen.findByText('Journal closure ready')).toBeTruthy();
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Report requests' })).getByText('Processed')).toBeTruthy());
    expect(within(requests).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
  });

  it('explains why receipts cannot be issued without a certificate', async () => {
    const core = createFakeFiscalCore({ certificate: null });
    renderApp(core.acube, `/fiscal/pems/${SERIAL}/receipts/new`);
    expect(await screen.findByText(/import it in Settings → Certificates first/, undefined, slow)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Import a certificate' })).toBeTruthy();
  });
});

describe('PEM page without a certificate', () => {
  it('links the way to import one instead of naming it in plain text', async () => {
    const core = createFakeFiscalCore({ certificate: null });
    renderApp(core.acube, `/fiscal/pems/${SERIAL}`);
    expect(await screen.findByText(/import it in Settings → Certificates first/, undefined, slow)).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Import a certificate' });
    expect(link.getAttribute('href')).toContain('/settings/certificates');
  });
});

describe('receipt form', () => {
  it('computes the total live, fills the payment and refuses amounts in the wrong format', async () => {
    const core = createFakeFiscalCore();
    core.handlers['receipts.issue'] = () => ({ ok: false, error: { code: 'validation', message: 'Refused.', details: { fields: { 'items.0.vatCode': 'The VAT rate is not accepted.' } } } });
    renderApp(core.acube, `/fiscal/pems/${SERIAL}/receipts/new`);
    await screen.findByRole('form', { name: 'Receipt' }, slow);

    await userEvent.type(screen.getByRole('textbox', { name: 'Description of item 1' }), 'Espresso');
    const quantity = screen.getByRole('textbox', { name: 'Quantity of item 1' });
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '2');
    await userEvent.type(screen.getByRole('textbox', { name: 'Unit price of item 1' }), '1,20');
    await userEvent.tab();
    expect(screen.getByText('Write the decimals after a dot: 1.20.')).toBeTruthy();
    expect((quantity as HTMLInputElement).value).toBe('2.00');

    const price = screen.getByRole('textbox', { name: 'Unit price of item 1' });
    await userEvent.clear(price);
    await userEvent.type(price, '1.20');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'VAT of item 1' }), '10.00');
    expect(screen.getByRole('status', { name: 'Total' }).textContent).toMatch(/2\.40/);
    expect((screen.getByRole('textbox', { name: 'Amount of payment 1' }) as HTMLInputElement).value).toBe('2.40');
    const vatOptions = Array.from((screen.getByRole('combobox', { name: 'VAT of item 1' }) as HTMLSelectElement).options).map((o) => o.value);
    expect(vatOptions).toEqual(['22.00', '10.00', '5.00', '4.00', 'N1', 'N2', 'N3', 'N4', 'N5', 'N6']);
    const paymentTypes = Array.from((screen.getByRole('combobox', { name: 'Type of payment 1' }) as HTMLSelectElement).options).map((o) => o.textContent);
    expect(paymentTypes).toContain('Uncollected goods (formerly “credit”)');

    await userEvent.click(screen.getByRole('button', { name: 'Issue receipt' }));
    await waitFor(() => expect(core.callsOf('receipts.issue')).toHaveLength(1));
    expect(core.callsOf('receipts.issue')[0]?.payload).toEqual({
      serialNumber: SERIAL,
      items: [{ description: 'Espresso', quantity: '2.00', unitPrice: '1.20', vatCode: '10.00' }],
      payments: [{ type: 'cash', amount: '2.40' }],
    });
    expect(await screen.findByText('The VAT rate is not accepted.')).toBeTruthy();
  });
});

describe('receipt totals', () => {
  it('draws no divider above the total while there are no VAT lines, one once there are', async () => {
    renderApp(createFakeFiscalCore().acube, `/fiscal/pems/${SERIAL}/receipts/new`);
    await screen.findByRole('form', { name: 'Receipt' }, slow);
    const totalRow = () => screen.getByRole('status', { name: 'Total' }).closest('div')!;
    expect(totalRow().className).not.toContain('after-vat');
    await userEvent.type(screen.getByRole('textbox', { name: 'Unit price of item 1' }), '1.20');
    expect(totalRow().previousElementSibling?.className).toBe('receipt-totals__vat');
    expect(totalRow().className).toContain('receipt-totals__total--after-vat');
  });
});

describe('merchant page', () => {
  it('refuses an invalid ATECO code as it is typed and shows the server’s refusal next to the code', async () => {
    const core = createFakeFiscalCore();
    renderApp(core.acube, `/fiscal/merchants/${MERCHANT_UUID}`);
    const field = await screen.findByRole('textbox', { name: 'New ATECO code' }, slow);
    await userEvent.type(field, '47.11');
    // 5 characters typed, 4 of them count: the message says which.
    expect(screen.getByText('“47.11” is too short: an ATECO code has 6 letters or digits, this one has 4 (dots and spaces do not count).')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add code' }).hasAttribute('disabled')).toBe(true);

    await userEvent.clear(field);
    await userEvent.type(field, 'ZZZZZZ{Enter}');
    expect(within(screen.getByRole('list', { name: 'ATECO codes of the merchant' })).getByText('ZZZZZZ')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Save ATECO codes' }));
    expect(await screen.findByText('ZZZZZZ is not an ATECO code the service knows.')).toBeTruthy();
    expect(core.callsOf('merchants.setAtecoCodes')[0]?.payload).toEqual({ uuid: MERCHANT_UUID, codes: ['471110', 'ZZZZZZ'] });
  });

  it('discards a PEM only after its serial number is typed', async () => {
    const core = createFakeFiscalCore();
    renderApp(core.acube, `/fiscal/merchants/${MERCHANT_UUID}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Discard PEM E001-000002' }, slow));
    const dialog = await screen.findByRole('dialog', { name: 'Discard PEM E001-000002?' });
    const confirm = within(dialog).getByRole('button', { name: 'Discard PEM' });
    expect(confirm.hasAttribute('disabled')).toBe(true);
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Type the serial number E001-000002 to confirm' }), 'E001-00000');
    expect(confirm.hasAttribute('disabled')).toBe(true);
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Type the serial number E001-000002 to confirm' }), '2');
    expect(confirm.hasAttribute('disabled')).toBe(false);
    await userEvent.click(confirm);
    await waitFor(() => expect(core.callsOf('pems.discard')[0]?.payload).toEqual({ serialNumber: 'E001-000002', confirmation: 'E001-000002' }));
    expect(await screen.findByText('PEM E001-000002 discarded')).toBeTruthy();
  });
});

describe('certificates', () => {
  it('offers to import a certificate when there is none', async () => {
    const core = createFakeFiscalCore({ certificate: null });
    renderApp(core.acube, '/fiscal');
    const region = await screen.findByRole('region', { name: 'This cash register' }, slow);
    expect(within(region).getByRole('link', { name: 'Import a certificate' }).getAttribute('href')).toContain('/settings/certificates');
  });

  it('explains a wrong passphrase, then shows the imported certificate with its days left', async () => {
    const core = createFakeFiscalCore({ certificate: null });
    renderApp(core.acube, '/settings');
    const file = await screen.findByLabelText('Certificate file (.p12 / .pfx)', undefined, slow);
    await userEvent.upload(file, new File([new Uint8Array([48, 130, 1, 2])], 'cassa.p12', { type: 'application/x-pkcs12' }));
    expect(screen.getByText('Chosen: cassa.p12')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Passphrase'), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Import certificate' }));
    expect(await screen.findByText('The passphrase does not open this file. Check it (it is case-sensitive) and try again.')).toBeTruthy();
    const sent = core.callsOf('certificates.import')[0]?.payload as { file: { kind: string; name: string; base64: string } };
    expect(sent.file).toEqual({ kind: 'bytes', name: 'cassa.p12', base64: 'MIIBAg==' });

    await userEvent.clear(screen.getByLabelText('Passphrase'));
    await userEvent.type(screen.getByLabelText('Passphrase'), 'right');
    await userEvent.click(screen.getByRole('button', { name: 'Import certificate' }));
    expect(await screen.findByText('Expires soon')).toBeTruthy();
    expect(screen.getAllByText(/20 days left/).length).toBeGreaterThan(0);
    expect(await screen.findByRole('region', { name: 'This cash register' })).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Remove certificate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove the certificate?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove certificate' }));
    expect(await screen.findByLabelText('Certificate file (.p12 / .pfx)')).toBeTruthy();
  });
});
