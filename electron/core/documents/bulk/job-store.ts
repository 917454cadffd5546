/**
 * Jobs on disk: one JSON file per job, written atomically (temp + fsync + rename) and batched so
 * a large job does not rewrite its file for every document.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from '../../ports';
import { describeIssues, summarizeIssues } from '../../errors';
import { privateAtomicFileSystem, writeFileAtomic } from '../../files/atomic-write';
import { jobFileSchema, type Job } from './job';

export interface JobStoreOptions {
  dir: string;
  logger: Logger;
  /** Shortest pause between two batched writes of one job (default 500 ms; larger jobs wait longer). */
  minIntervalMs?: number;
}

export interface JobStore {
  loadAll(): Promise<Job[]>;
  /** Writes soon (batched). */
  schedule(job: Job): void;
  /** Writes now, after any write already under way for that job. */
  saveNow(job: Job): Promise<void>;
  /** Writes every scheduled job now. */
  flush(): Promise<void>;
}

const SAFE_ID = /^[A-Za-z0-9-]{1,100}$/;

export function createJobStore(options: JobStoreOptions): JobStore {
  const { dir, logger } = options;
  const minInterval = options.minIntervalMs ?? 500;
  const chains = new Map<string, Promise<void>>();
  const timers = new Map<string, { timer: NodeJS.Timeout; job: Job }>();

  const fileOf = (jobId: string): string => {
    if (!SAFE_ID.test(jobId)) throw new Error(`Unsafe job id ${jobId}`);
    return path.join(dir, `${jobId}.json`);
  };

  const write = (job: Job): Promise<void> => {
    // Serialized per job, and the snapshot is taken when the write actually starts.
    const previous = chains.get(job.jobId) ?? Promise.resolve();
    const next = previous.then(async () => {
      await fs.mkdir(dir, { recursive: true, mode: 0o700 });
      await writeFileAtomic(fileOf(job.jobId), JSON.stringify(job), privateAtomicFileSystem);
    });
    const settled = next.catch((error: unknown) => {
      logger.warn('Saving a bulk download job failed', { jobId: job.jobId, message: error instanceof Error ? error.message : String(error) });
    });
    chains.set(job.jobId, settled);
    return next;
  };

  const cancelTimer = (jobId: string): void => {
    const pending = timers.get(jobId);
    if (pending) clearTimeout(pending.timer);
    timers.delete(jobId);
  };

  return {
    async loadAll() {
      let names: string[];
      try {
        names = await fs.readdir(dir);
      } catch {
        return [];
      }
      const jobs: Job[] = [];
      for (const name of names.filter((candidate) => candidate.endsWith('.json'))) {
        const file = path.join(dir, name);
        try {
          const parsed = jobFileSchema.safeParse(JSON.parse(await fs.readFile(file, 'utf8')));
          if (parsed.success && `${parsed.data.jobId}.json` === name) jobs.push(parsed.data);
          else logger.warn('A bulk download job file is unreadable; it is ignored', { file, issues: parsed.success ? 'job id does not match the file name' : describeIssues(summarizeIssues(parsed.error.issues)) });
        } catch (error) {
          logger.warn('A bulk download job file is unreadable; it is ignored', { file, message: error instanceof Error ? error.message : String(error) });
        }
      }
      return jobs;
    },
    schedule(job) {
      if (timers.has(job.jobId)) return;
      const interval = Math.max(minInterval, Math.round(job.entries.length / 20));
      const timer = setTimeout(() => {
        timers.delete(job.jobId);
        void write(job).catch(() => undefined);
      }, interval);
      timer.unref?.();
      timers.set(job.jobId, { timer, job });
    },
    async saveNow(job) {
      cancelTimer(job.jobId);
      await write(job);
    },
    async flush() {
      const pending = [...timers.values()];
      for (const { job } of pending) cancelTimer(job.jobId);
      await Promise.all([...pending.map(({ job }) => write(job).catch(() => undefined)), ...chains.values()]);
    },
  };
}
