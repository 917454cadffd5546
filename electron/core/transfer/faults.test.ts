/**
 * The spec's 503 rule, branch by branch, against the emulator's own 503 faults
 * (`upload503mode` stored / not_stored, `upload503stored` proceed / fail / stuck), and a run of
 * many files through random 503s, latency and dropped connections.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { EmulatorOptions } from '../../../emulator/context';
import { parseFaults } from '../../../emulator/faults';
import { startTestEmulator, type TestEmulator } from '../../../emulator/testing';
import { transferDebug } from '../../../emulator/transfer';
import type { UploadEntry } from '../../../shared/contract';
import { messages } from './api/messages';
import { base64, invoiceXml } from './testing/fixtures';
import { createTestUploads, demoAccountUser, waitFor, type TestUploads } from './testing/harness';

const cleanups: Array<() => Promise<void> | void> = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** The `drop` fault hits the login listener too. */
async function loginDespiteDrops(emulator: TestEmulator): Promise<string> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await emulator.login('full');
    } catch (error) {
      if (attempt >= 20) throw error;
    }
  }
}

async function setUp(faults: string, overrides: Partial<EmulatorOptions> = {}): Promise<{ emulator: TestEmulator; t: TestUploads }> {
  const emulator = await startTestEmulator({ processingDelayMs: 5, documents: 0, faults: parseFaults(faults), ...overrides });
  cleanups.push(() => emulator.close());
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerdesk-uploads-503-'));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  const t = createTestUploads({ transferUrl: emulator.urls.transferUrl, userDataDir: dir, token: await loginDespiteDrops(emulator), user: demoAccountUser(emulator.context.accounts, 'full') });
  cleanups.push(() => t.close());
  return { emulator, t };
}

const files = (count: number, prefix: string) =>
  Array.from({ length: count }, (_, index) => ({ file: { kind: 'bytes' as const, name: `${prefix}-${index + 1}.xml`, base64: base64(invoiceXml(`${prefix}-${index + 1}`)) } }));

async function untilSettled(t: TestUploads, count: number): Promise<UploadEntry[]> {
  return waitFor(
    async () => {
      const list = await t.service.list();
      return list.length === count && list.every((e) => ['done', 'failed', 'rejected'].includes(e.state)) ? list : undefined;
    },
    { describe: async () => JSON.stringify((await t.service.list()).map((e) => [e.fileName, e.state, e.history.map((h) => h.state)])) },
  );
}

const sends = (entry: UploadEntry | undefined): number => entry?.history.filter((h) => h.state === 'sending').length ?? 0;

