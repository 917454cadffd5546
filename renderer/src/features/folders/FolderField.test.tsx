// @vitest-environment jsdom
/**
 * The folder field of the folders page's dialogs (here a new sync rule): the host's folder dialog
 * wherever `app.info().nativeDialogs` says there is one (Electron, or the browser shell's scripted
 * dialogs), a typed path where there is none or the dialog turns out not to answer.
 */
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { SyncRuleStatus } from '../../../../shared/contract';
import { ok } from '../../test/fake-acube';
import { createFakeCore } from '../../test/fake-core';
import { renderApp } from '../../test/render-app';

afterEach(cleanup);

const TYPED_HINT = 'Type the folder’s full path: this window cannot open a folder picker.';

/** The folders page over a fake core whose `app.info` names the browser shell, with or without dialogs. */
async function newRuleDialog(options: { nativeDialogs: boolean; chooseFolder?: () => unknown }) {
  const core = createFakeCore({ signedIn: true, nativeDialogs: options.nativeDialogs });
  Object.assign(core.handlers, {
    'sync.rules': () => ok([]),
    'watch.folders': () => ok([]),
    'sync.save': () => ok({ state: 'idle' } as Partial<SyncRuleStatus>),
    ...(options.chooseFolder ? { 'dialogs.chooseFolder': options.chooseFolder } : {}),
  });
  renderApp(core.acube, '/folders');
  await userEvent.click(await screen.findByRole('button', { name: 'New rule' }, { timeout: 10_000 }));
  const dialog = await screen.findByRole('dialog', { name: 'New sync rule' });
  await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Accounting inbox');
  const folder = within(dialog).getByRole('textbox', { name: 'Folder' }) as HTMLInputElement;
  // app.info answers after the first render: the field settles on what the host can do.
  await waitFor(() => expect(core.callsOf('app.info').length).toBeGreaterThan(0));
  return { core, dialog, folder };
}

const savedFolder = async (core: ReturnType<typeof createFakeCore>, dialog: HTMLElement): Promise<unknown> => {
  await userEvent.click(within(dialog).getByRole('button', { name: 'Save rule' }));
  await waitFor(() => expect(core.callsOf('sync.save')).toHaveLength(1));
  return (core.callsOf('sync.save')[0]?.payload as { folder?: unknown }).folder;
};

describe('the folder field', () => {
  it('chooses with the host’s dialog wherever there is one (the browser shell’s scripted dialogs too) and saves the granted handle', async () => {
    const { core, dialog, folder } = await newRuleDialog({
      nativeDialogs: true,
      chooseFolder: () => ok({ supported: true, folder: { handle: 'fh_accounting', kind: 'folder', name: 'accounting', label: '/srv/accounting' } }),
    });
    const browse = await within(dialog).findByRole('button', { name: 'Browse…' });
    expect(folder.readOnly).toBe(true);
    expect(within(dialog).queryByText(TYPED_HINT)).toBeNull();
    await userEvent.click(browse);
    await waitFor(() => expect(folder.value).toBe('/srv/accounting'));
    expect(core.callsOf('dialogs.chooseFolder').map((call) => call.payload)).toEqual([{ title: 'Choose a folder', purpose: 'save' }]);
    expect(await savedFolder(core, dialog)).toEqual({ kind: 'handle', handle: 'fh_accounting' });
  });

  it('keeps the field empty (and the rule unsaved) when the dialog is cancelled', async () => {
    const { core, dialog, folder } = await newRuleDialog({ nativeDialogs: true, chooseFolder: () => ok({ supported: true, folder: null }) });
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Browse…' }));
    await waitFor(() => expect(core.callsOf('dialogs.chooseFolder')).toHaveLength(1));
    expect(folder.value).toBe('');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save rule' }));
    expect(await within(dialog).findByText('Choose a folder.')).toBeTruthy();
    expect(core.callsOf('sync.save')).toHaveLength(0);
  });

  it('takes a typed path where the host has no dialog', async () => {
    const { core, dialog, folder } = await newRuleDialog({ nativeDialogs: false });
    expect(within(dialog).getByText(TYPED_HINT)).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Browse…' })).toBeNull();
    expect(folder.readOnly).toBe(false);
    await userEvent.type(folder, '/srv/typed-inbox');
    expect(await savedFolder(core, dialog)).toEqual({ kind: 'typed', path: '/srv/typed-inbox' });
    expect(core.callsOf('dialogs.chooseFolder')).toHaveLength(0);
  });

  it('falls back to a typed path when the host turns out to have no dialog', async () => {
    const { core, dialog, folder } = await newRuleDialog({ nativeDialogs: true, chooseFolder: () => ok({ supported: false, folder: null }) });
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Browse…' }));
    await waitFor(() => expect(within(dialog).queryByRole('button', { name: 'Browse…' })).toBeNull());
    expect(within(dialog).getByText(TYPED_HINT)).toBeTruthy();
    expect(folder.readOnly).toBe(false);
    expect(document.activeElement).toBe(folder);
    await userEvent.type(folder, '/srv/typed-instead');
    expect(await savedFolder(core, dialog)).toEqual({ kind: 'typed', path: '/srv/typed-instead' });
  });
});

