import { describe, expect, it, vi } from 'vitest';
import type { ChannelInput, UploadPreferences } from '../../../../../shared/contract';
import { collectFromListing } from '../intake/dropped-files';
import { makeEntry } from '../test/entries';
import { batchBlocker, batchContext, buildBatchView, prepareBatchChecks, type BatchRow } from './batch-model';
import type { BatchDraft, DraftFile } from './draft-store';
import { planCalls, sendBatch, type SendItem } from './send-batch';

const preferences: UploadPreferences = { country: 'PL', e2eIdTemplate: 'LD-{date}-{n}-{file}-{rand}' };
const createdAt = Date.UTC(2026, 2, 1, 10, 30, 0);
let serial = 0;

const draftFile = (name: string, size = 100, relativePath = name): DraftFile => ({
  id: `f${++serial}`,
  file: new File([new Uint8Array(size)], name),
  name,
  size,
  relativePath,
  randoms: [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8],
});

const draftOf = (files: DraftFile[], changes: Partial<BatchDraft> = {}): BatchDraft => ({
  files,
  skippedHidden: 0,
  unreadable: [],
  country: null,
  template: null,
  overrides: {},
  createdAt,
  ...changes,
});

const codes = (row: BatchRow | undefined) => [...(row?.fileIssues ?? []), ...(row?.e2eIssue ? [row.e2eIssue] : [])].map((issue) => issue.code);

