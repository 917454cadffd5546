/** The uploads channels through the core app: registration, payload checks, preferences. */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_HASHED_PER_CALL } from '../../../shared/contract';
import { createCoreApp, type CoreAppWithServices } from '../app';
import { DEFAULT_HANDLE_TTL_MS } from '../files/handles';
import type { FakeClock } from '../testing/fake-clock';
import { createMemoryPorts } from '../testing/memory-ports';

const ctx = { caller: 'test' };
let app: CoreAppWithServices | undefined;
let dir: string | undefined;

function makeApp(): CoreAppWithServices {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerdesk-uploads-app-'));
  app = createCoreApp(createMemoryPorts({ userDataDir: dir }), { emulator: { autoStart: false } });
  return app;
}

afterEach(async () => {
  await app?.dispose();
  app = undefined;
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe('uploads channels', () => {
  it('are registered: list, preferences and a partial preference change that keeps the rest', async () => {
    const core = makeApp();
    await expect(core.handle('uploads.list', undefined, ctx)).resolves.toEqual({ ok: true, value: [] });
    await expect(core.handle('uploads.preferences', {}, ctx)).resolves.toEqual({ ok: true, value: { country: 'IT', e2eIdTemplate: 'LD-{date}-{file}-{rand}' } });
    await core.handle('uploads.setPreferences', { e2eIdTemplate: 'ACME-{n}' }, ctx);
    await expect(core.handle('uploads.setPreferences', { country: 'PL' }, ctx)).resolves.toEqual({ ok: true, value: { country: 'PL', e2eIdTemplate: 'ACME-{n}' } });
    expect(fs.existsSync(path.join(dir ?? '', 'uploads', 'journal.jsonl'))).toBe(true);
  });

  it('refuse bad payloads with a clear message', async () => {
    const core = makeApp();
    const result = await core.handle('uploads.add', { files: [], country: 'DE' }, ctx);
    expect(result).toMatchObject({ ok: false, error: { code: 'bad_request' } });
    if (!result.ok) expect(result.error.message).toContain('country');
    await expect(core.handle('uploads.retry', { localId: 'nope' }, ctx)).resolves.toMatchObject({ ok: false, error: { code: 'not_found' } });
  });

  it('journal a file while signed out and keep it queued, waiting for sign-in', async () => {
    const core = makeApp();
    const result = await core.handle(
      'uploads.add',
      { country: 'IT', files: [{ file: { kind: 'bytes', name: 'a.xml', base64: Buffer.from('<a/>').toString('base64') } }] },
      ctx,
    );
    expect(result).toMatchObject({ ok: true, value: { entries: [{ fileName: 'a.xml', state: 'queued', canCancel: true }], rejected: [] } });
    if (!result.ok) return;
    const entries = (result.value as { entries: Array<{ history: Array<{ note?: string }> }> }).entries;
    expect(entries[0]?.history[0]?.note).toContain('sign in');
  });

  it('journal files whose bytes arrived as binary (the browser shell), keep their content, and refuse binary given as text', async () => {
    const core = makeApp();
    const bytes = Buffer.from('<?xml version="1.0"?><Invoice/>');
    const result = await core.handle('uploads.add', { country: 'IT', files: [{ file: { kind: 'binary', name: 'b.xml', data: new Uint8Array(bytes), relativePath: 'in/b.xml' } }] }, ctx);
    expect(result).toMatchObject({ ok: true, value: { entries: [{ fileName: 'b.xml', origin: 'in/b.xml', size: bytes.length, state: 'queued' }], rejected: [] } });
    if (!result.ok) return;
    const { sha256 } = (result.value as { entries: Array<{ sha256: string }> }).entries[0]!;
    // Kept once, as a blob under its hash, for sending after a restart.
    expect(fs.readFileSync(path.join(dir ?? '', 'uploads', 'blobs', sha256)).equals(bytes)).toBe(true);
    const asText = await core.handle('uploads.add', { country: 'IT', files: [{ file: { kind: 'binary', name: 'c.xml', data: '<c/>' } }] }, ctx);
    expect(asText).toMatchObject({ ok: false, error: { code: 'bad_request', message: expect.stringContaining('binary') } });
  });

  it('refuse a path named by the renderer, and read nothing', async () => {
    const core = makeApp();
    const secret = path.join(dir ?? '', 'vault.json');
    fs.writeFileSync(secret, '{"password":"hunter2"}');
    const result = await core.handle('uploads.add', { country: 'IT', files: [{ file: { kind: 'path', path: secret } }] }, ctx);
    expect(result).toMatchObject({ ok: false, error: { code: 'bad_request', message: expect.stringMatching(/granted by the app or as its bytes; paths are not accepted/) } });
    expect(JSON.stringify(result)).not.toContain('hunter2');
    await expect(core.handle('uploads.list', undefined, ctx)).resolves.toEqual({ ok: true, value: [] });
  });

  it('add files and folders by granted handle, for the window they were granted to only', async () => {
    const core = makeApp();
    const folder = path.join(dir ?? '', 'drop');
    fs.mkdirSync(folder);
    fs.writeFileSync(path.join(folder, 'one.xml'), '<one/>');
    fs.writeFileSync(path.join(folder, 'two.xml'), '<two/>');
    const [granted] = await core.grantFiles([folder], 'electron:1');
    const add = (window: string) =>
      core.handle('uploads.add', { country: 'IT', files: [{ file: { kind: 'handle', handle: granted?.handle ?? '' } }] }, { caller: 'ipc:app://ledgerdesk/', window });
    await expect(add('electron:2')).resolves.toMatchObject({ ok: false, error: { code: 'forbidden', message: expect.stringMatching(/Drop or choose the file again/) } });
    const added = await add('electron:1');
    expect(added).toMatchObject({ ok: true, value: { entries: [{ fileName: 'one.xml', origin: path.join(folder, 'one.xml') }, { fileName: 'two.xml' }] } });
    core.revokeGrants('electron:1');
    await expect(add('electron:1')).resolves.toMatchObject({ ok: false, error: { code: 'forbidden' } });
  });

  describe('a folder chosen in a dialog (uploads.listFolder)', () => {
    const makeFolder = (): string => {
      const folder = path.join(dir ?? '', 'march-invoices');
      fs.mkdirSync(path.join(folder, 'week-1'), { recursive: true });
      fs.writeFileSync(path.join(folder, 'week-1', 'one.xml'), '<one/>');
      fs.writeFileSync(path.join(folder, 'two.xml'), '<two/>');
      fs.writeFileSync(path.join(folder, '.DS_Store'), 'junk');
      // Over the 5 MiB request: listed with its size, refused when added, with the SFTP hint.
      fs.writeFileSync(path.join(folder, 'huge.xml'), Buffer.alloc(6 * 1024 * 1024, 0x20));
      return folder;
    };
    const ipc = (window: string) => ({ caller: 'ipc:app://ledgerdesk/', window });

    it('lists the granted folder by sub-path (no path), and its files are then added through the same intake', async () => {
      const core = makeApp();
      const folder = makeFolder();
      const [granted] = await core.grantFiles([folder], 'electron:1');
      const handle = granted?.handle ?? '';
      const listed = await core.handle('uploads.listFolder', { folder: { kind: 'handle', handle } }, ipc('electron:1'));
      expect(listed).toMatchObject({ ok: true, value: { name: 'march-invoices', skippedHidden: 1, unreadable: [] } });
      if (!listed.ok) return;
      const listing = listed.value as { files: Array<{ subpath: string; size: number }> };
      expect(listing.files.map((file) => file.subpath)).toEqual(['huge.xml', 'two.xml', 'week-1/one.xml']);
      expect(JSON.stringify(listed.value)).not.toContain(dir ?? '');

      const added = await core.handle('uploads.add', { country: 'IT', files: listing.files.map((file) => ({ file: { kind: 'handle', handle, subpath: file.subpath } })) }, ipc('electron:1'));
      expect(added).toMatchObject({
        ok: true,
        value: {
          entries: [{ fileName: 'two.xml', origin: path.join(folder, 'two.xml') }, { fileName: 'one.xml', origin: path.join(folder, 'week-1', 'one.xml') }],
          rejected: [{ fileName: 'huge.xml', code: 'too_large', message: expect.stringMatching(/SFTP/) }],
        },
      });
    });

    it('refuses an unknown, foreign or expired handle, a file handle, and a path, each with a clear error', async () => {
      const core = makeApp();
      const folder = makeFolder();
      const [granted] = await core.grantFiles([folder], 'electron:1');
      const [file] = await core.grantFiles([path.join(folder, 'two.xml')], 'electron:1');
      const list = (folderRef: unknown, window = 'electron:1') => core.handle('uploads.listFolder', { folder: folderRef }, ipc(window));
      await expect(list({ kind: 'handle', handle: 'fh_made-up-by-a-script' })).resolves.toMatchObject({ ok: false, error: { code: 'forbidden', message: expect.stringMatching(/does not recognise/) } });
      await expect(list({ kind: 'handle', handle: granted?.handle }, 'electron:2')).resolves.toMatchObject({ ok: false, error: { code: 'forbidden', message: expect.stringMatching(/does not recognise/) } });
      await expect(list({ kind: 'handle', handle: file?.handle })).resolves.toMatchObject({ ok: false, error: { code: 'file', message: 'two.xml is a file, not a folder. Choose a folder.' } });
      const byPath = await list({ kind: 'path', path: folder });
      expect(byPath).toMatchObject({ ok: false, error: { code: 'bad_request' } });
      expect(JSON.stringify(byPath)).not.toContain('two.xml');
      await expect(list({ kind: 'handle', handle: granted?.handle, subpath: 'week-1' })).resolves.toMatchObject({ ok: false, error: { code: 'bad_request' } });
      (core.services.ports.clock as FakeClock).advance(DEFAULT_HANDLE_TTL_MS);
      await expect(list({ kind: 'handle', handle: granted?.handle })).resolves.toMatchObject({ ok: false, error: { code: 'forbidden', message: expect.stringMatching(/expired/) } });
    });

    it('hashes files of the granted folder by sub-path, in one call, for the batch’s “same content” warning', async () => {
      const core = makeApp();
      const folder = makeFolder();
      fs.writeFileSync(path.join(folder, 'two (copy).xml'), '<two/>');
      fs.symlinkSync(path.join(dir ?? '', 'outside.xml'), path.join(folder, 'link-out.xml'));
      fs.writeFileSync(path.join(dir ?? '', 'outside.xml'), '<two/>');
      const [granted] = await core.grantFiles([folder], 'electron:1');
      const folderRef = { kind: 'handle', handle: granted?.handle };
      const sha = (text: string): string => createHash('sha256').update(text).digest('hex');
      const hashed = await core.handle(
        'uploads.hashFolderFiles',
        { folder: folderRef, subpaths: ['two.xml', 'week-1/one.xml', 'two (copy).xml', 'gone.xml', '../outside.xml', 'link-out.xml', 'huge.xml', 'week-1'] },
        ipc('electron:1'),
      );
      // Gone, outside the folder (by `..` or through a link), over the 5 MiB request, or a folder: no hash, and nothing else said of it.
      expect(hashed).toEqual({ ok: true, value: { sha256: [sha('<two/>'), sha('<one/>'), sha('<two/>'), null, null, null, null, null] } });

      await expect(core.handle('uploads.hashFolderFiles', { folder: folderRef, subpaths: ['two.xml'] }, ipc('electron:2'))).resolves.toMatchObject({ ok: false, error: { code: 'forbidden' } });
      const [file] = await core.grantFiles([path.join(folder, 'two.xml')], 'electron:1');
      await expect(core.handle('uploads.hashFolderFiles', { folder: { kind: 'handle', handle: file?.handle }, subpaths: ['x'] }, ipc('electron:1'))).resolves.toMatchObject({ ok: false, error: { code: 'file' } });
      const [destination] = await core.services.files.grant([folder], 'electron:1', { access: 'write' });
      await expect(core.handle('uploads.hashFolderFiles', { folder: { kind: 'handle', handle: destination?.handle }, subpaths: ['two.xml'] }, ipc('electron:1'))).resolves.toMatchObject({ ok: false, error: { code: 'forbidden' } });
      const tooMany = Array.from({ length: MAX_HASHED_PER_CALL + 1 }, () => 'two.xml');
      await expect(core.handle('uploads.hashFolderFiles', { folder: folderRef, subpaths: tooMany }, ipc('electron:1'))).resolves.toMatchObject({ ok: false, error: { code: 'bad_request' } });
    });

    it('refuses a folder of more files than one batch takes', async () => {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerdesk-uploads-app-'));
      app = createCoreApp(createMemoryPorts({ userDataDir: dir }), { emulator: { autoStart: false }, uploads: { maxFilesPerAdd: 2 } });
      const folder = makeFolder();
      const [granted] = await app.grantFiles([folder], 'electron:1');
      await expect(app.handle('uploads.listFolder', { folder: { kind: 'handle', handle: granted?.handle } }, ipc('electron:1'))).resolves.toMatchObject({
        ok: false,
        error: { code: 'too_large', message: expect.stringMatching(/The folder march-invoices holds more than 2 files/) },
      });
    });
  });
});
