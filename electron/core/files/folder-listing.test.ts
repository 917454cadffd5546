/** A granted folder listed by the core: what is offered, what is left out or reported, and when the folder is refused. */
import type { Dir } from 'node:fs';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listFolderFiles } from './folder-listing';

let root: string;

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerdesk-listing-'));
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

const write = (relative: string, content = '<Invoice/>'): void => {
  fs.mkdirSync(path.dirname(path.join(root, relative)), { recursive: true });
  fs.writeFileSync(path.join(root, relative), content);
};

describe('listFolderFiles', () => {
  it('lists the subtree by sub-path with sizes, in the order a person sorts names, hidden entries left out', async () => {
    write('invoice-10.xml');
    write('invoice-2.xml', '<Invoice id="2"/>');
    write('march/a.xml');
    write('.DS_Store', 'junk');
    write('.git/objects/x', 'junk');
    const listing = await listFolderFiles(root, { maxFiles: 100, folderName: 'inbox' });
    expect(listing.files.map((file) => file.subpath)).toEqual(['invoice-2.xml', 'invoice-10.xml', 'march/a.xml']);
    expect(listing.files[0]).toMatchObject({ name: 'invoice-2.xml', size: 17 });
    expect(listing.files[0]?.modifiedMs).toBeGreaterThan(0);
    expect(listing.skippedHidden).toBe(2);
    expect(listing.unreadable).toEqual([]);
  });

  it('reports a sub-folder that cannot be read and lists the rest', async () => {
    write('ok/one.xml');
    write('locked/two.xml');
    write('three.xml');
    const openDir = (dir: string): Promise<Dir> =>
      dir.endsWith(`${path.sep}locked`) ? Promise.reject(Object.assign(new Error('EACCES: permission denied'), { code: 'EACCES' })) : fs.promises.opendir(dir);
    const listing = await listFolderFiles(root, { maxFiles: 100, folderName: 'inbox', openDir });
    expect(listing.files.map((file) => file.subpath)).toEqual(['three.xml', 'ok/one.xml']);
    expect(listing.unreadable).toEqual(['locked']);
  });

  it('refuses a folder with more files than one batch takes, naming the folder and the limit, without listing it all', async () => {
    for (let n = 0; n < 12; n += 1) write(`part-${n % 3}/f-${n}.xml`);
    const opened: string[] = [];
    const openDir = (dir: string): Promise<Dir> => {
      opened.push(dir);
      return fs.promises.opendir(dir);
    };
    await expect(listFolderFiles(root, { maxFiles: 5, folderName: 'inbox', openDir })).rejects.toMatchObject({
      code: 'too_large',
      message: expect.stringMatching(/The folder inbox holds more than 5 files/),
      details: { userMessage: { key: 'uploads.folderTooManyFiles', params: { name: 'inbox', limit: 5 } } },
    });
    // Stopped at the second of three sub-folders: the sixth file proved the folder too big.
    expect(opened.length).toBeLessThan(4);
    await expect(listFolderFiles(root, { maxFiles: 12, folderName: 'inbox' })).resolves.toMatchObject({ files: expect.any(Array) });
  });

  it('offers a link to a file and reports a link to a folder instead of following it', async () => {
    write('real/one.xml');
    fs.symlinkSync(path.join(root, 'real', 'one.xml'), path.join(root, 'link.xml'));
    fs.symlinkSync(path.join(root, 'real'), path.join(root, 'linked-folder'));
    const listing = await listFolderFiles(root, { maxFiles: 100, folderName: 'inbox' });
    expect(listing.files.map((file) => file.subpath)).toEqual(['link.xml', 'real/one.xml']);
    expect(listing.unreadable).toEqual(['linked-folder']);
  });
});
