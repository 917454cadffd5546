/** What the downloads panel shows of the core's bulk-download jobs. */
import type { BulkDownloadProgress } from '../../../../../shared/contract/documents';

export const isRunning = (job: BulkDownloadProgress): boolean => job.state === 'listing' || job.state === 'running' || job.state === 'marking';

/** Jobs that stopped early (or left files behind) can be resumed: done files are not written again. */
export const canResume = (job: BulkDownloadProgress): boolean =>
  job.state === 'interrupted' || job.state === 'cancelled' || job.state === 'failed' || (job.state === 'done' && job.failed > 0);

/** Jobs worth showing: running or resumable ones, and jobs seen finishing in this session; not the dismissed. */
export function visibleJobs(jobs: readonly BulkDownloadProgress[], seenThisSession: ReadonlySet<string>, dismissed: ReadonlySet<string>): BulkDownloadProgress[] {
  return jobs.filter((job) => !dismissed.has(job.jobId) && (isRunning(job) || canResume(job) || seenThisSession.has(job.jobId)));
}

/** Replaces the job with the same id (keeping the list newest first), or adds it. */
export function upsertJob(jobs: readonly BulkDownloadProgress[] | undefined, job: BulkDownloadProgress): BulkDownloadProgress[] {
  const others = (jobs ?? []).filter((candidate) => candidate.jobId !== job.jobId);
  return [job, ...others].sort((a, b) => b.startedAt.localeCompare(a.startedAt));
}

/** 0..100 of the files handled (written, skipped or failed). */
export function progressPercent(job: BulkDownloadProgress): number {
  if (job.total <= 0) return job.state === 'done' ? 100 : 0;
  return Math.min(100, Math.round(((job.written + job.skipped + job.failed) / job.total) * 100));
}
