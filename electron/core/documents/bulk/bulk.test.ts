import fs from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppError, bulkDownloadInputSchema, type BulkDownloadInput, type BulkDownloadProgress, type EventName } from '../../../../shared/contract';
import { parseUbl } from '../../../../shared/ubl';
import { createCoreEvents } from '../../events';
import { nodeAtomicFileSystem, type AtomicFileSystem } from '../../files/atomic-write';
import { MemoryLogger } from '../../testing/memory-ports';
import { createDocumentsService, type DocumentsService } from '../service';
import type { BulkDownloadRequest } from './manager';
import { fakeDocuments, startFakeDocumentsServer, type FakeDocumentsServer } from '../testing/fake-documents-server';
import { startTestEmulator } from '../../../../emulator/testing';
import { useEmulatorWorkspace } from '../testing/emulator-workspace';

let services: DocumentsService[] = [];
let events: Array<{ event: EventName; payload: unknown }> = [];
const space = useEmulatorWorkspace({
  start: () => startTestEmulator({ documents: 90 }),
  prefix: 'ledgerdesk-bulk-',
  beforeRemove: async () => {
    await Promise.all(services.map((service) => service.dispose()));
    services = [];
  },
});
beforeEach(() => {
  events = [];
});

interface Setup {
  baseUrl?: string;
  token?: () => string;
  fileSystem?: AtomicFileSystem;
  userDataDir?: string;
}

function makeService(setup: Setup = {}): DocumentsService {
  const bus = createCoreEvents(new MemoryLogger());
  bus.on((event, payload) => events.push({ event, payload }));
  const service = createDocumentsService({
    http: space.client.http,
    baseUrl: () => setup.baseUrl ?? space.emulator.urls.documentsUrl,
    token: setup.token ?? (() => space.token),
    events: bus,
    logger: new MemoryLogger(),
    userDataDir: setup.userDataDir ?? path.join(space.work, 'user-data'),
    bulk: { retry: { baseDelayMs: 1, maxDelayMs: 2 }, progressIntervalMs: 20, persistIntervalMs: 20, ...(setup.fileSystem ? { fileSystem: setup.fileSystem } : {}) },
  });
  services.push(service);
  return service;
}

const folder = (name = 'out'): Promise<string> => space.folder(name);

/** The manager's request: the handler has resolved the destination (a granted handle or a typed path) to a folder. */
type TestRequest = Omit<BulkDownloadInput, 'folder'> & { folder: string };
const request = (input: TestRequest): BulkDownloadRequest => ({ ...bulkDownloadInputSchema.parse({ ...input, folder: { kind: 'typed', path: input.folder } }), folder: input.folder });

async function run(service: DocumentsService, input: TestRequest): Promise<BulkDownloadProgress> {
  const { jobId } = await service.bulk.start(request(input));
  return service.bulk.whenSettled(jobId);
}

const progressEvents = (jobId: string) =>
  events.filter((entry) => entry.event === 'bulkDownload.progress').map((entry) => entry.payload as BulkDownloadProgress).filter((payload) => payload.jobId === jobId);

async function filesIn(dir: string): Promise<string[]> {
  return (await fs.readdir(dir)).sort();
}

const noTemps = async (dir: string) => expect((await fs.readdir(dir)).filter((name) => name.endsWith('.tmp'))).toEqual([]);

/** Holds the n-th file creation until released, to stop a job at a known point. */
function gatedFileSystem(holdAt: number) {
  let created = 0;
  let release!: () => void;
  let reached!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const reachedGate = new Promise<void>((resolve) => (reached = resolve));
  const fileSystem: AtomicFileSystem = {
    ...nodeAtomicFileSystem,
    async createNew(filePath) {
      created += 1;
      if (created === holdAt) {
        reached();
        await gate;
      }
      return nodeAtomicFileSystem.createNew(filePath);
    },
  };
  return { fileSystem, reachedGate, release };
}

