// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, onTestFinished } from 'vitest';
import type { Envelope, ViewedDocument, ViewerResult } from '../../../../shared/contract';
import type { LocalValidation } from '../../../../shared/contract/standards';
import { normalizeUblTree, parseXmlTree } from '../../../../shared/ubl';
import { ok } from '../../test/fake-acube';
import { createFakeCore } from '../../test/fake-core';
import { renderApp } from '../../test/render-app';

afterEach(cleanup);

const xml = [
  '<?xml version="1.0" encoding="UTF-8"?>',
  '<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2" xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2" xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">',
  '<cbc:ID>INV-77</cbc:ID><cbc:IssueDate>2026-05-02</cbc:IssueDate><cbc:DocumentCurrencyCode>EUR</cbc:DocumentCurrencyCode>',
  '<cac:AccountingSupplierParty><cac:Party><cac:PartyName><cbc:Name>Seller Srl</cbc:Name></cac:PartyName></cac:Party></cac:AccountingSupplierParty>',
  '<cac:AccountingCustomerParty><cac:Party><cac:PartyName><cbc:Name>Buyer AS</cbc:Name></cac:PartyName></cac:Party></cac:AccountingCustomerParty>',
  '<cac:LegalMonetaryTotal><cbc:PayableAmount currencyID="EUR">100.00</cbc:PayableAmount></cac:LegalMonetaryTotal>',
  '<cac:InvoiceLine><cbc:ID>1</cbc:ID><cbc:InvoicedQuantity unitCode="EA">1</cbc:InvoicedQuantity><cac:Item><cbc:Name>Chair</cbc:Name></cac:Item></cac:InvoiceLine>',
  '<cac:InvoiceLine><cbc:ID>2</cbc:ID><cbc:InvoicedQuantity unitCode="EA">2</cbc:InvoicedQuantity><cac:Item><cbc:Name>Desk</cbc:Name></cac:Item></cac:InvoiceLine>',
  '</Invoice>',
].join('\n');

const viewed = (): ViewerResult => {
  const ubl = normalizeUblTree(parseXmlTree(xml));
  const document: ViewedDocument = {
    name: 'invoice.xml',
    family: 'ubl',
    formatLabel: 'Invoice',
    summary: { number: 'INV-77', date: '2026-05-02', seller: { name: 'Seller Srl' }, buyer: { name: 'Buyer AS' }, total: { text: '100.00', currency: 'EUR' } },
    ubl,
    stylesheets: [],
    attachments: [],
    source: { text: xml, pretty: `${xml.replace(/></g, '>\n<')}\n`, size: xml.length, contentType: 'application/xml', truncated: false },
  };
  return { id: 'file-1', fileName: 'invoice.xml', size: xml.length, containers: [], documents: [document], skipped: [] };
};

const verdict: LocalValidation = {
  kind: 'invoice',
  ruleSet: {
    code: 'peppol-bis-3',
    name: 'Peppol BIS Billing 3',
    version: '2026.5',
    release: 'OpenPeppol 2026.5',
    validFrom: '2026-08-24',
    validUntil: '2027-02-23',
    checkedOn: '2026-11-28',
    successor: { title: 'Peppol BIS Billing', version: '3.0.22', release: 'OpenPeppol 2026.11', validFrom: '2027-02-24', rulesAvailable: false, currentVersion: '3.0.21', daysUntil: 88 },
  },
  valid: false,
  fatal: [
    { ruleId: 'BR-06', flag: 'fatal', message: 'An Invoice shall contain the Seller name.', location: '/Invoice/cac:AccountingSupplierParty/cac:Party', line: 4, artefact: { name: 'CEN', version: '1.3' } },
    { ruleId: 'BR-21', flag: 'fatal', message: 'Each Invoice line shall have an Invoice line identifier.', location: '/Invoice/cac:InvoiceLine[2]/cbc:InvoicedQuantity', line: 8, artefact: { name: 'CEN', version: '1.3' } },
  ],
  warnings: [],
  artefacts: [{ name: 'EN 16931 CEN', version: '1.3.14' }],
  durationMs: 1200,
};

/** A core whose validation answers only when the test says so. */
function coreWithValidation() {
  const core = createFakeCore({ signedIn: false });
  const waiting: Array<(envelope: Envelope<LocalValidation>) => void> = [];
  core.handlers['viewer.open'] = () => ok(viewed());
  core.handlers['standards.validate'] = () => new Promise<Envelope<LocalValidation>>((resolve) => waiting.push(resolve));
  core.handlers['standards.cancel'] = () => ok({ cancelled: true });
  // Every check under way gets the answer (React's development mode may ask twice on mount).
  return { core, answer: () => waiting.splice(0).forEach((resolve) => resolve(ok(verdict))), waiting };
}

async function pickFile() {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  await userEvent.upload(input, new File([xml], 'invoice.xml', { type: 'application/xml' }));
}

