import { useTranslation } from 'react-i18next';
import type { UploadEntry } from '../../../../../shared/contract';
import { Alert } from '../../../components/Alert';
import { wordReason, wordStatus } from '../../../i18n/errors';
import { explainEntry, type Explanation } from '../model/explain';
import { statusOf } from '../model/status';
import { formatBytes, formatFullTime, formatWhen, serverStatusLabel, statusLabel } from '../format';
import { TransferDocuments } from './TransferDocuments';

const fieldNameKeys = ['country', 'fileName', 'content', 'e2eId'] as const;
type FieldNameKey = (typeof fieldNameKeys)[number];
const normalizeField = (field: string): string => (field === 'file_name' ? 'fileName' : field === 'e2e_id' ? 'e2eId' : field);

/** What went wrong (or needs knowing) in plain words, by the spec's error table. */
export function ExplanationBox({ entry, explanation }: { entry: UploadEntry; explanation: Explanation }) {
  const { t } = useTranslation();
  const country = t(`uploads.countries.${entry.country}`);
  const fieldLabel = (field: string) => {
    const key = normalizeField(field);
    return (fieldNameKeys as readonly string[]).includes(key) ? t(`uploads.list.fieldNames.${key as FieldNameKey}`) : field;
  };
  return (
    <Alert tone={explanation.tone} live={false} title={t(`uploads.explain.${explanation.key}.title`, { country })}>
      <p>{t(`uploads.explain.${explanation.key}.body`, { country })}</p>
      {explanation.fields ? (
        <ul className="upload-explain__fields">
          {explanation.fields.map(({ field, message }) => (
            <li key={field}>
              <strong>{fieldLabel(field)}:</strong> {message}
            </li>
          ))}
        </ul>
      ) : null}
      {explanation.detail ? <p className="alert__detail">{t('common.detail', { message: explanation.detailReason ? wordReason(t, explanation.detailReason) : explanation.detail })}</p> : null}
    </Alert>
  );
}

/** The expanded part of a row: explanation, facts, timeline, transfer documents. */
export function UploadDetails({ entry, id }: { entry: UploadEntry; id: string }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const explanation = explainEntry(entry);
  return (
    <div id={id} className="upload-details">
      {explanation ? <ExplanationBox entry={entry} explanation={explanation} /> : null}
      <div className="upload-details__columns">
        <dl className="upload-facts">
          <dt>{t('uploads.list.e2eId')}</dt>
          <dd className="mono upload-facts__wrap">{entry.e2eId}</dd>
          <dt>{t('uploads.list.from')}</dt>
          <dd className="upload-facts__wrap">{entry.origin}</dd>
          <dt>{t('uploads.list.size')}</dt>
          <dd>{formatBytes(entry.size, language)}</dd>
          <dt>{t('uploads.list.country')}</dt>
          <dd>{t(`uploads.countries.${entry.country}`)}</dd>
          {entry.uploadId ? (
            <>
              <dt>{t('uploads.list.uploadId')}</dt>
              <dd className="mono upload-facts__wrap">{entry.uploadId}</dd>
            </>
          ) : null}
          {entry.serverStatus ? (
            <>
              <dt>{t('uploads.list.serverStatus')}</dt>
              <dd>{serverStatusLabel(t, entry.serverStatus)}</dd>
            </>
          ) : null}
          <dt>{t('uploads.list.sha256')}</dt>
          <dd className="mono upload-facts__hash" title={entry.sha256}>
            {entry.sha256}
          </dd>
          <dt>{t('uploads.list.added')}</dt>
          <dd>{formatFullTime(entry.createdAt, language)}</dd>
        </dl>
        <section className="upload-timeline" aria-label={t('uploads.list.timeline')}>
          <h3 className="upload-details__heading">{t('uploads.list.timeline')}</h3>
          <ol className="upload-timeline__list">
            {entry.history.map((item, index) => (
              <li key={`${item.at}-${index}`} className={`upload-timeline__item upload-timeline__item--${statusOf(item)}`}>
                <time dateTime={item.at} title={formatFullTime(item.at, language)} className="upload-timeline__time">
                  {formatWhen(item.at, language)}
                </time>
                <span className="upload-timeline__what">
                  <strong>{statusLabel(t, statusOf(item))}</strong>
                  {item.serverStatus ? <span className="muted"> · {t('uploads.list.serverSaid', { status: serverStatusLabel(t, item.serverStatus) })}</span> : null}
                  {item.note ? <span className="upload-timeline__note">{wordStatus(t, { message: item.note, ...(item.reason ? { reason: item.reason } : {}) })}</span> : null}
                </span>
              </li>
            ))}
          </ol>
        </section>
      </div>
      <TransferDocuments entry={entry} />
    </div>
  );
}
