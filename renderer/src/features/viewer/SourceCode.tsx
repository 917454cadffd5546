import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button';
import { copyText } from '../../components/copy-text';
import { saveBytes } from '../../components/pdf-viewer';
import { formatBytes } from '../documents/model/format';
import { DocIcon } from '../documents/DocIcon';

/** Drawing more lines than this freezes the window; the rest is in the saved file. */
const SHOWN_LINES = 20_000;

interface SourceCodeProps {
  fileName: string;
  /** The text as written (copied and saved as is). */
  text: string;
  /** The pretty-printed text shown. */
  pretty: string;
  size: number;
  contentType: string;
  truncated: boolean;
  /** 1-based line of the file as written to highlight and scroll to (a validation finding). */
  highlightLine?: number | undefined;
}

type Mode = 'formatted' | 'asWritten';

/** A document's source: pretty-printed, line numbers, Copy and Save. */
export function SourceCode({ fileName, text, pretty, size, contentType, truncated, highlightLine }: SourceCodeProps) {
  const { t, i18n } = useTranslation();
  const [copied, setCopied] = useState<'idle' | 'copied' | 'failed'>('idle');
  // Validators count lines in the file as written, so a finding's line shows that view.
  const [chosenMode, setMode] = useState<Mode>(highlightLine === undefined ? 'formatted' : 'asWritten');
  const [seenHighlight, setSeenHighlight] = useState(highlightLine);
  if (highlightLine !== seenHighlight) {
    setSeenHighlight(highlightLine);
    if (highlightLine !== undefined) setMode('asWritten');
  }
  const canFormat = Boolean(pretty) && pretty !== text;
  const mode: Mode = canFormat ? chosenMode : 'asWritten';
  const hitLine = mode === 'asWritten' ? highlightLine : undefined;
  const lines = useMemo(() => (mode === 'formatted' ? pretty : text).replace(/(\r\n|\r|\n)$/, '').split(/\r\n|\r|\n/), [mode, pretty, text]);
  const shown = lines.length > SHOWN_LINES ? lines.slice(0, SHOWN_LINES) : lines;
  const highlighted = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    const line = highlighted.current;
    // jsdom (unit tests) has no scrollIntoView.
    if (line && typeof line.scrollIntoView === 'function') line.scrollIntoView({ block: 'center' });
  }, [hitLine]);
  const copy = () => {
    copyText(text)
      .then(() => setCopied('copied'))
      .catch(() => setCopied('failed'));
  };
  return (
    <div className="source-view">
      <div className="source-view__bar">
        <span className="source-view__meta">
          <span className="mono">{fileName}</span> · {formatBytes(i18n.language, size)} · {t('viewer.source.lines', { count: lines.length })}
        </span>
        <span className="spacer" />
        {canFormat ? (
          <span className="segmented source-view__mode" role="group" aria-label={t('viewer.source.mode')}>
            {(['formatted', 'asWritten'] as const).map((candidate) => (
              <button
                key={candidate}
                type="button"
                className={`segmented__option${mode === candidate ? ' segmented__option--active' : ''}`}
                aria-pressed={mode === candidate}
                onClick={() => setMode(candidate)}
              >
                {t(`viewer.source.${candidate}`)}
              </button>
            ))}
          </span>
        ) : null}
        <span className="source-view__copied" role="status">
          {copied === 'copied' ? t('viewer.source.copied') : copied === 'failed' ? t('viewer.source.copyFailed') : ''}
        </span>
        <Button size="sm" variant="ghost" onClick={copy}>
          <DocIcon name="copy" />
          {t('viewer.source.copy')}
        </Button>
        <Button size="sm" variant="ghost" onClick={() => saveBytes(text, fileName, contentType)}>
          <DocIcon name="download" />
          {t('viewer.source.save')}
        </Button>
      </div>
      {truncated || shown.length < lines.length ? <p className="source-view__note">{t('viewer.source.truncated', { size: formatBytes(i18n.language, size) })}</p> : null}
      <pre className={`source-view__code source-code source-code--${mode}`} tabIndex={0} aria-label={t('viewer.source.label')}>
        <code>
          {shown.map((line, index) => (
            <span
              key={index}
              ref={index + 1 === hitLine ? highlighted : undefined}
              className={index + 1 === hitLine ? 'source-code__line source-code__line--hit' : 'source-code__line'}
              data-line={index + 1}
            >
              {line}
              {'\n'}
            </span>
          ))}
        </code>
      </pre>
    </div>
  );
}
