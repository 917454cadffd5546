import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fixtureBytes, fixtureIndex } from '../../../emulator/documents/test-support/fixtures';
import type { SyncRuleStatus } from '../../../shared/contract';
import { createActivityLog } from '../activity/log';
import { createDocumentsApi, type DocumentsApi } from '../documents/api';
import { startTestEmulator } from '../../../emulator/testing';
import { useEmulatorWorkspace } from '../documents/testing/emulator-workspace';
import { createCoreEvents } from '../events';
import { MemoryLogger, MemoryNotifier, MemorySettingsStore } from '../testing/memory-ports';
import { FakeClock } from '../testing/fake-clock';
import { canMount, restrictedFolder, type RestrictedFolder, type RestrictionMechanism } from '../testing/restricted-folder';
import type { AtomicFileSystem } from '../files/atomic-write';
import { createSyncService, notificationText, type SyncRuleInput, type SyncService } from './service';

let services: SyncService[] = [];
const space = useEmulatorWorkspace({
  start: () => startTestEmulator({ documents: 60 }),
  prefix: 'ledgerdesk-sync-',
  beforeRemove: async () => {
    await Promise.all(services.map((service) => service.dispose()));
    services = [];
  },
});

interface Setup {
  baseUrl?: string;
  fileSystem?: AtomicFileSystem | undefined;
  settings?: MemorySettingsStore;
  userData?: string;
  signedIn?: () => boolean;
  api?: DocumentsApi;
}

function makeSync(setup: Setup = {}) {
  const api: DocumentsApi = setup.api ?? createDocumentsApi({ http: space.client.http, baseUrl: () => setup.baseUrl ?? space.emulator.urls.documentsUrl, token: () => space.token });
  const notifier = new MemoryNotifier();
  const settings = setup.settings ?? new MemorySettingsStore();
  const userData = setup.userData ?? path.join(space.work, 'user-data');
  const logger = new MemoryLogger();
  const activity = createActivityLog({ folder: path.join(userData, 'activity'), settings, logger, who: () => ({ profile: 'Local emulator', user: 'full@example.test' }) });
  const sync = createSyncService({
    api,
    settings,
    logger,
    events: createCoreEvents(logger),
    notifier,
    clock: new FakeClock(),
    activity,
    journalsDir: path.join(userData, 'sync'),
    activeProfileId: () => 'local-emulator',
    profileName: (id) => (id === 'local-emulator' ? 'Local emulator' : undefined),
    signedIn: setup.signedIn ?? (() => true),
    backoffBaseMs: 1_000,
    ...(setup.fileSystem ? { fileSystem: setup.fileSystem } : {}),
  });
  services.push(sync);
  return { sync, notifier, activity, api, settings, userData };
}

const inboxFolder = (name = 'inbox'): Promise<string> => space.folder(name);

const rule = (folder: string, extra: Partial<SyncRuleInput> = {}): SyncRuleInput => ({ name: 'Incoming invoices', profileId: 'local-emulator', types: ['invoice'], direction: 'incoming', folder, ...extra });

async function filesIn(folder: string): Promise<string[]> {
  return (await fs.readdir(folder)).sort();
}

async function countMatching(api: DocumentsApi, filters: Parameters<DocumentsApi['list']>[1]): Promise<number> {
  return (await api.list('invoice', filters, 1, 1)).totalItems;
}