describe('503 on POST /upload', () => {
  it('stored and processing: adopts the upload found by End-to-end ID and never resends', async () => {
    const { emulator, t } = await setUp('upload503=1,upload503mode=stored,upload503stored=proceed');
    await t.service.add({ country: 'IT', files: files(3, 'stored') });
    const list = await untilSettled(t, 3);
    for (const entry of list) {
      expect(entry.state).toBe('done');
      expect(sends(entry)).toBe(1);
      const states = entry.history.map((h) => h.state);
      // Adopted as found: still processing (`tracking`) or already delivered (`done`).
      expect(states.slice(0, 3)).toEqual(['queued', 'sending', 'uncertain']);
      expect(['tracking', 'done']).toContain(states[3]);
      expect(entry.history[3]?.note).toContain('Found on the service');
      expect(entry.history[3]?.reason).toMatchObject({ key: 'uploads.noteFoundOnService', params: { upload: entry.uploadId } });
      expect(transferDebug(emulator.context).countUploads(entry.e2eId)).toBe(1);
    }
  });

  it('not stored: finds nothing and resends until the service keeps the file, exactly once', async () => {
    const { emulator, t } = await setUp('upload503=0.5,upload503mode=not_stored');
    await t.service.add({ country: 'PL', files: files(6, 'lost') });
    const list = await untilSettled(t, 6);
    for (const entry of list) {
      expect(entry.state).toBe('done');
      expect(transferDebug(emulator.context).countUploads(entry.e2eId)).toBe(1);
    }
    const resent = list.filter((entry) => sends(entry) > 1);
    expect(resent.length).toBeGreaterThan(0);
    for (const entry of resent) {
      expect(entry.history.some((h) => h.state === 'uncertain')).toBe(true);
      expect(entry.history.find((h) => h.note === 'The service has no trace of the file; sending it again.')?.reason).toEqual({ key: 'uploads.noteResendNoTrace', params: {} });
    }
  });

  it('stored but failed: resends automatically once, then leaves the decision to the user', async () => {
    // Processing at once: the upload is already `failed` when the app looks it up.
    const { emulator, t } = await setUp('upload503=1,upload503mode=stored,upload503stored=fail', { processingDelayMs: 0 });
    await t.service.add({ country: 'IT', files: files(1, 'failing') });
    const [entry] = await untilSettled(t, 1);
    expect(entry).toMatchObject({ state: 'failed', canRetry: true, error: { code: 'unavailable' } });
    expect(sends(entry)).toBe(2);
    expect(entry?.history.some((h) => h.note === 'The service has the file only as failed; sending it again automatically, once.')).toBe(true);
    expect(transferDebug(emulator.context).countUploads(entry?.e2eId ?? '')).toBe(2);
    // The user may still resend (spec rule 2: `failed` may be resent).
    const retried = await t.service.retry(entry?.localId ?? '');
    expect(retried.state).toBe('queued');
  });

  it('stored and stuck pending: keeps following with a warning and never resends', async () => {
    const { emulator, t } = await setUp('upload503=1,upload503mode=stored,upload503stored=stuck');
    const [added] = (await t.service.add({ country: 'IT', files: files(1, 'stuck') })).entries;
    const adopted = await waitFor(async () => {
      const entry = (await t.service.list()).find((e) => e.localId === added?.localId);
      return entry?.state === 'tracking' ? entry : undefined;
    });
    const uploadRead = `GET /uploads/${adopted.uploadId ?? ''}`;
    const readsAtAdoption = t.requests.filter((r) => r === uploadRead).length;
    // Let the shared poller look at it several more times.
    await waitFor(() => t.requests.filter((r) => r === uploadRead).length >= readsAtAdoption + 5);
    const [entry] = await t.service.list();
    expect(entry).toMatchObject({ state: 'tracking', serverStatus: 'pending', canRetry: false, warning: messages.pendingDoNotResend });
    expect(sends(entry)).toBe(1);
    expect(t.requests.filter((r) => r === 'POST /upload')).toHaveLength(1);
    expect(transferDebug(emulator.context).countUploads(entry?.e2eId ?? '')).toBe(1);
    await expect(t.service.retry(entry?.localId ?? '')).rejects.toMatchObject({ code: 'conflict', message: expect.stringContaining('duplicate') });
  });
});

async function everyFileOnceAndDone(t: TestUploads, count: number): Promise<UploadEntry[]> {
  // A file whose sends all ended `failed` waits for the user: retry it as they would.
  for (let round = 0; round < 5; round += 1) {
    const list = await untilSettled(t, count);
    const failed = list.filter((entry) => entry.state === 'failed');
    if (failed.length === 0) return list;
    for (const entry of failed) await t.service.retry(entry.localId);
  }
  throw new Error('files kept failing');
}

describe('resilience', () => {
  it('40 files through random 503s and latency: every file accepted exactly once, polling stops at terminal statuses', async () => {
    const { t } = await setUp('upload503=0.2,latency=5-20');
    await t.service.add({ country: 'IT', files: files(40, 'many') });
    const list = await everyFileOnceAndDone(t, 40);
    for (const entry of list) {
      expect(entry.state).toBe('done');
      const onService = await t.service.findByE2eId(entry.e2eId);
      const kept = onService.filter((upload) => upload.status !== 'failed');
      expect(kept.map((upload) => upload.id)).toEqual([entry.uploadId]);
    }
    expect(list.some((entry) => entry.history.some((h) => h.state === 'uncertain'))).toBe(true);

    // Nothing settled is polled again: wake the poller, then send one more file and watch the reads.
    const mark = t.requests.length;
    t.session.signIn(t.session.getToken());
    await t.service.add({ country: 'IT', files: files(1, 'sentinel') });
    const [sentinel] = await waitFor(async () => {
      const found = (await t.service.list()).filter((e) => e.fileName.includes('sentinel') && e.state === 'done');
      return found.length === 1 ? found : undefined;
    });
    const later = t.requests.slice(mark).filter((r) => r.startsWith('GET /uploads/'));
    expect(later.length).toBeGreaterThan(0);
    expect(later.every((r) => r === `GET /uploads/${sentinel?.uploadId ?? ''}`)).toBe(true);
  });

  it('dropped connections while sending are reconciled like a 503: no file lost or doubled', async () => {
    const { t } = await setUp('drop=0.15,latency=1-5');
    await t.service.add({ country: 'PL', files: files(12, 'dropped') });
    const list = await everyFileOnceAndDone(t, 12);
    for (const entry of list) {
      const kept = (await t.service.findByE2eId(entry.e2eId)).filter((upload) => upload.status !== 'failed');
      expect(kept.map((upload) => upload.id)).toEqual([entry.uploadId]);
    }
  });
});

