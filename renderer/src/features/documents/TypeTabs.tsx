import { useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { DocumentType } from '../../../../shared/contract/documents';
import { inboxTypes, typeKey } from './model/document-types';

export const typeTabId = (type: DocumentType): string => `documents-tab-${type}`;
export const TYPE_PANEL_ID = 'documents-type-panel';

/** One tab per document type; arrow keys move between them. */
export function TypeTabs({ type, onChange }: { type: DocumentType; onChange(type: DocumentType): void }) {
  const { t } = useTranslation();
  const refs = useRef<Partial<Record<DocumentType, HTMLButtonElement | null>>>({});
  const onKeyDown = (event: KeyboardEvent) => {
    const index = inboxTypes.indexOf(type);
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    const next = step !== 0 ? inboxTypes[(index + step + inboxTypes.length) % inboxTypes.length] : event.key === 'Home' ? inboxTypes[0] : event.key === 'End' ? inboxTypes[inboxTypes.length - 1] : undefined;
    if (!next) return;
    event.preventDefault();
    onChange(next);
    refs.current[next]?.focus();
  };
  return (
    <div className="documents-tabs" role="tablist" aria-label={t('documents.typesLabel')} onKeyDown={onKeyDown}>
      {inboxTypes.map((candidate) => (
        <button
          key={candidate}
          ref={(element) => {
            refs.current[candidate] = element;
          }}
          type="button"
          role="tab"
          id={typeTabId(candidate)}
          aria-selected={candidate === type}
          aria-controls={TYPE_PANEL_ID}
          tabIndex={candidate === type ? 0 : -1}
          className="documents-tab"
          onClick={() => onChange(candidate)}
        >
          {t(`documents.types.${typeKey[candidate]}.tab`)}
        </button>
      ))}
    </div>
  );
}