const DIALOG_NEEDED = 'A watched folder needs the desktop app’s folder dialog: the app reads and empties it, so it cannot be typed here. Open the Ledgerdesk desktop app to choose it.';

/** The watched-folder dialog for Italy over a fake core, with or without a host folder dialog. */
async function watchDialog(options: { nativeDialogs: boolean; chooseFolder?: () => unknown }) {
  const core = createFakeCore({ signedIn: true, nativeDialogs: options.nativeDialogs });
  Object.assign(core.handlers, {
    'sync.rules': () => ok([]),
    'watch.folders': () => ok([]),
    'watch.save': () => ok({ country: 'IT', folder: '/srv/outbox', e2eIdTemplate: 'LD-{file}', paused: false, state: 'watching', inFlight: 0, sent: 0, failed: 0, recent: [] }),
    ...(options.chooseFolder ? { 'dialogs.chooseFolder': options.chooseFolder } : {}),
  });
  renderApp(core.acube, '/folders');
  const italy = await screen.findByRole('listitem', { name: 'Italy (IT)' }, { timeout: 10_000 });
  await userEvent.click(within(italy).getByRole('button', { name: 'Watch a folder…' }));
  const dialog = await screen.findByRole('dialog', { name: 'Watched folder for Italy (IT)' });
  const folder = within(dialog).getByRole('textbox', { name: 'Folder' }) as HTMLInputElement;
  await waitFor(() => expect(core.callsOf('app.info').length).toBeGreaterThan(0));
  return { core, dialog, folder };
}

describe('the watched folder’s field (a folder the app reads and empties)', () => {
  it('asks the host’s dialog for a folder to read, and saves its handle', async () => {
    const { core, dialog, folder } = await watchDialog({
      nativeDialogs: true,
      chooseFolder: () => ok({ supported: true, folder: { handle: 'fh_outbox', kind: 'folder', name: 'outbox', label: '/srv/outbox' } }),
    });
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Browse…' }));
    await waitFor(() => expect(folder.value).toBe('/srv/outbox'));
    expect(core.callsOf('dialogs.chooseFolder').map((call) => call.payload)).toEqual([{ title: 'Choose a folder', purpose: 'open' }]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Start watching' }));
    await waitFor(() => expect(core.callsOf('watch.save')).toHaveLength(1));
    expect((core.callsOf('watch.save')[0]?.payload as { folder?: unknown }).folder).toEqual({ kind: 'handle', handle: 'fh_outbox' });
  });

  it('cannot be typed where the host has no dialog, and says the desktop app’s folder dialog is needed', async () => {
    const { core, dialog, folder } = await watchDialog({ nativeDialogs: false });
    expect(await within(dialog).findByText(DIALOG_NEEDED)).toBeTruthy();
    expect(within(dialog).queryByText(TYPED_HINT)).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Browse…' })).toBeNull();
    expect(folder.readOnly).toBe(true);
    await userEvent.type(folder, '/srv/typed-outbox');
    expect(folder.value).toBe('');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Start watching' }));
    expect(await within(dialog).findByText('Choose a folder.')).toBeTruthy();
    expect(core.callsOf('watch.save')).toHaveLength(0);
  });
});
