import { useTranslation } from 'react-i18next';
import type { UploadEntry } from '../../../../../shared/contract';
import { PROGRESS_STEPS, progressStep, statusOf, toneOf } from '../model/status';

export function StatusPill({ entry }: { entry: Pick<UploadEntry, 'state'> }) {
  const { t } = useTranslation();
  const status = statusOf(entry);
  const tone = toneOf(status);
  return (
    <span className={`upload-pill upload-pill--${tone}`}>
      {tone === 'progress' ? <span className="upload-pill__pulse" aria-hidden="true" /> : null}
      {t(`uploads.status.${status}`)}
    </span>
  );
}

/** Five segments: left the app, accepted, processed, sent to the destination, delivered. */
export function ProgressSteps({ entry }: { entry: Pick<UploadEntry, 'state' | 'serverStatus'> }) {
  const step = progressStep(entry);
  const tone = toneOf(statusOf(entry));
  return (
    <span className={`upload-steps upload-steps--${tone}`} aria-hidden="true">
      {Array.from({ length: PROGRESS_STEPS }, (_, index) => (
        <span key={index} className={`upload-steps__segment${index < step ? ' upload-steps__segment--done' : ''}${index === step && tone === 'progress' ? ' upload-steps__segment--current' : ''}`} />
      ))}
    </span>
  );
}