describe('checking a batch before sending', () => {
  it('gives each file its own ID from the template and lets good files through', () => {
    const view = buildBatchView(draftOf([draftFile('a.xml'), draftFile('b.csv')]), preferences, []);
    expect(view.rows.map((row) => row.e2eId)).toEqual(['LD-20260301-1-a.xml-134689bc', 'LD-20260301-2-b.csv-134689bc']);
    expect(view.sendable).toHaveLength(2);
    expect(batchBlocker(view)).toBeNull();
    expect(view.preview).toBe('LD-20260301-1-a.xml-134689bc');
  });

  it('checks a big batch a slice at a time with the same outcome as all at once, and again when its inputs change', () => {
    const names = ['IT01234567890_00001.xml', 'bad.txt', 'IT01234567890_00002.xml', 'empty.xml', 'IT01234567890_00003.xml'];
    const make = () => draftOf(names.map((name) => draftFile(name, name === 'empty.xml' ? 0 : 100)));
    const sliced = make();
    const context = batchContext(sliced, preferences);
    expect(context.country).toBe('IT');
    const stops: number[] = [];
    for (let next = 0; next < names.length; ) stops.push((next = prepareBatchChecks(sliced, context, next, next + 2)));
    expect(stops).toEqual([2, 4, 5]);
    const summary = (view: ReturnType<typeof buildBatchView>) => view.rows.map((row) => [row.e2eId, codes(row), row.warnings.map((warning) => warning.code)]);
    const whole = buildBatchView(make(), preferences, []);
    expect(summary(buildBatchView(sliced, preferences, []))).toEqual(summary(whole));
    // Prepared for Italy, then sent to Poland: each file is checked again for its new country.
    const toPoland = buildBatchView({ ...sliced, country: 'PL' }, preferences, []);
    expect(toPoland.rows[0]?.warnings.map((warning) => warning.code)).toEqual(['warning.countryMismatch']);
  });

  it('refuses a bad extension, an empty file and a file over the 5 MiB request, saying why', () => {
    const big = draftFile('big.xml', 4 * 1024 * 1024);
    const view = buildBatchView(draftOf([draftFile('bad.txt'), draftFile('empty.xml', 0), big, draftFile('noext')]), preferences, []);
    expect(view.rows.map(codes)).toEqual([['name.unknownExtension'], ['file.empty'], ['file.tooLarge'], ['name.noExtension']]);
    expect(view.rows[0]?.fileIssues[0]?.params).toEqual({ extension: '.txt' });
    expect(view.rows[2]?.fileIssues[0]?.params.size).toBe(4 * 1024 * 1024);
    expect(Number(view.rows[2]?.fileIssues[0]?.params.limit)).toBeLessThan(3.76 * 1024 * 1024);
    expect(batchBlocker(view)).toBe('nothingToSend');
  });

  it('validates a typed ID as the server does and flags the same ID twice', () => {
    const a = draftFile('a.xml');
    const b = draftFile('b.xml');
    const c = draftFile('c.xml');
    const view = buildBatchView(draftOf([a, b, c], { overrides: { [a.id]: ' lead', [b.id]: 'SAME', [c.id]: 'SAME' } }), preferences, []);
    expect(view.rows.map(codes)).toEqual([['e2e.surroundingSpace'], ['e2e.duplicate'], ['e2e.duplicate']]);
    expect(view.rows[0]?.custom).toBe(true);

    const accented = buildBatchView(draftOf([a], { overrides: { [a.id]: 'fattura-è' } }), preferences, []);
    expect(accented.rows[0]?.e2eIssue).toEqual({ code: 'e2e.nonPrintable', params: { position: 9, charKind: 'char', char: 'è' } });
  });

  it('blocks on an empty template and warns when it gives every file one ID', () => {
    const files = [draftFile('a.xml'), draftFile('b.xml')];
    expect(batchBlocker(buildBatchView(draftOf(files, { template: '  ' }), preferences, []))).toBe('template');
    const same = buildBatchView(draftOf(files, { template: 'FIXED' }), preferences, []);
    expect(same.templateIssue?.code).toBe('template.sameForAll');
    expect(same.rows.map(codes)).toEqual([['e2e.duplicate'], ['e2e.duplicate']]);
  });

  it('suggests the country from the file names, unless the user chose one', () => {
    const italian = [draftFile('IT01234567890_00001.xml'), draftFile('notes.csv')];
    const suggested = buildBatchView(draftOf(italian), preferences, []);
    expect(suggested).toMatchObject({ country: 'IT', countrySuggested: true, mixedCountries: false });
    const chosen = buildBatchView(draftOf(italian, { country: 'PL' }), preferences, []);
    expect(chosen).toMatchObject({ country: 'PL', countrySuggested: false });
    expect(chosen.rows[0]?.warnings.map((w) => w.code)).toEqual(['warning.countryMismatch']);
    const mixed = buildBatchView(draftOf([...italian, draftFile('FA_2_2026.xml')]), preferences, []);
    expect(mixed).toMatchObject({ country: 'PL', mixedCountries: true });
  });

  it('warns about a file already uploaded with the same name and size, not about one that failed', () => {
    const sent = makeEntry({ fileName: 'a.xml', size: 100, state: 'done' });
    const failed = makeEntry({ fileName: 'b.xml', size: 100, state: 'failed' });
    const view = buildBatchView(draftOf([draftFile('a.xml'), draftFile('b.xml')]), preferences, [sent, failed]);
    expect(view.rows.map((row) => row.warnings.map((w) => w.code))).toEqual([['warning.alreadyUploaded'], []]);
    expect(view.sendable).toHaveLength(2);
  });
});

const item = (name: string, size: number): SendItem => ({ draftId: name, dropped: { file: new File([new Uint8Array(size)], name), relativePath: name }, e2eId: `id-${name}` });

