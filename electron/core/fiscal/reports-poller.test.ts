/** The report poller: backs off while nothing moves, tells when a report is ready or failed, stops when none is queued. */
import { createNoticeBoard } from '../i18n/notices';
import { describe, expect, it } from 'vitest';
import { AppError, type ReportRequest } from '../../../shared/contract';
import { createCoreEvents } from '../events';
import { FakeClock } from '../testing/fake-clock';
import { MemoryLogger, MemoryNotifier } from '../testing/memory-ports';
import { createReportsPoller } from './reports-poller';

const request = (status: ReportRequest['status'], generated: number, extra: Partial<ReportRequest> = {}): ReportRequest => ({
  uuid: '11111111-1111-4111-8111-111111111111',
  type: 'journal_closure',
  status,
  progress: { generated, total: 3 },
  parameters: {},
  createdAt: '2026-10-01T09:00:00Z',
  updatedAt: '2026-10-01T09:00:00Z',
  failureReason: null,
  reportUuid: '22222222-2222-4222-8222-222222222222',
  pemSerialNumber: 'E001-000001',
  ...extra,
});

const flush = () => new Promise((resolve) => setImmediate(resolve));

function setup(answers: Array<ReportRequest[] | Error>) {
  const clock = new FakeClock();
  const notifier = new MemoryNotifier();
  const events = createCoreEvents(new MemoryLogger());
  const changes: unknown[] = [];
  events.on((event, payload) => {
    if (event === 'reports.changed') changes.push(payload);
  });
  let calls = 0;
  const poller = createReportsPoller({
    fetchRequests: () => {
      const answer = answers[Math.min(calls, answers.length - 1)];
      calls += 1;
      return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer ?? []);
    },
    events,
    notifier: createNoticeBoard(notifier, () => 'en'),
    clock,
    logger: new MemoryLogger(),
    timing: { initialDelayMs: 1000, maxDelayMs: 4000, factor: 2, maxFailures: 3 },
  });
  const tick = async (ms: number) => {
    clock.advance(ms);
    await flush();
  };
  return { poller, clock, notifier, changes, tick, calls: () => calls };
}

describe('the report poller', () => {
  it('follows a queued request until it is processed, says so once, and stops', async () => {
    const s = setup([[request('queued', 1)], [request('processed', 3)]]);
    s.poller.watch('E001-000001', [request('queued', 0)]);
    await s.tick(1000);
    expect(s.changes).toEqual([{ serialNumber: 'E001-000001', requests: [request('queued', 1)], finished: [] }]);
    await s.tick(1000);
    expect(s.changes[1]).toEqual({ serialNumber: 'E001-000001', requests: [request('processed', 3)], finished: [request('processed', 3)] });
    expect(s.notifier.sent).toEqual([{ title: 'Report ready', body: 'Journal closure report of PEM E001-000001 is ready.' }]);
    expect(s.poller.isWatching('E001-000001')).toBe(false);
    expect(s.clock.pendingTimers).toBe(0);
  });

  it('tells why a report failed', async () => {
    const s = setup([[request('failed', 1, { failureReason: 'The PEM did not send its data in time.' })]]);
    s.poller.watch('E001-000001', [request('queued', 0)]);
    await s.tick(1000);
    expect(s.notifier.sent).toEqual([{ title: 'Report failed', body: 'Journal closure report of PEM E001-000001 failed: The PEM did not send its data in time.' }]);
  });

  it('waits longer each time nothing moves, up to the maximum', async () => {
    const s = setup([[request('queued', 0)]]);
    s.poller.watch('E001-000001', [request('queued', 0)]);
    await s.tick(1000);
    expect(s.calls()).toBe(1);
    await s.tick(1999);
    expect(s.calls()).toBe(1);
    await s.tick(1);
    expect(s.calls()).toBe(2);
    await s.tick(4000);
    expect(s.calls()).toBe(3);
    await s.tick(4000);
    expect(s.calls()).toBe(4);
    expect(s.changes).toEqual([]);
    s.poller.stopAll();
    expect(s.clock.pendingTimers).toBe(0);
  });

  it('gives up after repeated failures, and at once when signed out', async () => {
    const failing = setup([new Error('connection reset')]);
    failing.poller.watch('E001-000001');
    await failing.tick(1000);
    await failing.tick(2000);
    await failing.tick(4000);
    expect(failing.calls()).toBe(3);
    expect(failing.poller.isWatching('E001-000001')).toBe(false);

    const signedOut = setup([new AppError('unauthorized', 'Sign in again.')]);
    signedOut.poller.watch('E001-000001');
    await signedOut.tick(1000);
    expect(signedOut.poller.isWatching('E001-000001')).toBe(false);
    expect(signedOut.clock.pendingTimers).toBe(0);
  });
});
