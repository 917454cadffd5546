/** How a bulk download reacts to a failure: retry the file, give up on the file, or stop the job. */
import { setTimeout as sleep } from 'node:timers/promises';
import { AppError, because, isAppError, reason, reasonOf, type ErrorReason } from '../../../../shared/contract';
import { errnoOf } from '../../files/atomic-write';
import { backoffDelay, type RetryPolicy } from '../../http/retry';

export interface FileRetryPolicy {
  /** Attempts per document, the first included. */
  attempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

export const defaultFileRetry: FileRetryPolicy = { attempts: 4, baseDelayMs: 300, maxDelayMs: 3_000 };

const FOLDER_ERRNOS = new Set(['ENOSPC', 'EDQUOT', 'EROFS', 'EACCES', 'EPERM', 'ENOENT', 'ENOTDIR']);

/** Failures no other document would escape: the session, the account's rights, the folder or disk. */
export function stopsTheJob(error: unknown): boolean {
  if (!isAppError(error)) return false;
  if (error.code === 'unauthorized' || error.code === 'forbidden') return true;
  if (error.code !== 'file') return false;
  const errno = (error.details as { errno?: unknown } | undefined)?.errno ?? errnoOf(error.cause);
  return typeof errno === 'string' && FOLDER_ERRNOS.has(errno);
}

/** Server errors (5xx), dropped connections and timeouts may pass on a second try. */
export function isRetryable(error: unknown): boolean {
  if (!isAppError(error)) return false;
  if (error.status !== undefined && error.status >= 500) return true;
  return error.code === 'network' || error.code === 'timeout' || error.code === 'unavailable' || error.code === 'bad_response';
}

export const isCancellation = (error: unknown, signal: AbortSignal): boolean =>
  signal.aborted || (isAppError(error) && error.code === 'cancelled');

/** Runs `work` until it succeeds, fails for good, or the signal fires (then throws `cancelled`). */
export async function withRetries<T>(work: () => Promise<T>, policy: FileRetryPolicy, signal: AbortSignal, random: () => number = Math.random): Promise<T> {
  const backoff: RetryPolicy = { attempts: policy.attempts, baseDelayMs: policy.baseDelayMs, maxDelayMs: policy.maxDelayMs, maxRetryAfterMs: 0, statuses: [] };
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      if (isCancellation(error, signal)) throw cancelled(error);
      if (stopsTheJob(error) || !isRetryable(error) || attempt >= policy.attempts) throw error;
      try {
        await sleep(backoffDelay(backoff, attempt, random), undefined, { signal });
      } catch (abort) {
        throw cancelled(abort);
      }
    }
  }
}

export const cancelled = (cause?: unknown): AppError => new AppError('cancelled', 'The download was cancelled.', { details: because(reason('documents.downloadCancelled')), cause });

/** A failure as it is recorded for one document. */
export function describeFailure(error: unknown): { code: string; message: string; userMessage?: ErrorReason } {
  if (isAppError(error)) {
    const why = reasonOf(error.details);
    return { code: error.code, message: error.message, ...(why ? { userMessage: why } : {}) };
  }
  return { code: 'internal', message: error instanceof Error ? error.message : String(error) };
}
