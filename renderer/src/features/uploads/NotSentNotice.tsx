import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { wordReason } from '../../i18n/errors';
import { dismissNotSent, useUploadsUi } from './model/ui-store';

/** After a batch: the files that were not sent and why, until the user dismisses it. */
export function NotSentNotice() {
  const { t } = useTranslation();
  const notice = useUploadsUi((state) => state.notSent);
  if (!notice) return null;
  return (
    <Alert
      tone="error"
      live={false}
      title={t('uploads.notSent.title', { count: notice.files.length })}
      actions={
        <Button size="sm" variant="ghost" onClick={dismissNotSent}>
          {t('uploads.notSent.dismiss')}
        </Button>
      }
    >
      <p>{t('uploads.notSent.body')}</p>
      <ul className="not-sent__list">
        {notice.files.map((file, index) => (
          <li key={`${file.origin}-${index}`}>
            <strong>{file.origin || file.fileName}</strong>: {file.reason ? wordReason(t, file.reason) : file.message}
          </li>
        ))}
      </ul>
    </Alert>
  );
}
