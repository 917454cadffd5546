/** The transfer interface's client against the emulator: the spec's error table, and body buffers used again. */
import { describe, expect, it } from 'vitest';
import { startTestEmulator } from '../../../../emulator/testing';
import { waitFor } from '../testing/harness';
import { base64, invoiceXml } from '../testing/fixtures';
import { createTransferApi } from './client';
import { createBodyBuffers } from './upload-body';
import { uploadsOnEmulator } from '../testing/emulator-suite';

const suite = uploadsOnEmulator(() => startTestEmulator({ processingDelayMs: 5, documents: 0 }));

describe('transfer interface client: the error table', () => {
  const post = async (fields: { fileName?: string; e2eId?: string; bytes?: Uint8Array; country?: 'IT' | 'PL' }, authToken = suite.token) => {
    const t = suite.uploads();
    const api = createTransferApi({ http: t.http, baseUrl: () => suite.emulator.urls.transferUrl, token: () => authToken });
    return api.postUpload({
      country: fields.country ?? 'IT',
      fileName: fields.fileName ?? 'ok.xml',
      e2eId: fields.e2eId ?? 'E2E-CLIENT-1',
      content: { kind: 'bytes', bytes: fields.bytes ?? new TextEncoder().encode(invoiceXml('T-1')) },
    });
  };

  it('uses a body buffer again only after a 202, and a buffer used again carries exactly the next file', async () => {
    const t = suite.uploads();
    const bodyBuffers = createBodyBuffers(4);
    const api = createTransferApi({ http: t.http, baseUrl: () => suite.emulator.urls.transferUrl, token: () => suite.token, bodyBuffers });
    const long = `${invoiceXml('POOL-LONG-1')}<!-- ${'x'.repeat(5000)} -->`;
    const short = invoiceXml('POOL-S-2');
    const first = await api.postUpload({ country: 'IT', fileName: 'long.xml', e2eId: 'E2E-POOL-1', content: { kind: 'bytes', bytes: Buffer.from(long) } });
    expect(first.kind).toBe('accepted');
    expect(bodyBuffers.free).toBe(1);
    const second = await api.postUpload({ country: 'IT', fileName: 'short.xml', e2eId: 'E2E-POOL-2', content: { kind: 'base64', base64: base64(short) } });
    expect(bodyBuffers.free).toBe(1);
    // Refused: the service answered, but only a 202 says it read every byte. That buffer is not used again.
    const refused = await api.postUpload({ country: 'IT', fileName: 'bad\\name.xml', e2eId: 'E2E-POOL-3', content: { kind: 'base64', base64: base64(short) } });
    expect(refused.kind).toBe('rejected');
    expect(bodyBuffers.free).toBe(0);
    if (second.kind !== 'accepted') throw new Error(`second POST: ${second.kind}`);
    await waitFor(async () => ((await api.getUpload(second.receipt.id))?.status === 'delivered' ? true : undefined), { timeoutMs: 10_000 });
    const [document] = await api.listDocuments(second.receipt.id);
    const sent = await api.downloadDocument(document?.id ?? '');
    expect(Buffer.from(sent.base64, 'base64').toString('utf8')).toBe(short);
  });

  it('202 → accepted with the receipt', async () => {
    await expect(post({ e2eId: 'E2E-ACCEPTED' })).resolves.toMatchObject({ kind: 'accepted', receipt: { e2e_id: 'E2E-ACCEPTED', status: 'pending' } });
  });

  it('400 → each field the server refused, in words', async () => {
    const outcome = await post({ fileName: 'bad\\name.xml', e2eId: ' spaced' });
    expect(outcome.kind).toBe('rejected');
    if (outcome.kind !== 'rejected') return;
    expect(outcome.error.code).toBe('validation');
    expect(Object.keys(outcome.error.fieldErrors ?? {}).sort()).toEqual(['e2eId', 'fileName']);
    expect(outcome.error.message).toMatch(/^The service refused the file\. /);
    expect(outcome.error.message).toContain('File name: ');
    expect(outcome.error.message).toContain('End-to-end ID: ');
  });

  it('413 → too large: split it or use SFTP', async () => {
    const outcome = await post({ fileName: 'big.xml', bytes: new Uint8Array(4 * 1024 * 1024) });
    expect(outcome).toEqual({
      kind: 'rejected',
      error: {
        code: 'too_large',
        message: 'big.xml is too large for an upload (4.00 MB, limit about 3.75 MB): split it or send it over SFTP.',
        reason: { key: 'uploads.tooLarge', params: { name: 'big.xml', size: '4.00 MB', limit: '3.75 MB' } },
      },
    });
  });

  it('401 → sign in again, the file waits', async () => {
    await expect(post({}, 'not-a-token')).resolves.toEqual({ kind: 'unauthorized', message: expect.stringContaining('stays queued') });
  });

  it('reads: unknown upload → null, lookups by End-to-end ID are lists', async () => {
    const t = suite.uploads();
    const api = createTransferApi({ http: t.http, baseUrl: () => suite.emulator.urls.transferUrl, token: () => suite.token });
    await expect(api.getUpload('00000000-0000-0000-0000-000000000000')).resolves.toBeNull();
    await expect(api.findByE2eId('NEVER-USED-ID')).resolves.toEqual([]);
  });
});
