/** Granted file handles: what a grant gives, to whom, for how long, and what it never gives. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeClock } from '../testing/fake-clock';
import { createFileHandles, DEFAULT_HANDLE_TTL_MS } from './handles';

let dir: string;
let invoice: string;
let folder: string;
let outside: string;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerdesk-handles-'));
  folder = path.join(dir, 'inbox');
  fs.mkdirSync(path.join(folder, 'march'), { recursive: true });
  invoice = path.join(folder, 'march', 'invoice.xml');
  fs.writeFileSync(invoice, '<Invoice/>');
  outside = path.join(dir, 'vault.json');
  fs.writeFileSync(outside, '{"secret":1}');
  fs.symlinkSync(outside, path.join(folder, 'link-out.json'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const setup = () => {
  const clock = new FakeClock();
  return { clock, handles: createFileHandles({ clock }) };
};

describe('file handles', () => {
  it('hand out an opaque handle that names no path, resolved for the window it was granted to', async () => {
    const { handles } = setup();
    const [granted] = await handles.grant([invoice], 'window-1', { access: 'read' });
    expect(granted).toMatchObject({ kind: 'file', name: 'invoice.xml', label: invoice, size: 10 });
    expect(granted?.handle).not.toContain('invoice');
    await expect(handles.resolve({ handle: granted?.handle ?? '' }, 'window-1', 'read')).resolves.toEqual({ path: invoice, kind: 'file', name: 'invoice.xml' });
  });

  it('refuse a handle from another window, an unknown one and an expired one, quoting no path', async () => {
    const { clock, handles } = setup();
    const [granted] = await handles.grant([invoice], 'window-1', { access: 'read' });
    const handle = granted?.handle ?? '';
    for (const attempt of [handles.resolve({ handle }, 'window-2', 'read'), handles.resolve({ handle: 'fh_made-up-by-a-script' }, 'window-1', 'read')]) {
      await expect(attempt).rejects.toMatchObject({ code: 'forbidden', message: expect.stringMatching(/does not recognise this file/) });
    }
    clock.advance(DEFAULT_HANDLE_TTL_MS);
    const expired = handles.resolve({ handle }, 'window-1', 'read');
    await expect(expired).rejects.toMatchObject({ code: 'forbidden', message: expect.stringMatching(/expired/) });
    await expect(expired).rejects.not.toMatchObject({ message: expect.stringContaining(dir) });
  });

  it('grant nothing for a relative path, a missing file or an empty string (what a fabricated File resolves to)', async () => {
    const { handles } = setup();
    expect(await handles.grant(['', 'invoice.xml', path.join(dir, 'missing.xml'), `${invoice}\0`], 'window-1', { access: 'read' })).toEqual([null, null, null, null]);
  });

  it('let a folder handle name files of its subtree, and nothing outside it', async () => {
    const { handles } = setup();
    const [granted] = await handles.grant([folder], 'window-1', { access: 'read' });
    const handle = granted?.handle ?? '';
    expect(granted?.kind).toBe('folder');
    await expect(handles.resolve({ handle, subpath: 'march/invoice.xml' }, 'window-1', 'read')).resolves.toMatchObject({ path: invoice, kind: 'file' });
    for (const subpath of ['../vault.json', 'march/../../vault.json', '/etc/passwd', 'march\\..\\..\\vault.json', './march/invoice.xml']) {
      await expect(handles.resolve({ handle, subpath }, 'window-1', 'read'), subpath).rejects.toMatchObject({ code: 'forbidden' });
    }
    await expect(handles.resolve({ handle, subpath: 'link-out.json' }, 'window-1', 'read')).rejects.toMatchObject({ code: 'forbidden', message: expect.stringMatching(/outside the granted folder/) });
    await expect(handles.resolve({ handle, subpath: 'march/gone.xml' }, 'window-1', 'read')).rejects.toMatchObject({ code: 'file' });
  });

  it('keep reading and writing apart: a destination folder cannot be read through, a dropped file not written into', async () => {
    const { handles } = setup();
    const [destination] = await handles.grant([folder], 'window-1', { access: 'write' });
    const [dropped] = await handles.grant([invoice], 'window-1', { access: 'read' });
    await expect(handles.resolve({ handle: destination?.handle ?? '', subpath: 'march/invoice.xml' }, 'window-1', 'read')).rejects.toMatchObject({ code: 'forbidden' });
    await expect(handles.resolve({ handle: dropped?.handle ?? '' }, 'window-1', 'write')).rejects.toMatchObject({ code: 'forbidden' });
    await expect(handles.resolve({ handle: destination?.handle ?? '' }, 'window-1', 'write')).resolves.toMatchObject({ path: folder, kind: 'folder' });
  });

  it("forget a window's grants when it closes", async () => {
    const { handles } = setup();
    const [mine] = await handles.grant([invoice], 'window-1', { access: 'read' });
    const [theirs] = await handles.grant([invoice], 'window-2', { access: 'read' });
    handles.revokeOwner('window-1');
    await expect(handles.resolve({ handle: mine?.handle ?? '' }, 'window-1', 'read')).rejects.toMatchObject({ code: 'forbidden' });
    await expect(handles.resolve({ handle: theirs?.handle ?? '' }, 'window-2', 'read')).resolves.toMatchObject({ path: invoice });
  });
});