describe('handing a batch to the core', () => {
  it('splits a batch into calls by size and by count', () => {
    const items = [item('a.xml', 600), item('b.xml', 600), item('c.xml', 600)];
    expect(planCalls(items, 1700).map((call) => call.map((i) => i.draftId))).toEqual([['a.xml', 'b.xml'], ['c.xml']]);
    expect(planCalls(items, 10_000, 1).map((call) => call.length)).toEqual([1, 1, 1]);
  });

  it('sends a small first call, so the core starts sending while the rest of a big drop is on its way', () => {
    const many = Array.from({ length: 450 }, (_, index) => item(`f${index}.xml`, 10));
    expect(planCalls(many).map((call) => call.length)).toEqual([8, 200, 200, 42]);
  });

  it('sends every file with its ID, keeps files that could not be read out, and stops at a failed call', async () => {
    const calls: Array<ChannelInput<'uploads.add'>> = [];
    let call = 0;
    const result = await sendBatch(
      [item('a.xml', 10), item('unreadable.xml', 10), item('c.xml', 10)],
      { country: 'IT', template: 'T-{n}' },
      {
        add: async (input) => {
          calls.push(input);
          call += 1;
          if (call === 1) return { batchId: 'b1', entries: [makeEntry({ fileName: 'a.xml' })], rejected: [] };
          throw new Error('core gone');
        },
        toFileRefs: async (dropped) =>
          dropped.map((item) => (item.file.name === 'unreadable.xml' ? new Error('The file was moved.') : { kind: 'bytes', name: item.file.name, base64: 'AAAA' })),
      },
    );
    // Small files travel together: one call with a.xml and c.xml.
    expect(calls).toHaveLength(1);
    expect(calls[0]?.files.map((f) => f.e2eId)).toEqual(['id-a.xml', 'id-c.xml']);
    expect(result.batchIds).toEqual(['b1']);
    expect(result.rejected).toEqual([{ fileName: 'unreadable.xml', origin: 'unreadable.xml', code: 'file', message: 'The file was moved.' }]);
    expect(result.failure).toBeNull();
  });

  it('reports which files were not handed over when a later call fails', async () => {
    const result = await sendBatch([item('a.xml', 9), item('b.xml', 9), item('c.xml', 9)], { country: 'IT', template: 'T' }, {
      maxFilesPerCall: 1,
      add: async (input) => {
        if (input.files[0]?.e2eId === 'id-b.xml') throw new Error('core gone');
        return { batchId: 'b1', entries: [], rejected: [] };
      },
      toFileRefs: async (dropped) => dropped.map((item) => ({ kind: 'bytes', name: item.file.name, base64: '' })),
    });
    expect(result.handledDraftIds).toEqual(['a.xml']);
    expect(result.failure).toMatchObject({ notSentDraftIds: ['b.xml', 'c.xml'] });
    expect(result.batchIds).toEqual(['b1']);
  });
});

