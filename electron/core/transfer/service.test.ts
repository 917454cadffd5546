import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestEmulator, type TestEmulator } from '../../../emulator/testing';
import { transferDebug } from '../../../emulator/transfer';
import type { UploadEntry } from '../../../shared/contract';
import { createTestUploads, demoAccountUser, waitFor, type TestUploads } from './testing/harness';
import { base64, invoiceXml, invoicesCsv, invoicesZip, writeFile } from './testing/fixtures';

let emulator: TestEmulator;
let token: string;
let user: { uid: string; email: string };
const open: TestUploads[] = [];
const dirs: string[] = [];

const tempDir = (): string => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerdesk-uploads-'));
  dirs.push(dir);
  return dir;
};

function uploads(options: Partial<Parameters<typeof createTestUploads>[0]> = {}): TestUploads {
  const instance = createTestUploads({ transferUrl: emulator.urls.transferUrl, userDataDir: tempDir(), token, user, ...options });
  open.push(instance);
  return instance;
}

const settled = (entry: UploadEntry | undefined): boolean => entry !== undefined && ['done', 'failed', 'rejected', 'cancelled'].includes(entry.state);

async function untilAllSettled(t: TestUploads, count: number): Promise<UploadEntry[]> {
  return waitFor(
    async () => {
      const list = await t.service.list();
      return list.length === count && list.every(settled) ? list : undefined;
    },
    { describe: async () => JSON.stringify((await t.service.list()).map((e) => [e.fileName, e.state, e.serverStatus, e.error?.message])) },
  );
}

beforeAll(async () => {
  emulator = await startTestEmulator({ processingDelayMs: 5, documents: 0 });
  token = await emulator.login('full');
  user = demoAccountUser(emulator.context.accounts, 'full');
});

afterEach(async () => {
  await Promise.all(open.splice(0).map((t) => t.close()));
});

