/**
 * Watches a PEM's queued back-office report requests until none is queued: polls with backoff
 * (faster while progress moves), emits `reports.changed`, and notifies when a request reaches
 * `processed` ("Report ready") or `failed` (with the reason).
 */
import type { ReportRequest } from '../../../shared/contract';
import type { CoreEvents } from '../events';
import type { NoticeBoard } from '../i18n/notices';
import type { Clock, Logger } from '../ports';

export interface ReportsPollerDeps {
  /** The PEM's latest requests, newest first. */
  fetchRequests: (serialNumber: string) => Promise<ReportRequest[]>;
  events: CoreEvents;
  notifier: NoticeBoard;
  clock: Clock;
  logger: Logger;
  timing?: Partial<PollTiming>;
}

export interface PollTiming {
  initialDelayMs: number;
  maxDelayMs: number;
  factor: number;
  /** Consecutive failed polls after which a PEM is no longer watched. */
  maxFailures: number;
}

const defaultTiming: PollTiming = { initialDelayMs: 1_000, maxDelayMs: 30_000, factor: 1.6, maxFailures: 8 };

interface Watch {
  delayMs: number;
  failures: number;
  timer: { cancel(): void } | null;
  /** uuid → "status/generated" as last seen. */
  seen: Map<string, string>;
  running: boolean;
}

export interface ReportsPoller {
  /** Starts (or speeds up) watching a PEM; `known` seeds what is already on screen. */
  watch(serialNumber: string, known?: readonly ReportRequest[]): void;
  isWatching(serialNumber: string): boolean;
  stopAll(): void;
}

const signature = (request: ReportRequest): string => `${request.status}/${request.progress.generated}`;

export function createReportsPoller(deps: ReportsPollerDeps): ReportsPoller {
  const timing: PollTiming = { ...defaultTiming, ...deps.timing };
  const watches = new Map<string, Watch>();

  function schedule(serialNumber: string, watch: Watch): void {
    watch.timer?.cancel();
    watch.timer = deps.clock.setTimeout(() => void poll(serialNumber, watch), watch.delayMs);
  }

  function announce(request: ReportRequest): void {
    if (request.status === 'processed') {
      deps.notifier.notify({ kind: 'reportReady', reportType: request.type, pem: request.pemSerialNumber });
    } else {
      deps.notifier.notify({ kind: 'reportFailed', reportType: request.type, pem: request.pemSerialNumber, ...(request.failureReason ? { reason: request.failureReason } : {}) });
    }
  }

  async function poll(serialNumber: string, watch: Watch): Promise<void> {
    watch.timer = null;
    if (watches.get(serialNumber) !== watch) return;
    watch.running = true;
    let requests: ReportRequest[];
    try {
      requests = await deps.fetchRequests(serialNumber);
    } catch (error) {
      watch.running = false;
      if (watches.get(serialNumber) !== watch) return;
      watch.failures += 1;
      const code = (error as { code?: string }).code;
      if (code === 'unauthorized' || watch.failures >= timing.maxFailures) {
        deps.logger.info('Reports: no longer watching a PEM', { serialNumber, failures: watch.failures, code });
        watches.delete(serialNumber);
        return;
      }
      watch.delayMs = Math.min(timing.maxDelayMs, watch.delayMs * timing.factor);
      schedule(serialNumber, watch);
      return;
    }
    watch.running = false;
    if (watches.get(serialNumber) !== watch) return;
    watch.failures = 0;
    const finished: ReportRequest[] = [];
    let moved = false;
    for (const request of requests) {
      const before = watch.seen.get(request.uuid);
      const now = signature(request);
      if (before === now) continue;
      moved = true;
      if (before?.startsWith('queued') && request.status !== 'queued') finished.push(request);
      watch.seen.set(request.uuid, now);
    }
    if (moved) deps.events.emit('reports.changed', { serialNumber, requests, finished });
    for (const request of finished) announce(request);
    if (!requests.some((request) => request.status === 'queued')) {
      watches.delete(serialNumber);
      return;
    }
    watch.delayMs = moved ? timing.initialDelayMs : Math.min(timing.maxDelayMs, watch.delayMs * timing.factor);
    schedule(serialNumber, watch);
  }

  return {
    watch(serialNumber, known = []) {
      const existing = watches.get(serialNumber);
      if (existing) {
        for (const request of known) if (!existing.seen.has(request.uuid)) existing.seen.set(request.uuid, signature(request));
        existing.delayMs = timing.initialDelayMs;
        if (!existing.running) schedule(serialNumber, existing);
        return;
      }
      const watch: Watch = { delayMs: timing.initialDelayMs, failures: 0, timer: null, seen: new Map(known.map((r) => [r.uuid, signature(r)])), running: false };
      watches.set(serialNumber, watch);
      schedule(serialNumber, watch);
    },
    isWatching: (serialNumber) => watches.has(serialNumber),
    stopAll() {
      for (const watch of watches.values()) watch.timer?.cancel();
      watches.clear();
    },
  };
}
