/**
 * Outcomes that arrive later than the call that started them (an upload delivered or refused, a
 * bulk download finished, a session that ended by itself), read from the core's event bus so the
 * services that produce them need not know about the log.
 */
import type { EventName, EventPayload, UploadEntry } from '../../../shared/contract';
import type { EventListener } from '../app-types';
import type { ActivityRecord } from './log';

const UPLOAD_OUTCOMES = new Set<UploadEntry['state']>(['done', 'failed', 'rejected', 'cancelled']);
const BULK_OUTCOMES = new Set(['done', 'failed', 'cancelled', 'interrupted']);

export function activityFromEvents(record: (entry: ActivityRecord) => unknown): EventListener {
  const seen = new Set<string>();
  const once = (key: string): boolean => {
    if (seen.has(key)) return false;
    seen.add(key);
    if (seen.size > 50_000) seen.clear();
    return true;
  };
  const handlers: { [E in EventName]?: (payload: EventPayload<E>) => void } = {
    'uploads.changed': ({ entries }) => {
      for (const entry of entries) {
        if (!UPLOAD_OUTCOMES.has(entry.state) || entry.state === 'cancelled' || !once(`upload:${entry.localId}:${entry.state}`)) continue;
        record({
          action: 'uploads.outcome',
          target: `${entry.fileName} (${entry.e2eId})`,
          outcome: entry.state === 'done' ? 'ok' : 'failed',
          detail: [entry.state === 'done' ? `delivered${entry.serverStatus ? ` (${entry.serverStatus})` : ''}` : entry.state, entry.uploadId ? `upload ${entry.uploadId}` : '', entry.error?.message ?? '']
            .filter(Boolean)
            .join('; '),
        });
      }
    },
    'bulkDownload.progress': (job) => {
      if (!BULK_OUTCOMES.has(job.state) || !once(`bulk:${job.jobId}:${job.state}:${job.updatedAt}`)) return;
      record({
        action: 'documents.bulkDownload',
        target: `${job.type} to ${job.folder}`,
        outcome: job.state === 'done' ? 'ok' : 'failed',
        detail: `${job.state}: ${job.written} written, ${job.skipped} already there, ${job.failed} failed, ${job.marked} marked downloaded${job.message ? `. ${job.message}` : ''}`,
      });
    },
    'session.changed': ({ reason, status, message }) => {
      if (reason !== 'expired' && reason !== 'unauthorized') return;
      record({ action: 'session.ended', target: status.user?.email ?? '', outcome: 'failed', detail: message ?? (reason === 'expired' ? 'the session expired' : 'the service refused the sign-in') });
    },
  };
  return (event, payload) => {
    const handler = handlers[event] as ((value: typeof payload) => void) | undefined;
    handler?.(payload);
  };
}
