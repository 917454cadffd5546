import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestEmulator, type TestEmulator } from '../../../emulator/testing';
import type { BulkDownloadProgress, DocumentDetail, DocumentPage, GrantedFile, ValidationRule } from '../../../shared/contract';
import { createCoreApp, type CoreAppWithServices } from '../app';
import { EventRecorder } from '../testing/events';
import { createMemoryPorts } from '../testing/memory-ports';

const ctx = { caller: 'test' };
let emulator: TestEmulator;
let app: CoreAppWithServices;
let events: EventRecorder;
let dir: string;

async function call<T>(channel: string, payload: unknown = {}): Promise<T> {
  const result = await app.handle(channel, payload, ctx);
  if (!result.ok) throw Object.assign(new Error(result.error.message), result.error);
  return result.value as T;
}

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ledgerdesk-documents-app-'));
  vi.stubEnv('HOME', path.join(dir, 'home'));
  emulator = await startTestEmulator({ documents: 30 });
  const ports = createMemoryPorts({ userDataDir: path.join(dir, 'user-data') });
  ports.clock.set(Date.now());
  app = createCoreApp(ports, { emulator: { autoStart: false } });
  events = new EventRecorder(app);
  const { authUrl, documentsUrl, transferUrl, fiscalUrl, fiscalMtlsUrl } = emulator.urls;
  await call('profiles.save', { id: 'emu', name: 'Test emulator', kind: 'remote', environment: 'sandbox', urls: { authUrl, documentsUrl, transferUrl, fiscalUrl, fiscalMtlsUrl } });
  await call('profiles.activate', { id: 'emu' });
  const account = emulator.context.accounts.find((candidate) => candidate.name === 'full');
  await call('session.login', { email: account?.email, password: account?.password });
});

afterAll(async () => {
  await app?.dispose();
  await emulator?.close();
  vi.unstubAllEnvs();
  await fs.rm(dir, { recursive: true, force: true });
});

describe('documents channels through the core app', () => {
  it('lists and opens documents of the signed-in profile', async () => {
    const page = await call<DocumentPage>('documents.list', { type: 'invoice', itemsPerPage: 3 });
    expect(page.items).toHaveLength(3);
    const detail = await call<DocumentDetail>('documents.get', { type: 'invoice', uuid: page.items[0]?.uuid });
    expect(detail.document?.documentType).toBe('invoice');
    expect((await call<ValidationRule[]>('validationRules.list')).length).toBeGreaterThan(0);
  });

  it('refuses a bad payload with the field named', async () => {
    const result = await app.handle('documents.list', { type: 'receipt' }, ctx);
    expect(result).toMatchObject({ ok: false, error: { code: 'bad_request', message: expect.stringMatching(/type/) } });
  });

  it('runs a bulk download and reports it by events and in the job list', async () => {
    const folder = path.join(dir, 'out');
    await fs.mkdir(folder);
    // The browser shell has no native dialog: the user typed the folder.
    const { jobId } = await call<{ jobId: string }>('documents.bulkDownload', { type: 'order', selection: { kind: 'filter', filters: {} }, folder: { kind: 'typed', path: folder } });
    const final = await events.next('bulkDownload.progress', (progress) => progress.jobId === jobId && progress.state === 'done', 0);
    expect(final.written).toBeGreaterThan(0);
    expect(final.marked).toBe(0);
    expect((await fs.readdir(folder)).length).toBe(final.written);
    const jobs = await call<BulkDownloadProgress[]>('documents.bulkDownloadJobs');
    expect(jobs.find((job) => job.jobId === jobId)?.state).toBe('done');
    expect(await call('documents.bulkDownloadCancel', { jobId })).toEqual({ cancelled: false });
    expect(await app.handle('documents.bulkDownloadResume', { jobId: 'nope' }, ctx)).toMatchObject({ ok: false, error: { code: 'not_found' } });
  });

  it('creates a typed folder that does not exist yet, as the dialog promises', async () => {
    const folder = path.join(dir, 'new-year', 'orders');
    const { jobId } = await call<{ jobId: string }>('documents.bulkDownload', { type: 'order', selection: { kind: 'filter', filters: {} }, folder: { kind: 'typed', path: folder } });
    const final = await events.next('bulkDownload.progress', (progress) => progress.jobId === jobId && progress.state === 'done', 0);
    expect((await fs.readdir(folder)).length).toBe(final.written);
  });

  it('answers the folder dialogs: no native picker in the browser shell, a default folder that exists, granted for saving only', async () => {
    expect(await call('dialogs.chooseFolder')).toEqual({ folder: null, supported: false });
    expect(await call('dialogs.chooseFiles')).toEqual({ files: [], supported: false });
    const { folder } = await call<{ folder: GrantedFile }>('dialogs.defaultDownloadFolder');
    expect(folder).toMatchObject({ kind: 'folder', label: path.join(dir, 'home', 'Downloads', 'Ledgerdesk') });
    expect((await fs.stat(folder.label)).isDirectory()).toBe(true);
    await fs.writeFile(path.join(folder.label, 'private.xml'), '<secret/>');
    // A destination cannot be read through: not as a file to send, not as a folder of files to upload.
    const send = await app.handle('documents.send', { type: 'invoice', file: { kind: 'handle', handle: folder.handle, subpath: 'private.xml' } }, ctx);
    expect(send).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    const upload = await app.handle('uploads.add', { country: 'IT', files: [{ file: { kind: 'handle', handle: folder.handle } }] }, ctx);
    expect(upload).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    // From another window it is unknown.
    const elsewhere = await app.handle('documents.bulkDownload', { type: 'order', selection: { kind: 'filter', filters: {} }, folder: { kind: 'handle', handle: folder.handle } }, { caller: 'ipc', window: 'electron:9' });
    expect(elsewhere).toMatchObject({ ok: false, error: { code: 'forbidden' } });
  });
});
