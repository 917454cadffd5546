import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DocumentType } from '../../../../../shared/contract/documents';
import { useBridgeQuery } from '../../../bridge/queries';
import { Button } from '../../../components/Button';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { Spinner } from '../../../components/Spinner';
import { base64ToBytes, saveBytes } from '../../../components/pdf-viewer';
import { DocIcon } from '../DocIcon';
import { formatBytes } from '../model/format';
import { copyText } from '../../../components/copy-text';

/** Above this, the page shows the beginning only (drawing megabytes of text freezes the window). */
const SHOWN_CHARACTERS = 1_000_000;

/** The original source as the service stores it, pretty-printed, with Copy and Save. */
export function SourceView({ type, uuid }: { type: DocumentType; uuid: string }) {
  const { t, i18n } = useTranslation();
  const source = useBridgeQuery('documents.source', { type, uuid }, { staleTime: Infinity });
  const [copied, setCopied] = useState<'idle' | 'copied' | 'failed'>('idle');

  if (source.isPending) {
    return (
      <div className="status-line status-line--pending doc-pane__loading" role="status">
        <Spinner size="md" />
        <span>{t('documents.source.loading')}</span>
      </div>
    );
  }
  if (source.isError) {
    return (
      <ErrorAlert
        error={source.error}
        title={t('documents.source.failed')}
        actions={
          <Button size="sm" icon="refresh" onClick={() => void source.refetch()}>
            {t('common.retry')}
          </Button>
        }
      />
    );
  }
  const file = source.data;
  const text = file.pretty || file.text;
  const truncated = text.length > SHOWN_CHARACTERS;
  const copy = () => {
    copyText(file.text)
      .then(() => setCopied('copied'))
      .catch(() => setCopied('failed'));
  };
  return (
    <div className="source-view">
      <div className="source-view__bar">
        <span className="source-view__meta">
          <span className="mono">{file.fileName}</span> · {formatBytes(i18n.language, file.size)}
        </span>
        <span className="spacer" />
        <span className="source-view__copied" role="status">
          {copied === 'copied' ? t('documents.source.copied') : copied === 'failed' ? t('documents.source.copyFailed') : ''}
        </span>
        <Button size="sm" variant="ghost" onClick={copy}>
          <DocIcon name="copy" />
          {t('documents.source.copy')}
        </Button>
        <Button size="sm" variant="ghost" onClick={() => saveBytes(base64ToBytes(file.base64), file.fileName, file.contentType)}>
          <DocIcon name="download" />
          {t('documents.source.save')}
        </Button>
      </div>
      {truncated ? <p className="source-view__note">{t('documents.source.truncated', { size: formatBytes(i18n.language, file.size) })}</p> : null}
      <pre className="source-view__code" tabIndex={0} aria-label={t('documents.source.label')}>
        <code>{truncated ? text.slice(0, SHOWN_CHARACTERS) : text}</code>
      </pre>
    </div>
  );
}
