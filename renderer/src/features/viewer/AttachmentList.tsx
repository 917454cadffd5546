import { useTranslation } from 'react-i18next';
import type { ViewerAttachment } from '../../../../shared/contract';
import { Button } from '../../components/Button';
import { base64ToBytes, saveBytes } from '../../components/pdf-viewer';
import { DocIcon } from '../documents/DocIcon';
import { formatBytes } from '../documents/model/format';

/** Embedded attachments (UBL AdditionalDocumentReference, FatturaPA Allegati), each saveable. */
export function AttachmentList({ attachments }: { attachments: ViewerAttachment[] }) {
  const { t, i18n } = useTranslation();
  if (attachments.length === 0) return <p className="muted">{t('viewer.attachments.none')}</p>;
  return (
    <ul className="attachment-list">
      {attachments.map((attachment, index) => (
        <li key={index} className="attachment">
          <DocIcon name="paperclip" className="icon attachment__icon" />
          <div className="attachment__text">
            <span className="attachment__name">{attachment.name}</span>
            <span className="attachment__meta">
              {[attachment.description, attachment.mimeType, attachment.size !== undefined ? formatBytes(i18n.language, attachment.size) : undefined].filter(Boolean).join(' · ')}
            </span>
            {attachment.uri ? <span className="attachment__meta mono doc-wrap">{attachment.uri}</span> : null}
          </div>
          {attachment.base64 !== undefined ? (
            <Button
              size="sm"
              variant="secondary"
              aria-label={t('viewer.attachments.saveNamed', { name: attachment.name })}
              onClick={() => saveBytes(base64ToBytes(attachment.base64 ?? ''), attachment.name, attachment.mimeType ?? 'application/octet-stream')}
            >
              <DocIcon name="download" />
              {t('viewer.attachments.save')}
            </Button>
          ) : (
            <span className="attachment__external">{t('viewer.attachments.external')}</span>
          )}
        </li>
      ))}
    </ul>
  );
}
