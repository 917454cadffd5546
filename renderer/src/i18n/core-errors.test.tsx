// @vitest-environment jsdom
/**
 * Errors as the core sends them over the bridge (the envelope's JSON, with the reason in
 * `details.userMessage`), shown by the UI's error alert in Polish: the user reads Polish, never the
 * core's English log message. That real refusals of each area carry exactly these reasons is the
 * core's test (electron/core/i18n/reasons.test.ts).
 */
import { cleanup, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { AppError, type AppErrorShape } from '../../../shared/contract';
import { ErrorAlert } from '../components/ErrorAlert';
import { resources } from './all-catalogs';
import { withFormatters } from './index';

afterEach(cleanup);

/** What the renderer receives: the envelope's JSON, turned back into an AppError. */
const fromCore = (code: string, message: string, key: string, params: Record<string, string | number> = {}, status?: number): AppError =>
  AppError.from(JSON.parse(JSON.stringify({ code, message, ...(status ? { status } : {}), details: { userMessage: { key, params } } })) as AppErrorShape);

function showInPolish(error: AppError, options: { serviceWords?: boolean } = {}): string {
  const pl = i18next.createInstance();
  void pl.use(initReactI18next).init({ lng: 'pl', resources: { pl: { translation: resources.pl } }, interpolation: { escapeValue: false }, initAsync: false, showSupportNotice: false });
  withFormatters(pl);
  render(
    <I18nextProvider i18n={pl}>
      <ErrorAlert error={error} />
    </I18nextProvider>,
  );
  const shown = screen.getByRole('alert').textContent ?? '';
  cleanup();
  // The core's English message never reaches the user (only the service's own words may, quoted).
  if (!options.serviceWords) expect(shown).not.toContain(error.message);
  return shown;
}

describe('core errors shown in Polish', () => {
  it('files: a full disk', () => {
    const shown = showInPolish(fromCore('file', 'The disk is full: there is no space left to write /srv/out/a.xml.', 'files.diskFull', { path: '/srv/out/a.xml' }));
    expect(shown).toContain('Zwolnij miejsce na dysku i spróbuj ponownie: dysk z /srv/out/a.xml jest pełny.');
  });

  it('files: a download folder that is a file', () => {
    const error = fromCore('file', '/dev/null is a file, not a folder. Choose a folder.', 'files.folderIsFile', { path: '/dev/null' });
    expect(showInPolish(error)).toContain('Wybierz folder: /dev/null jest plikiem.');
  });

  it('auth: a token the app cannot read', () => {
    const error = fromCore('bad_response', 'The sign-in service returned a token the app cannot read.', 'auth.tokenUnreadable');
    expect(showInPolish(error)).toContain('Spróbuj zalogować się ponownie: usługa logowania odpowiedziała tokenem, którego Ledgerdesk nie umie odczytać.');
  });

  it('certificates: a certificate file that is not one', () => {
    const error = fromCore('certificate', 'The certificate file is not a PEM or DER certificate (it should start with -----BEGIN CERTIFICATE-----).', 'certificates.notCertificate');
    expect(showInPolish(error)).toContain('Wybierz certyfikat PEM lub DER');
  });

  it('http: a service down, and a host that cannot be reached', async () => {
    expect(showInPolish(fromCore('unavailable', 'api.example.com is unavailable right now (HTTP 503); try again later.', 'http.unavailable', { host: 'api.example.com', status: 503 }, 503))).toContain('Spróbuj później: api.example.com jest w tej chwili niedostępny (HTTP 503).');
    const refused = fromCore('network', 'Cannot reach api.example.com: the connection was refused.', 'http.unreachable', { host: 'api.example.com', code: 'ECONNREFUSED' });
    expect(showInPolish(refused)).toContain(
      'Sprawdź połączenie i adresy profilu: nie można połączyć się z api.example.com (ECONNREFUSED).',
    );
  });

  it('http: the service’s own words are kept, framed in Polish after the sentence for the code', () => {
    const forbidden = fromCore('forbidden', 'Upload to PL not allowed for this account.', 'http.serviceSaid', { said: 'Upload to PL not allowed for this account.' }, 403);
    const shown = showInPolish(forbidden, { serviceWords: true });
    expect(shown).toContain(resources.pl.errors.codes.forbidden);
    expect(shown).toContain('Komunikat usługi: „Upload to PL not allowed for this account.”');
  });

  it('documents: a file sent as an invoice that is not XML nor JSON', () => {
    const error = fromCore('validation', '"faktura.txt" is neither XML nor JSON: a UBL document starts with "<" (XML) or "{" (its JSON transposition).', 'documents.sendNotUbl', { name: 'faktura.txt' });
    expect(showInPolish(error)).toContain('Wybierz dokument UBL: „faktura.txt” nie jest ani XML, ani JSON.');
  });

  it('documents: a bulk download template with an unknown placeholder', () => {
    const known = '{date} {number} {sender} {senderId} {recipient} {direction} {uuid} {type}';
    const error = fromCore('validation', `The file-name template uses {nope}, which is not known. Use ${known}.`, 'documents.templateUnknownPlaceholder', { name: '{nope}', known });
    expect(showInPolish(error)).toContain('szablon nazwy pliku używa {nope}, którego nie zna.');
  });

  it('fiscal: closing a journal when none is open', () => {
    const shown = showInPolish(fromCore('conflict', 'No journal is open: there is nothing to close. A journal opens with the first receipt.', 'fiscal.noJournalToClose', {}, 409));
    expect(shown).toContain('Nie ma czego zamykać: żaden dziennik nie jest otwarty.');
  });

  it('viewer: an empty file', () => {
    const error = fromCore('validation', 'pusty.xml is empty: there is nothing to show.', 'viewer.emptyFile', { name: 'pusty.xml' });
    expect(showInPolish(error)).toContain('Wybierz inny plik: „pusty.xml” jest pusty, więc nie ma czego pokazać.');
  });

  it('folders: a sync folder that is not there any more', () => {
    const error = fromCore(
      'file',
      'The folder /nowhere/ledgerdesk-sync is not there any more (moved, renamed, or on a drive that is not connected). Reconnect it or choose the folder again.',
      'folders.syncGone',
      { path: '/nowhere/ledgerdesk-sync' },
    );
    expect(showInPolish(error)).toContain('Podłącz ponownie folder /nowhere/ledgerdesk-sync lub wybierz go jeszcze raz');
  });

  it('app: a request the core refuses, with the schema library’s words kept', () => {
    const said = 'count: Invalid input: expected number, received string';
    const shown = showInPolish(fromCore('bad_request', `Invalid input for documents.list: ${said}`, 'app.invalidInput', { said }));
    expect(shown).toContain('Aplikacja odrzuciła żądanie: „');
  });
});
