import { useTranslation } from 'react-i18next';
import type { UploadEntry } from '../../../../../shared/contract';
import { PROGRESS_STEPS, progressStep, statusOf, toneOf, type StatusTone } from '../model/status';

/** Success, warning and danger are the shared pill tones; neutral and progress are coloured here. */
const toneClass = (tone: StatusTone): string => (tone === 'neutral' || tone === 'progress' ? `upload-pill--${tone}` : `pill--${tone}`);

export function StatusPill({ entry }: { entry: Pick<UploadEntry, 'state'> }) {
  const { t } = useTranslation();
  const status = statusOf(entry);
  const tone = toneOf(status);
  return (
    <span className={`pill upload-pill ${toneClass(tone)}`}>
      {tone === 'progress' ? <span className="pill__dot upload-pill__pulse" aria-hidden="true" /> : null}
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
