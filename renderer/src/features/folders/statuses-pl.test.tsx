// @vitest-environment jsdom
/**
 * Statuses (not errors) the core reports for the watched folders and the inbox sync, carried over the
 * bridge as JSON and shown on the folders page in Polish: never the core's English log text. That the
 * core's real checks carry these reasons is the core's test (electron/core/i18n/reasons.test.ts).
 */
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { syncRuleSchema, type SyncRuleStatus, type WatchedFolderStatus } from '../../../../shared/contract';
import { ok } from '../../test/fake-acube';
import { createFakeCore } from '../../test/fake-core';
import { renderApp } from '../../test/render-app';

afterEach(cleanup);

const overTheBridge = <T,>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

function showFolders(handlers: Record<string, () => unknown>) {
  const core = createFakeCore({ signedIn: true, preferences: { theme: 'light', language: 'pl' } });
  Object.assign(core.handlers, { 'sync.rules': () => ok([]), 'watch.folders': () => ok([]), ...handlers });
  renderApp(core.acube, '/folders');
}

describe('the watched folder’s status in Polish', () => {
  it('says why files cannot be put aside and what each file went through, in the UI language', async () => {
    const folder = '/srv/watched-pl';
    const status: WatchedFolderStatus = {
      country: 'PL',
      folder,
      e2eIdTemplate: 'LD-{file}',
      paused: false,
      state: 'error',
      message: `${folder} is on a read-only disk: the app cannot move files into sent/ or failed/ or write their notes. Make it writable; nothing is sent twice meanwhile.`,
      reason: { key: 'folders.putAsideReadOnly', params: { path: folder } },
      inFlight: 0,
      sent: 1,
      failed: 0,
      recent: [
        { fileName: 'copy.xml', state: 'duplicate', at: '2026-11-26T10:00:00.000Z', message: 'Already sent as first.xml; not sent again.', reason: { key: 'folders.itemDuplicate', params: { name: 'first.xml' } } },
        { fileName: 'old.xml', state: 'failed', at: '2026-11-26T10:01:00.000Z', message: 'the upload ended as rejected.', reason: { key: 'folders.itemEndedRefused', params: {} } },
      ],
    };
    showFolders({ 'watch.folders': () => ok(overTheBridge([status])) });
    expect(await screen.findByText(`Umożliw zapis w ${folder}: leży na dysku tylko do odczytu, więc nie można przenieść plików do sent/ ani failed/. W tym czasie nic nie zostanie wysłane dwa razy.`)).toBeTruthy();
    expect(screen.getByText('Już wysłany jako „first.xml”: nie wysłano go ponownie.')).toBeTruthy();
    expect(document.body.textContent).not.toContain(status.message);
    expect(document.body.textContent).not.toContain('Already sent');
    expect(screen.getByText('Usługa odrzuciła wysyłkę: powód znajdziesz na ekranie „Wysyłka plików”.')).toBeTruthy();
    expect(document.body.textContent).not.toContain('ended as');
  });

  it('words a folder that is gone, as the core’s check reports it', async () => {
    const gone = '/nowhere/ledgerdesk-watched';
    const status: WatchedFolderStatus = {
      country: 'IT',
      folder: gone,
      e2eIdTemplate: 'LD',
      paused: false,
      state: 'error',
      message: `The watched folder ${gone} is not there any more (moved, renamed, or on a drive that is not connected). Reconnect it or choose it again.`,
      reason: { key: 'folders.watchGone', params: { path: gone } },
      inFlight: 0,
      sent: 0,
      failed: 0,
      recent: [],
    };
    showFolders({ 'watch.folders': () => ok(overTheBridge([status])) });
    expect(await screen.findByText(/Podłącz ponownie obserwowany folder/)).toBeTruthy();
    expect(document.body.textContent).not.toContain('is not there any more');
  });

  it('keeps the English text of a status from before reasons (an old journal)', async () => {
    const status: WatchedFolderStatus = { country: 'PL', folder: '/w', e2eIdTemplate: 'LD', paused: false, state: 'error', message: 'The folder /w cannot be read.', inFlight: 0, sent: 0, failed: 0, recent: [] };
    showFolders({ 'watch.folders': () => ok([status]) });
    expect(await screen.findByText('The folder /w cannot be read.')).toBeTruthy();
  });
});

