/**
 * The core's side of "core errors in the user's language": what real refusals of each area carry in
 * `details.userMessage` once their envelope has crossed the bridge as JSON. The renderer's side
 * (renderer/src/i18n/core-errors.test.tsx, renderer/src/features/folders/statuses-pl.test.tsx) words
 * these same reasons in Polish.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError, reasonOf, type AppErrorShape } from '../../../shared/contract';
import { decodeClaims } from '../auth/claims';
import { readPemPair } from '../certificates/parse';
import { checkTemplate } from '../documents/bulk/file-names';
import { checkDocumentForSending } from '../documents/send-check';
import { badRequestFromZod } from '../errors';
import { fileError } from '../files/atomic-write';
import { ensureWritableFolder } from '../files/folders';
import { fiscalError } from '../fiscal/errors';
import { errorForStatus, errorForTransport } from '../http/errors';
import { checkSyncFolder } from '../sync/run';
import { openFile } from '../viewer/open';
import { checkWatchedFolder, nodeWatchFileSystem, notWritableStatusReason } from '../watch/folder-fs';

const overTheBridge = (error: unknown): AppError => {
  expect(error).toBeInstanceOf(AppError);
  return AppError.from(JSON.parse(JSON.stringify((error as AppError).toJSON())) as AppErrorShape);
};

const refusal = async (run: () => unknown): Promise<AppError> => {
  try {
    await run();
  } catch (error) {
    return overTheBridge(error);
  }
  throw new Error('expected the core to refuse');
};

const meta = { requestId: 'r-1', host: 'api.example.com', method: 'POST' };
const enc = (text: string) => new TextEncoder().encode(text);

describe('the reason each area’s refusal carries across the bridge', () => {
  it.each([
    ['files: a full disk', () => { throw fileError(Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' }), '/srv/out/a.xml'); }, 'files.diskFull', { path: '/srv/out/a.xml' }],
    ['files: a download folder that is a file', () => ensureWritableFolder('/dev/null'), 'files.folderIsFile', { path: '/dev/null' }],
    ['auth: a token the app cannot read', () => decodeClaims('not-a-token'), 'auth.tokenUnreadable', {}],
    ['certificates: a certificate file that is not one', () => readPemPair(enc('hello'), enc('key')), 'certificates.notCertificate', {}],
    ['http: a service down', () => { throw errorForStatus(503, undefined, meta); }, 'http.unavailable', { host: 'api.example.com', status: 503 }],
    [
      'http: a host that cannot be reached',
      () => { throw errorForTransport(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }), { ...meta, timeoutMs: 1000, aborted: false }); },
      'http.unreachable',
      { host: 'api.example.com', code: 'ECONNREFUSED' },
    ],
    ['http: the service’s own words', () => { throw errorForStatus(403, { detail: 'Upload to PL not allowed for this account.' }, meta); }, 'http.serviceSaid', { said: 'Upload to PL not allowed for this account.' }],
    ['documents: a file that is not XML nor JSON', () => checkDocumentForSending('faktura.txt', enc('hello'), 'invoice'), 'documents.sendNotUbl', { name: 'faktura.txt' }],
    [
      'documents: a template with an unknown placeholder',
      () => checkTemplate('{nope}_{number}'),
      'documents.templateUnknownPlaceholder',
      { name: '{nope}', known: '{date} {number} {sender} {senderId} {recipient} {direction} {uuid} {type}' },
    ],
    ['fiscal: closing a journal when none is open', () => { throw fiscalError(errorForStatus(409, { detail: 'No open journal' }, meta), 'closeJournal'); }, 'fiscal.noJournalToClose', {}],
    ['viewer: an empty file', () => openFile('pusty.xml', new Uint8Array()), 'viewer.emptyFile', { name: 'pusty.xml' }],
    ['folders: a sync folder that is not there any more', () => checkSyncFolder('/nowhere/ledgerdesk-sync'), 'folders.syncGone', { path: '/nowhere/ledgerdesk-sync' }],
    ['folders: a watched folder that is not there any more', () => checkWatchedFolder('/nowhere/ledgerdesk-watched', nodeWatchFileSystem), 'folders.watchGone', { path: '/nowhere/ledgerdesk-watched' }],
  ] as const)('%s', async (_, run, key, params) => {
    const error = await refusal(run);
    expect(reasonOf(error.details)).toEqual({ key, params });
  });

  it('app: a request the core refuses keeps the schema library’s words as `said`', () => {
    const schema = z.object({ count: z.number() });
    const parsed = schema.safeParse({ count: 'x' });
    if (parsed.success) throw new Error('expected a failure');
    const error = overTheBridge(badRequestFromZod('documents.list', parsed.error, schema, { count: 'x' }));
    expect(reasonOf(error.details)).toEqual({ key: 'app.invalidInput', params: { said: 'count: Invalid input: expected number, received string' } });
  });

  it('folders: a watched folder on a read-only disk, as its status says it', () => {
    const readOnly = Object.assign(new Error('EROFS: read-only file system'), { code: 'EROFS' });
    expect(notWritableStatusReason('/srv/watched-pl', readOnly)).toEqual({ key: 'folders.putAsideReadOnly', params: { path: '/srv/watched-pl' } });
  });
});
