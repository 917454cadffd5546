import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { BulkDownloadProgress } from '../../../../../shared/contract/documents';
import { useBridgeMutation } from '../../../bridge/queries';
import { Button } from '../../../components/Button';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { Icon } from '../../../components/Icon';
import { Spinner } from '../../../components/Spinner';
import { DocIcon } from '../DocIcon';
import { canResume, isRunning, progressPercent, visibleJobs } from '../model/bulk-jobs';
import { typeKey } from '../model/document-types';
import { formatCount } from '../model/format';
import { dismissJob, markSeen, setCollapsed, useBulkUi } from './bulk-ui-store';
import { jobsKey, useBulkJobs } from './useBulkJobs';
import { wordReason } from '../../../i18n/errors';

/** A docked, non-modal panel: the bulk downloads with their progress, Cancel, Resume and the files that failed. */
export function DownloadsPanel() {
  const { t } = useTranslation();
  const jobs = useBulkJobs();
  const seen = useBulkUi((state) => state.seen);
  const dismissed = useBulkUi((state) => state.dismissed);
  const collapsed = useBulkUi((state) => state.collapsed);
  const shown = visibleJobs(jobs.data ?? [], seen, dismissed);
  if (shown.length === 0) return null;
  const running = shown.filter(isRunning).length;

  return (
    <section className="downloads-panel" aria-labelledby="downloads-panel-title">
      <header className="downloads-panel__header">
        <h2 id="downloads-panel-title" className="downloads-panel__title">
          <DocIcon name="download" />
          {t('documents.bulk.panel')}
          {running > 0 ? <span className="count-badge">{running}</span> : null}
        </h2>
        <button type="button" className="link-button" aria-expanded={!collapsed} onClick={() => setCollapsed(!collapsed)}>
          {collapsed ? t('documents.bulk.show') : t('documents.bulk.hide')}
        </button>
      </header>
      {collapsed ? null : (
        <ul className="downloads-panel__list">
          {shown.map((job) => (
            <JobRow key={job.jobId} job={job} />
          ))}
        </ul>
      )}
    </section>
  );
}

function JobRow({ job }: { job: BulkDownloadProgress }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const cancel = useBridgeMutation('documents.bulkDownloadCancel');
  const resume = useBridgeMutation('documents.bulkDownloadResume', {
    onSuccess: ({ jobId }) => {
      markSeen(jobId);
      void queryClient.invalidateQueries({ queryKey: jobsKey });
    },
  });
  const running = isRunning(job);
  const percent = progressPercent(job);
  const types = t(`documents.types.${typeKey[job.type]}.${job.total === 1 ? 'one' : 'many'}`);
  const number = (value: number) => formatCount(i18n.language, value);
  const title = job.state === 'listing' && job.total === 0 ? t('documents.bulk.jobTitleListing', { types: t(`documents.types.${typeKey[job.type]}.many`) }) : t('documents.bulk.jobTitle', { count: job.total, formatted: number(job.total), types });
  const handled = job.written + job.skipped + job.failed;

  return (
    <li className={`download-job download-job--${job.state}`} aria-label={title}>
      <div className="download-job__top">
        <div className="download-job__text">
          <p className="download-job__title">{title}</p>
          <p className="download-job__folder mono" title={job.folder}>
            {job.folder}
          </p>
        </div>
        <span className={`download-job__state download-job__state--${job.state}`}>
          {running ? <Spinner /> : null}
          {t(`documents.bulk.states.${job.state}`)}
        </span>
        <div className="download-job__actions">
          {running ? (
            <Button size="sm" variant="ghost" pending={cancel.isPending} onClick={() => cancel.mutate({ jobId: job.jobId })}>
              <DocIcon name="stop" />
              {t('common.cancel')}
            </Button>
          ) : null}
          {!running && canResume(job) ? (
            <Button size="sm" variant="secondary" pending={resume.isPending} onClick={() => resume.mutate({ jobId: job.jobId })}>
              <DocIcon name="play" />
              {job.state === 'done' ? t('documents.bulk.retryFailed') : t('documents.bulk.resume')}
            </Button>
          ) : null}
          {!running ? (
            <button type="button" className="icon-button" aria-label={t('documents.bulk.dismiss')} title={t('documents.bulk.dismiss')} onClick={() => dismissJob(job.jobId)}>
              <Icon name="close" />
            </button>
          ) : null}
        </div>
      </div>
      <div
        className="progress"
        role="progressbar"
        aria-label={t('documents.bulk.progress')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={t('documents.bulk.progressText', { done: number(handled), total: number(job.total) })}
      >
        <span className={`progress__bar${job.failed > 0 ? ' progress__bar--warning' : ''}`} style={{ width: `${percent}%` }} />
      </div>
      <p className="download-job__counts">
        {t('documents.bulk.counts', { written: number(job.written), skipped: number(job.skipped), failed: number(job.failed), total: number(job.total) })}
        {job.marked > 0 ? ` · ${t('documents.bulk.marked', { count: job.marked, formatted: number(job.marked) })}` : null}
      </p>
      {job.reasons?.length || job.message ? <p className="download-job__message">{job.reasons?.length ? job.reasons.map((why) => wordReason(t, why)).join(' ') : job.message}</p> : null}
      {cancel.isError ? <ErrorAlert error={cancel.error} /> : null}
      {resume.isError ? <ErrorAlert error={resume.error} title={t('documents.bulk.resumeFailed')} /> : null}
      {job.errors.length > 0 ? (
        <details className="download-job__errors" open={!running}>
          <summary>{t('documents.bulk.errors', { count: job.errors.length })}</summary>
          <ul>
            {job.errors.map((error) => (
              <li key={`${error.uuid}-${error.fileName ?? ''}`}>
                <span className="mono">{error.fileName ?? error.uuid}</span>: {error.userMessage ? wordReason(t, error.userMessage) : error.message}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </li>
  );
}