describe('the inbox sync’s status in Polish', () => {
  const rule = syncRuleSchema.parse({ id: 'r1', name: 'Przychodzące', profileId: 'local-emulator', types: ['invoice'], folder: '/inbox' });
  const base = { rule, profileName: 'Emulator', totalWritten: 0, pending: 0, failures: [] };

  it('words the last error (the folder check) and each failed document in the UI language', async () => {
    const gone = '/nowhere/ledgerdesk-sync';
    const error = { message: `The folder ${gone} is not there any more (moved, renamed, or on a drive that is not connected). Reconnect it or choose the folder again.` };
    const status: SyncRuleStatus = {
      ...base,
      state: 'error',
      message: error.message,
      reason: { key: 'folders.syncGone', params: { path: gone } },
      failures: [{ type: 'invoice', uuid: 'u-1', number: 'FV/7', message: 'The disk is full.', reason: { key: 'files.diskFull', params: { path: '/inbox/FV_7.xml' } } }],
    };
    showFolders({ 'sync.rules': () => ok(overTheBridge([status])) });
    expect(await screen.findByText(`Podłącz ponownie folder ${gone} lub wybierz go jeszcze raz: już go nie ma (przeniesiony, przemianowany lub na niepodłączonym dysku).`)).toBeTruthy();
    expect(screen.getByText(/Zwolnij miejsce na dysku i spróbuj ponownie: dysk z \/inbox\/FV_7\.xml jest pełny\./)).toBeTruthy();
    expect(document.body.textContent).not.toContain(error.message);
    expect(document.body.textContent).not.toContain('The disk is full.');
  });

  it('frames a run that failed without a reason of its own, quoting its words', async () => {
    const status: SyncRuleStatus = { ...base, state: 'error', message: 'socket hang-up in a library', reason: { key: 'folders.syncRunFailed', params: { said: 'socket hang-up in a library' } } };
    showFolders({ 'sync.rules': () => ok(overTheBridge([status])) });
    expect(await screen.findByText('Ostatnie uruchomienie nie powiodło się („socket hang-up in a library”); reguła spróbuje ponownie przy następnym uruchomieniu. Jeśli błąd się powtarza, skontaktuj się z pomocą techniczną.')).toBeTruthy();
  });

  it('words a wait and a back-off in the UI language', async () => {
    const waiting: SyncRuleStatus = { ...base, state: 'waiting', message: 'Waiting for you to sign in.', reason: { key: 'folders.syncWaitSignIn', params: {} } };
    const backoff: SyncRuleStatus = {
      ...base,
      rule: { ...rule, id: 'r2', folder: '/inbox2' },
      state: 'backoff',
      message: 'The service is unavailable (HTTP 503): Injected. Trying again in 30 s.',
      reason: { key: 'folders.syncUnavailable', params: { status: 503, seconds: 30 } },
    };
    showFolders({ 'sync.rules': () => ok(overTheBridge([waiting, backoff])) });
    expect(await screen.findByText('Czeka, aż się zalogujesz.')).toBeTruthy();
    expect(screen.getByText('Usługa jest niedostępna (HTTP 503): kolejna próba za 30 s.')).toBeTruthy();
    expect(document.body.textContent).not.toContain('Trying again');
  });

  it('does not call a rule that has never run up to date', async () => {
    const fresh: SyncRuleStatus = { ...base, state: 'idle' };
    const done: SyncRuleStatus = { ...base, rule: { ...rule, id: 'r2', name: 'Po przebiegu', folder: '/inbox2' }, state: 'idle', lastRunAt: '2026-11-26T10:00:00.000Z', lastSuccessAt: '2026-11-26T10:00:01.000Z' };
    showFolders({ 'sync.rules': () => ok(overTheBridge([fresh, done])) });
    const freshCard = await screen.findByRole('listitem', { name: 'Przychodzące' });
    expect(within(freshCard).getByRole('status').textContent).toBe('Jeszcze nie uruchomiona');
    expect(within(screen.getByRole('listitem', { name: 'Po przebiegu' })).getByRole('status').textContent).toBe('Aktualna');
  });
});