afterAll(async () => {
  await emulator.close();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe('uploads service on the emulator', () => {
  it('sends dropped paths and bytes once each, follows them to delivered and keeps the history', async () => {
    const files = tempDir();
    const xml = writeFile(files, 'invoice-1.xml', invoiceXml('A-1'));
    const t = uploads();
    const result = await t.service.add({
      country: 'IT',
      files: [{ file: { kind: 'path', path: xml } }, { file: { kind: 'bytes', name: 'rows.csv', base64: base64(invoicesCsv(3)) }, e2eId: 'MY-OWN-ID-1' }],
    });
    expect(result.rejected).toEqual([]);
    // Both are on their way at once: the bytes read when they were added are sent without another read.
    expect(result.entries.map((e) => e.fileName)).toEqual(['invoice-1.xml', 'rows.csv']);
    for (const entry of result.entries) expect(['queued', 'sending']).toContain(entry.state);
    expect(result.entries[1]?.e2eId).toBe('MY-OWN-ID-1');
    const list = await untilAllSettled(t, 2);
    for (const entry of list) {
      expect(entry.state).toBe('done');
      expect(entry.serverStatus).toBe('delivered');
      const states = entry.history.map((h) => h.state);
      expect(states.slice(0, 3)).toEqual(['queued', 'sending', 'accepted']);
      expect(states.at(-1)).toBe('done');
      expect(entry.history.every((h) => !Number.isNaN(Date.parse(h.at)))).toBe(true);
      expect(entry.history.filter((h) => h.serverStatus).map((h) => h.serverStatus)).toContain('delivered');
      expect(transferDebug(emulator.context).countUploads(entry.e2eId)).toBe(1);
    }
    // The CSV of three rows became three transfer documents.
    const csv = list.find((e) => e.fileName === 'rows.csv');
    const documents = await t.service.listTransferDocuments(csv?.uploadId ?? '');
    expect(documents).toHaveLength(3);
    // The blob kept for the dropped bytes is gone once the file is delivered.
    const blobDir = path.join(t.userDataDir, 'uploads', 'blobs');
    await waitFor(() => (fs.existsSync(blobDir) ? fs.readdirSync(blobDir) : []).length === 0);
  });

  it('lists the transfer documents of a ZIP with their destination ids and downloads one', async () => {
    const t = uploads();
    await t.service.add({ country: 'PL', files: [{ file: { kind: 'bytes', name: 'batch.zip', base64: base64(invoicesZip()) } }] });
    const [entry] = await untilAllSettled(t, 1);
    expect(entry?.state).toBe('done');
    const documents = await t.service.listTransferDocuments(entry?.uploadId ?? '');
    expect(documents).toHaveLength(4);
    for (const document of documents) {
      expect(document.upload_id).toBe(entry?.uploadId);
      expect(document.e2e_id).toBe(entry?.e2eId);
      expect(document.destination_id).toEqual(expect.any(String));
    }
    const xmlDocument = documents.find((d) => d.file_name === 'a.xml');
    const file = await t.service.downloadTransferDocument(xmlDocument?.id ?? '');
    expect(file.fileName).toBe('a.xml');
    expect(Buffer.from(file.base64, 'base64').toString('utf8')).toContain('Z-1');
    await expect(t.service.listTransferDocuments('no-such-upload')).rejects.toMatchObject({ code: 'not_found' });
  });

  it('settles a batch once: one event and one notification with the summary', async () => {
    const t = uploads();
    const { batchId } = await t.service.add({
      country: 'IT',
      files: [
        { file: { kind: 'bytes', name: 'good.xml', base64: base64(invoiceXml('B-1')) } },
        { file: { kind: 'bytes', name: 'broken.xml', base64: base64('<Invoice><ID>oops</Invoice>') } },
        { file: { kind: 'bytes', name: 'notes.txt', base64: base64('hello') } },
      ],
    });
    const list = await untilAllSettled(t, 2);
    expect(list.find((e) => e.fileName === 'broken.xml')).toMatchObject({ state: 'failed', canRetry: true, error: { message: expect.stringContaining('not well-formed XML') } });
    const settledEvents = await waitFor(() => {
      const found = t.recorded.filter((r) => r.event === 'uploads.batchSettled');
      return found.length > 0 ? found : undefined;
    });
    expect(settledEvents).toHaveLength(1);
    expect(settledEvents[0]?.payload).toEqual({ batchId, done: 1, failed: 1, rejected: 1 });
    expect(t.notifier.sent).toHaveLength(1);
    expect(t.notifier.sent[0]?.body).toContain('1 file delivered');
    expect(t.recorded.some((r) => r.event === 'uploads.changed')).toBe(true);
  });

  it('checks files before journaling them: unknown types, empty and too large files are rejected with why', async () => {
    const files = tempDir();
    const big = writeFile(files, 'huge.xml', Buffer.alloc(4 * 1024 * 1024, 0x20));
    const t = uploads();
    const result = await t.service.add({
      country: 'IT',
      files: [
        { file: { kind: 'path', path: big } },
        { file: { kind: 'bytes', name: 'photo.jpg', base64: base64('jpeg') } },
        { file: { kind: 'bytes', name: 'empty.xml', base64: '' } },
        { file: { kind: 'bytes', name: 'ok.xml', base64: base64(invoiceXml('C-1')) }, e2eId: ' padded ' },
        { file: { kind: 'path', path: path.join(files, 'missing.xml') } },
      ],
    });
    expect(result.entries).toEqual([]);
    const byName = Object.fromEntries(result.rejected.map((r) => [r.fileName, r]));
    expect(byName['huge.xml']?.code).toBe('too_large');
    expect(byName['huge.xml']?.message).toBe('huge.xml is too large for an upload (4.00 MB, limit about 3.75 MB): split it or send it over SFTP.');
    expect(byName['photo.jpg']?.message).toContain('.xml, .json, .csv or .zip');
    expect(byName['empty.xml']?.message).toContain('empty');
    expect(byName['ok.xml']?.message).toContain('starts or ends with a space');
    expect(byName['missing.xml']?.message).toContain('cannot be found');
    expect(await t.service.list()).toEqual([]);
  });

  it('does not send the same file twice when it is dropped again', async () => {
    const t = uploads();
    const same = { kind: 'bytes' as const, name: 'twice.xml', base64: base64(invoiceXml('D-1')) };
    const first = await t.service.add({ country: 'IT', files: [{ file: same }, { file: same }] });
    expect(first.entries).toHaveLength(1);
    expect(first.rejected).toEqual([expect.objectContaining({ fileName: 'twice.xml', code: 'conflict', message: expect.stringContaining('already on its way') })]);
    await untilAllSettled(t, 1);
    const again = await t.service.add({ country: 'IT', files: [{ file: same }] });
    expect(again.entries).toEqual([]);
    expect(again.rejected[0]?.message).toContain('was already delivered');
    expect(again.rejected[0]?.message).toContain(first.entries[0]?.e2eId ?? '?');
    expect(first.rejected[0]?.reason).toEqual({ key: 'uploads.alreadyOnItsWay', params: { name: 'twice.xml', e2eId: first.entries[0]?.e2eId } });
    expect(again.rejected[0]?.reason).toMatchObject({ key: 'uploads.alreadyDelivered', params: { name: 'twice.xml', e2eId: first.entries[0]?.e2eId } });
    // Another destination is another sending.
    expect((await t.service.add({ country: 'PL', files: [{ file: same }] })).entries).toHaveLength(1);
    await untilAllSettled(t, 2);
  });

  it('expands a dropped folder recursively, skipping hidden files and reporting files it cannot send', async () => {
    const folder = tempDir();
    writeFile(folder, 'one.xml', invoiceXml('F-1'));
    writeFile(folder, 'sub/two.json', '{"invoice": 2}');
    writeFile(folder, 'sub/deeper/three.csv', invoicesCsv(1));
    writeFile(folder, '.hidden.xml', invoiceXml('H'));
    writeFile(folder, '.git/config.xml', invoiceXml('H'));
    writeFile(folder, 'sub/readme.md', '# not an invoice');
    const t = uploads();
    const result = await t.service.add({ country: 'PL', files: [{ file: { kind: 'path', path: folder } }] });
    expect(result.entries.map((e) => e.fileName).sort()).toEqual(['one.xml', 'three.csv', 'two.json']);
    expect(result.entries.find((e) => e.fileName === 'two.json')?.origin).toBe(path.join(folder, 'sub', 'two.json'));
    expect(result.rejected).toEqual([expect.objectContaining({ fileName: 'readme.md', code: 'validation' })]);
    const ids = new Set(result.entries.map((e) => e.e2eId));
    expect(ids.size).toBe(3);
    await untilAllSettled(t, 3);
  });

  it('uses the e2e template and country preferences, and validates given ids like the server', async () => {
    const t = uploads({ tuning: { random: () => 0.5 } });
    expect(t.service.preferences()).toEqual({ country: 'IT', e2eIdTemplate: 'LD-{date}-{file}-{rand}' });
    expect(t.service.setPreferences({ e2eIdTemplate: 'ACME-{n}-{file}' })).toEqual({ country: 'IT', e2eIdTemplate: 'ACME-{n}-{file}' });
    expect(t.service.setPreferences({ country: 'PL' })).toEqual({ country: 'PL', e2eIdTemplate: 'ACME-{n}-{file}' });
    const result = await t.service.add({
      country: 'IT',
      files: [
        { file: { kind: 'bytes', name: 'x.xml', base64: base64(invoiceXml('P-1')) } },
        { file: { kind: 'bytes', name: 'y.xml', base64: base64(invoiceXml('P-2')) } },
      ],
    });
    expect(result.entries.map((e) => e.e2eId)).toEqual(['ACME-1-x.xml', 'ACME-2-y.xml']);
    const overridden = await t.service.add({ country: 'IT', e2eIdTemplate: 'T-{file}-{rand}', files: [{ file: { kind: 'bytes', name: 'z.xml', base64: base64(invoiceXml('P-3')) } }] });
    expect(overridden.entries[0]?.e2eId).toBe('T-z.xml-88888888');
    await untilAllSettled(t, 3);
    await expect(t.service.findByE2eId('ACME-1-x.xml')).resolves.toEqual([expect.objectContaining({ e2e_id: 'ACME-1-x.xml', status: 'delivered' })]);
    await expect(t.service.findByE2eId('trailing ')).rejects.toMatchObject({ code: 'validation' });
  });

  it('lists with filters and search, and allows retry and cancel only where the rules do', async () => {
    const t = uploads();
    await t.service.add({
      country: 'IT',
      files: [
        { file: { kind: 'bytes', name: 'fine.xml', base64: base64(invoiceXml('L-1')) }, e2eId: 'SEARCH-ME-1' },
        { file: { kind: 'bytes', name: 'bad.json', base64: base64('{not json') } },
      ],
    });
    const list = await untilAllSettled(t, 2);
    const fine = list.find((e) => e.fileName === 'fine.xml');
    const bad = list.find((e) => e.fileName === 'bad.json');
    expect(fine).toMatchObject({ state: 'done', e2eId: 'SEARCH-ME-1' });
    expect(bad).toMatchObject({ state: 'failed' });

    expect(fine).toMatchObject({ canRetry: false, canCancel: false });
    await expect(t.service.retry(fine?.localId ?? '')).rejects.toMatchObject({ code: 'conflict', message: expect.stringContaining('duplicate') });
    await expect(t.service.cancel(fine?.localId ?? '')).rejects.toMatchObject({ code: 'conflict', message: expect.stringContaining('can no longer be cancelled') });
    await expect(t.service.retry('unknown')).rejects.toMatchObject({ code: 'not_found' });

    // A failed upload may be resent (spec rule 2): same End-to-end ID, a new upload on the service.
    const retried = await t.service.retry(bad?.localId ?? '');
    expect(retried.state).toBe('queued');
    const after = await untilAllSettled(t, 2);
    const again = after.find((e) => e.fileName === 'bad.json');
    expect(again?.state).toBe('failed');
    expect(again?.history.find((h) => h.note === 'Retried by you')?.reason).toEqual({ key: 'uploads.noteRetried', params: {} });
    expect(transferDebug(emulator.context).countUploads(again?.e2eId ?? '')).toBe(2);
  });

  it('cancels a queued file (waiting for sign-in) and never sends it', async () => {
    const t = uploads({ token: undefined });
    const result = await t.service.add({ country: 'IT', files: [{ file: { kind: 'bytes', name: 'wait.xml', base64: base64(invoiceXml('W-1')) } }] });
    const entry = result.entries[0];
    expect(entry).toMatchObject({ state: 'queued', canCancel: true });
    const cancelled = await t.service.cancel(entry?.localId ?? '');
    expect(cancelled).toMatchObject({ state: 'cancelled', canCancel: false, canRetry: false });
    t.session.signIn(token);
    await waitFor(() => t.recorded.some((r) => r.event === 'uploads.batchSettled'));
    expect(transferDebug(emulator.context).countUploads(entry?.e2eId ?? '')).toBe(0);
    await expect(t.service.cancel(entry?.localId ?? '')).rejects.toMatchObject({ code: 'conflict' });
  });

  it('sends a dropped file from the bytes it was given, within its memory budget: the copy kept on disk is for a restart', async () => {
    const t = uploads({ token: undefined });
    const [added] = (await t.service.add({ country: 'IT', files: [{ file: { kind: 'bytes', name: 'kept.xml', base64: base64(invoiceXml('KEPT-1')) } }] })).entries;
    expect(added?.state).toBe('queued');
    fs.writeFileSync(path.join(t.userDataDir, 'uploads', 'blobs', added?.sha256 ?? ''), invoiceXml('EDITED-2'));
    t.session.signIn(token);
    const [done] = await untilAllSettled(t, 1);
    expect(done?.state).toBe('done');
    const [document] = await t.service.listTransferDocuments(done?.uploadId ?? '');
    const sent = Buffer.from((await t.service.downloadTransferDocument(document?.id ?? '')).base64, 'base64').toString('utf8');
    expect(sent).toContain('KEPT-1');
    expect(sent).not.toContain('EDITED-2');
  });

  it('reads a file on disk again when its turn comes, and does not send one that changed', async () => {
    const files = tempDir();
    const xml = writeFile(files, 'edited.xml', invoiceXml('FIRST-1'));
    const t = uploads({ token: undefined });
    const [added] = (await t.service.add({ country: 'IT', files: [{ file: { kind: 'path', path: xml } }] })).entries;
    fs.writeFileSync(xml, invoiceXml('SECOND-22'));
    t.session.signIn(token);
    const [failed] = await untilAllSettled(t, 1);
    expect(failed?.state).toBe('failed');
    expect(failed?.error?.message).toMatch(/edited\.xml changed after it was added, so it was not sent/);
    expect(transferDebug(emulator.context).countUploads(added?.e2eId ?? '')).toBe(0);
  });

  it('past its memory budget it reads a dropped file back from its kept copy, and does not send one whose copy changed', async () => {
    const t = uploads({ token: undefined, tuning: { intakeBytesBudget: 0 } });
    const [added] = (await t.service.add({ country: 'IT', files: [{ file: { kind: 'bytes', name: 'reread.xml', base64: base64(invoiceXml('FIRST-1')) } }] })).entries;
    fs.writeFileSync(path.join(t.userDataDir, 'uploads', 'blobs', added?.sha256 ?? ''), invoiceXml('SECOND-22'));
    t.session.signIn(token);
    const [failed] = await untilAllSettled(t, 1);
    expect(failed?.state).toBe('failed');
    expect(failed?.error?.message).toMatch(/reread\.xml changed after it was added, so it was not sent/);
    expect(transferDebug(emulator.context).countUploads(added?.e2eId ?? '')).toBe(0);
  });

  it('reading files again at their turn, each one moved, changed, grown or gone fails on its own with its reason, and the others are sent', async () => {
    const files = tempDir();
    const fine = writeFile(files, 'fine.xml', invoiceXml('FINE-1'));
    const moved = writeFile(files, 'moved.xml', invoiceXml('MOVED-1'));
    const edited = writeFile(files, 'edited.xml', invoiceXml('EDIT-1'));
    const grown = writeFile(files, 'grown.xml', invoiceXml('GROW-1'));
    const t = uploads({ token: undefined, tuning: { intakeBytesBudget: 0 } });
    const added = await t.service.add({
      country: 'IT',
      files: [fine, moved, edited, grown].map((file) => ({ file: { kind: 'path' as const, path: file } })),
    });
    const dropped = await t.service.add({ country: 'IT', files: [{ file: { kind: 'bytes', name: 'dropped.xml', base64: base64(invoiceXml('DROP-1')) } }] });
    fs.renameSync(moved, path.join(files, 'elsewhere.xml'));
    fs.writeFileSync(edited, invoiceXml('EDIT-2'));
    fs.appendFileSync(grown, '<!-- a longer file now -->');
    const droppedSha = dropped.entries[0]?.sha256 ?? '';
    fs.rmSync(path.join(t.userDataDir, 'uploads', 'blobs', droppedSha));
    t.session.signIn(token);
    const settledList = await untilAllSettled(t, 5);
    const byName = new Map(settledList.map((entry) => [entry.fileName, entry]));
    expect(byName.get('fine.xml')?.state).toBe('done');
    expect(byName.get('moved.xml')?.error?.message).toMatch(/can no longer be found at .*moved\.xml/);
    expect(byName.get('edited.xml')?.error?.message).toMatch(/changed after it was added/);
    expect(byName.get('grown.xml')?.error?.message).toMatch(/changed after it was added/);
    expect(byName.get('dropped.xml')?.error?.message).toMatch(/copy of dropped\.xml kept for sending is gone/);
    expect(byName.get('moved.xml')?.error?.reason).toEqual({ key: 'uploads.sourceGoneAt', params: { name: 'moved.xml', path: moved } });
    expect(byName.get('edited.xml')?.error?.reason).toEqual({ key: 'uploads.changedSinceAdded', params: { name: 'edited.xml' } });
    expect(byName.get('dropped.xml')?.error?.reason).toEqual({ key: 'uploads.copyGone', params: { name: 'dropped.xml' } });
    for (const entry of [...added.entries, ...dropped.entries].filter((entry) => entry.fileName !== 'fine.xml')) {
      expect(byName.get(entry.fileName)?.state).toBe('failed');
      expect(transferDebug(emulator.context).countUploads(entry.e2eId)).toBe(0);
    }
  });

  it.each([
    { limit: 'files', prepareAheadFiles: 6, bytesFactor: undefined, expected: 6 },
    // 3.5 files' worth of bytes: three wait beside the two being sent.
    { limit: 'bytes', prepareAheadFiles: 8, bytesFactor: 3.5, expected: 5 },
  ])('prepares files ahead of their POSTs within its $limit limit, and sends each once', async ({ prepareAheadFiles, bytesFactor, expected }) => {
    const files = tempDir();
    const paths = Array.from({ length: 30 }, (_, index) => writeFile(files, `ahead-${index}.xml`, invoiceXml(`AHEAD-${index}`)));
    const largest = Math.max(...paths.map((file) => fs.statSync(file).size));
    let openGate: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (openGate = resolve));
    let held = 0;
    const t = uploads({
      tuning: { concurrency: 2, prepareAheadFiles, ...(bytesFactor ? { prepareAheadBytes: Math.floor(bytesFactor * largest) } : {}) },
      hooks: {
        beforePost: async () => {
          held += 1;
          await gate;
        },
      },
    });
    await t.service.add({ country: 'IT', files: paths.map((file) => ({ file: { kind: 'path' as const, path: file } })) });
    const sendingCount = async (): Promise<number> => (await t.service.list()).filter((entry) => entry.state === 'sending').length;
    await waitFor(async () => (held === 2 && (await sendingCount()) === expected ? true : undefined), { describe: async () => `held ${held}, sending ${await sendingCount()}` });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(held).toBe(2);
    expect(await sendingCount()).toBe(expected);
    openGate();
    const settledList = await untilAllSettled(t, 30);
    expect(settledList.every((entry) => entry.state === 'done')).toBe(true);
    for (const entry of settledList) expect(transferDebug(emulator.context).countUploads(entry.e2eId)).toBe(1);
  });

  it('journals a drop of 300 files in growing chunks, in drop order, and after a restart sends each once', async () => {
    const files = tempDir();
    const paths = Array.from({ length: 300 }, (_, index) => writeFile(files, `many-${String(index).padStart(3, '0')}.xml`, invoiceXml(`MANY-${index}`)));
    const userDataDir = tempDir();
    const first = uploads({ token: undefined, userDataDir });
    const added = await first.service.add({ country: 'IT', files: paths.map((file) => ({ file: { kind: 'path' as const, path: file } })) });
    expect(added.entries.map((entry) => entry.fileName)).toEqual(paths.map((file) => path.basename(file)));
    await first.close();
    open.splice(open.indexOf(first), 1);
    const again = uploads({ userDataDir });
    expect((await again.service.list()).map((entry) => entry.fileName)).toEqual(paths.map((file) => path.basename(file)));
    const settledList = await untilAllSettled(again, 300);
    expect(settledList.filter((entry) => entry.state !== 'done')).toEqual([]);
    for (const entry of settledList) expect(transferDebug(emulator.context).countUploads(entry.e2eId)).toBe(1);
  });

  it('keeps a file queued on 401 and sends it once after signing in again', async () => {
    const t = uploads({ token: 'not-a-valid-token' });
    const result = await t.service.add({ country: 'IT', files: [{ file: { kind: 'bytes', name: 'later.xml', base64: base64(invoiceXml('S-1')) } }] });
    const localId = result.entries[0]?.localId ?? '';
    const waiting = await waitFor(async () => {
      const entry = (await t.service.list()).find((e) => e.localId === localId);
      return entry?.state === 'queued' && entry.history.some((h) => h.state === 'sending') ? entry : undefined;
    });
    expect(waiting.warning).toContain('Sign in again');
    expect(waiting.warningCode).toBe('sign_in');
    expect(waiting.error).toBeUndefined();
    expect(t.session.status().state).toBe('signedOut');
    t.session.signIn(token);
    const [done] = await untilAllSettled(t, 1);
    expect(done?.state).toBe('done');
    expect(transferDebug(emulator.context).countUploads(done?.e2eId ?? '')).toBe(1);
  });

  it('maps the transfer error table: 403 and 409 for the demo accounts, refused fields from the server', async () => {
    const noPl = await emulator.login('no-upload-pl');
    const unconfigured = await emulator.login('transfer-unconfigured-it');
    const account = (name: string) => demoAccountUser(emulator.context.accounts, name);
    const t403 = uploads({ token: noPl, user: account('no-upload-pl') });
    await t403.service.add({ country: 'PL', files: [{ file: { kind: 'bytes', name: 'pl.xml', base64: base64(invoiceXml('X')) } }] });
    const [forbidden] = await untilAllSettled(t403, 1);
    expect(forbidden).toMatchObject({ state: 'rejected', canRetry: true, error: { code: 'forbidden' } });
    expect(forbidden?.error?.message).toBe('Your account has no access to uploads for Poland (PL). Contact support to get upload access, or send the file over SFTP.');

    const t409 = uploads({ token: unconfigured, user: account('transfer-unconfigured-it') });
    await t409.service.add({ country: 'IT', files: [{ file: { kind: 'bytes', name: 'it.xml', base64: base64(invoiceXml('Y')) } }] });
    const [conflict] = await untilAllSettled(t409, 1);
    expect(conflict).toMatchObject({ state: 'rejected', error: { code: 'conflict' } });
    expect(conflict?.error?.message).toContain('Transfer to Italy (IT) is not set up for your account yet. Contact support');
  });
});