describe('files with the same content in one batch', () => {
  it('warns on the later copies and names the first, without blocking them (the user chooses)', () => {
    const first = { ...draftFile('march.xml', 120, 'in/march.xml'), sha256: 'aa' };
    const copy = { ...draftFile('march (1).xml', 120), sha256: 'aa' };
    const other = { ...draftFile('april.xml', 120), sha256: 'bb' };
    const view = buildBatchView(draftOf([first, copy, other]), preferences, []);
    expect(view.rows.map((row) => row.copyOf)).toEqual([null, 'in/march.xml', null]);
    expect(view.rows[1]?.warnings).toContainEqual({ code: 'warning.sameContent', params: { other: 'in/march.xml' } });
    expect(view.sendable).toHaveLength(3);
  });

  it('reads only the files that could be copies (same size), and tells identical bytes apart from different ones', async () => {
    const { addToDraft, clearDraft, hashLookalikes, stopHashing, useDraftStore } = await import('./draft-store');
    clearDraft();
    const read: string[] = [];
    const files = [new File(['<a/>'], 'a.xml'), new File(['<a/>'], 'a-copy.xml'), new File(['<b/>'], 'b.xml'), new File(['<longer/>'], 'c.xml')];
    addToDraft({ files: files.map((file) => ({ file, relativePath: file.name })), skippedHidden: 0, unreadable: [] });
    stopHashing(); // the drop's own background hashing: this test runs its own
    const { contentHash } = await import('./draft-store');
    await hashLookalikes(async (file) => {
      read.push((file as File).name);
      return contentHash(file);
    });
    expect(read.sort()).toEqual(['a-copy.xml', 'a.xml', 'b.xml']);
    const draft = useDraftStore.getState().draft!;
    const view = buildBatchView(draft, preferences, []);
    expect(view.rows.map((row) => [row.name, row.copyOf])).toEqual([
      ['a.xml', null],
      ['a-copy.xml', 'a.xml'],
      ['b.xml', null],
      ['c.xml', null],
    ]);
    clearDraft();
  });

  it('puts the hashes of a big drop into the batch in a few updates, not one re-check of every row per file', async () => {
    const { addToDraft, clearDraft, hashLookalikes, stopHashing, useDraftStore } = await import('./draft-store');
    clearDraft();
    const files = Array.from({ length: 40 }, (_, index) => new File([`<i n="${index % 10}"/>`], `f${index}.xml`));
    addToDraft({ files: files.map((file) => ({ file, relativePath: file.name })), skippedHidden: 0, unreadable: [] });
    stopHashing(); // the drop's own background hashing: this test runs its own
    let updates = 0;
    const stop = useDraftStore.subscribe(() => (updates += 1));
    let clock = 0;
    // Each file takes 100 ms to hash: with updates at most every 250 ms, 40 files make about 16 of them.
    await hashLookalikes(
      async (file) => {
        clock += 100;
        return (file as File).text();
      },
      () => clock,
    );
    stop();
    expect(updates).toBeGreaterThan(1);
    expect(updates).toBeLessThanOrEqual(17);
    const draft = useDraftStore.getState().draft!;
    expect(draft.files.every((file) => file.sha256 !== undefined)).toBe(true);
    expect(buildBatchView(draft, preferences, []).rows.filter((row) => row.copyOf !== null)).toHaveLength(30);
    clearDraft();
  });

  it('stops reading files for copies once the batch is sent', async () => {
    const { addToDraft, clearDraft, hashLookalikes, stopHashing, useDraftStore } = await import('./draft-store');
    clearDraft();
    const files = Array.from({ length: 10 }, (_, index) => new File(['<same/>'], `s${index}.xml`));
    addToDraft({ files: files.map((file) => ({ file, relativePath: file.name })), skippedHidden: 0, unreadable: [] });
    stopHashing(); // the drop's own background hashing: this test runs its own
    const read: string[] = [];
    await hashLookalikes(async (file) => {
      read.push((file as File).name);
      if (read.length === 3) stopHashing(); // Upload pressed while the third file was read
      return 'h';
    });
    expect(read).toHaveLength(3);
    expect(useDraftStore.getState().draft?.files.some((file) => file.sha256 !== undefined)).toBe(false);
    clearDraft();
  });

  describe('files of a folder chosen in the dialog (the page never has their bytes)', () => {
    /** The core's SHA-256 of a file's content: the same digest the page takes of its own files (Web Crypto, no Node in the renderer's tests). */
    const sha = async (text: string): Promise<string> => (await import('./draft-store')).contentHash(new Blob([text]));
    /** A granted folder as the core lists it, and the core's hashes of its files by sub-path. */
    const folder = (handle: string, contents: Record<string, string>) => ({
      listing: collectFromListing(handle, {
        name: handle,
        files: Object.entries(contents).map(([subpath, text]) => ({ subpath, name: subpath.split('/').pop() ?? subpath, size: text.length, modifiedMs: 1 })),
        skippedHidden: 0,
        unreadable: [],
      }),
      hashes: (subpaths: readonly string[]): Promise<Array<string | null>> => Promise.all(subpaths.map((subpath) => (subpath in contents ? sha(contents[subpath] ?? '') : null))),
    });

    it('asks the core for the hashes of the files that could be copies, many per call, and warns on the copies', async () => {
      const { addToDraft, clearDraft, hashLookalikes, stopHashing, useDraftStore } = await import('./draft-store');
      clearDraft();
      const march = folder('fh_march', { 'a.xml': '<a/>', 'sub/a-copy.xml': '<a/>', 'b.xml': '<b/>', 'longer.xml': '<longer/>' });
      addToDraft(march.listing);
      stopHashing(); // the drop's own background hashing: this test runs its own
      const calls: Array<{ handle: string; subpaths: readonly string[] }> = [];
      const readOnPage: unknown[] = [];
      await hashLookalikes(
        async (file) => {
          readOnPage.push(file);
          return 'never';
        },
        () => performance.now(),
        async (handle, subpaths) => {
          calls.push({ handle, subpaths });
          return march.hashes(subpaths);
        },
      );
      // One call for the three files of one size; the file of a size of its own is never read.
      expect(calls).toEqual([{ handle: 'fh_march', subpaths: ['a.xml', 'sub/a-copy.xml', 'b.xml'] }]);
      expect(readOnPage).toEqual([]);
      const view = buildBatchView(useDraftStore.getState().draft!, preferences, []);
      expect(view.rows.map((row) => [row.relativePath, row.copyOf])).toEqual([
        ['fh_march/a.xml', null],
        ['fh_march/sub/a-copy.xml', 'fh_march/a.xml'],
        ['fh_march/b.xml', null],
        ['fh_march/longer.xml', null],
      ]);
      expect(view.rows[1]?.warnings).toContainEqual({ code: 'warning.sameContent', params: { other: 'fh_march/a.xml' } });
      clearDraft();
    });

    it('tells a dropped file and a file of a chosen folder with the same content apart from the rest', async () => {
      const { addToDraft, clearDraft, contentHash, hashLookalikes, stopHashing, useDraftStore } = await import('./draft-store');
      clearDraft();
      const april = folder('fh_april', { 'invoice.xml': '<inv n="7"/>', 'other.xml': '<inv n="8"/>' });
      addToDraft({ files: [{ file: new File(['<inv n="7"/>'], 'dropped.xml'), relativePath: 'dropped.xml' }], skippedHidden: 0, unreadable: [] });
      addToDraft(april.listing);
      stopHashing();
      await hashLookalikes(contentHash, () => performance.now(), async (_handle, subpaths) => april.hashes(subpaths));
      const view = buildBatchView(useDraftStore.getState().draft!, preferences, []);
      expect(view.rows.map((row) => [row.relativePath, row.copyOf])).toEqual([
        ['dropped.xml', null],
        ['fh_april/invoice.xml', 'dropped.xml'],
        ['fh_april/other.xml', null],
      ]);
      clearDraft();
    });

    it('splits a big folder into calls by count and by bytes, folder by folder', async () => {
      const { FOLDER_HASH_BYTES, FOLDER_HASH_FILES, planFolderHashCalls } = await import('./draft-store');
      const files = (handle: string, count: number, size: number): DraftFile[] =>
        Array.from({ length: count }, (_, index) => ({
          ...draftFile(`f${index}.xml`, size),
          file: { kind: 'inGrantedFolder' as const, handle, subpath: `f${index}.xml`, name: `f${index}.xml`, size, lastModified: 1 },
        }));
      const small = planFolderHashCalls(files('fh_a', FOLDER_HASH_FILES * 2 + 1, 1024));
      expect(small.map((call) => call.files.length)).toEqual([FOLDER_HASH_FILES, FOLDER_HASH_FILES, 1]);
      const large = planFolderHashCalls(files('fh_b', 3, FOLDER_HASH_BYTES - 1));
      expect(large.map((call) => call.files.length)).toEqual([1, 1, 1]);
      const mixed = planFolderHashCalls([...files('fh_a', 2, 10), draftFile('on-page.xml', 10), ...files('fh_b', 1, 10)]);
      expect(mixed.map((call) => [call.handle, call.files.length])).toEqual([
        ['fh_a', 2],
        ['fh_b', 1],
      ]);
    });

    /** A folder of 3 calls' worth of files, two sizes, and a run of hashLookalikes whose first call waits until released. */
    const heldRun = async () => {
      const { addToDraft, hashLookalikes, stopHashing, FOLDER_HASH_FILES } = await import('./draft-store');
      const contents = Object.fromEntries(Array.from({ length: FOLDER_HASH_FILES * 3 }, (_, index) => [`f${String(index).padStart(3, '0')}.xml`, `<i n="${index % 100}"/>`]));
      const big = folder('fh_big', contents);
      addToDraft(big.listing);
      stopHashing(); // the drop's own background hashing: this test runs its own
      const asked: string[][] = [];
      let release: () => void = () => undefined;
      const run = hashLookalikes(
        async () => 'never',
        () => 0,
        async (_handle, subpaths) => {
          asked.push([...subpaths]);
          if (asked.length === 1) await new Promise<void>((resolve) => (release = resolve));
          return big.hashes(subpaths);
        },
      );
      await vi.waitFor(() => expect(asked).toHaveLength(1));
      return { asked, run, release: () => release(), total: FOLDER_HASH_FILES * 3 };
    };

    it('asks the core no more once the batch is sent', async () => {
      const { clearDraft, stopHashing, useDraftStore } = await import('./draft-store');
      clearDraft();
      const held = await heldRun();
      stopHashing(); // Upload pressed while the first call was out
      held.release();
      await held.run;
      expect(held.asked).toHaveLength(1);
      expect(useDraftStore.getState().draft?.files.some((file) => file.sha256 !== undefined)).toBe(false);
      clearDraft();
    });

    it('reads no file twice when a second drop arrives while the first is being hashed', async () => {
      const { addToDraft, clearDraft, hashLookalikes, useDraftStore } = await import('./draft-store');
      clearDraft();
      const held = await heldRun();
      // Its own run (addToDraft's) hashes the dropped file; the first run keeps the folder's files.
      addToDraft({ files: [{ file: new File(['<i n="1"/>'], 'dropped.xml'), relativePath: 'dropped.xml' }], skippedHidden: 0, unreadable: [] });
      const again: unknown[] = [];
      await hashLookalikes(
        async (file) => (again.push(file), 'h'),
        () => 0,
        async (_handle, subpaths) => (again.push(...subpaths), subpaths.map(() => null)),
      );
      expect(again).toEqual([]);
      held.release();
      await held.run;
      expect(held.asked.flat()).toHaveLength(held.total);
      await vi.waitFor(() => expect(useDraftStore.getState().draft?.files.every((file) => file.sha256 !== undefined)).toBe(true));
      const view = buildBatchView(useDraftStore.getState().draft!, preferences, []);
      expect(view.rows.find((row) => row.name === 'dropped.xml')?.copyOf).toBe('fh_big/f001.xml');
      clearDraft();
    });
  });

  it('asks a big pick for its files\' sizes in steps, letting the page draw between them, then starts the batch', async () => {
    const { addToDraftInSteps, clearDraft, METADATA_STEP, useDraftStore } = await import('./draft-store');
    clearDraft();
    const asked: number[] = [];
    const count = METADATA_STEP * 2 + 5;
    const files = Array.from({ length: count }, (_, index) => {
      const file = new File(['<a/>'], `f${index}.xml`);
      Object.defineProperty(file, 'size', { get: () => (asked.push(index), 4) });
      return { file, relativePath: `dir/f${index}.xml` };
    });
    const askedAtYield: number[] = [];
    await addToDraftInSteps({ files, skippedHidden: 0, unreadable: [] }, async () => {
      askedAtYield.push(new Set(asked).size);
      expect(useDraftStore.getState().draft).toBeNull();
    });
    expect(askedAtYield).toEqual([METADATA_STEP, METADATA_STEP * 2]);
    expect(useDraftStore.getState().draft?.files).toHaveLength(count);
    clearDraft();
  });

  it('keeps one file once when the same drop arrives twice', async () => {
    const { addToDraft, clearDraft, useDraftStore } = await import('./draft-store');
    clearDraft();
    const files = [new File(['<a/>'], 'a.xml'), new File(['<b/>'], 'b.xml')];
    const collected = { files: files.map((file) => ({ file, relativePath: file.name })), skippedHidden: 0, unreadable: [] };
    addToDraft(collected);
    addToDraft(collected);
    expect(useDraftStore.getState().draft?.files.map((file) => file.relativePath)).toEqual(['a.xml', 'b.xml']);
    clearDraft();
  });
});
