import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Persistence } from '../context';
import { createSeededRandom } from '../random';
import type { UploadRecord } from './model';
import { UploadPipeline } from './pipeline';
import { TransferStore } from './store';
import { zipOf } from './test-support';

const DELAY = 400;
let dir: string;
let saved: unknown;

function memoryPersistence(): Persistence {
  return {
    load: <T>() => saved as T | undefined,
    save: (_area, state) => {
      saved = JSON.parse(JSON.stringify(state));
    },
    dir: () => dir,
  };
}

function upload(id: string, fields: Partial<UploadRecord> = {}): UploadRecord {
  return {
    id,
    ownerUid: 'u1',
    e2e_id: 'e2e',
    status: 'pending',
    country: 'IT',
    file_name: 'a.xml',
    size: 4,
    created_at: '2026-10-05T10:00:00.000Z',
    updated_at: '2026-10-05T10:00:00.000Z',
    errors: null,
    outcome: 'normal',
    ...fields,
  };
}

function setup(stepDelayMs = DELAY) {
  const store = new TransferStore(memoryPersistence(), false, 1_000_000_000, () => {});
  const pipeline = new UploadPipeline(store, {
    stepDelayMs,
    now: () => new Date('2026-10-05T10:00:00Z'),
    random: createSeededRandom(1),
    log: () => {},
  });
  return { store, pipeline };
}

describe('UploadPipeline', () => {
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'transfer-pipeline-'));
    saved = undefined;
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    rmSync(dir, { recursive: true, force: true });
  });

  it('moves through every status, one per processing delay, with the documents following', () => {
    const { store, pipeline } = setup();
    store.addUpload(upload('u-1'), Buffer.from('<a/>'));
    pipeline.start('u-1');
    const seen = [store.getUpload('u-1')?.status];
    for (let step = 0; step < 5; step++) {
      vi.advanceTimersByTime(DELAY);
      seen.push(store.getUpload('u-1')?.status);
    }
    expect(seen).toEqual(['pending', 'ingested', 'processing', 'sent', 'delivered', 'delivered']);
    const [document] = store.documentsOf('u-1');
    expect(document).toMatchObject({ status: 'delivered', destination_id: '1000000000', e2e_id: 'e2e' });
    expect(vi.getTimerCount()).toBe(0);
  });

  it('gives documents their destination id only once sent, and KSeF numbers for PL', () => {
    const { store, pipeline } = setup();
    store.addUpload(upload('u-pl', { country: 'PL' }), Buffer.from('<a/>'));
    pipeline.start('u-pl');
    vi.advanceTimersByTime(DELAY * 2);
    expect(store.documentsOf('u-pl')[0]).toMatchObject({ status: 'processing', destination_id: null });
    vi.advanceTimersByTime(DELAY);
    expect(store.documentsOf('u-pl')[0]?.destination_id).toMatch(/^\d{10}-20261005-[0-9A-F]{12}-[0-9A-F]{2}$/);
  });

  it('fails an unreadable file with the reason, and keeps no documents', () => {
    const { store, pipeline } = setup(0);
    store.addUpload(upload('u-bad', { file_name: 'b.zip' }), zipOf({ 'x.xml': '<x>' }));
    pipeline.start('u-bad');
    expect(store.getUpload('u-bad')).toMatchObject({ status: 'failed', errors: [expect.stringMatching(/b\.zip: x\.xml is not well-formed XML/)] });
    expect(store.documentsOf('u-bad')).toEqual([]);
  });

  it('runs every step at once with a delay of 0', () => {
    const { store, pipeline } = setup(0);
    store.addUpload(upload('u-0'), Buffer.from('<a/>'));
    pipeline.start('u-0');
    expect(store.getUpload('u-0')?.status).toBe('delivered');
  });

  it('follows the 503 variants: a "fail" upload ends failed, a "stuck" one stays pending', () => {
    const { store, pipeline } = setup(0);
    store.addUpload(upload('u-f', { outcome: 'fail' }), Buffer.from('<a/>'));
    store.addUpload(upload('u-s', { outcome: 'stuck' }), Buffer.from('<a/>'));
    pipeline.start('u-f');
    pipeline.start('u-s');
    expect(store.getUpload('u-f')).toMatchObject({ status: 'failed', errors: [expect.stringMatching(/could not store the file/)] });
    expect(store.getUpload('u-s')?.status).toBe('pending');
  });

  it('cancels its timers on close', () => {
    const { store, pipeline } = setup();
    store.addUpload(upload('u-c'), Buffer.from('<a/>'));
    pipeline.start('u-c');
    expect(vi.getTimerCount()).toBeGreaterThan(0);
    pipeline.close();
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(DELAY * 10);
    expect(store.getUpload('u-c')?.status).toBe('pending');
  });

  it('resumes unfinished uploads from the saved state', () => {
    const first = setup();
    first.store.addUpload(upload('u-r'), Buffer.from('<a/>'));
    first.pipeline.start('u-r');
    vi.advanceTimersByTime(DELAY * 2);
    first.pipeline.close();
    first.store.flush();
    expect(first.store.getUpload('u-r')?.status).toBe('processing');

    const second = setup();
    expect(second.store.getUpload('u-r')?.status).toBe('processing');
    second.pipeline.resumeAll();
    vi.advanceTimersByTime(DELAY * 2);
    expect(second.store.getUpload('u-r')?.status).toBe('delivered');
    expect(second.store.documentsOf('u-r')).toHaveLength(1);
    expect(second.store.sdiSequence).toBe(1_000_000_001);
  });
});
