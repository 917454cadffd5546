import { useQueryClient } from '@tanstack/react-query';
import { memo, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { UploadEntry } from '../../../../../shared/contract';
import { bridge } from '../../../bridge';
import { copyText } from '../../../components/copy-text';
import { Icon } from '../../../components/Icon';
import { Spinner } from '../../../components/Spinner';
import { showToast } from '../../../components/toast-store';
import { describeError } from '../../../i18n/errors';
import { FeatureIcon } from '../FeatureIcon';
import { formatFullTime, formatWhen } from '../format';
import { explainEntry } from '../model/explain';
import { mergeEntries } from '../model/list-view';
import { statusOf, toneOf } from '../model/status';
import { toggleExpanded } from '../model/ui-store';
import { ProgressSteps, StatusPill } from './StatusPill';
import { UploadDetails } from './UploadDetails';
import { uploadsListKey } from './uploads-cache';

function CopyIdButton({ id }: { id: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const copy = () => {
    copyText(id)
      .then(() => {
        setCopied(true);
        window.setTimeout(() => setCopied(false), 1500);
        showToast({ id: 'uploads-copied', tone: 'success', title: (t) => t('uploads.list.copied'), body: id, timeoutMs: 2500 });
      })
      .catch(() => showToast({ id: 'uploads-copied', tone: 'error', title: (t) => t('uploads.list.copyFailed'), body: id }));
  };
  return (
    <button type="button" className="icon-button upload-row__copy" aria-label={t('uploads.list.copyId', { id })} title={t('uploads.list.copyId', { id })} onClick={copy}>
      {copied ? <Icon name="check" /> : <FeatureIcon name="copy" />}
    </button>
  );
}

/** Columns of the uploads table: file, End-to-end ID, country, status, updated, actions. */
export const UPLOAD_COLUMNS = 6;

type RowAction = 'retry' | 'cancel';

function useRowAction(entry: UploadEntry) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<RowAction | null>(null);
  const run = async (action: RowAction) => {
    setBusy(action);
    try {
      const updated = await bridge.invoke(action === 'retry' ? 'uploads.retry' : 'uploads.cancel', { localId: entry.localId });
      queryClient.setQueryData<UploadEntry[]>(uploadsListKey, (current) => (current ? mergeEntries(current, [updated]) : current));
      showToast({
        tone: action === 'retry' ? 'info' : 'success',
        title: (t) => t(action === 'retry' ? 'uploads.list.retried' : 'uploads.list.cancelled', { name: entry.fileName }),
        timeoutMs: 5000,
      });
    } catch (error) {
      const { summary, detail } = describeError(t, error);
      showToast({ tone: 'error', title: (t) => t('uploads.list.actionFailed'), body: detail ?? summary });
    } finally {
      setBusy(null);
    }
  };
  return { busy, run };
}

const folderOf = (origin: string, fileName: string): string => {
  const normalized = origin.replace(/\\/g, '/');
  return normalized.endsWith(`/${fileName}`) ? normalized.slice(0, normalized.length - fileName.length) : '';
};

interface UploadRowProps {
  entry: UploadEntry;
  expanded: boolean;
  index: number;
  onNavigate: (event: KeyboardEvent<HTMLButtonElement>, index: number) => void;
}

/** One upload: file, End-to-end ID, country, status, progress, time, actions; expands to its details. */
export const UploadRow = memo(function UploadRow({ entry, expanded, index, onNavigate }: UploadRowProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const { busy, run } = useRowAction(entry);
  const detailsId = `upload-details-${entry.localId}`;
  const tone = toneOf(statusOf(entry));
  const explanation = expanded ? null : explainEntry(entry);
  const folder = folderOf(entry.origin, entry.fileName);

  return (
    <div className={`upload-row upload-row--${tone}${expanded ? ' upload-row--expanded' : ''}`}>
      <div className="upload-row__main">
        <span role="cell" className="upload-row__file-cell">
        <button
          type="button"
          className="upload-row__toggle"
          aria-expanded={expanded}
          aria-controls={expanded ? detailsId : undefined}
          data-row-toggle={index}
          onClick={() => toggleExpanded(entry.localId)}
          onKeyDown={(event) => onNavigate(event, index)}
        >
          <FeatureIcon name="chevronRight" className="icon upload-row__chevron" />
          <span className="upload-row__file">
            <span className="upload-row__name">{entry.fileName}</span>
            {folder ? <span className="upload-row__folder">{folder}</span> : null}
          </span>
        </button>
        </span>
        <span role="cell" className="upload-row__id">
          <span className="mono upload-row__id-text" title={entry.e2eId}>
            {entry.e2eId}
          </span>
          <CopyIdButton id={entry.e2eId} />
        </span>
        <span role="cell" className="upload-row__country" title={t(`uploads.countries.${entry.country}`)}>
          {entry.country}
        </span>
        <span role="cell" className="upload-row__status">
          <StatusPill entry={entry} />
          <ProgressSteps entry={entry} />
        </span>
        <time role="cell" className="upload-row__time" dateTime={entry.updatedAt} title={formatFullTime(entry.updatedAt, language)}>
          {formatWhen(entry.updatedAt, language)}
        </time>
        <span role="cell" className="upload-row__actions">
          {entry.canRetry ? (
            <button type="button" className="btn btn--secondary btn--sm" aria-label={t('uploads.list.retryLabel', { name: entry.fileName })} disabled={busy !== null} onClick={() => void run('retry')}>
              {busy === 'retry' ? <Spinner /> : <Icon name="refresh" />}
              {t('uploads.list.retry')}
            </button>
          ) : null}
          {entry.canCancel ? (
            <button type="button" className="btn btn--ghost btn--sm" aria-label={t('uploads.list.cancelLabel', { name: entry.fileName })} disabled={busy !== null} onClick={() => void run('cancel')}>
              {busy === 'cancel' ? <Spinner /> : <Icon name="close" />}
              {t('uploads.list.cancel')}
            </button>
          ) : null}
        </span>
      </div>
      {explanation || expanded ? (
        // The explanation and the details belong to the row: one cell across every column.
        <div role="cell" aria-colspan={UPLOAD_COLUMNS} className="upload-row__more">
      {explanation ? (
        <p className={`upload-row__explain upload-row__explain--${explanation.tone}`}>
          <Icon name={explanation.tone === 'info' ? 'info' : 'alert'} />
          <span>{t(`uploads.explain.${explanation.key}.title`, { country: t(`uploads.countries.${entry.country}`) })}</span>
        </p>
      ) : null}
      {expanded ? <UploadDetails entry={entry} id={detailsId} /> : null}
        </div>
      ) : null}
    </div>
  );
});
