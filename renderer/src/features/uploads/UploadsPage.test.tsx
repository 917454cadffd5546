// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ChannelInput, LocalValidation, TransferDocument, UploadEntry } from '../../../../shared/contract';
import { ok } from '../../test/fake-acube';
import { createFakeCore } from '../../test/fake-core';
import { renderApp } from '../../test/render-app';
import { clearDraft } from './batch/draft-store';
import { showNotSent, useUploadsUi } from './model/ui-store';
import { makeEntry } from './test/entries';
import { ROW_HEIGHT } from './list/UploadList';

// jsdom has no layout: give scroll boxes and rows a size so the virtualized lists render rows.
const layout = [
  ['clientHeight', 600],
  ['clientWidth', 1000],
  ['offsetHeight', 56],
  ['offsetWidth', 1000],
] as const;
const saved = layout.map(([name]) => [name, Object.getOwnPropertyDescriptor(HTMLElement.prototype, name)] as const);
beforeAll(() => {
  for (const [name, value] of layout) Object.defineProperty(HTMLElement.prototype, name, { configurable: true, get: () => value });
});
afterAll(() => {
  for (const [name, descriptor] of saved) if (descriptor) Object.defineProperty(HTMLElement.prototype, name, descriptor);
});
afterEach(() => {
  cleanup();
  clearDraft();
  useUploadsUi.setState({ filter: 'all', search: '', expanded: {}, notSent: null, announcement: { text: '', serial: 0 } });
});

/** The fake core plus the uploads channels, with a journal the test controls. */
function setup(initial: UploadEntry[] = [], language: 'en' | 'it' | 'pl' = 'en', options: { nativeDialogs?: boolean } = {}) {
  const core = createFakeCore({ signedIn: true, preferences: { theme: 'light', language }, ...options });
  const state = { entries: [...initial], documents: [] as TransferDocument[] };
  Object.assign(core.handlers, {
    // Copies, as answers that cross a real bridge are.
    'uploads.list': () => ok([...state.entries]),
    'uploads.preferences': () => ok({ country: 'PL', e2eIdTemplate: 'LD-{n}-{file}' }),
    'uploads.setPreferences': (input: unknown) => ok({ country: 'PL', e2eIdTemplate: 'LD-{n}-{file}', ...(input as object) }),
    'uploads.add': (input: unknown) => {
      const { files, country } = input as ChannelInput<'uploads.add'>;
      const entries = files.map(({ file, e2eId }) =>
        makeEntry({
          batchId: 'batch-9',
          fileName: file.kind === 'handle' ? (file.subpath ?? file.handle) : file.name,
          origin: file.kind === 'handle' ? file.handle : (file.relativePath ?? file.name),
          e2eId,
          country,
        }),
      );
      state.entries.push(...entries);
      return ok({ batchId: 'batch-9', entries, rejected: [] });
    },
    'uploads.retry': (input: unknown) => {
      const entry = state.entries.find((e) => e.localId === (input as { localId: string }).localId)!;
      return ok({ ...entry, state: 'queued', canRetry: false, canCancel: true, error: undefined, updatedAt: '2099-01-01T00:00:00.000Z' });
    },
    'uploads.findByE2eId': () => ok([]),
    'transferDocuments.list': () => ok([...state.documents]),
  });
  return { core, state };
}

const pickFiles = async (files: File[]) => {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]:not([webkitdirectory])');
  if (!input) throw new Error('no file input');
  await userEvent.setup({ applyAccept: false }).upload(input, files);
};

