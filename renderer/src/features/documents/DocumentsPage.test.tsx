// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { BulkDownloadProgress, DocumentDetail, DocumentPage, DocumentRecord, Envelope } from '../../../../shared/contract';
import type { UblDocument } from '../../../../shared/ubl/types';
import { ok } from '../../test/fake-acube';
import { createFakeCore } from '../../test/fake-core';
import { renderApp } from '../../test/render-app';
import { clearSelection, setFiltersOpen } from './model/inbox-ui-store';

const record = (n: number): DocumentRecord => ({
  uuid: `uuid-${n}`,
  type: 'invoice',
  direction: n % 3 === 0 ? 'outgoing' : 'incoming',
  format: 'UBL 2.1 XML',
  number: `INV-${String(n).padStart(4, '0')}`,
  date: '2026-05-02',
  sender: { name: n % 2 === 0 ? 'Fjordkraft Handel AS' : 'Bergen Kontorutstyr AS', identifier: `0192:${900000000 + n}` },
  recipient: { name: 'Ledgerdesk Demo AS', identifier: '0192:123456785' },
  createdAt: '2026-05-02T08:00:00Z',
  downloaded: false,
});

const invoice: UblDocument = {
  documentType: 'invoice',
  rootName: 'Invoice',
  id: 'INV-0000',
  issueDate: '2026-05-02',
  currency: 'NOK',
  notes: ['Thank you for your business'],
  references: { billing: [], despatch: [], receipt: [], order: 'PO-77' },
  parties: {
    supplier: { name: 'Fjordkraft Handel AS', identifiers: [], taxRegistrations: [], vatId: 'NO900000000MVA', address: { lines: [], streetName: 'Kaigaten 1', cityName: 'Bergen', postalZone: '5015', countryCode: 'NO' } },
    customer: { name: 'Ledgerdesk Demo AS', identifiers: [], taxRegistrations: [] },
  },
  lines: [{ id: '1', notes: [], item: { name: 'Office chairs', classificationCodes: [] }, allowanceCharges: [], quantity: { text: '4', value: 4, unitCode: 'EA' }, lineExtensionAmount: { text: '4000.00', value: 4000, currency: 'NOK' } }],
  allowanceCharges: [],
  taxTotal: { taxAmount: { text: '1000.00', value: 1000, currency: 'NOK' }, subtotals: [{ category: { id: 'S', percent: 25 }, taxableAmount: { text: '4000.00', value: 4000, currency: 'NOK' }, taxAmount: { text: '1000.00', value: 1000, currency: 'NOK' } }] },
  totals: { payableAmount: { text: '5000.00', value: 5000, currency: 'NOK' } },
  paymentMeans: [],
  paymentTerms: [],
  attachments: [],
};

