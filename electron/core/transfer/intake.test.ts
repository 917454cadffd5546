import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BlobStore } from './journal/blobs';
import { describeRejection } from './api/messages';
import { expandDroppedFiles, prepareFile } from './intake';

let dir: string;
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'intake-'));
});
afterEach(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

describe('intake refusals from the file system', () => {
  it('gives each a reason the UI words: missing file, link to a folder, folder with an ID, too many files', async () => {
    const missing = path.join(dir, 'gone.xml');
    await fs.mkdir(path.join(dir, 'sub'));
    await fs.symlink(path.join(dir, 'sub'), path.join(dir, 'sub', 'loop'));
    await fs.writeFile(path.join(dir, 'sub', 'a.xml'), '<a/>');
    await fs.writeFile(path.join(dir, 'sub', 'b.xml'), '<b/>');
    const result = await expandDroppedFiles(
      [{ file: { kind: 'path', path: missing } }, { file: { kind: 'path', path: path.join(dir, 'sub') } }, { file: { kind: 'path', path: path.join(dir, 'sub') }, e2eId: 'X-1' }],
      1,
    );
    expect(result.rejected.map((item) => item.reason)).toEqual([
      { key: 'files.readMissing', params: { path: missing } },
      { key: 'uploads.linkToFolder', params: { name: 'loop' } },
      { key: 'uploads.e2eIdForFolder', params: { name: 'sub' } },
      { key: 'uploads.tooManyAtOnce', params: { limit: 1, overflow: 1 } },
    ]);
  });

  it('says why dropped bytes could not be kept for sending', async () => {
    const full = Object.assign(new Error('no space left on device'), { code: 'ENOSPC' });
    const blobs = { put: () => Promise.reject(full) } as unknown as BlobStore;
    const prepared = await prepareFile(
      { fileName: 'faktura.xml', origin: 'faktura.xml', content: { kind: 'bytes', base64: Buffer.from('<Invoice/>').toString('base64') } },
      { country: 'PL', e2eIdTemplate: 'E2E-{n}', now: new Date('2026-11-26T12:00:00Z'), counter: 1, random: () => 0.5, blobs },
    );
    expect(prepared.ok).toBe(false);
    if (!prepared.ok) expect(prepared.rejected.reason).toEqual({ key: 'uploads.keepFailed', params: { name: 'faktura.xml', cause: 'ENOSPC' } });
  });

  it('says why a name or an End-to-end ID would be refused by the service', async () => {
    const context = { country: 'PL' as const, e2eIdTemplate: 'E2E-{n}', now: new Date('2026-11-26T12:00:00Z'), counter: 1, random: () => 0.5, blobs: {} as BlobStore };
    const bytes = { kind: 'bytes' as const, base64: Buffer.from('<Invoice/>').toString('base64') };
    const badName = await prepareFile({ fileName: 'notatka.txt', origin: 'notatka.txt', content: bytes }, context);
    expect(badName.ok ? undefined : badName.rejected.reason).toEqual({ key: 'uploads.nameUnknownExtension', params: { name: 'notatka.txt' } });
    const badId = await prepareFile({ fileName: 'faktura.xml', origin: 'faktura.xml', content: bytes, givenE2eId: 'ID-\u00e9' }, context);
    expect(badId.ok ? undefined : badId.rejected.reason).toEqual({ key: 'uploads.e2eIdNotPlain', params: { name: 'faktura.xml', position: 4 } });
  });
});

describe('the service’s refusals of an upload', () => {
  const file = { fileName: 'faktura.xml', size: 100, country: 'PL' as const };
  it('carry our sentence as a reason, with the service’s own words as `said`', () => {
    expect(describeRejection(400, { messages: ['bad envelope'] }, file).reason).toEqual({ key: 'uploads.serviceRefusedSaid', params: { said: 'bad envelope' } });
    expect(describeRejection(403, {}, file).reason).toEqual({ key: 'uploads.serviceForbidden', params: { country: 'PL' } });
    expect(describeRejection(409, { body: { code: 'transfer_not_configured' } }, file).reason).toEqual({ key: 'uploads.serviceNotConfigured', params: { country: 'PL' } });
    expect(describeRejection(409, { messages: ['duplicate account'] }, file).reason).toEqual({ key: 'uploads.serviceConflictSaid', params: { said: 'duplicate account' } });
    expect(describeRejection(418, {}, file).reason).toEqual({ key: 'uploads.serviceRefusedStatus', params: { status: 418 } });
  });
});

describe('uploads to Poland: KSeF’s acceptance pre-checks before anything is kept', () => {
  const fixtures = path.resolve(__dirname, '..', '..', '..', '..', 'shared', 'fixtures');
  const fa2 = path.join(fixtures, 'ksef-fop', 'fa2', 'podstawowa', 'FA_2_Przyklad_4.xml');
  const fa3 = path.join(fixtures, 'ksef-pdf-generator', 'invoice.xml');
  const kept: string[] = [];
  const blobs = { put: (sha256: string) => Promise.resolve(void kept.push(sha256)) } as unknown as BlobStore;
  const context = (environment: 'sandbox' | 'production') => ({ country: 'PL' as const, e2eIdTemplate: 'E2E-{n}', now: new Date('2026-11-26T12:00:00Z'), counter: 1, random: () => 0.5, blobs, environment });
  const asBytes = async (file: string, prefix = Buffer.alloc(0)) => ({ kind: 'bytes' as const, base64: Buffer.concat([prefix, await fs.readFile(file)]).toString('base64') });

  it('a production profile refuses an FA (2) file, with the rule and its date, and keeps nothing', async () => {
    kept.length = 0;
    const fromDisk = await prepareFile({ fileName: 'FA_2_Przyklad_4.xml', origin: fa2, content: { kind: 'path', path: fa2 } }, context('production'));
    const dropped = await prepareFile({ fileName: 'FA_2_Przyklad_4.xml', origin: 'FA_2_Przyklad_4.xml', content: await asBytes(fa2) }, context('production'));
    for (const prepared of [fromDisk, dropped]) {
      expect(prepared.ok).toBe(false);
      if (!prepared.ok) expect(prepared.rejected.reason).toEqual({ key: 'ksef.fa2Refused', params: { format: 'FA (2)', sinceDay: '2026-02-01' } });
    }
    expect(kept).toEqual([]);
  });

  it('a sandbox profile (KSeF TEST) adds the FA (2) file with a warning', async () => {
    const prepared = await prepareFile({ fileName: 'FA_2_Przyklad_4.xml', origin: fa2, content: { kind: 'path', path: fa2 } }, context('sandbox'));
    expect(prepared.ok).toBe(true);
    if (prepared.ok) expect(prepared.file.warningReason).toEqual({ key: 'ksef.fa2TestOnly', params: { format: 'FA (2)', sinceDay: '2026-02-01' } });
  });

  it('refuses a KSeF file with a BOM in every environment; an FA (3) file goes as it is', async () => {
    const bom = await prepareFile({ fileName: 'faktura.xml', origin: 'faktura.xml', content: await asBytes(fa3, Buffer.from([0xef, 0xbb, 0xbf])) }, context('sandbox'));
    expect(bom.ok ? undefined : bom.rejected.reason).toEqual({ key: 'ksef.bom', params: {} });
    const plain = await prepareFile({ fileName: 'faktura.xml', origin: fa3, content: { kind: 'path', path: fa3 } }, context('production'));
    expect(plain.ok).toBe(true);
    if (plain.ok) expect(plain.file.warningReason).toBeUndefined();
  });
});