describe('Validate a file (signed out, nothing uploaded)', () => {
  // A ceiling for a loaded two-core machine, not a speed expectation.
  it('checks the file at once, shows the time running and lets the user cancel, then shows each finding on the document', { timeout: 60_000 }, async () => {
    const { core, answer, waiting } = coreWithValidation();
    renderApp(core.acube, '/validate');
    expect(await screen.findByRole('heading', { name: 'Validate a file', level: 1 }, { timeout: 10_000 })).toBeTruthy();
    await pickFile();

    // Running: an indeterminate progress with the elapsed time, and a cancel that discards the result.
    expect(await screen.findByRole('progressbar')).toBeTruthy();
    expect(screen.getByText(/^Checking against the official rules… \d+ s$/)).toBeTruthy();
    // The engine's progress for this check says which artefact runs; another check's progress is ignored.
    const validationId = (core.callsOf('standards.validate').at(-1)?.payload as { validationId?: string }).validationId;
    expect(validationId).toBeTruthy();
    act(() => core.emit('standards.progress', { validationId: 'someone-else', phase: 'rules', done: 2, total: 3, artefact: 'Other rules' }));
    act(() => core.emit('standards.progress', { validationId: validationId!, phase: 'rules', done: 1, total: 3, artefact: 'EN 16931 CEN rules' }));
    expect(await screen.findByText('Running EN 16931 CEN rules (1 of 3 parts done).')).toBeTruthy();
    expect(screen.queryByText(/Other rules/)).toBeNull();
    // Cancel stops the run in the core as well.
    await userEvent.click(screen.getByRole('button', { name: 'Cancel check' }));
    expect(await screen.findByText('The check was cancelled; its result was discarded.')).toBeTruthy();
    expect(core.callsOf('standards.cancel').map((call) => call.payload)).toContainEqual({ validationId });
    answer();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText(/Would be refused/)).toBeNull();

    // Run again: the answer arrives and is shown, grouped, with the rule ids.
    await userEvent.click(screen.getByRole('button', { name: 'Check again' }));
    await waitFor(() => expect(waiting.length).toBeGreaterThan(0));
    answer();
    expect(await screen.findByText('Would be refused: 2 errors under Peppol BIS Billing 3 (2026.5)')).toBeTruthy();
    // The rules' release with its dates, and the coming successor in plain words (issue 23).
    expect(screen.getByText('Rules: OpenPeppol 2026.5, in force from 24 Aug 2026 to 23 Feb 2027 (checked for 28 Nov 2026).')).toBeTruthy();
    expect(screen.getByRole('note').textContent).toBe('Peppol BIS Billing 3.0.22 becomes mandatory on 24 Feb 2027; its official rules are not published yet, so this check uses 3.0.21.');
    const errors = screen.getByRole('list', { name: 'Errors (2)' });
    expect(within(errors).getByText('BR-06')).toBeTruthy();
    expect(core.callsOf('standards.validate').at(-1)?.payload).toMatchObject({ file: { kind: 'bytes', name: 'invoice.xml' } });

    // A click on a finding highlights its place in the layout: the seller's card, then line 2.
    await userEvent.click(within(errors).getByRole('button', { name: /BR-06/ }));
    const seller = document.querySelector('[data-place-hit]');
    expect(seller?.textContent).toContain('Seller Srl');
    expect(screen.getByText('Highlighted: the seller.')).toBeTruthy();
    await userEvent.click(within(errors).getByRole('button', { name: /BR-21/ }));
    const hits = document.querySelectorAll('[data-place-hit]');
    expect(hits).toHaveLength(1);
    expect(hits[0]?.textContent).toContain('Desk');

    // The line button shows the source as in the file, with that line highlighted.
    fireEvent.click(within(errors).getByRole('button', { name: 'Source line 8' }));
    const line = await screen.findByText((_, element) => element?.classList.contains('source-code__line--hit') ?? false);
    expect(line.getAttribute('data-line')).toBe('8');
    expect(line.textContent).toContain('Desk');
    expect(screen.getByRole('button', { name: 'As in the file', pressed: true })).toBeTruthy();
  });

  it('Open file… checks only when asked', async () => {
    const { core, answer } = coreWithValidation();
    renderApp(core.acube, '/open');
    expect(await screen.findByRole('heading', { name: 'Open a file', level: 1 }, { timeout: 10_000 })).toBeTruthy();
    await pickFile();
    const run = await screen.findByRole('button', { name: 'Check against the official rules' });
    expect(core.callsOf('standards.validate')).toHaveLength(0);
    await userEvent.click(run);
    answer();
    expect(await screen.findByText(/Would be refused: 2 errors/)).toBeTruthy();
  });

  it('under Electron the picked file goes to the core as a granted handle, for the viewer and the check alike', async () => {
    const { core, answer } = coreWithValidation();
    core.acube.grantFiles = (files) => Promise.resolve(files.map((file) => ({ handle: 'granted-handle-1', kind: 'file' as const, name: 'invoice.xml', label: '/home/user/invoice.xml', size: file.size })));
    // The preload's bridge as the Electron shell exposes it.
    Object.defineProperty(window, 'acube', { value: core.acube, configurable: true });
    onTestFinished(() => {
      Reflect.deleteProperty(window, 'acube');
    });
    renderApp(core.acube, '/validate');
    expect(await screen.findByRole('heading', { name: 'Validate a file', level: 1 }, { timeout: 10_000 })).toBeTruthy();
    await pickFile();
    await waitFor(() => expect(core.callsOf('standards.validate').length).toBeGreaterThan(0));
    answer();
    expect(core.callsOf('viewer.open')[0]?.payload).toEqual({ handle: { kind: 'handle', handle: 'granted-handle-1' } });
    expect(core.callsOf('standards.validate')[0]?.payload).toEqual({ file: { kind: 'handle', handle: 'granted-handle-1' }, validationId: expect.any(String) });
    expect(await screen.findByText(/Would be refused: 2 errors/)).toBeTruthy();
  });
});
