// @vitest-environment jsdom
/* eslint-disable no-restricted-imports -- a test across the bridge: the real core's errors, as the UI shows them */
/**
 * Errors raised by the real core code of each area, carried over the bridge as JSON like every
 * envelope, and shown by the UI's error alert in Polish: the user reads Polish, never the core's
 * English log message.
 */
import { cleanup, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError, type AppErrorShape } from '../../../shared/contract';
import { decodeClaims } from '../../../electron/core/auth/claims';
import { readPemPair } from '../../../electron/core/certificates/parse';
import { checkDocumentForSending } from '../../../electron/core/documents/send-check';
import { checkTemplate } from '../../../electron/core/documents/bulk/file-names';
import { badRequestFromZod } from '../../../electron/core/errors';
import { ensureWritableFolder } from '../../../electron/core/files/folders';
import { fileError } from '../../../electron/core/files/atomic-write';
import { fiscalError } from '../../../electron/core/fiscal/errors';
import { errorForStatus, errorForTransport } from '../../../electron/core/http/errors';
import { checkSyncFolder } from '../../../electron/core/sync/run';
import { openFile } from '../../../electron/core/viewer/open';
import { ErrorAlert } from '../components/ErrorAlert';
import { resources, withFormatters } from './index';

afterEach(cleanup);

/** What the renderer receives: the envelope's JSON, turned back into an AppError. */
const overTheBridge = (error: unknown): AppError => {
  expect(error).toBeInstanceOf(AppError);
  return AppError.from(JSON.parse(JSON.stringify((error as AppError).toJSON())) as AppErrorShape);
};

const caught = async (run: () => unknown): Promise<AppError> => {
  try {
    await run();
  } catch (error) {
    return overTheBridge(error);
  }
  throw new Error('expected the core to refuse');
};

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

const meta = { requestId: 'r-1', host: 'api.example.com', method: 'POST' };

describe('core errors shown in Polish', () => {
  it('files: a full disk', () => {
    const shown = showInPolish(overTheBridge(fileError(Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' }), '/srv/out/a.xml')));
    expect(shown).toContain('Zwolnij miejsce na dysku i spróbuj ponownie: dysk z /srv/out/a.xml jest pełny.');
  });

  it('files: a download folder that is a file', async () => {
    const error = await caught(() => ensureWritableFolder('/dev/null'));
    expect(showInPolish(error)).toContain('Wybierz folder: /dev/null jest plikiem.');
  });

  it('auth: a token the app cannot read', async () => {
    const error = await caught(() => decodeClaims('not-a-token'));
    expect(showInPolish(error)).toContain('Spróbuj zalogować się ponownie: usługa logowania odpowiedziała tokenem, którego Ledgerdesk nie umie odczytać.');
  });

  it('certificates: a certificate file that is not one', async () => {
    const error = await caught(() => readPemPair(new TextEncoder().encode('hello'), new TextEncoder().encode('key')));
    expect(showInPolish(error)).toContain('Wybierz certyfikat PEM lub DER');
  });

  it('http: a service down, and a host that cannot be reached', async () => {
    expect(showInPolish(overTheBridge(errorForStatus(503, undefined, meta)))).toContain('Spróbuj później: api.example.com jest w tej chwili niedostępny (HTTP 503).');
    const refused = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    expect(showInPolish(overTheBridge(errorForTransport(refused, { ...meta, timeoutMs: 1000, aborted: false })))).toContain(
      'Sprawdź połączenie i adresy profilu: nie można połączyć się z api.example.com (ECONNREFUSED).',
    );
  });

  it('http: the service’s own words are kept, framed in Polish after the sentence for the code', () => {
    const shown = showInPolish(overTheBridge(errorForStatus(403, { detail: 'Upload to PL not allowed for this account.' }, meta)), { serviceWords: true });
    expect(shown).toContain(resources.pl.errors.codes.forbidden);
    expect(shown).toContain('Komunikat usługi: „Upload to PL not allowed for this account.”');
  });

  it('documents: a file sent as an invoice that is not XML nor JSON', async () => {
    const error = await caught(() => checkDocumentForSending('faktura.txt', new TextEncoder().encode('hello'), 'invoice'));
    expect(showInPolish(error)).toContain('Wybierz dokument UBL: „faktura.txt” nie jest ani XML, ani JSON.');
  });

  it('documents: a bulk download template with an unknown placeholder', async () => {
    const error = await caught(() => checkTemplate('{nope}_{number}'));
    expect(showInPolish(error)).toContain('szablon nazwy pliku używa {nope}, którego nie zna.');
  });

  it('fiscal: closing a journal when none is open', () => {
    const conflict = errorForStatus(409, { detail: 'No open journal' }, meta);
    const shown = showInPolish(overTheBridge(fiscalError(conflict, 'closeJournal')));
    expect(shown).toContain('Nie ma czego zamykać: żaden dziennik nie jest otwarty.');
  });

  it('viewer: an empty file', async () => {
    const error = await caught(() => openFile('pusty.xml', new Uint8Array()));
    expect(showInPolish(error)).toContain('Wybierz inny plik: „pusty.xml” jest pusty, więc nie ma czego pokazać.');
  });

  it('folders: a sync folder that is not there any more', async () => {
    const error = await caught(() => checkSyncFolder('/nowhere/ledgerdesk-sync'));
    expect(showInPolish(error)).toContain('Podłącz ponownie folder /nowhere/ledgerdesk-sync lub wybierz go jeszcze raz');
  });

  it('app: a request the core refuses, with the schema library’s words kept', () => {
    const schema = z.object({ count: z.number() });
    const parsed = schema.safeParse({ count: 'x' });
    if (parsed.success) throw new Error('expected a failure');
    const shown = showInPolish(overTheBridge(badRequestFromZod('documents.list', parsed.error, schema, { count: 'x' })));
    expect(shown).toContain('Aplikacja odrzuciła żądanie: „');
  });
});