describe('inbox sync', () => {
  it('saves every matching document, then polls an unchanged inbox with one request per type', async () => {
    const { sync, notifier, api, activity } = makeSync();
    const folder = await inboxFolder();
    const saved = await sync.save({ ...rule(folder), types: ['invoice', 'credit-note'] });
    const first = await sync.runNow(saved.rule.id);
    const invoices = await countMatching(api, { direction: 'incoming' });
    const creditNotes = (await api.list('credit-note', { direction: 'incoming' }, 1, 1)).totalItems;

    expect(first.state).toBe('idle');
    expect(first.lastRun).toMatchObject({ written: invoices + creditNotes, failed: 0 });
    const names = await filesIn(folder);
    expect(names).toHaveLength(invoices + creditNotes);
    expect(names.every((name) => name.endsWith('.xml'))).toBe(true);
    expect(notifier.sent).toHaveLength(1);
    expect(notifier.sent[0]?.body).toMatch(new RegExp(`^${invoices + creditNotes} new documents from `));

    const second = await sync.runNow(saved.rule.id);
    expect(second.lastRun).toEqual({ written: 0, skipped: 0, failed: 0, marked: 0, listRequests: 2 });
    expect(await filesIn(folder)).toEqual(names);
    expect(notifier.sent).toHaveLength(1);
    const log = await activity.list({ action: 'sync.run' }, 0, 10);
    expect(log.total).toBe(1);
  });

  it('picks up a document that arrives later, and writes the PDF and metadata asked for', async () => {
    const { sync, api } = makeSync();
    const folder = await inboxFolder();
    const saved = await sync.save(rule(folder, { direction: 'outgoing', writePdf: true, writeMetadata: true, template: '{number}' }));
    await sync.runNow(saved.rule.id);
    const before = await filesIn(folder);

    const fixture = fixtureIndex.find((entry) => entry.kind === 'invoice' && entry.expected === 'valid');
    if (!fixture) throw new Error('No valid invoice fixture');
    const sent = await api.send({ type: 'invoice', bytes: fixtureBytes(fixture.path), format: 'xml' });
    const after = await sync.runNow(saved.rule.id);
    expect(after.lastRun).toMatchObject({ written: 1, listRequests: 1 });
    const added = (await filesIn(folder)).filter((name) => !before.includes(name));
    const base = sent.record.number.replace(/[^\w.-]/g, '_');
    expect(added.sort()).toEqual([`${base}.meta.json`, `${base}.pdf`, `${base}.xml`].sort());
    const meta = JSON.parse(await fs.readFile(path.join(folder, `${base}.meta.json`), 'utf8')) as { uuid: string };
    expect(meta.uuid).toBe(sent.record.uuid);
    expect((await fs.readFile(path.join(folder, `${base}.xml`))).equals(fixtureBytes(fixture.path))).toBe(true);
  });

  it('saves documents whose number is 200 CJK characters or hides a right-to-left override, under names that fit and show what they are', async () => {
    const real = createDocumentsApi({ http: space.client.http, baseUrl: () => space.emulator.urls.documentsUrl, token: () => space.token });
    const cjk = '発票番号'.repeat(50);
    const hostile: DocumentsApi = {
      ...real,
      list: async (...args: Parameters<DocumentsApi['list']>) => {
        const page = await real.list(...args);
        return { ...page, items: page.items.map((record, index) => ({ ...record, number: index % 2 === 0 ? `${cjk}${index}` : `invoice${index}x\u202Etxt.exe\u200B` })) };
      },
    };
    const { sync } = makeSync({ api: hostile });
    const folder = await inboxFolder();
    const saved = await sync.save(rule(folder, { writePdf: true, writeMetadata: true, template: '{number}' }));
    const status = await sync.runNow(saved.rule.id);
    expect(status.lastRun?.failed).toBe(0);
    const names = await filesIn(folder);
    expect(names.length).toBe(3 * (status.lastRun?.written ?? 0));
    expect(names.some((name) => name.startsWith('発票番号'))).toBe(true);
    for (const name of names) {
      expect(Buffer.byteLength(name, 'utf8')).toBeLessThanOrEqual(255);
      expect(name).not.toMatch(/[\u202a-\u202e\u200b]/);
    }
    expect(names).toContain('invoice1xtxt.exe.xml');
  });

  it('marks documents downloaded only once their files are on disk', async () => {
    const { sync, api } = makeSync();
    const folder = await inboxFolder();
    const notYet = await countMatching(api, { direction: 'incoming', downloaded: false });
    expect(notYet).toBeGreaterThan(0);
    const saved = await sync.save(rule(folder, { markDownloaded: true, filters: { senderName: '' } }));
    const status = await sync.runNow(saved.rule.id);
    expect(status.lastRun?.marked).toBe(status.lastRun?.written);
    expect(await countMatching(api, { direction: 'incoming', downloaded: false })).toBe(0);
  });

  it('resumes a run that was stopped half way without duplicates or gaps', async () => {
    const settings = new MemorySettingsStore();
    const userData = path.join(space.work, 'user-data');
    const folder = await inboxFolder();
    const first = makeSync({ settings, userData });
    const saved = await first.sync.save(rule(folder));
    const total = await countMatching(first.api, { direction: 'incoming' });
    // Stopped while its downloads are under way: the app was closed (or killed).
    const running = first.sync.runNow(saved.rule.id);
    // The journal is first written when the first download is ready to be saved (its name must be durable first): stop right then.
    const journalFile = path.join(userData, 'sync', `${saved.rule.id}.jsonl`);
    while (!(await fs.stat(journalFile).catch(() => undefined))) await new Promise((resolve) => setTimeout(resolve, 1));
    await first.sync.dispose();
    await running.catch(() => undefined);
    const partial = (await filesIn(folder)).filter((name) => name.endsWith('.xml'));
    expect(partial.length).toBeLessThan(total);

    const again = makeSync({ settings, userData });
    const resumed = await again.sync.runNow(saved.rule.id);
    const names = await filesIn(folder);
    expect(names).toHaveLength(total);
    expect(names.some((name) => name.endsWith('.tmp'))).toBe(false);
    expect(resumed.totalWritten).toBe(total);
  });

  it('saves the first documents while the rest of the inbox is still being listed', async () => {
    const folder = await inboxFolder();
    // The listing of the second type is held until a document of the first is on disk (or 10 s pass).
    let heldMs = -1;
    const gate = await startGatedProxy(space.emulator.urls.documentsUrl, async (url) => {
      if (!url.startsWith('/credit-notes?') || heldMs >= 0) return;
      const started = Date.now();
      while (Date.now() - started < 10_000 && !(await fs.readdir(folder)).some((name) => name.endsWith('.xml'))) await new Promise((resolve) => setTimeout(resolve, 5));
      heldMs = Date.now() - started;
    });
    try {
      const { sync, api } = makeSync({ baseUrl: gate.url });
      const saved = await sync.save({ ...rule(folder), types: ['invoice', 'credit-note'] });
      const status = await sync.runNow(saved.rule.id);
      const total = (await countMatching(api, { direction: 'incoming' })) + (await api.list('credit-note', { direction: 'incoming' }, 1, 1)).totalItems;
      expect(status.lastRun).toMatchObject({ written: total, failed: 0 });
      expect(heldMs).toBeGreaterThanOrEqual(0);
      expect(heldMs).toBeLessThan(10_000);
      expect(await filesIn(folder)).toHaveLength(total);
    } finally {
      await gate.close();
    }
  });

  it('waits out a 429 with Retry-After, and backs off while the service answers 503', async () => {
    const proxy = await startFaultyProxy(space.emulator.urls.documentsUrl);
    try {
      const folder = await inboxFolder();
      const { sync } = makeSync({ baseUrl: proxy.url });
      const saved = await sync.save(rule(folder));
      proxy.fail = { status: 429, times: 1, retryAfter: '1' };
      const ok = await sync.runNow(saved.rule.id);
      expect(ok.state).toBe('idle');
      expect(proxy.refused).toBe(1);
      expect(proxy.retriedAfterMs).toBeGreaterThanOrEqual(900);

      proxy.fail = { status: 503, times: Infinity };
      const busy = await sync.runNow(saved.rule.id);
      expect(busy.state).toBe('backoff');
      expect(busy.message).toBe('The service is unavailable (HTTP 503): Injected. Trying again in 1 s.');
      expect(busy.reason).toEqual({ key: 'folders.syncUnavailable', params: { status: 503, seconds: 1 } });
      expect(busy.nextRunAt).toBeDefined();
    } finally {
      await proxy.close();
    }
  });

  it('says clearly when the folder is gone, and refuses two rules on one folder', async () => {
    const { sync } = makeSync();
    const folder = await inboxFolder();
    const saved = await sync.save(rule(folder));
    await expect(sync.save(rule(folder, { name: 'Second' }))).rejects.toMatchObject({
      code: 'conflict',
      message: `The folder ${folder} is already used by the rule “Incoming invoices”. Two rules in one folder would overwrite each other’s files: choose another folder.`,
    });
    await fs.rm(folder, { recursive: true });
    const status: SyncRuleStatus = await sync.runNow(saved.rule.id);
    expect(status.state).toBe('error');
    expect(status.message).toBe(`The folder ${folder} is not there any more (moved, renamed, or on a drive that is not connected). Reconnect it or choose the folder again.`);
    expect(status.reason).toEqual({ key: 'folders.syncGone', params: { path: folder } });
  });

  it('frames an error without a reason of its own, quoting its words', async () => {
    const broken = new Proxy({} as DocumentsApi, { get: () => () => Promise.reject(new Error('socket hang-up in a library')) });
    const { sync } = makeSync({ api: broken });
    const saved = await sync.save(rule(await inboxFolder()));
    const status: SyncRuleStatus = await sync.runNow(saved.rule.id);
    expect(status.state).toBe('error');
    expect(status.reason).toEqual({ key: 'folders.syncRunFailed', params: { said: 'socket hang-up in a library' } });
  });

  it('waits for a sign-in instead of failing, and can be paused', async () => {
    let signedIn = false;
    const { sync } = makeSync({ signedIn: () => signedIn });
    const folder = await inboxFolder();
    const saved = await sync.save(rule(folder));
    expect(await sync.runNow(saved.rule.id)).toMatchObject({ state: 'waiting', message: 'Waiting for you to sign in.' });
    const paused = await sync.setPaused(saved.rule.id, true);
    expect(paused.state).toBe('paused');
    signedIn = true;
    await expect(sync.runNow(saved.rule.id)).rejects.toMatchObject({ code: 'conflict' });
    expect(await filesIn(folder)).toEqual([]);
  });

  it('words the notification by type and sender', () => {
    const record = (sender: string, type: 'invoice' | 'credit-note' = 'invoice') => ({
      uuid: sender,
      type,
      direction: 'incoming' as const,
      format: 'xml',
      number: '1',
      date: '2026-11-01',
      createdAt: '2026-11-01T00:00:00Z',
      downloaded: false,
      sender: { name: sender, identifier: '' },
      recipient: { name: 'Us', identifier: '' },
    });
    expect(notificationText([record('Nordic AS')])).toBe('1 new invoice from Nordic AS');
    expect(notificationText([record('Nordic AS'), record('Nordic AS')])).toBe('2 new invoices from Nordic AS');
    expect(notificationText([record('A'), record('B', 'credit-note'), record('C')])).toBe('3 new documents from A and 2 others');
  });
});

