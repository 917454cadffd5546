import { describe, expect, it } from 'vitest';
import { collectFromDataTransfer, collectFromFileList, dragHasFiles } from './dropped-files';
import { bytesToBase64, shellCarriesBlobs, shellGranter, toFileRefs } from './file-ref';

/** A file-system entry tree like Chromium's webkitGetAsEntry() gives; readEntries answers in batches of 2. */
type FakeNode = { name: string; content?: string; children?: FakeNode[] };

function fakeEntry(node: FakeNode, parentPath = ''): FileSystemEntry {
  const fullPath = `${parentPath}/${node.name}`;
  if (!node.children) {
    return {
      name: node.name,
      fullPath,
      isFile: true,
      isDirectory: false,
      file: (resolve: (file: File) => void) => resolve(new File([node.content ?? 'x'], node.name)),
    } as unknown as FileSystemEntry;
  }
  const children = node.children;
  return {
    name: node.name,
    fullPath,
    isFile: false,
    isDirectory: true,
    createReader: () => {
      let offset = 0;
      return {
        readEntries: (resolve: (entries: FileSystemEntry[]) => void) => {
          const batch = children.slice(offset, offset + 2).map((child) => fakeEntry(child, fullPath));
          offset += 2;
          resolve(batch);
        },
      };
    },
  } as unknown as FileSystemEntry;
}

const dataTransferOf = (items: Array<{ entry: FileSystemEntry | null; file: File | null }>): DataTransfer =>
  ({
    types: ['Files'],
    files: [],
    items: items.map(({ entry, file }) => ({ kind: 'file', webkitGetAsEntry: () => entry, getAsFile: () => file })),
  }) as unknown as DataTransfer;

describe('collecting dropped files', () => {
  it('walks dropped folders (all batches of entries), keeps relative paths and skips hidden files', async () => {
    const folder: FakeNode = {
      name: 'invoices',
      children: [
        { name: 'b.xml' },
        { name: '.DS_Store' },
        { name: 'a.xml' },
        { name: '2026', children: [{ name: 'c.csv' }, { name: '.hidden', children: [{ name: 'secret.xml' }] }] },
      ],
    };
    const collected = await collectFromDataTransfer(dataTransferOf([{ entry: fakeEntry(folder), file: null }, { entry: fakeEntry({ name: 'single.json' }), file: null }]));
    expect(collected.files.map((f) => f.relativePath)).toEqual(['invoices/a.xml', 'invoices/b.xml', 'invoices/2026/c.csv', 'single.json']);
    expect(collected.skippedHidden).toBe(2);
  });

  it('falls back to the File when a drop has no file-system entry (drops built by scripts)', async () => {
    const file = new File(['<a/>'], 'plain.xml');
    const collected = await collectFromDataTransfer(dataTransferOf([{ entry: null, file }]));
    expect(collected.files).toEqual([{ file, relativePath: 'plain.xml' }]);
  });

  it('takes picked folders by webkitRelativePath, without hidden files', () => {
    const withPath = (name: string, path: string) => Object.defineProperty(new File(['x'], name), 'webkitRelativePath', { value: path });
    const collected = collectFromFileList([withPath('a.xml', 'batch/a.xml'), withPath('x.xml', 'batch/.git/x.xml'), new File(['y'], 'loose.csv')]);
    expect(collected.files.map((f) => f.relativePath)).toEqual(['batch/a.xml', 'loose.csv']);
    expect(collected.skippedHidden).toBe(1);
  });

  it('reacts only to drags that carry files', () => {
    expect(dragHasFiles({ types: ['text/plain'] } as unknown as DataTransfer)).toBe(false);
    expect(dragHasFiles({ types: ['Files'] } as unknown as DataTransfer)).toBe(true);
    expect(dragHasFiles(null)).toBe(false);
  });
});

describe('file references for the core', () => {
  it('encodes bytes as standard base64, chunk by chunk', () => {
    for (const length of [0, 1, 2, 3, 24_575, 24_576, 24_577, 100_000]) {
      const bytes = Uint8Array.from({ length }, (_, i) => (i * 31 + 7) % 256);
      let binary = '';
      for (const byte of bytes) binary += String.fromCharCode(byte);
      expect(bytesToBase64(bytes), `length ${length}`).toBe(btoa(binary));
    }
  });

  it('sends bytes (with the folder path) when the shell grants nothing', async () => {
    const file = new File(['hello'], 'a.xml');
    await expect(toFileRefs([{ file, relativePath: 'dir/a.xml' }], null)).resolves.toEqual([{ kind: 'bytes', name: 'a.xml', base64: 'aGVsbG8=', relativePath: 'dir/a.xml' }]);
    await expect(toFileRefs([{ file, relativePath: 'a.xml' }], async () => [null])).resolves.toEqual([{ kind: 'bytes', name: 'a.xml', base64: 'aGVsbG8=' }]);
  });

  it('sends the handle the Electron preload grants, never a path, and bytes for a file it cannot grant', async () => {
    const granted = { handle: 'fh_granted-handle', kind: 'file' as const, name: 'a.xml', label: '/home/me/a.xml', size: 1 };
    const asked: File[][] = [];
    const win = {
      acube: {
        invoke: () => undefined,
        on: () => undefined,
        grantFiles: async (files: File[]) => {
          asked.push(files);
          return files.map((file) => (file.name === 'a.xml' ? granted : null));
        },
      },
    } as unknown as Window;
    const granter = shellGranter(win);
    const refs = await toFileRefs([{ file: new File(['x'], 'a.xml'), relativePath: 'a.xml' }, { file: new File(['y'], 'b.xml'), relativePath: 'b.xml' }], granter);
    expect(refs).toEqual([{ kind: 'handle', handle: 'fh_granted-handle' }, { kind: 'bytes', name: 'b.xml', base64: 'eQ==' }]);
    // Both files were asked for in one grant.
    expect(asked).toHaveLength(1);
    expect(JSON.stringify(refs)).not.toContain('/home/me');
    expect(shellGranter({ acube: { invoke: () => undefined, on: () => undefined } } as unknown as Window)).toBeNull();
  });

  it('hands the File itself where the bridge carries blobs (the browser shell), without reading it', async () => {
    const file = new File(['hello'], 'a.xml');
    let read = 0;
    file.arrayBuffer = () => {
      read += 1;
      return Promise.reject(new Error('must not be read'));
    };
    const refs = await toFileRefs([{ file, relativePath: 'dir/a.xml' }], null, true);
    expect(refs).toEqual([{ kind: 'binary', name: 'a.xml', data: file, relativePath: 'dir/a.xml' }]);
    expect((refs[0] as { data: unknown }).data).toBe(file);
    expect(read).toBe(0);
    expect(shellCarriesBlobs({ acube: { invoke: () => undefined, on: () => undefined, carriesBlobs: true } } as unknown as Window)).toBe(true);
    expect(shellCarriesBlobs({ acube: { invoke: () => undefined, on: () => undefined } } as unknown as Window)).toBe(false);
  });
});
