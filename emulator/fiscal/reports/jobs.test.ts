import { describe, expect, it } from 'vitest';
import { createSeededRandom } from '../../random';
import { jobProgress, newReportJob, requestOutput } from './jobs';
import type { ReportContent } from '../state';

const content: ReportContent = {
  title: 'Journal reading',
  merchant: { name: 'Bottega Rossi S.r.l.', vat_number: '02846390157', address: 'Via Garibaldi 12' },
  pem: { serial_number: 'E001-000001', cash_register_name: null, status: 'ONLINE' },
  period: { from: 'a', to: 'b' },
  sections: [],
};
const start = new Date('2026-10-08T10:00:00Z');
const at = (ms: number) => new Date(start.getTime() + ms);
let uuidCounter = 0;
const job = (reportFail: number, stepMs = 1000, totalSteps = 4) =>
  newReportJob({
    pemSerialNumber: 'E001-000001',
    kind: 'journal_reading',
    parameters: {},
    content,
    totalSteps,
    at: start,
    stepMs,
    reportFail,
    random: createSeededRandom(7),
    newUuid: () => `uuid-${++uuidCounter}`,
  });

describe('report request progress', () => {
  it('stays queued while parts are generated, one per processing delay, then is processed', () => {
    const request = job(0);
    const seen = [0, 999, 1000, 2500, 3999, 4000, 99_000].map((ms) => jobProgress(request, at(ms)));
    expect(seen.map((progress) => progress.status)).toEqual(['queued', 'queued', 'queued', 'queued', 'queued', 'processed', 'processed']);
    expect(seen.map((progress) => progress.generated)).toEqual([0, 0, 1, 2, 3, 4, 4]);
    expect(seen.every((progress) => progress.total === 4)).toBe(true);
    expect(jobProgress(request, at(4000)).finished_at).toBe('2026-10-08T10:00:04Z');
  });

  it('is processed at once with no processing delay', () => {
    expect(jobProgress(job(0, 0), start)).toMatchObject({ status: 'processed', generated: 4, total: 4 });
  });

  it('always takes at least two parts, so progress is visible', () => {
    expect(job(0, 1000, 1).total_steps).toBe(2);
  });

  it('fails at a part chosen when queued when reportFail is 1, with a reason', () => {
    const request = job(1);
    expect(request.fail_at_step).toBeGreaterThanOrEqual(1);
    const failAt = request.fail_at_step ?? 0;
    expect(jobProgress(request, at(failAt * 1000 - 1)).status).toBe('queued');
    const failed = requestOutput(request, at(failAt * 1000));
    expect(failed).toMatchObject({ status: 'failed', progress: { generated: failAt - 1, total: 4 } });
    expect(failed.failure_reason).toContain('did not send its data in time');
  });
});