// A real read-only or full disk where the tests may mount one (root on Linux, as in CI), and the same failures injected at the write boundary everywhere.
const mechanisms: RestrictionMechanism[] = ['injected', ...((await canMount(os.tmpdir())) ? (['mount'] as const) : [])];

describe.each(mechanisms)('inbox sync into a folder that refuses writes (%s)', (mechanism) => {
  let restricted: RestrictedFolder | undefined;
  afterEach(async () => {
    await restricted?.dispose();
    restricted = undefined;
  });

  /** Every file in the folder is whole: the source the service serves under its name (the rule's template is the uuid). */
  async function expectWholeFiles(api: DocumentsApi, folder: string): Promise<string[]> {
    const names = await filesIn(folder);
    expect(names.filter((name) => name.endsWith('.tmp') || name.startsWith('.'))).toEqual([]);
    for (const name of names) {
      const source = await api.source('invoice', name.replace(/\.xml$/, ''));
      expect((await fs.readFile(path.join(folder, name))).equals(Buffer.from(source.bytes)), `${name} is whole`).toBe(true);
    }
    return names;
  }

  it('says the disk is read-only, writes nothing, and saves everything once it is writable again', async () => {
    restricted = await restrictedFolder(path.join(space.work, 'disk'), mechanism);
    const { sync, api } = makeSync({ fileSystem: restricted.fileSystem });
    const saved = await sync.save(rule(restricted.path, { template: '{uuid}' }));
    await restricted.readOnly();

    const refused = await sync.runNow(saved.rule.id);
    expect(refused.state).toBe('error');
    expect(refused.message).toBe(`${restricted.path} is on a read-only disk: the app cannot save documents there. Make it writable or choose another folder.`);
    expect(await filesIn(restricted.path)).toEqual([]);

    await restricted.restore();
    const total = await countMatching(api, { direction: 'incoming' });
    const after = await sync.runNow(saved.rule.id);
    expect(after).toMatchObject({ state: 'idle', totalWritten: total });
    expect(await expectWholeFiles(api, restricted.path)).toHaveLength(total);
  });

  it('says the disk is full, leaves no file half written, and goes on where it stopped once there is room', async () => {
    restricted = await restrictedFolder(path.join(space.work, 'disk'), mechanism);
    const { sync, api } = makeSync({ fileSystem: restricted.fileSystem });
    const saved = await sync.save(rule(restricted.path, { template: '{uuid}' }));
    const total = await countMatching(api, { direction: 'incoming' });
    // Room for a few documents, not for all of them.
    await restricted.fill(48 * 1024);

    const full = await sync.runNow(saved.rule.id);
    expect(full.state).toBe('error');
    expect(full.message).toMatch(/^The disk is full: there is no space left to write .+\.xml\.$/);
    expect(full.message).toContain(`${restricted.path}${path.sep}`);
    const partial = await expectWholeFiles(api, restricted.path);
    expect(partial.length).toBeLessThan(total);

    await restricted.restore();
    const resumed = await sync.runNow(saved.rule.id);
    expect(resumed).toMatchObject({ state: 'idle', totalWritten: total });
    // Each document once: none written again under another name.
    expect(await expectWholeFiles(api, restricted.path)).toHaveLength(total);
  });
});

