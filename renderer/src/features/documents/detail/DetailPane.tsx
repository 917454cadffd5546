import { useId, useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { DocumentType } from '../../../../../shared/contract/documents';
import { useBridgeQuery } from '../../../bridge/queries';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { Icon } from '../../../components/Icon';
import { Spinner } from '../../../components/Spinner';
import { DocIcon, type DocIconName } from '../DocIcon';
import { isSendable, typeKey } from '../model/document-types';
import { formatDate } from '../model/format';
import type { DetailTab } from '../model/url-state';
import { useMarkDownloaded } from '../useMarkDownloaded';
import { DocumentView } from './DocumentView';
import { PdfTab } from './PdfTab';
import { SourceView } from './SourceView';

interface DetailPaneProps {
  type: DocumentType;
  uuid: string;
  tab: DetailTab;
  onTab(tab: DetailTab): void;
  onClose(): void;
}

const tabIcons: Record<DetailTab, DocIconName> = { details: 'list', source: 'code', pdf: 'pdf' };

/** The open document: header with its state and actions, then Details / Source / PDF. */
export function DetailPane({ type, uuid, tab, onTab, onClose }: DetailPaneProps) {
  const { t, i18n } = useTranslation();
  const baseId = useId();
  const detail = useBridgeQuery('documents.get', { type, uuid });
  const mark = useMarkDownloaded();
  const tabRefs = useRef<Partial<Record<DetailTab, HTMLButtonElement | null>>>({});
  const record = detail.data?.record;
  const tabs: DetailTab[] = isSendable(type) ? ['details', 'source', 'pdf'] : ['details', 'source'];
  const activeTab = tabs.includes(tab) ? tab : 'details';
  const number = record?.number ?? detail.data?.document?.id ?? '';
  const title = number || t('documents.detail.loadingTitle');

  const onTabKey = (event: KeyboardEvent) => {
    const index = tabs.indexOf(activeTab);
    const next = event.key === 'ArrowRight' ? tabs[(index + 1) % tabs.length] : event.key === 'ArrowLeft' ? tabs[(index - 1 + tabs.length) % tabs.length] : undefined;
    if (!next) return;
    event.preventDefault();
    onTab(next);
    tabRefs.current[next]?.focus();
  };

  return (
    <section className="doc-pane" aria-label={t('documents.detail.label', { number: title })}>
      <header className="doc-pane__header">
        <div className="doc-pane__heading">
          <p className="doc-pane__eyebrow">{t(`documents.types.${typeKey[type]}.title`)}</p>
          <h2 className="doc-pane__title">{title}</h2>
          {record ? (
            <p className="doc-pane__subtitle">
              <span>{record.sender.name}</span>
              <span aria-hidden="true"> → </span>
              <span className="visually-hidden"> {t('documents.detail.to')} </span>
              <span>{record.recipient.name}</span>
              <span className="doc-pane__dot" aria-hidden="true">
                ·
              </span>
              <span>{formatDate(i18n.language, record.date)}</span>
            </p>
          ) : null}
          {record ? (
            <div className="doc-pane__meta">
              <p className="doc-pane__badges">
                <span className={`badge badge--${record.direction}`}>
                  <DocIcon name={record.direction} />
                  {t(`documents.direction.${record.direction}`)}
                </span>
                <span className={`badge ${record.downloaded ? 'badge--muted' : 'badge--accent'}`}>
                  {record.downloaded ? t('documents.detail.isDownloaded') : t('documents.detail.notDownloaded')}
                </span>
              </p>
              {isSendable(type) ? (
                <Button
                  size="sm"
                  variant="ghost"
                  pending={mark.isPending}
                  onClick={() => mark.mutate({ type, uuids: [record.uuid], downloaded: !record.downloaded })}
                >
                  <DocIcon name={record.downloaded ? 'mail' : 'mailOpen'} />
                  {record.downloaded ? t('documents.actions.markThisNotDownloaded') : t('documents.actions.markThisDownloaded')}
                </Button>
              ) : null}
            </div>
          ) : null}
        </div>
        <button type="button" className="icon-button" aria-label={t('documents.detail.close')} title={t('documents.detail.close')} onClick={onClose}>
          <Icon name="close" />
        </button>
      </header>

      <div className="doc-pane__tabs" role="tablist" aria-label={t('documents.detail.views')} onKeyDown={onTabKey}>
        {tabs.map((candidate) => (
          <button
            key={candidate}
            ref={(element) => {
              tabRefs.current[candidate] = element;
            }}
            type="button"
            role="tab"
            id={`${baseId}-tab-${candidate}`}
            aria-selected={candidate === activeTab}
            aria-controls={`${baseId}-panel`}
            tabIndex={candidate === activeTab ? 0 : -1}
            className="doc-pane__tab"
            onClick={() => onTab(candidate)}
          >
            <DocIcon name={tabIcons[candidate]} />
            {t(`documents.detail.tabs.${candidate}`)}
          </button>
        ))}
      </div>

      <div className={`doc-pane__body doc-pane__body--${activeTab}`} role="tabpanel" id={`${baseId}-panel`} aria-labelledby={`${baseId}-tab-${activeTab}`} tabIndex={activeTab === 'pdf' ? -1 : 0}>
        {activeTab === 'details' ? (
          detail.isPending ? (
            <div className="status-line status-line--pending doc-pane__loading" role="status">
              <Spinner size="md" />
              <span>{t('documents.detail.loading')}</span>
            </div>
          ) : detail.isError ? (
            <ErrorAlert
              error={detail.error}
              title={detail.error.code === 'not_found' ? t('documents.detail.notFound') : t('documents.detail.failed')}
              actions={
                <Button size="sm" icon="refresh" onClick={() => void detail.refetch()}>
                  {t('common.retry')}
                </Button>
              }
            />
          ) : detail.data.document ? (
            <DocumentView type={type} uuid={uuid} document={detail.data.document} />
          ) : (
            <Alert tone="warning" title={t('documents.detail.unreadable')}>
              <p>{t('documents.detail.unreadableHint')}</p>
              {detail.data.parseError ? <p className="alert__detail">{t('common.detail', { message: detail.data.parseError })}</p> : null}
            </Alert>
          )
        ) : activeTab === 'source' ? (
          <SourceView type={type} uuid={uuid} />
        ) : isSendable(type) ? (
          <PdfTab type={type} uuid={uuid} number={number} />
        ) : null}
      </div>
    </section>
  );
}