/** A fake documents area over 75 invoices: filters by sender name, pages of 30, marks downloaded. */
function createDocumentsCore(options: { failFirstList?: boolean; jobs?: BulkDownloadProgress[]; nativeDialogs?: boolean } = {}) {
  const core = createFakeCore({ signedIn: true, nativeDialogs: options.nativeDialogs ?? false });
  const records = Array.from({ length: 75 }, (_, index) => record(index));
  let failures = options.failFirstList ? 1 : 0;
  let releaseMark: (() => void) | null = null;
  core.handlers['documents.list'] = (payload) => {
    if (failures > 0) {
      failures -= 1;
      return { ok: false, error: { code: 'unavailable', message: 'The documents service is down for maintenance.' } };
    }
    const { filters, page } = payload as { filters: { senderName?: string }; page: number };
    const matching = records.filter((candidate) => !filters.senderName || candidate.sender.name.toLowerCase().includes(filters.senderName.toLowerCase()));
    const value: DocumentPage = { items: matching.slice((page - 1) * 30, page * 30).map((item) => ({ ...item })), totalItems: matching.length, page, itemsPerPage: 30 };
    return ok(value);
  };
  core.handlers['documents.get'] = (payload) => {
    const found = records.find((candidate) => candidate.uuid === (payload as { uuid: string }).uuid) as DocumentRecord;
    return ok<DocumentDetail>({ record: { ...found }, document: { ...invoice, id: found.number }, sourceFormat: 'xml' });
  };
  core.handlers['documents.markDownloaded'] = async (payload) => {
    const { uuids, downloaded } = payload as { uuids: string[]; downloaded: boolean };
    await new Promise<void>((resolve) => {
      releaseMark = resolve;
    });
    for (const candidate of records) if (uuids.includes(candidate.uuid)) candidate.downloaded = downloaded;
    return ok({ count: uuids.length });
  };
  core.handlers['documents.source'] = () => ok({ fileName: 'INV.xml', contentType: 'application/xml', base64: 'PEludm9pY2UvPg==', size: 10, text: '<Invoice/>', pretty: '<Invoice/>' });
  core.handlers['viewer.open'] = () =>
    ok({
      id: 'opened-1',
      fileName: 'INV.xml',
      size: 10,
      containers: [],
      skipped: [],
      documents: [
        {
          name: 'INV.xml',
          family: 'ubl',
          formatLabel: 'Invoice',
          summary: { number: invoice.id, date: invoice.issueDate, seller: { name: 'Fjordkraft Handel AS' }, buyer: { name: 'Ledgerdesk Demo AS' }, total: { text: '5000.00', currency: 'NOK' } },
          ubl: invoice,
          stylesheets: [],
          attachments: [],
          source: { text: '<Invoice/>', pretty: '<Invoice/>', size: 10, contentType: 'application/xml', truncated: false },
        },
      ],
    });
  core.handlers['documents.bulkDownloadJobs'] = () => ok(options.jobs ?? []);
  core.handlers['documents.bulkDownloadResume'] = (payload) => ok({ jobId: (payload as { jobId: string }).jobId });
  core.handlers['documents.bulkDownload'] = () => ok({ jobId: 'job-new' });
  core.handlers['documents.bulkDownloadCancel'] = () => ok({ cancelled: true });
  core.handlers['dialogs.defaultDownloadFolder'] = () =>
    ok({ folder: { handle: 'fh_default-downloads', kind: 'folder', name: 'Ledgerdesk', label: '/home/accountant/Downloads/Ledgerdesk' } });
  core.handlers['validationRules.list'] = () => ok([{ code: 'peppol-bis-3', name: 'Peppol BIS Billing 3', documentTypes: ['invoice', 'credit-note'], latest: true }]);
  core.handlers['documents.send'] = (): Envelope<never> => ({
    ok: false,
    error: {
      code: 'validation',
      message: 'The service refused the credit note: 2 rules failed (BR-04, PEPPOL-EN16931-R004).',
      status: 422,
      details: {
        violations: [
          { rule: 'BR-04', location: '/CreditNote/cbc:CreditNoteTypeCode', message: 'The document type code is required.' },
          { rule: 'PEPPOL-EN16931-R004', location: '/CreditNote/cbc:CustomizationID', message: 'Specification identifier must be the Peppol one.' },
        ],
      },
    },
  });
  return { core, records, releaseMark: () => releaseMark?.() };
}

// jsdom has no layout: give the list a viewport so the virtualizer renders rows.
const clientHeight = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight');
const clientWidth = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientWidth');
// The pane and the dialogs are fetched when first shown (lazy-parts.tsx); here their modules are
// compiled up front, so that a test's waiting is on the app, not on the test runner's transform.
beforeAll(() => Promise.all([import('./detail/DetailPane'), import('./send/SendDocumentDialog'), import('./bulk/BulkDownloadDialog'), import('../folders/ExportDialog')]), 120_000);
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return this.classList.contains('inbox-grid') ? 720 : 0;
    },
  });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', {
    configurable: true,
    get(this: HTMLElement) {
      return this.classList.contains('inbox-grid') ? 1000 : 0;
    },
  });
});
afterAll(() => {
  if (clientHeight) Object.defineProperty(HTMLElement.prototype, 'clientHeight', clientHeight);
  if (clientWidth) Object.defineProperty(HTMLElement.prototype, 'clientWidth', clientWidth);
});
afterEach(() => {
  cleanup();
  clearSelection();
  setFiltersOpen(false);
});

