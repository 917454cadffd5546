/**
 * Tiny files that used to take the core down (issue 24, point 2), opened through the core app as the
 * renderer opens them: each is refused with the reason of the limit it passed, in the file-opening
 * thread, while another call to the core is answered; a large legitimate FatturaPA opens without
 * holding other calls up. Times and memory are measured by bench/viewer-bombs.ts, not here.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reasonOf, type ViewerResult } from '../../../shared/contract';
import { createCoreApp, type CoreAppWithServices } from '../app';
import { createMemoryPorts } from '../testing/memory-ports';
import { largeFatturaPa, lyingZip, nestedXmlZip, wideHeaderCsv, zeroDeflate, zip64ClaimingEntries, zipWithEntry } from './test-support/bombs';

const ctx = { caller: 'test' };
let app: CoreAppWithServices;
let dir: string;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerdesk-bombs-'));
  app = createCoreApp(createMemoryPorts({ userDataDir: dir }), { emulator: { autoStart: false } });
});
afterAll(async () => {
  await app.dispose();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Opens `bytes` and, while it is being opened, asks the core something else: which answered first. */
const openBeside = async (name: string, bytes: Uint8Array) => {
  const order: string[] = [];
  const opening = app.handle('viewer.open', { name, base64: Buffer.from(bytes).toString('base64') }, ctx).then((result) => {
    order.push('open');
    return result;
  });
  const other = app.handle('standards.ruleSets', {}, ctx).then((result) => {
    order.push('other');
    return result;
  });
  const [opened, answered] = await Promise.all([opening, other]);
  expect(answered.ok).toBe(true);
  return { opened, order };
};

const refusedWith = async (name: string, bytes: Uint8Array, key: string) => {
  const { opened, order } = await openBeside(name, bytes);
  expect(order).toEqual(['other', 'open']);
  expect(opened.ok).toBe(false);
  if (opened.ok) return undefined;
  expect(reasonOf(opened.error.details)?.key).toBe(key);
  return opened.error;
};

describe('hostile files are refused by the limit they pass, off the core event loop', () => {
  it('a 3 KB ZIP of 12 entries nested 13 000 elements deep: "nested too deep"', async () => {
    const error = await refusedWith('nested.zip', nestedXmlZip(12, 13_000), 'viewer.tooDeep');
    expect(error?.message).toContain('256 levels');
  });

  it('an 8 KB one of 30 such entries, the same', async () => {
    await refusedWith('nested-more.zip', nestedXmlZip(30, 13_000), 'viewer.tooDeep');
  });

  it('a lone XML file nested 100 000 deep, the same', async () => {
    await refusedWith('deep.xml', new TextEncoder().encode(`${'<a>'.repeat(100_000)}${'</a>'.repeat(100_000)}`), 'viewer.tooDeep');
  });

  it('a 1 MB CSV with a 1 MiB column name and 5 000 one-row documents: "column names too long"', async () => {
    await refusedWith('wide.csv', wideHeaderCsv(1024 * 1024, 5000), 'viewer.csvHeaderTooLong');
  });

  it('a CSV of 5 000 one-row documents: "more documents than the viewer opens"', async () => {
    await refusedWith('many.csv', wideHeaderCsv(10, 5000), 'viewer.csvTooManyDocuments');
  });

  it('a 269-byte ZIP whose ZIP64 end record claims 4 294 967 294 entries: "too many files", from the count alone', async () => {
    const bomb = zip64ClaimingEntries();
    expect(bomb.length).toBe(269);
    await refusedWith('claims.zip', bomb, 'viewer.zipTooManyFiles');
  });

  it('a 1 MB ZIP whose entry declares 1 MiB and inflates to 1 GiB: stopped past what it declares', async () => {
    const bomb = lyingZip();
    expect(bomb.length).toBeLessThan(1.1 * 1024 * 1024);
    await refusedWith('lying.zip', bomb, 'viewer.zipEntryLies');
  });

  it('the same entry declaring its 1 GiB: refused from the directory, before inflating', async () => {
    await refusedWith('honest.zip', zipWithEntry('invoice.xml', zeroDeflate(1024), { unpacked: 1024 * 1024 * 1024 }), 'viewer.zipEntryTooBig');
  });

  it('a legitimate 19.5 MB FatturaPA opens, and other calls are answered while it does', async () => {
    const { opened, order } = await openBeside('large.xml', largeFatturaPa(19.5));
    expect(order).toEqual(['other', 'open']);
    expect(opened.ok).toBe(true);
    const result = opened.ok ? (opened.value as ViewerResult) : undefined;
    expect(result?.documents[0]?.family).toBe('fatturapa');
    expect(result?.documents[0]?.problem).toBeUndefined();
  }, 120_000);
});
