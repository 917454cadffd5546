import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseFaults } from '../faults';
import { startTestEmulator, type TestEmulator } from '../testing';
import { transferDebug } from './index';
import { transferClient, type TransferClient, uploadBody } from './test-support';

/** The 503 of the spec's error table in its variants, and state that survives a restart. */
let emulator: TestEmulator;
let full: TransferClient;

beforeAll(async () => {
  emulator = await startTestEmulator({ processingDelayMs: 0, faults: parseFaults('upload503=1') });
  full = transferClient(emulator.urls.transferUrl, await emulator.login('full'));
});
afterAll(() => emulator.close());

/** Faults are read per request, so one emulator serves every variant. */
function setFaults(extra: Record<string, string>, probability = 1): void {
  emulator.context.options.faults.upload503 = probability;
  emulator.context.options.faults.extra = extra;
}

interface Receipt {
  id: string;
  e2e_id: string | null;
  status: string;
  errors?: unknown;
}

async function post503(e2eId: string): Promise<Receipt> {
  const response = await full.post(uploadBody({ e2e_id: e2eId }));
  expect(response.status).toBe(503);
  expect(response.headers.get('location')).toBeNull();
  const receipt = (await response.json()) as Receipt;
  expect(receipt).toMatchObject({ id: expect.any(String), e2e_id: e2eId, status: 'pending', country: 'IT', file_name: 'invoice.xml' });
  expect(receipt.errors).toEqual(expect.stringMatching(/could not confirm it stored the file/));
  return receipt;
}

const countByE2eId = async (e2eId: string) =>
  (await full.getJson<Receipt[]>(`/uploads?e2e_id=${encodeURIComponent(e2eId)}`)).body.length;

describe('503 on POST /upload', () => {
  it('"not stored": nothing is kept, the id is unknown, a resend is safe', async () => {
    setFaults({ upload503mode: 'not_stored' });
    const receipt = await post503('ns-1');
    expect((await full.get(`/uploads/${receipt.id}`)).status).toBe(404);
    expect(await countByE2eId('ns-1')).toBe(0);
    expect(transferDebug(emulator.context).countUploads('ns-1')).toBe(0);
  });

  it('"stored" and proceeding: the upload exists and is delivered', async () => {
    setFaults({ upload503mode: 'stored', upload503stored: 'proceed' });
    const receipt = await post503('st-1');
    expect((await full.getJson<Receipt>(`/uploads/${receipt.id}`)).body.status).toBe('delivered');
    expect(await countByE2eId('st-1')).toBe(1);
    expect(transferDebug(emulator.context).countUploads('st-1')).toBe(1);
  });

  it('"stored" then failed: the upload ends failed with a message, so a resend is allowed', async () => {
    setFaults({ upload503mode: 'stored', upload503stored: 'fail' });
    const receipt = await post503('st-fail');
    const upload = (await full.getJson<Receipt>(`/uploads/${receipt.id}`)).body;
    expect(upload).toMatchObject({ status: 'failed', errors: [expect.stringMatching(/send it again/)] });
  });

  it('"stored" and stuck: the upload stays pending', async () => {
    setFaults({ upload503mode: 'stored', upload503stored: 'stuck' });
    const receipt = await post503('st-stuck');
    expect((await full.getJson<Receipt>(`/uploads/${receipt.id}`)).body.status).toBe('pending');
  });

  it('"mixed" picks both variants with the seeded random', async () => {
    setFaults({});
    const stored: boolean[] = [];
    for (let attempt = 0; attempt < 16; attempt++) {
      const receipt = await post503(`mixed-${attempt}`);
      stored.push((await full.get(`/uploads/${receipt.id}`)).status === 200);
    }
    expect(stored).toContain(true);
    expect(stored).toContain(false);
  });

  it('comes after every other check: bad fields stay 400, no access stays 403', async () => {
    setFaults({ upload503mode: 'stored' });
    expect((await full.post(uploadBody({ country: 'FR' }))).status).toBe(400);
    expect((await full.post('nope')).status).toBe(400);
    const noPl = transferClient(emulator.urls.transferUrl, await emulator.login('no-upload-pl'));
    expect((await noPl.post(uploadBody({ country: 'PL' }))).status).toBe(403);
  });

  it('answers 202 when the probability is 0', async () => {
    setFaults({}, 0);
    expect((await full.post(uploadBody())).status).toBe(202);
  });

  it('refuses unknown variant names at startup with a clear message', async () => {
    await expect(startTestEmulator({ faults: parseFaults('upload503=0.5,upload503mode=sometimes') })).rejects.toThrow(
      /upload503mode must be one of stored, not_stored, mixed; got "sometimes"/,
    );
  });
});

describe('restart with a data dir', () => {
  it('keeps uploads, documents and files, and resumes processing', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'transfer-restart-'));
    try {
      const first = await startTestEmulator({ dataDir, processingDelayMs: 3_600_000 });
      const firstClient = transferClient(first.urls.transferUrl, await first.login('full'));
      const receipt = (await (await firstClient.post(uploadBody({ e2e_id: 'survives' }))).json()) as Receipt;
      expect((await firstClient.getJson<Receipt>(`/uploads/${receipt.id}`)).body.status).toBe('pending');
      await first.close();

      const second = await startTestEmulator({ dataDir, processingDelayMs: 0 });
      try {
        const client = transferClient(second.urls.transferUrl, await second.login('full'));
        expect((await client.getJson<Receipt>(`/uploads/${receipt.id}`)).body).toMatchObject({ status: 'delivered', e2e_id: 'survives' });
        const documents = (await client.getJson<{ id: string }[]>(`/uploads/${receipt.id}/transfer-documents`)).body;
        expect(documents).toHaveLength(1);
        const download = await client.get(`/transfer-documents/${documents[0]?.id}/download`);
        expect(await download.text()).toBe('<Invoice><ID>1</ID></Invoice>');
      } finally {
        await second.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
