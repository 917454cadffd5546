/**
 * Back-office report requests: `queued → processed | failed`, with progress `{generated, total}`.
 * Generation advances one part every `--processing-delay` ms from the moment of the request, so
 * the state is a function of the clock (no timers; it survives restarts and follows a test clock).
 * `--faults reportFail=p` decides, when the request is queued, whether and at which part it fails.
 */
import type { SeededRandom } from '../../context';
import { isoUtc } from '../italian-time';
import type { ReportContent, ReportJob, ReportKind } from '../state';

export type RequestStatus = 'queued' | 'processed' | 'failed';

export interface JobProgress {
  status: RequestStatus;
  generated: number;
  total: number;
  /** When the request reached its final state (null while queued). */
  finished_at: string | null;
  failure_reason: string | null;
}

export function jobProgress(job: ReportJob, now: Date): JobProgress {
  const created = Date.parse(job.created_at);
  const stepsDone = job.step_ms === 0 ? Number.POSITIVE_INFINITY : Math.max(0, Math.floor((now.getTime() - created) / job.step_ms));
  const at = (step: number) => isoUtc(new Date(created + step * job.step_ms));
  if (job.fail_at_step !== null && stepsDone >= job.fail_at_step) {
    return {
      status: 'failed',
      generated: job.fail_at_step - 1,
      total: job.total_steps,
      finished_at: at(job.fail_at_step),
      failure_reason: `Generation stopped at part ${job.fail_at_step} of ${job.total_steps}: the PEM ${job.pem_serial_number} did not send its data in time. Request the report again.`,
    };
  }
  if (stepsDone >= job.total_steps) {
    return { status: 'processed', generated: job.total_steps, total: job.total_steps, finished_at: at(job.total_steps), failure_reason: null };
  }
  return { status: 'queued', generated: stepsDone, total: job.total_steps, finished_at: null, failure_reason: null };
}

export interface QueueReportOptions {
  pemSerialNumber: string;
  kind: ReportKind;
  parameters: Record<string, string>;
  content: ReportContent;
  /** How many parts generation takes (at least 2, so progress is visible). */
  totalSteps: number;
  at: Date;
  stepMs: number;
  reportFail: number;
  random: SeededRandom;
  newUuid: () => string;
}

export function newReportJob(options: QueueReportOptions): ReportJob {
  const total = Math.max(2, Math.round(options.totalSteps));
  const fails = options.reportFail > 0 && options.random.next() < options.reportFail;
  return {
    request_uuid: options.newUuid(),
    report_uuid: options.newUuid(),
    pem_serial_number: options.pemSerialNumber,
    kind: options.kind,
    parameters: options.parameters,
    created_at: isoUtc(options.at),
    step_ms: options.stepMs,
    total_steps: total,
    fail_at_step: fails ? options.random.int(1, total) : null,
    content: options.content,
  };
}

const pdfPath = (job: ReportJob) => `/v1/mf1/pems/${encodeURIComponent(job.pem_serial_number)}/backoffice-reports/${job.report_uuid}/pdf`;

/** An entry of `GET …/backoffice-reports/requests`. */
export function requestOutput(job: ReportJob, now: Date) {
  const progress = jobProgress(job, now);
  return {
    uuid: job.request_uuid,
    type: job.kind,
    status: progress.status,
    progress: { generated: progress.generated, total: progress.total },
    parameters: job.parameters,
    created_at: job.created_at,
    updated_at: progress.finished_at ?? job.created_at,
    failure_reason: progress.failure_reason,
    report_uuid: job.report_uuid,
    pem_serial_number: job.pem_serial_number,
  };
}

/** An entry of `GET …/backoffice-reports`. */
export function reportOutput(job: ReportJob, now: Date) {
  const progress = jobProgress(job, now);
  return {
    uuid: job.report_uuid,
    type: job.kind,
    title: job.content.title,
    period: job.content.period,
    status: progress.status,
    created_at: job.created_at,
    processed_at: progress.status === 'processed' ? progress.finished_at : null,
    request_uuid: job.request_uuid,
    pem_serial_number: job.pem_serial_number,
    pdf_url: progress.status === 'processed' ? pdfPath(job) : null,
  };
}

/** Parts a report over `documents` documents takes: a header, one per 20 documents, the totals. */
export function stepsForDocuments(documents: number): number {
  return 2 + Math.ceil(documents / 20);
}