/** Answers `response` with what the emulator answers to the same request. */
function forward(target: string, request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
  return fetch(`${target}${request.url ?? '/'}`, { method: request.method ?? 'GET', headers: request.headers as Record<string, string>, redirect: 'manual' }).then(async (upstream) => {
    const body = Buffer.from(await upstream.arrayBuffer());
    const headers: Record<string, string> = {};
    upstream.headers.forEach((value, key) => {
      if (key !== 'content-length' && key !== 'transfer-encoding' && key !== 'content-encoding') headers[key] = value;
    });
    response.writeHead(upstream.status, headers);
    response.end(body);
  });
}

/** Passes every request to the emulator, after `hold(url)` resolves. */
async function startGatedProxy(target: string, hold: (url: string) => Promise<void>): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((request, response) => {
    void hold(request.url ?? '/').then(() => forward(target, request, response));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

interface FaultyProxy {
  url: string;
  fail: { status: number; times: number; retryAfter?: string } | undefined;
  refused: number;
  retriedAfterMs: number;
  close(): Promise<void>;
}

/** Answers list requests with a status (429, 503) a number of times, and passes everything else to the emulator. */
async function startFaultyProxy(target: string): Promise<FaultyProxy> {
  let refusedAt = 0;
  const proxy: FaultyProxy = { url: '', fail: undefined, refused: 0, retriedAfterMs: 0, close: () => Promise.resolve() };
  const server = http.createServer((request, response) => {
    const url = request.url ?? '/';
    const isList = /^\/(invoices|credit-notes)\?/.test(url);
    if (isList && proxy.fail && proxy.fail.times > 0) {
      proxy.fail.times -= 1;
      proxy.refused += 1;
      refusedAt = Date.now();
      response.writeHead(proxy.fail.status, { 'content-type': 'application/ld+json', ...(proxy.fail.retryAfter ? { 'retry-after': proxy.fail.retryAfter } : {}) });
      response.end(JSON.stringify({ 'hydra:description': 'Injected' }));
      return;
    }
    if (isList && refusedAt > 0 && proxy.retriedAfterMs === 0) proxy.retriedAfterMs = Date.now() - refusedAt;
    void forward(target, request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  proxy.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  proxy.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return proxy;
}