const openInbox = async (core: ReturnType<typeof createFakeCore>) => {
  renderApp(core.acube, '/documents');
  const grid = await screen.findByRole('grid', { name: 'Invoices' }, { timeout: 10_000 });
  await within(grid).findByRole('row', { name: /^INV-0000,/ });
  return grid;
};

describe('documents inbox', () => {
  it('shows the total, moves with the arrow keys and opens the active row with Enter', async () => {
    const { core } = createDocumentsCore();
    const grid = await openInbox(core);
    expect(screen.getByRole('toolbar', { name: 'Inbox tools' }).textContent).toContain('75 invoices');
    expect(grid.getAttribute('aria-rowcount')).toBe('76');

    act(() => grid.focus());
    fireEvent.keyDown(grid, { key: 'ArrowDown' });
    fireEvent.keyDown(grid, { key: 'Enter' });
    const pane = await screen.findByRole('region', { name: 'Document INV-0001' });
    expect(await within(pane).findByRole('region', { name: 'Supplier: Fjordkraft Handel AS' })).toBeTruthy();
    expect(within(pane).getByText('Office chairs')).toBeTruthy();
    expect(within(pane).getAllByText('Amount due').length).toBeGreaterThan(0);
    expect(window.location.hash).toContain('open=uuid-1');
    expect(within(grid).getByRole('row', { name: /^INV-0001,/ }).getAttribute('aria-current')).toBe('true');
    // Beside the open document a new one says so in words, not with an unlabelled dot.
    const openRow = within(grid).getByRole('row', { name: /^INV-0001,/ });
    expect(openRow.querySelector('.inbox-cell--downloaded')?.textContent).toBe('New');
    expect(within(grid).queryByRole('columnheader', { name: 'Recipient' })).toBeNull();
  });

  it('Space selects the active row; marking it downloaded shows at once, before the core answers', async () => {
    const fake = createDocumentsCore();
    const grid = await openInbox(fake.core);
    act(() => grid.focus());
    fireEvent.keyDown(grid, { key: ' ' });
    const toolbar = screen.getByRole('toolbar', { name: 'Inbox tools' });
    await within(toolbar).findByText(/1 of 75 selected/);
    expect(within(grid).getByRole('row', { name: /^INV-0000,/ }).getAttribute('aria-selected')).toBe('true');

    await userEvent.click(within(toolbar).getByRole('button', { name: 'Mark as downloaded' }));
    const row = within(grid).getByRole('row', { name: /^INV-0000,/ });
    await waitFor(() => expect(row.querySelector('.inbox-cell--downloaded')?.textContent).toBe('Yes'));
    expect(fake.core.callsOf('documents.markDownloaded')[0]?.payload).toEqual({ type: 'invoice', uuids: ['uuid-0'], downloaded: true });
    act(() => fake.releaseMark());
    expect(await screen.findByText('1 invoice marked as downloaded')).toBeTruthy();
  });

  it('shows rows marked by a bulk download as downloaded as soon as the core says so, not after a refetch', async () => {
    const { core } = createDocumentsCore();
    const grid = await openInbox(core);
    const row = within(grid).getByRole('row', { name: /^INV-0002,/ });
    expect(row.querySelector('.inbox-cell--downloaded')?.textContent).toBe('No');
    expect(core.listenerCount('documents.changed')).toBeGreaterThan(0);
    act(() => core.emit('documents.changed', { type: 'invoice', uuids: ['uuid-2'], downloaded: true }));
    // The fake's records stay unmarked: only the event itself can turn the row to "Yes".
    await waitFor(() => expect(within(grid).getByRole('row', { name: /^INV-0002,/ }).querySelector('.inbox-cell--downloaded')?.textContent).toBe('Yes'));
  });

  it('Ctrl+A selects every loaded row', async () => {
    const { core } = createDocumentsCore();
    const grid = await openInbox(core);
    act(() => grid.focus());
    fireEvent.keyDown(grid, { key: 'a', ctrlKey: true });
    // Only page 1 (30 rows) is loaded while the top of the list is on screen.
    await within(screen.getByRole('toolbar', { name: 'Inbox tools' })).findByText(/30 of 75 selected/);
    const rendered = within(grid).getAllByRole('row').slice(1);
    expect(rendered.every((row) => row.getAttribute('aria-selected') === 'true')).toBe(true);
  });

  it('applies the filters from the panel, keeps them in the URL and offers to clear them when nothing matches', async () => {
    const { core } = createDocumentsCore();
    await openInbox(core);
    await userEvent.click(screen.getByRole('button', { name: 'Filters' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Sender name' }), 'fjord');
    await userEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    await within(screen.getByRole('toolbar', { name: 'Inbox tools' })).findByText('38');
    expect(window.location.hash).toContain('senderName=fjord');
    const lastList = core.callsOf('documents.list').at(-1)?.payload as { filters: { senderName?: string } };
    expect(lastList.filters.senderName).toBe('fjord');
    expect(screen.getByRole('button', { name: 'Remove filter Sender name: fjord' })).toBeTruthy();

    const name = screen.getByRole('textbox', { name: 'Sender name' });
    await userEvent.clear(name);
    await userEvent.type(name, 'nobody');
    await userEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    const empty = await screen.findByRole('heading', { name: 'No invoices match these filters' });
    await userEvent.click(within(empty.closest('.empty-state') as HTMLElement).getByRole('button', { name: 'Clear filters' }));
    await within(screen.getByRole('toolbar', { name: 'Inbox tools' })).findByText('75');
    expect(window.location.hash).not.toContain('senderName');
  });

  it('says why the list could not load, and Retry loads it', async () => {
    const { core } = createDocumentsCore({ failFirstList: true });
    renderApp(core.acube, '/documents');
    const alert = await screen.findByRole('alert', {}, { timeout: 10_000 });
    expect(alert.textContent).toContain('The invoices could not be loaded');
    expect(alert.textContent).toContain('The documents service is down for maintenance.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('grid', { name: 'Invoices' })).toBeTruthy();
  });

  it('refuses a file over 50 MB before reading it, and lists the rules a refused document broke', async () => {
    const { core } = createDocumentsCore();
    await openInbox(core);
    await userEvent.click(screen.getByRole('button', { name: 'Send document' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send document' });
    const input = within(dialog).getByLabelText('Document file');

    const huge = new File(['<Invoice/>'], 'huge.xml', { type: 'application/xml' });
    Object.defineProperty(huge, 'size', { value: 60 * 1024 * 1024 });
    let read = false;
    huge.slice = () => {
      read = true;
      return new Blob();
    };
    await userEvent.upload(input, huge);
    expect((await within(dialog).findByText(/“huge.xml” is 60 MB; the largest document you can send is 50 MB./)).textContent).toBeTruthy();
    expect(read).toBe(false);
    expect((within(dialog).getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(true);

    const creditNote = new File(['<?xml version="1.0"?>\n<CreditNote xmlns="urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2"></CreditNote>'], 'cn.xml', { type: 'application/xml' });
    await userEvent.upload(input, creditNote);
    await waitFor(() => expect((within(dialog).getByRole('combobox', { name: 'Document type' }) as HTMLSelectElement).value).toBe('credit-note'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    const table = await within(dialog).findByRole('table', { name: '2 rule violations' });
    expect(within(table).getByText('BR-04')).toBeTruthy();
    expect(within(table).getByText('PEPPOL-EN16931-R004')).toBeTruthy();
    const sent = core.callsOf('documents.send')[0]?.payload as { type: string; file: { kind: string; name: string; base64: string }; validationRule?: string };
    expect(sent.type).toBe('credit-note');
    expect(sent.file.kind).toBe('bytes');
    expect(atob(sent.file.base64)).toContain('<CreditNote');
    expect(sent.validationRule).toBeUndefined();
  });

  it('sets up a bulk download of the selection with a live file-name preview and a checked template', async () => {
    const { core } = createDocumentsCore();
    const grid = await openInbox(core);
    act(() => grid.focus());
    fireEvent.keyDown(grid, { key: ' ' });
    fireEvent.keyDown(grid, { key: 'ArrowDown' });
    fireEvent.keyDown(grid, { key: ' ' });
    await userEvent.click(screen.getByRole('button', { name: 'Download…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Download documents' });
    expect((within(dialog).getByRole('radio', { name: 'The 2 selected documents' }) as HTMLInputElement).checked).toBe(true);
    const folder = within(dialog).getByRole('textbox', { name: 'Folder' }) as HTMLInputElement;
    await waitFor(() => expect(folder.value).toBe('/home/accountant/Downloads/Ledgerdesk'));
    expect(within(dialog).getByText('2026-05-02_INV-0000_Fjordkraft Handel AS.xml')).toBeTruthy();

    const template = within(dialog).getByRole('textbox', { name: 'File name template' });
    await userEvent.clear(template);
    await userEvent.type(template, '{{number}_{{amount}');
    expect(within(dialog).getByText('{amount} is not a placeholder. Use the ones below.')).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: 'Start download' }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.clear(template);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Insert {number}' }));
    expect(within(dialog).getByText('INV-0000.xml')).toBeTruthy();

    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Include the PDF' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Start download' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Download documents' })).toBeNull());
    expect(core.callsOf('documents.bulkDownload')[0]?.payload).toEqual({
      type: 'invoice',
      selection: { kind: 'uuids', uuids: ['uuid-0', 'uuid-1'] },
      // The default folder is a handle the core granted for writing; the path is only shown.
      folder: { kind: 'handle', handle: 'fh_default-downloads' },
      template: '{number}',
      includePdf: true,
      markDownloaded: true,
    });
  });

  describe('the folder of a bulk download or a period pack', () => {
    const openBulkDialog = async (core: ReturnType<typeof createFakeCore>) => {
      await openInbox(core);
      await userEvent.click(screen.getByRole('button', { name: 'Download…' }));
      const dialog = await screen.findByRole('dialog', { name: 'Download documents' });
      const folder = within(dialog).getByRole('textbox', { name: 'Folder' }) as HTMLInputElement;
      await waitFor(() => expect(folder.value).toBe('/home/accountant/Downloads/Ledgerdesk'));
      return { dialog, folder };
    };
    const start = async (dialog: HTMLElement, core: ReturnType<typeof createFakeCore>) => {
      await userEvent.click(within(dialog).getByRole('button', { name: 'Start download' }));
      await waitFor(() => expect(core.callsOf('documents.bulkDownload')).toHaveLength(1));
      return (core.callsOf('documents.bulkDownload')[0]?.payload as { folder: unknown }).folder;
    };

    it('is chosen with the host’s dialog wherever there is one, the browser shell’s scripted dialogs too (a handle, not a path)', async () => {
      // The fake host is the browser shell (app.info: shell 'browser') with dialogs: what decides is `nativeDialogs`.
      const { core } = createDocumentsCore({ nativeDialogs: true });
      core.handlers['dialogs.chooseFolder'] = () => ok({ supported: true, folder: { handle: 'fh_chosen-archive', kind: 'folder', name: 'archive', label: '/srv/archive' } });
      const { dialog, folder } = await openBulkDialog(core);
      expect(folder.readOnly).toBe(true);
      expect(within(dialog).queryByText('Type the full path of the folder; it is created when missing.')).toBeNull();
      await userEvent.click(within(dialog).getByRole('button', { name: 'Browse…' }));
      await waitFor(() => expect(folder.value).toBe('/srv/archive'));
      expect(core.callsOf('dialogs.chooseFolder').map((call) => call.payload)).toEqual([{ title: 'Choose where to save the documents', purpose: 'save' }]);
      expect(await start(dialog, core)).toEqual({ kind: 'handle', handle: 'fh_chosen-archive' });
    });

    it('is typed where the host has no dialog, and sent as the typed path', async () => {
      const { core } = createDocumentsCore();
      const { dialog, folder } = await openBulkDialog(core);
      expect(within(dialog).queryByRole('button', { name: 'Browse…' })).toBeNull();
      expect(within(dialog).getByText('Type the full path of the folder; it is created when missing.')).toBeTruthy();
      await userEvent.clear(folder);
      await userEvent.type(folder, '/srv/typed-here');
      expect(await start(dialog, core)).toEqual({ kind: 'typed', path: '/srv/typed-here' });
      expect(core.callsOf('dialogs.chooseFolder')).toHaveLength(0);
    });

    it('shows the period pack’s default folder in the export dialog once the core names it', async () => {
      const { core } = createDocumentsCore({ nativeDialogs: true });
      const defaultFolder = core.handlers['dialogs.defaultDownloadFolder']!;
      let answer: () => void = () => undefined;
      // The core names the default folder only after the dialog (and its folder field) is on screen.
      core.handlers['dialogs.defaultDownloadFolder'] = async (payload) => {
        await new Promise<void>((resolve) => (answer = resolve));
        return defaultFolder(payload);
      };
      await openInbox(core);
      await userEvent.click(screen.getByRole('button', { name: 'Export' }));
      const dialog = await screen.findByRole('dialog', { name: 'Export' });
      const folder = within(dialog).getByRole('textbox', { name: 'Save the ZIP in' }) as HTMLInputElement;
      expect(folder.value).toBe('');
      await waitFor(() => expect(core.callsOf('dialogs.defaultDownloadFolder').length).toBeGreaterThan(0));
      act(() => answer());
      await waitFor(() => expect(folder.value).toBe('/home/accountant/Downloads/Ledgerdesk'));
      expect(within(dialog).getByText('Leave it as it is to keep the current folder.')).toBeTruthy();
    });

    it('falls back to a typed path when the host turns out to have no dialog', async () => {
      const { core } = createDocumentsCore({ nativeDialogs: true });
      core.handlers['dialogs.chooseFolder'] = () => ok({ supported: false, folder: null });
      const { dialog, folder } = await openBulkDialog(core);
      await userEvent.click(within(dialog).getByRole('button', { name: 'Browse…' }));
      await waitFor(() => expect(within(dialog).queryByRole('button', { name: 'Browse…' })).toBeNull());
      expect(folder.readOnly).toBe(false);
      expect(document.activeElement).toBe(folder);
      await userEvent.clear(folder);
      await userEvent.type(folder, '/srv/typed-instead');
      expect(await start(dialog, core)).toEqual({ kind: 'typed', path: '/srv/typed-instead' });
    });
  });

  it('offers to resume an interrupted download and follows its progress to the files that failed', async () => {
    const interrupted: BulkDownloadProgress = {
      jobId: 'job-1',
      type: 'invoice',
      folder: '/srv/invoices',
      state: 'interrupted',
      total: 40,
      written: 12,
      skipped: 0,
      failed: 0,
      marked: 12,
      errors: [],
      message: 'The download did not finish (the app was closed or stopped); resume it to continue.',
      startedAt: '2026-05-02T08:00:00Z',
      updatedAt: '2026-05-02T08:01:00Z',
    };
    const { core } = createDocumentsCore({ jobs: [interrupted] });
    await openInbox(core);
    const panel = await screen.findByRole('region', { name: 'Downloads' });
    const job = within(panel).getByRole('listitem', { name: '40 invoices' });
    expect(job.textContent).toContain('Interrupted');
    expect(job.textContent).toContain('12 written');
    await userEvent.click(within(job).getByRole('button', { name: 'Resume' }));
    expect(core.callsOf('documents.bulkDownloadResume')[0]?.payload).toEqual({ jobId: 'job-1' });

    act(() => core.emit('bulkDownload.progress', { ...interrupted, state: 'running', written: 30 }));
    expect(await within(panel).findByText('Downloading')).toBeTruthy();
    expect(within(panel).getByRole('progressbar', { name: 'Download progress' }).getAttribute('aria-valuenow')).toBe('75');
    await userEvent.click(within(panel).getByRole('button', { name: 'Cancel' }));
    expect(core.callsOf('documents.bulkDownloadCancel')[0]?.payload).toEqual({ jobId: 'job-1' });

    act(() =>
      core.emit('bulkDownload.progress', {
        ...interrupted,
        state: 'done',
        written: 38,
        failed: 2,
        errors: [
          { uuid: 'uuid-7', fileName: '2026-05-02_INV-0007.xml', code: 'file', message: 'No space left on the disk.' },
          { uuid: 'uuid-9', code: 'not_found', message: 'The document no longer exists.' },
        ],
      }),
    );
    expect(await within(panel).findByText('2 files could not be saved')).toBeTruthy();
    expect(within(panel).getByText(/No space left on the disk./)).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Retry failed files' })).toBeTruthy();
  });
});
