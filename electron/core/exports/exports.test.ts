import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, beforeEach, afterEach, describe, expect, it } from 'vitest';
import { startTestEmulator, type TestEmulator } from '../../../emulator/testing';
import { periodPackInputSchema, type ExportProgress } from '../../../shared/contract';
import { createDocumentsApi, type DocumentsApi } from '../documents/api';
import { createTestHttp, type TestHttp } from '../documents/testing/http';
import { csvCell, toCsv } from './csv';
import { documentColumns } from './csv-exports';
import { packBaseName, writePeriodPack } from './period-pack';

let emulator: TestEmulator;
let client: TestHttp;
let api: DocumentsApi;
let work: string;

beforeAll(async () => {
  emulator = await startTestEmulator({ documents: 40 });
  const token = await emulator.login('full');
  client = createTestHttp();
  api = createDocumentsApi({ http: client.http, baseUrl: () => emulator.urls.documentsUrl, token: () => token });
});
afterAll(async () => {
  await client?.close();
  await emulator?.close();
});
beforeEach(async () => {
  work = await fs.mkdtemp(path.join(os.tmpdir(), 'ledgerdesk-exports-'));
});
afterEach(async () => {
  await fs.rm(work, { recursive: true, force: true });
});

const deps = (progress: ExportProgress[] = [], signal = new AbortController().signal) => ({
  api,
  profileName: 'Local emulator',
  now: () => new Date('2026-11-24T10:00:00Z'),
  signal,
  progress: (update: Omit<ExportProgress, 'exportId' | 'type'>) => progress.push({ exportId: 'x', type: 'invoice', ...update }),
});

/** The parsed input with the folder resolved, as the handler passes it. */
const packInput = (input: Record<string, unknown> & { folder: string }) => ({ ...periodPackInputSchema.parse({ ...input, folder: { kind: 'typed', path: input.folder } }), folder: input.folder });

const sha256 = (bytes: Uint8Array): string => crypto.createHash('sha256').update(bytes).digest('hex');

describe('period pack', () => {
  it('packs every matching document with its PDF, an index and a manifest whose hashes match', async () => {
    const progress: ExportProgress[] = [];
    const input = packInput({ type: 'invoice', selection: { kind: 'filter', filters: { direction: 'incoming' } }, folder: work });
    const listed = await api.list('invoice', { direction: 'incoming' }, 1, 30);
    const result = await writePeriodPack(input, deps(progress));

    expect(result.documents).toBe(listed.totalItems);
    expect(result.failed).toEqual([]);
    expect(path.dirname(result.path)).toBe(work);
    const entries = unzipSync(new Uint8Array(await fs.readFile(result.path)));
    const manifest = JSON.parse(Buffer.from(entries['manifest.json'] as Uint8Array).toString('utf8')) as { documents: number; files: Array<{ path: string; size: number; sha256: string }> };
    expect(manifest.documents).toBe(listed.totalItems);
    // Every file but the manifest is listed, with its true hash and size.
    expect(manifest.files.map((file) => file.path).sort()).toEqual(Object.keys(entries).filter((name) => name !== 'manifest.json').sort());
    for (const file of manifest.files) {
      const bytes = entries[file.path] as Uint8Array;
      expect(sha256(bytes)).toBe(file.sha256);
      expect(bytes.length).toBe(file.size);
    }
    expect(Object.keys(entries).filter((name) => name.startsWith('pdf/'))).toHaveLength(listed.totalItems);
    const index = Buffer.from(entries['index.csv'] as Uint8Array).toString('utf8').replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    expect(index[0]).toBe('number,document_date,created_at,direction,sender_name,sender_id,recipient_name,recipient_id,total_without_vat,vat,total,currency,downloaded,uuid,source_file,pdf_file');
    expect(index).toHaveLength(listed.totalItems + 1);
    const first = listed.items[0];
    const row = index.find((line) => first && line.includes(first.uuid)) ?? '';
    expect(row).toContain(',incoming,');
    // Totals and currency come from the document itself.
    expect(row).toMatch(/,\d+\.\d{2},[A-Z]{3},(yes|no),/);
    expect(progress.at(-1)).toMatchObject({ state: 'packing', done: listed.totalItems, total: listed.totalItems });
    // Nothing else is left in the folder: no temp file.
    expect(await fs.readdir(work)).toEqual([result.fileName]);
  });

  it('packs chosen documents and never overwrites an earlier pack', async () => {
    const page = await api.list('invoice', {}, 1, 3);
    const input = packInput({ type: 'invoice', selection: { kind: 'uuids', uuids: page.items.map((item) => item.uuid) }, folder: work, includePdf: false });
    const first = await writePeriodPack(input, deps());
    const second = await writePeriodPack(input, deps());
    expect(first.documents).toBe(3);
    expect(second.fileName).not.toBe(first.fileName);
    expect(second.fileName).toMatch(/ \(2\)\.zip$/);
    const entries = unzipSync(new Uint8Array(await fs.readFile(second.path)));
    expect(Object.keys(entries).filter((name) => name.startsWith('pdf/'))).toEqual([]);
  });

  it('says clearly when the folder is missing, and leaves nothing behind when cancelled', async () => {
    const missing = packInput({ type: 'invoice', selection: { kind: 'filter', filters: {} }, folder: path.join(work, 'nope') });
    await expect(writePeriodPack(missing, deps())).rejects.toMatchObject({ code: 'file', message: `The folder ${path.join(work, 'nope')} does not exist. Choose another folder or create it first.` });

    const control = new AbortController();
    const progress: ExportProgress[] = [];
    const input = packInput({ type: 'invoice', selection: { kind: 'filter', filters: {} }, folder: work });
    const running = writePeriodPack(input, {
      ...deps(progress, control.signal),
      progress: (update) => {
        if (update.state === 'packing' && update.done === 2) control.abort();
      },
    });
    await expect(running).rejects.toMatchObject({ code: 'cancelled' });
    expect(await fs.readdir(work)).toEqual([]);
  });

  it('writes an index.csv in which no cell starts with a formula character when opened with ; as separator', async () => {
    const hostileApi: DocumentsApi = {
      ...api,
      list: async (...args: Parameters<DocumentsApi['list']>) => {
        const page = await api.list(...args);
        return { ...page, items: page.items.map((record) => ({ ...record, sender: { ...record.sender, name: HOSTILE }, recipient: { ...record.recipient, name: '@x;+y' } })) };
      },
    };
    const input = packInput({ type: 'invoice', selection: { kind: 'filter', filters: { direction: 'incoming' } }, folder: work, includePdf: false });
    const result = await writePeriodPack(input, { ...deps(), api: hostileApi });
    const entries = unzipSync(new Uint8Array(await fs.readFile(result.path)));
    const index = Buffer.from(entries['index.csv'] as Uint8Array).toString('utf8');
    expect(index).toContain(`"ACME;'=cmd|' /C calc'!A0;x"`);
    expectNoFormulaCell(index);
  });

  it('names the pack after the period of the filter', () => {
    const now = new Date('2026-11-24T10:05:00Z');
    expect(packBaseName({ type: 'invoice', selection: { kind: 'filter', filters: { documentDate: { after: '2026-10-01', before: '2026-10-31' } } } }, now)).toBe('invoices_2026-10-01_2026-10-31');
    expect(packBaseName({ type: 'credit-note', selection: { kind: 'uuids', uuids: ['a'] } }, now)).toBe('credit-notes_2026-11-24_1005');
  });
});