describe('uploads screen', () => {
  it('checks picked files before sending, sends the good ones with their IDs, then follows them to delivery', async () => {
    const { core, state } = setup();
    renderApp(core.acube, '/uploads');
    expect(await screen.findByRole('heading', { name: 'No uploads yet' }, { timeout: 10_000 })).toBeTruthy();

    await pickFiles([new File(['<a/>'], 'a.xml'), new File(['x'], 'bad.txt')]);
    const panel = await screen.findByRole('region', { name: 'Files to upload' });
    expect(within(panel).getByText(/Files ending in \.txt are not accepted/)).toBeTruthy();
    // The remembered country (PL) is preselected; the ID comes from the remembered template.
    expect((within(panel).getByRole('combobox', { name: 'Destination country' }) as HTMLSelectElement).value).toBe('PL');
    const id = within(panel).getByRole('textbox', { name: 'End-to-end ID for a.xml' }) as HTMLInputElement;
    expect(id.value).toBe('LD-1-a.xml');

    await userEvent.clear(id);
    await userEvent.type(id, 'tab\there');
    expect(within(panel).getByText(/The ID contains a tab \(position 4\)/)).toBeTruthy();
    expect((within(panel).getByRole('button', { name: 'Upload' }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.clear(id);
    await userEvent.type(id, 'MY-ID-1');
    await userEvent.selectOptions(within(panel).getByRole('combobox', { name: 'Destination country' }), 'IT');
    await userEvent.click(within(panel).getByRole('button', { name: 'Upload 1 file' }));

    await waitFor(() => expect(screen.queryByRole('region', { name: 'Files to upload' })).toBeNull());
    expect(core.callsOf('uploads.add').map((call) => call.payload)).toEqual([
      { files: [{ file: { kind: 'bytes', name: 'a.xml', base64: 'PGEvPg==' }, e2eId: 'MY-ID-1' }], country: 'IT', e2eIdTemplate: 'LD-{n}-{file}' },
    ]);
    expect(core.callsOf('uploads.setPreferences').map((call) => call.payload)).toEqual([{ country: 'IT', e2eIdTemplate: 'LD-{n}-{file}' }]);
    expect(screen.getByText('1 file was not sent')).toBeTruthy();

    const list = await screen.findByRole('table', { name: 'Uploads' });
    expect(within(list).getByText('Queued')).toBeTruthy();
    // A table to a screen reader: named columns, and rows of cells under them.
    expect(within(list).getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['File', 'End-to-end ID', 'Country', 'Status', 'Updated', 'Actions']);
    const [firstRow] = within(list).getAllByRole('row').filter((row) => row.getAttribute('aria-rowindex') === '2');
    expect(within(firstRow!).getAllByRole('cell')).toHaveLength(6);
    expect(list.getAttribute('aria-rowcount')).toBe('2');
    const sent = state.entries[0]!;
    const delivered: UploadEntry = {
      ...sent,
      state: 'done',
      serverStatus: 'delivered',
      uploadId: 'up-1',
      canCancel: false,
      updatedAt: '2099-01-01T00:00:00.000Z',
      history: [...sent.history, { at: '2099-01-01T00:00:00.000Z', state: 'done', serverStatus: 'delivered' }],
    };
    state.documents = [{ id: 'doc-1', upload_id: 'up-1', e2e_id: 'MY-ID-1', status: 'delivered', file_name: 'a.xml', destination_id: '123456789', created_at: '2099-01-01T00:00:00.000Z' }];
    act(() => core.emit('uploads.changed', { entries: [delivered] }));
    expect(await within(list).findByText('Delivered')).toBeTruthy();
    // Said politely to screen-reader users.
    expect(screen.getAllByRole('status').some((region) => region.textContent === 'a.xml: Delivered')).toBe(true);

    act(() => core.emit('uploads.batchSettled', { batchId: 'batch-9', done: 1, failed: 0, rejected: 0 }));
    expect(await screen.findByText('1 delivered · 1 not sent')).toBeTruthy();

    await userEvent.click(within(list).getByRole('button', { name: 'a.xml' }));
    const documents = await within(list).findByRole('region', { name: 'Transfer documents' });
    expect(await within(documents).findByText('123456789')).toBeTruthy();
    expect(within(documents).getByRole('button', { name: 'Download a.xml' })).toBeTruthy();
  });

  it('shows a big batch at once and checks its rows a task later', async () => {
    const { core } = setup();
    renderApp(core.acube, '/uploads');
    expect(await screen.findByRole('heading', { name: 'No uploads yet' }, { timeout: 10_000 })).toBeTruthy();
    await pickFiles(Array.from({ length: 600 }, (_, index) => new File(['<a/>'], `invoice-${index}.xml`)));
    const waiting = await screen.findByRole('region', { name: 'Files to upload' });
    expect(within(waiting).getByText('Checking the files…')).toBeTruthy();
    expect(within(waiting).queryByRole('button', { name: /^Upload/ })).toBeNull();
    await waitFor(() => expect(screen.queryByText('Checking the files…')).toBeNull());
    const panel = screen.getByRole('region', { name: 'Files to upload' });
    expect(within(panel).getByRole('button', { name: 'Upload 600 files' })).toBeTruthy();
  });

  describe('"Choose folder…"', () => {
    const MiB = 1024 * 1024;
    const listing = {
      name: 'march',
      files: [
        { subpath: 'a.xml', name: 'a.xml', size: 120, modifiedMs: 1_700_000_000_000 },
        { subpath: 'week-2/b.xml', name: 'b.xml', size: 130, modifiedMs: 1_700_000_000_000 },
        { subpath: 'huge.xml', name: 'huge.xml', size: 6 * MiB, modifiedMs: 1_700_000_000_000 },
      ],
      skippedHidden: 1,
      unreadable: ['locked'],
    };
    const clicksOnFolderInput = (): { count: () => number; restore: () => void } => {
      let count = 0;
      const original = HTMLInputElement.prototype.click;
      HTMLInputElement.prototype.click = function click(this: HTMLInputElement) {
        if (this.hasAttribute('webkitdirectory')) count += 1;
        else original.call(this);
      };
      return { count: () => count, restore: () => (HTMLInputElement.prototype.click = original) };
    };

    it('asks the host’s folder dialog where there is one, lets the core list the folder, and sends its files by the folder’s handle', async () => {
      const { core } = setup([], 'en', { nativeDialogs: true });
      Object.assign(core.handlers, {
        'dialogs.chooseFolder': () => ok({ supported: true, folder: { handle: 'fh_march', kind: 'folder', name: 'march', label: '/home/user/march' } }),
        'uploads.listFolder': () => ok(listing),
      });
      const folderInput = clicksOnFolderInput();
      try {
        renderApp(core.acube, '/uploads');
        await userEvent.click(await screen.findByRole('button', { name: 'Choose folder…' }, { timeout: 10_000 }));
        const panel = await screen.findByRole('region', { name: 'Files to upload' });
        expect(folderInput.count()).toBe(0);
        expect(core.callsOf('dialogs.chooseFolder').map((call) => call.payload)).toEqual([{ title: 'Choose a folder of invoices to upload', purpose: 'open' }]);
        expect(core.callsOf('uploads.listFolder').map((call) => call.payload)).toEqual([{ folder: { kind: 'handle', handle: 'fh_march' } }]);
        // The same checks as for files on the page: the one over the request's limit cannot be sent.
        expect(within(panel).getByText(/huge\.xml/)).toBeTruthy();
        expect(within(panel).getByText('1 hidden file in the folder was left out.')).toBeTruthy();
        expect(within(panel).getByText(/march\/locked/)).toBeTruthy();
        await userEvent.click(within(panel).getByRole('button', { name: 'Upload 2 files' }));
        await waitFor(() => expect(core.callsOf('uploads.add')).toHaveLength(1));
        const [call] = core.callsOf('uploads.add') as Array<{ payload: ChannelInput<'uploads.add'> }>;
        expect(call?.payload.files.map(({ file }) => file)).toEqual([
          { kind: 'handle', handle: 'fh_march', subpath: 'a.xml' },
          { kind: 'handle', handle: 'fh_march', subpath: 'week-2/b.xml' },
        ]);
      } finally {
        folderInput.restore();
      }
    });

    it('warns of two files of the chosen folder with the same content, the core hashing them (the page never has their bytes)', async () => {
      const { core } = setup([], 'en', { nativeDialogs: true });
      const copies = {
        name: 'april',
        files: [
          { subpath: 'inv-1.xml', name: 'inv-1.xml', size: 200, modifiedMs: 1_700_000_000_000 },
          { subpath: 'copies/inv-1 (1).xml', name: 'inv-1 (1).xml', size: 200, modifiedMs: 1_700_000_000_000 },
          { subpath: 'inv-2.xml', name: 'inv-2.xml', size: 200, modifiedMs: 1_700_000_000_000 },
          { subpath: 'inv-3.xml', name: 'inv-3.xml', size: 310, modifiedMs: 1_700_000_000_000 },
        ],
        skippedHidden: 0,
        unreadable: [],
      };
      const hashes: Record<string, string> = { 'inv-1.xml': 'aa'.repeat(32), 'copies/inv-1 (1).xml': 'aa'.repeat(32), 'inv-2.xml': 'bb'.repeat(32) };
      Object.assign(core.handlers, {
        'dialogs.chooseFolder': () => ok({ supported: true, folder: { handle: 'fh_april', kind: 'folder', name: 'april', label: '/home/user/april' } }),
        'uploads.listFolder': () => ok(copies),
        'uploads.hashFolderFiles': (input: unknown) => ok({ sha256: (input as { subpaths: string[] }).subpaths.map((subpath) => hashes[subpath] ?? null) }),
      });
      renderApp(core.acube, '/uploads');
      await userEvent.click(await screen.findByRole('button', { name: 'Choose folder…' }, { timeout: 10_000 }));
      const panel = await screen.findByRole('region', { name: 'Files to upload' });
      expect(await within(panel).findByText('1 file has the same content as another file in this batch')).toBeTruthy();
      expect(within(panel).getByText(/Same content as april\/inv-1\.xml/)).toBeTruthy();
      // Only the files of one size were asked for, in one call; the one of its own size was never read.
      expect(core.callsOf('uploads.hashFolderFiles').map((call) => call.payload)).toEqual([{ folder: { kind: 'handle', handle: 'fh_april' }, subpaths: ['inv-1.xml', 'copies/inv-1 (1).xml', 'inv-2.xml'] }]);
      await userEvent.click(within(panel).getByRole('button', { name: 'Leave the copy out' }));
      await userEvent.click(within(panel).getByRole('button', { name: 'Upload 3 files' }));
      await waitFor(() => expect(core.callsOf('uploads.add')).toHaveLength(1));
      const [call] = core.callsOf('uploads.add') as Array<{ payload: ChannelInput<'uploads.add'> }>;
      expect(call?.payload.files.map(({ file }) => file)).toEqual([
        { kind: 'handle', handle: 'fh_april', subpath: 'inv-1.xml' },
        { kind: 'handle', handle: 'fh_april', subpath: 'inv-2.xml' },
        { kind: 'handle', handle: 'fh_april', subpath: 'inv-3.xml' },
      ]);
    });

    it('explains a folder the core refuses (too many files), and adds nothing', async () => {
      const { core } = setup([], 'en', { nativeDialogs: true });
      Object.assign(core.handlers, {
        'dialogs.chooseFolder': () => ok({ supported: true, folder: { handle: 'fh_all', kind: 'folder', name: 'everything', label: '/home/user/everything' } }),
        'uploads.listFolder': () =>
          ({ ok: false, error: { code: 'too_large', message: 'The folder everything holds more than 5000 files.', details: { userMessage: { key: 'uploads.folderTooManyFiles', params: { name: 'everything', limit: 5000 } } } } }),
      });
      renderApp(core.acube, '/uploads');
      await userEvent.click(await screen.findByRole('button', { name: 'Choose folder…' }, { timeout: 10_000 }));
      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toContain('The folder could not be added');
      expect(alert.textContent).toContain('Choose a folder inside “everything”, or send its files in several batches: it holds more than 5000 files');
      expect(screen.queryByRole('region', { name: 'Files to upload' })).toBeNull();
    });

    it('opens the page’s folder picker where the host has no dialog (the browser shell)', async () => {
      const { core } = setup();
      const folderInput = clicksOnFolderInput();
      try {
        renderApp(core.acube, '/uploads');
        await userEvent.click(await screen.findByRole('button', { name: 'Choose folder…' }, { timeout: 10_000 }));
        expect(folderInput.count()).toBe(1);
        expect(core.callsOf('dialogs.chooseFolder')).toHaveLength(0);
      } finally {
        folderInput.restore();
      }
    });
  });

  it('explains a refusal in plain words and retries it', async () => {
    const refused = makeEntry({
      fileName: 'polish.xml',
      country: 'PL',
      state: 'rejected',
      canRetry: true,
      canCancel: false,
      error: { code: 'forbidden', message: 'Your account has no access to uploads for Poland (PL).' },
    });
    const { core } = setup([refused, makeEntry({ fileName: 'other.xml', state: 'done', canCancel: false })]);
    renderApp(core.acube, '/uploads');
    const list = await screen.findByRole('table', { name: 'Uploads' }, { timeout: 10_000 });
    expect(within(list).getByText('No access to uploads for Poland (PL) (403)')).toBeTruthy();

    await userEvent.click(screen.getByRole('tab', { name: /^Failed/ }));
    expect(within(screen.getByRole('table', { name: 'Uploads' })).queryByText('other.xml')).toBeNull();

    await userEvent.click(within(list).getByRole('button', { name: 'polish.xml' }));
    expect(within(list).getByText(/Contact support to get access, or send the file over SFTP\./)).toBeTruthy();
    expect(within(list).getByText('Details: Your account has no access to uploads for Poland (PL).')).toBeTruthy();

    await userEvent.click(within(list).getByRole('button', { name: 'Retry polish.xml' }));
    expect(core.callsOf('uploads.retry').map((call) => call.payload)).toEqual([{ localId: refused.localId }]);
    // Queued again: it moves out of the Failed view.
    await waitFor(() => expect(screen.queryByText('polish.xml')).toBeNull());
  });

  it('gives plain rows one height the list never measures, and lets explained or expanded rows grow', async () => {
    const refused = makeEntry({ fileName: 'refused.xml', state: 'rejected', canRetry: true, canCancel: false, error: { code: 'forbidden', message: 'No access.' } });
    const plain = makeEntry({ fileName: 'plain.xml', state: 'done', canCancel: false });
    const { core } = setup([refused, plain]);
    renderApp(core.acube, '/uploads');
    const list = await screen.findByRole('table', { name: 'Uploads' }, { timeout: 10_000 });
    const rowOf = (name: string) => within(list).getByRole('button', { name }).closest('[role="row"]') as HTMLElement;
    expect(rowOf('plain.xml').classList.contains('uploads-list__item--fixed')).toBe(true);
    expect(rowOf('plain.xml').style.height).toBe(`${ROW_HEIGHT}px`);
    // An explanation makes a row taller: it is measured.
    expect(rowOf('refused.xml').classList.contains('uploads-list__item--fixed')).toBe(false);
    expect(rowOf('refused.xml').style.height).toBe('');

    await userEvent.click(within(list).getByRole('button', { name: 'plain.xml' }));
    await waitFor(() => expect(rowOf('plain.xml').classList.contains('uploads-list__item--fixed')).toBe(false));
    await userEvent.click(within(list).getByRole('button', { name: 'plain.xml' }));
    await waitFor(() => expect(rowOf('plain.xml').style.height).toBe(`${ROW_HEIGHT}px`));
  });

  it('takes files dropped on another page, shows the overlay while dragging, and opens the batch on Uploads', async () => {
    const { core } = setup();
    renderApp(core.acube, '/settings');
    await screen.findByRole('heading', { name: 'Settings' }, { timeout: 10_000 });

    const file = new File(['{}'], 'order.json');
    const dataTransfer = { types: ['Files'], files: [file], items: [{ kind: 'file', getAsFile: () => file, webkitGetAsEntry: () => null }], dropEffect: 'none' };
    const drag = (type: string) => {
      const event = new Event(type, { bubbles: true, cancelable: true });
      Object.defineProperty(event, 'dataTransfer', { value: dataTransfer });
      fireEvent(document.body, event);
      return event;
    };
    act(() => void drag('dragover'));
    expect(screen.getByText('Drop files to upload')).toBeTruthy();
    let dropped: Event | undefined;
    act(() => void (dropped = drag('drop')));
    expect(dropped?.defaultPrevented).toBe(true);

    const panel = await screen.findByRole('region', { name: 'Files to upload' }, { timeout: 10_000 });
    expect(within(panel).getByRole('textbox', { name: 'End-to-end ID for order.json' })).toBeTruthy();
    expect(screen.queryByText('Drop files to upload')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Uploads', level: 1 })).toBeTruthy();
  });

  it('does not count a file the official schema refuses among the ready ones, nor give it the green tick', async () => {
    const { core } = setup();
    const check = (name: string, fatal: number): LocalValidation => ({
      kind: 'ksef',
      ruleSet: { code: 'ksef-fa3', name: 'KSeF FA(3) schema', version: 'FA (3) 1-0E', checkedOn: '2026-11-28' },
      valid: fatal === 0,
      fatal: Array.from({ length: fatal }, () => ({ ruleId: 'XSD', flag: 'fatal' as const, message: `Element 'P_1': '${name}' is not a valid date.`, location: '/Faktura/Fa/P_1', artefact: { name: 'KSeF FA(3) schema', version: 'FA (3) 1-0E' } })),
      warnings: [],
      artefacts: [{ name: 'KSeF FA(3) schema', version: 'FA (3) 1-0E' }],
      durationMs: 3,
    });
    core.handlers['standards.validate'] = (input: unknown) => {
      const { file } = input as ChannelInput<'standards.validate'>;
      return ok(check(file.kind === 'bytes' ? file.name : '', file.kind === 'bytes' && file.name === 'refused.xml' ? 1 : 0));
    };
    renderApp(core.acube, '/uploads');
    expect(await screen.findByRole('heading', { name: 'No uploads yet' }, { timeout: 10_000 })).toBeTruthy();
    await pickFiles([new File(['<Faktura/>'], 'good.xml'), new File(['<Faktura/>'], 'refused.xml')]);
    const panel = await screen.findByRole('region', { name: 'Files to upload' });
    // Both checked: one valid, one the schema refuses.
    expect(await within(panel).findByText(/Would be refused by the KSeF FA\(3\) schema FA \(3\) 1-0E \(1 error\)/)).toBeTruthy();
    expect(await within(panel).findByText('Valid under the KSeF FA(3) schema FA (3) 1-0E.')).toBeTruthy();
    expect(within(panel).getByText('1 ready')).toBeTruthy();
    expect(within(panel).getByText('1 would be refused')).toBeTruthy();
    const rowOf = (name: string) => within(panel).getByText(name).closest('.batch-row') as HTMLElement;
    expect(within(rowOf('good.xml')).getByText('Ready')).toBeTruthy();
    expect(within(rowOf('refused.xml')).queryByText('Ready')).toBeNull();
    expect(within(rowOf('refused.xml')).getByText('Would be refused by the official schema')).toBeTruthy();
    expect(rowOf('refused.xml').querySelector('.batch-row__mark--ok')).toBeNull();
    // It can still be sent, as its note says.
    expect((within(panel).getByRole('button', { name: 'Upload 2 files' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('speaks Italian when the user chose it, checks included', async () => {
    const { core } = setup([], 'it');
    renderApp(core.acube, '/uploads');
    expect(await screen.findByRole('heading', { name: 'Ancora nessun caricamento' }, { timeout: 10_000 })).toBeTruthy();
    await pickFiles([new File(['x'], 'bad.txt'), new File([''], 'vuoto.xml')]);
    const panel = await screen.findByRole('region', { name: 'File da caricare' });
    expect(within(panel).getByText(/I file che finiscono in \.txt non sono accettati/)).toBeTruthy();
    expect(within(panel).getByText('Il file è vuoto. Scegli un file con un contenuto.')).toBeTruthy();
    expect(within(panel).getByText('Nessuno di questi file può ancora essere inviato. Correggili o toglili.')).toBeTruthy();
  });
});

describe('an upload’s history in Polish', () => {
  it('words the core’s notes in the UI language and keeps an old note’s text', async () => {
    const entry = makeEntry({
      fileName: 'faktura.xml',
      country: 'PL',
      state: 'tracking',
      canCancel: false,
      uploadId: 'up-42',
      history: [
        { at: '2026-03-01T10:00:00.000Z', state: 'queued', note: 'Retried by you', reason: { key: 'uploads.noteRetried', params: {} } },
        { at: '2026-03-01T10:00:01.000Z', state: 'sending', note: 'Sending again (attempt 2)', reason: { key: 'uploads.noteSendingAgain', params: { attempt: 2 } } },
        { at: '2026-03-01T10:00:02.000Z', state: 'accepted', note: 'Accepted by the service (upload up-42)', reason: { key: 'uploads.noteAccepted', params: { upload: 'up-42' } } },
        { at: '2026-03-01T10:00:03.000Z', state: 'tracking', note: 'An old note from before reasons' },
      ],
    });
    const { core } = setup([entry], 'pl');
    renderApp(core.acube, '/uploads');
    await userEvent.click(await screen.findByRole('button', { name: 'faktura.xml' }, { timeout: 10_000 }));
    expect(await screen.findByText('Ponowione przez ciebie.')).toBeTruthy();
    expect(screen.getByText('Ponowne wysyłanie (próba 2).')).toBeTruthy();
    expect(screen.getByText('Przyjęty przez usługę (wysyłka up-42).')).toBeTruthy();
    expect(screen.getByText('An old note from before reasons')).toBeTruthy();
    expect(document.body.textContent).not.toContain('Retried by you');
    expect(document.body.textContent).not.toContain('Accepted by the service');
  });

  it('words the core’s error as the detail in the UI language', async () => {
    const entry = makeEntry({
      fileName: 'zmieniona.xml',
      country: 'PL',
      state: 'failed',
      canRetry: true,
      canCancel: false,
      error: {
        code: 'file',
        message: 'zmieniona.xml changed after it was added, so it was not sent. Retry to send the file as it is now.',
        reason: { key: 'uploads.changedSinceAdded', params: { name: 'zmieniona.xml' } },
      },
    });
    const { core } = setup([entry], 'pl');
    renderApp(core.acube, '/uploads');
    await userEvent.click(await screen.findByRole('button', { name: 'zmieniona.xml' }, { timeout: 10_000 }));
    expect(await screen.findByText(/Ponów, aby wysłać „zmieniona\.xml” w obecnej postaci: plik zmienił się po dodaniu, więc nie został wysłany\./)).toBeTruthy();
    expect(document.body.textContent).not.toContain('changed after it was added');
  });

  it('words why a file was not added in the UI language', async () => {
    const { core } = setup([], 'pl');
    renderApp(core.acube, '/uploads');
    act(() =>
      showNotSent([
        { fileName: 'pusty.xml', origin: 'pusty.xml', code: 'validation', message: 'pusty.xml is empty. Choose a file that has content.', reason: { key: 'uploads.empty', params: { name: 'pusty.xml' } } },
        { fileName: 'stary.xml', origin: 'stary.xml', code: 'conflict', message: 'An old refusal without a reason.' },
      ]),
    );
    expect(await screen.findByText(/Wybierz plik z zawartością: „pusty\.xml” jest pusty\./, undefined, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText(/An old refusal without a reason\./)).toBeTruthy();
    expect(document.body.textContent).not.toContain('is empty. Choose');
  });

  it('words the core’s warning as the detail in the UI language', async () => {
    const entry = makeEntry({
      fileName: 'przerwana.xml',
      country: 'PL',
      state: 'uncertain',
      canCancel: false,
      warning: 'The app stopped while this file was being sent. It is checking, by End-to-end ID, whether the file arrived, and sends it again only if it did not.',
      warningReason: { key: 'uploads.warnCrashed', params: {} },
    });
    const { core } = setup([entry], 'pl');
    renderApp(core.acube, '/uploads');
    await userEvent.click(await screen.findByRole('button', { name: 'przerwana.xml' }, { timeout: 10_000 }));
    expect(await screen.findByText(/Aplikacja zatrzymała się podczas wysyłania tego pliku\. Sprawdza po identyfikatorze End-to-end/)).toBeTruthy();
    expect(document.body.textContent).not.toContain('The app stopped');
  });

  it('words a refusal from the file system (a file not kept for sending) in the UI language', async () => {
    const { core } = setup([], 'pl');
    renderApp(core.acube, '/uploads');
    act(() =>
      showNotSent([
        {
          fileName: 'faktura.xml',
          origin: 'faktura.xml',
          code: 'file',
          message: 'faktura.xml could not be kept for sending: the app data folder cannot be read (ENOSPC). Check the free disk space and add it again.',
          reason: { key: 'uploads.keepFailed', params: { name: 'faktura.xml', cause: 'ENOSPC' } },
        },
      ]),
    );
    expect(await screen.findByText(/Sprawdź wolne miejsce na dysku i dodaj „faktura\.xml” ponownie: nie udało się go zachować do wysłania \(ENOSPC\)\./, undefined, { timeout: 10_000 })).toBeTruthy();
    expect(document.body.textContent).not.toContain('could not be kept');
  });

  it('words a file name the service would refuse in the UI language', async () => {
    const { core } = setup([], 'pl');
    renderApp(core.acube, '/uploads');
    act(() =>
      showNotSent([
        {
          fileName: 'notatka.txt',
          origin: 'notatka.txt',
          code: 'validation',
          message: 'notatka.txt: The file type is not supported. Use a file ending in .xml, .json, .csv or .zip (also signed: .xml.p7m, .json.p7m, .csv.p7m, .zip.p7m).',
          reason: { key: 'uploads.nameUnknownExtension', params: { name: 'notatka.txt' } },
        },
      ]),
    );
    expect(await screen.findByText(/Wysyłaj pliki \.xml, \.json, \.csv lub \.zip \(także podpisane: \.p7m\): „notatka\.txt” nie ma/, undefined, { timeout: 10_000 })).toBeTruthy();
    expect(document.body.textContent).not.toContain('file type is not supported');
  });

  it('frames the service’s refusal in the UI language, quoting its own words', async () => {
    const entry = makeEntry({
      fileName: 'odrzucona.xml',
      country: 'PL',
      state: 'rejected',
      canRetry: true,
      canCancel: false,
      error: { code: 'conflict', message: 'The service refused the file: duplicate account. Contact support.', reason: { key: 'uploads.serviceConflictSaid', params: { said: 'duplicate account' } } },
    });
    const { core } = setup([entry], 'pl');
    renderApp(core.acube, '/uploads');
    await userEvent.click(await screen.findByRole('button', { name: 'odrzucona.xml' }, { timeout: 10_000 }));
    expect(await screen.findByText(/Skontaktuj się z pomocą techniczną: usługa odrzuciła plik z komunikatem „duplicate account”\./)).toBeTruthy();
    expect(document.body.textContent).not.toContain('Contact support');
  });

  it('words a warning built from pieces (a name that looks like another country’s document) in the UI language', async () => {
    const entry = makeEntry({
      fileName: 'fattura_IT.xml',
      country: 'PL',
      state: 'queued',
      warning: 'The name of fattura_IT.xml looks like a document for Italy, but it is being sent to Poland. Cancel it while it is queued if that is wrong.',
      warningReason: { key: 'uploads.warnOtherCountryName', params: { name: 'fattura_IT.xml', suggested: 'IT', country: 'PL' } },
    });
    const { core } = setup([entry], 'pl');
    renderApp(core.acube, '/uploads');
    await userEvent.click(await screen.findByRole('button', { name: 'fattura_IT.xml' }, { timeout: 10_000 }));
    expect(await screen.findByText(/nazwa „fattura_IT\.xml” wygląda na dokument dla IT, a plik jest wysyłany do PL/)).toBeTruthy();
    expect(document.body.textContent).not.toContain('looks like a document');
  });
});