describe('bulk download from the emulator', () => {
  it('downloads every matching document as valid XML, marks them downloaded and reports progress', async () => {
    const service = makeService();
    const pending = await service.list('credit-note', { downloaded: false }, 1, 30);
    expect(pending.totalItems).toBeGreaterThan(3);
    const out = await folder();
    const { jobId } = await service.bulk.start(request({ type: 'credit-note', selection: { kind: 'filter', filters: { downloaded: false } }, folder: out, template: '{date}_{number}_{sender}' }));
    const final = await service.bulk.whenSettled(jobId);

    expect(final).toMatchObject({ state: 'done', total: pending.totalItems, written: pending.totalItems, skipped: 0, failed: 0, marked: pending.totalItems });
    const files = await filesIn(out);
    expect(files).toHaveLength(pending.totalItems);
    for (const name of files) {
      expect(name).toMatch(/^\d{4}-\d{2}-\d{2}_.+\.xml$/);
      expect(parseUbl(await fs.readFile(path.join(out, name), 'utf8')).documentType).toBe('credit-note');
    }
    await noTemps(out);
    expect((await service.list('credit-note', { downloaded: false }, 1, 30)).totalItems).toBe(0);

    const states = progressEvents(jobId).map((event) => event.state);
    expect(states[0]).toBe('listing');
    expect(states).toContain('running');
    expect(states).toContain('marking');
    expect(states.at(-1)).toBe('done');
    const changed = events.find((entry) => entry.event === 'documents.changed')?.payload as { type: string; uuids: string[] };
    expect(changed.type).toBe('credit-note');
    expect(changed.uuids).toHaveLength(pending.totalItems);
    const saved = JSON.parse(await fs.readFile(path.join(space.work, 'user-data', 'bulk-downloads', `${jobId}.json`), 'utf8')) as { state: string; entries: Array<{ files: Array<{ sha256: string }> }> };
    expect(saved.state).toBe('done');
    expect(saved.entries.every((entry) => entry.files[0]?.sha256.length === 64)).toBe(true);
  });

  it('downloads chosen uuids with their PDFs', async () => {
    const service = makeService();
    const uuids = (await service.list('invoice', {}, 1, 3)).items.map((item) => item.uuid);
    const out = await folder();
    const final = await run(service, { type: 'invoice', selection: { kind: 'uuids', uuids }, folder: out, template: '{number}', includePdf: true, markDownloaded: false });
    expect(final).toMatchObject({ state: 'done', written: 3, marked: 0 });
    const files = await filesIn(out);
    expect(files.filter((name) => name.endsWith('.pdf'))).toHaveLength(3);
    expect(files.filter((name) => name.endsWith('.xml'))).toHaveLength(3);
    for (const pdf of files.filter((name) => name.endsWith('.pdf'))) expect((await fs.readFile(path.join(out, pdf))).subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('resumes a cancelled job: written files are verified by hash and skipped, a damaged one is rewritten', async () => {
    const userDataDir = path.join(space.work, 'user-data');
    const gate = gatedFileSystem(4);
    const first = makeService({ fileSystem: gate.fileSystem, userDataDir });
    const out = await folder();
    const uuids = (await first.list('invoice', {}, 1, 12)).items.map((item) => item.uuid);
    const { jobId } = await first.bulk.start(request({ type: 'invoice', selection: { kind: 'uuids', uuids }, folder: out, template: '{number}_{uuid}', concurrency: 1 }));
    await gate.reachedGate;
    expect(await first.bulk.cancel(jobId)).toEqual({ cancelled: true });
    gate.release();
    const cancelled = await first.bulk.whenSettled(jobId);
    expect(cancelled.state).toBe('cancelled');
    expect(cancelled.written).toBeGreaterThanOrEqual(3);
    expect(cancelled.written).toBeLessThan(uuids.length);
    expect(cancelled.marked).toBe(cancelled.written);
    const before = await filesIn(out);
    expect(before).toHaveLength(cancelled.written);
    await noTemps(out);

    // A file damaged meanwhile must not count as already downloaded.
    const damaged = path.join(out, before[0] as string);
    const content = await fs.readFile(damaged);
    await fs.writeFile(damaged, content.subarray(0, content.length / 2));

    // The app "crashed" while the job ran: a new start shows it as interrupted.
    const jobFile = path.join(userDataDir, 'bulk-downloads', `${jobId}.json`);
    const saved = JSON.parse(await fs.readFile(jobFile, 'utf8')) as { state: string };
    await fs.writeFile(jobFile, JSON.stringify({ ...saved, state: 'running' }));
    await first.dispose();
    const second = makeService({ userDataDir });
    const listed = (await second.bulk.jobs()).find((job) => job.jobId === jobId);
    expect(listed?.state).toBe('interrupted');

    await second.bulk.resume(jobId);
    const resumed = await second.bulk.whenSettled(jobId);
    expect(resumed).toMatchObject({ state: 'done', total: uuids.length, failed: 0, marked: uuids.length });
    expect(resumed.skipped).toBe(cancelled.written - 1);
    expect(resumed.written).toBe(uuids.length - cancelled.written + 1);
    const after = await filesIn(out);
    expect(after).toHaveLength(uuids.length);
    expect(Buffer.compare(await fs.readFile(damaged), content)).toBe(0);
    await noTemps(out);
  });
  it('saves a job running when the app shuts down as interrupted, and resumes it', async () => {
    const userDataDir = path.join(space.work, 'user-data');
    const gate = gatedFileSystem(2);
    const first = makeService({ fileSystem: gate.fileSystem, userDataDir });
    const out = await folder();
    const uuids = (await first.list('credit-note', {}, 1, 6)).items.map((item) => item.uuid);
    const { jobId } = await first.bulk.start(request({ type: 'credit-note', selection: { kind: 'uuids', uuids }, folder: out, template: '{uuid}', concurrency: 1, markDownloaded: false }));
    await gate.reachedGate;
    const closing = first.dispose();
    gate.release();
    await closing;
    const saved = JSON.parse(await fs.readFile(path.join(userDataDir, 'bulk-downloads', `${jobId}.json`), 'utf8')) as { state: string; reasons?: unknown };
    expect(saved.state).toBe('interrupted');
    // What the user reads comes as a reason the UI words in its language.
    expect(saved.reasons).toEqual([{ key: 'documents.jobInterrupted', params: {} }]);
    await expect(first.bulk.start(request({ type: 'credit-note', selection: { kind: 'uuids', uuids }, folder: out }))).rejects.toMatchObject({ code: 'unavailable' });

    const second = makeService({ userDataDir });
    expect((await second.bulk.jobs()).map((job) => [job.jobId, job.state])).toEqual([[jobId, 'interrupted']]);
    await second.bulk.resume(jobId);
    const resumed = await second.bulk.whenSettled(jobId);
    expect(resumed.state).toBe('done');
    expect(resumed.written + resumed.skipped).toBe(uuids.length);
    expect(await filesIn(out)).toHaveLength(uuids.length);
    await noTemps(out);
  });
});

describe('bulk download failures', () => {
  let server: FakeDocumentsServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('fails fast, before any request, when the folder cannot be used', async () => {
    server = await startFakeDocumentsServer({ documents: fakeDocuments(3) });
    const service = makeService({ baseUrl: server.url });
    const file = path.join(space.work, 'a-file');
    await fs.writeFile(file, 'x');
    const selection = { kind: 'filter', filters: {} } as const;
    await expect(service.bulk.start(request({ type: 'invoice', selection, folder: path.join(file, 'sub') }))).rejects.toMatchObject({ code: 'file', message: expect.stringMatching(/not a folder/) });
    await expect(service.bulk.start(request({ type: 'invoice', selection, folder: await folder(), template: '{amount}' }))).rejects.toMatchObject({ code: 'validation' });
    await expect(service.bulk.start(request({ type: 'order', selection, folder: await folder(), includePdf: true }))).rejects.toMatchObject({ code: 'validation', message: expect.stringMatching(/PDFs exist for invoices and credit notes only/) });
    expect(server.requests).toHaveLength(0);
    expect(await service.bulk.jobs()).toEqual([]);
  });

  it('stops on a full disk, keeps what was written, leaves no partial file and marks only the written ones', async () => {
    server = await startFakeDocumentsServer({ documents: fakeDocuments(8) });
    let writes = 0;
    const fullAfterTwo: AtomicFileSystem = {
      ...nodeAtomicFileSystem,
      async createNew(filePath) {
        const file = await nodeAtomicFileSystem.createNew(filePath);
        writes += 1;
        if (writes <= 2) return file;
        return {
          ...file,
          async write(data) {
            await file.write(data.subarray(0, 10));
            throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
          },
        };
      },
    };
    const service = makeService({ baseUrl: server.url, fileSystem: fullAfterTwo });
    const out = await folder();
    const final = await run(service, { type: 'invoice', selection: { kind: 'filter', filters: {} }, folder: out, concurrency: 1 });
    expect(final.state).toBe('failed');
    expect(final.message).toMatch(/disk is full/);
    expect(final.message).toMatch(/2 of 8/);
    expect(final.written).toBe(2);
    const files = await filesIn(out);
    expect(files).toHaveLength(2);
    for (const name of files) expect(parseUbl(await fs.readFile(path.join(out, name), 'utf8')).documentType).toBe('invoice');
    await noTemps(out);
    expect(server.downloaded.size).toBe(2);

    // Space freed: resuming writes the rest and verifies the two already there.
    const later = makeService({ baseUrl: server.url });
    await later.bulk.resume(final.jobId);
    expect(await later.bulk.whenSettled(final.jobId)).toMatchObject({ state: 'done', written: 6, skipped: 2, failed: 0, marked: 8 });
    expect(await filesIn(out)).toHaveLength(8);
    expect(server.downloaded.size).toBe(8);
  });

  it('does not count or mark a document whose file could not be flushed to the disk, and removes that file', async () => {
    const documents = fakeDocuments(5);
    server = await startFakeDocumentsServer({ documents });
    const unflushable = `${documents[2]?.uuid}.xml`;
    const failingSync: AtomicFileSystem = {
      ...nodeAtomicFileSystem,
      async syncFile(filePath) {
        if (path.basename(filePath) === unflushable) throw Object.assign(new Error('EIO: i/o error, fdatasync'), { code: 'EIO' });
        await nodeAtomicFileSystem.syncFile(filePath);
      },
    };
    const service = makeService({ baseUrl: server.url, fileSystem: failingSync });
    const out = await folder();
    const final = await run(service, { type: 'invoice', selection: { kind: 'uuids', uuids: documents.map((document) => document.uuid) }, folder: out, template: '{uuid}' });
    expect(final).toMatchObject({ state: 'done', written: 4, failed: 1, marked: 4 });
    expect(final.errors).toEqual([expect.objectContaining({ uuid: documents[2]?.uuid, code: 'file' })]);
    expect(await filesIn(out)).not.toContain(unflushable);
    expect(await filesIn(out)).toHaveLength(4);
    expect(server.downloaded.has(documents[2]?.uuid as string)).toBe(false);
    expect(server.downloaded.size).toBe(4);
    await noTemps(out);
  });

  it('retries server errors per document, then reports the one that keeps failing', async () => {
    const documents = fakeDocuments(5);
    (documents[1] as (typeof documents)[number]).failSource = 2;
    (documents[3] as (typeof documents)[number]).failSource = Number.POSITIVE_INFINITY;
    server = await startFakeDocumentsServer({ documents });
    const service = makeService({ baseUrl: server.url });
    const attemptsOf = (uuid: string | undefined) => server?.requests.filter((entry) => entry.url === `/invoices/${uuid}/source`).length;
    const out = await folder();
    const uuids = [...documents.map((document) => document.uuid), 'gone-uuid'];
    const final = await run(service, { type: 'invoice', selection: { kind: 'uuids', uuids }, folder: out, template: '{uuid}' });
    expect(final).toMatchObject({ state: 'done', written: 4, failed: 2, marked: 4 });
    expect(final.errors).toEqual([
      expect.objectContaining({ uuid: documents[3]?.uuid, code: 'internal', message: expect.stringMatching(/Injected failure/) }),
      expect.objectContaining({ uuid: 'gone-uuid', code: 'not_found', message: expect.stringMatching(/No invoice gone-uuid/) }),
    ]);
    expect(attemptsOf('gone-uuid')).toBe(1);
    expect(attemptsOf(documents[1]?.uuid)).toBe(3);
    expect(attemptsOf(documents[3]?.uuid)).toBe(4);
    expect(await filesIn(out)).toHaveLength(4);
    expect(server.downloaded.has(documents[3]?.uuid as string)).toBe(false);
    await noTemps(out);
  });

  it('stops the whole job when the session ends, keeping what was written', async () => {
    server = await startFakeDocumentsServer({ documents: fakeDocuments(6) });
    let calls = 0;
    const token = () => {
      calls += 1;
      // start, the list page, the first source; then the session is over.
      if (calls > 3) throw new AppError('unauthorized', 'You are signed out.');
      return 't';
    };
    const service = makeService({ baseUrl: server.url, token });
    const out = await folder();
    const final = await run(service, { type: 'invoice', selection: { kind: 'filter', filters: {} }, folder: out, concurrency: 1 });
    expect(final.state).toBe('failed');
    expect(final.message).toMatch(/session ended.*Sign in again, then resume/);
    expect(final.written).toBe(1);
    expect(final.failed).toBe(0);
    expect(await filesIn(out)).toHaveLength(1);
  });

  it('refuses to start while signed out', async () => {
    server = await startFakeDocumentsServer({ documents: fakeDocuments(2) });
    const service = makeService({ baseUrl: server.url, token: () => { throw new AppError('unauthorized', 'You are signed out.'); } });
    await expect(service.bulk.start(request({ type: 'invoice', selection: { kind: 'filter', filters: {} }, folder: await folder() }))).rejects.toMatchObject({ code: 'unauthorized' });
    expect(server.requests).toHaveLength(0);
  });
});