describe('csv', () => {
  it('keeps a spreadsheet from running text as a formula, but leaves numbers alone', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe(`'=HYPERLINK("x")`);
    expect(csvCell('-12.50')).toBe('-12.50');
    expect(csvCell('@SUM(A1)')).toBe(`'@SUM(A1)`);
    expect(csvCell(true)).toBe('yes');
    const text = toCsv([{ name: 'Rossi, "Bottega"' }], [{ header: 'name', value: (row) => row.name }]);
    expect(text).toBe('\uFEFFname\r\n"Rossi, ""Bottega"""\r\n');
  });

  it('leaves no cell starting with a formula character when the list CSV is opened with ; as separator', async () => {
    const page = await api.list('invoice', {}, 1, 5);
    const records = page.items.map((record) => ({ ...record, sender: { ...record.sender, name: HOSTILE }, recipient: { ...record.recipient, name: 'x|@SUM(1)\t-2+3;ok' } }));
    const text = toCsv(records, documentColumns);
    expectNoFormulaCell(text);
    // Split on `;`, the command is a cell of its own, made inert by its apostrophe.
    const rows = parseCsv(text, ';');
    expect(rows).toHaveLength(records.length + 1);
    expect(rows[1]).toContain("'=cmd|' /C calc'!A0");
  });

  it('neutralises every part a separator would split off, and leaves numbers alone', () => {
    expect(csvCell(HOSTILE)).toBe("ACME;'=cmd|' /C calc'!A0;x");
    expect(csvCell('a;\t=x')).toBe("a;'\t'=x");
    expect(csvCell('a, =1+1')).toBe("a,' =1+1");
    expect(csvCell('total;-5;+x')).toBe("total;-5;'+x");
    expect(csvCell('a|\rb')).toBe("a|'\rb");
  });
});

const HOSTILE = "ACME;=cmd|' /C calc'!A0;x";

/** A CSV read the way a spreadsheet reads it with `separator` (quotes respected, `""` inside them). */
function parseCsv(text: string, separator: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const body = text.replace(/^\uFEFF/, '');
  for (let index = 0; index < body.length; index += 1) {
    const character = body[index] as string;
    if (quoted) {
      if (character === '"' && body[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else if (character === '"') quoted = false;
      else cell += character;
    } else if (character === '"' && cell === '') quoted = true;
    else if (character === separator) {
      row.push(cell);
      cell = '';
    } else if (character === '\r' && body[index + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      index += 1;
    } else cell += character;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}

/** Split with each common separator, no cell begins with =, +, -, @, a tab or a CR (plain numbers aside). */
function expectNoFormulaCell(text: string): void {
  for (const separator of [';', ',', '\t', '|']) {
    for (const cell of parseCsv(text, separator).flat()) {
      if (/^-?\d+(\.\d+)?$/.test(cell.trim())) continue;
      expect(cell, `a cell split on ${JSON.stringify(separator)}`).not.toMatch(/^\s*[=+\-@\t\r]/);
    }
  }
}
