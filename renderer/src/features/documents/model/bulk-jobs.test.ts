import { describe, expect, it } from 'vitest';
import type { BulkDownloadProgress } from '../../../../../shared/contract/documents';
import { canResume, progressPercent, upsertJob, visibleJobs } from './bulk-jobs';

const job = (jobId: string, state: BulkDownloadProgress['state'], extra: Partial<BulkDownloadProgress> = {}): BulkDownloadProgress => ({
  jobId,
  type: 'invoice',
  folder: '/tmp/out',
  state,
  total: 10,
  written: 0,
  skipped: 0,
  failed: 0,
  marked: 0,
  errors: [],
  startedAt: `2026-01-0${jobId.length}T00:00:00Z`,
  updatedAt: '2026-01-01T00:00:00Z',
  ...extra,
});

describe('download jobs in the panel', () => {
  it('shows running and resumable jobs, and finished ones only when seen in this session', () => {
    const jobs = [job('a', 'running'), job('bb', 'interrupted'), job('ccc', 'done'), job('dddd', 'done'), job('eeeee', 'cancelled')];
    const shown = visibleJobs(jobs, new Set(['ccc']), new Set(['eeeee']));
    expect(shown.map((candidate) => candidate.jobId)).toEqual(['a', 'bb', 'ccc']);
  });

  it('offers Resume after a stop, and a retry when files failed', () => {
    expect(canResume(job('a', 'interrupted'))).toBe(true);
    expect(canResume(job('a', 'cancelled'))).toBe(true);
    expect(canResume(job('a', 'done'))).toBe(false);
    expect(canResume(job('a', 'done', { failed: 2 }))).toBe(true);
    expect(canResume(job('a', 'running'))).toBe(false);
  });

  it('counts skipped and failed files as handled', () => {
    expect(progressPercent(job('a', 'running', { written: 3, skipped: 1, failed: 1 }))).toBe(50);
    expect(progressPercent(job('a', 'listing', { total: 0 }))).toBe(0);
    expect(progressPercent(job('a', 'done', { total: 0 }))).toBe(100);
  });

  it('replaces a job by id, newest first', () => {
    const list = upsertJob([job('a', 'running'), job('bb', 'done')], job('a', 'done', { written: 10 }));
    expect(list.map((candidate) => [candidate.jobId, candidate.state])).toEqual([
      ['bb', 'done'],
      ['a', 'done'],
    ]);
  });
});
