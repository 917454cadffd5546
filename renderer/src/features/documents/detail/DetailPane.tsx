import { useTranslation } from 'react-i18next';
import type { DocumentType } from '../../../../../shared/contract/documents';
import { useBridgeQuery } from '../../../bridge/queries';
import { Button } from '../../../components/Button';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { Icon } from '../../../components/Icon';
import { DocIcon } from '../DocIcon';
import { isSendable, typeKey } from '../model/document-types';
import { formatDate } from '../model/format';
import type { DetailTab } from '../model/url-state';
import { useMarkDownloaded } from '../useMarkDownloaded';
import { bridge } from '../../../bridge';
import { DocumentViewer } from '../../viewer/DocumentViewer';
import { PdfTab } from './PdfTab';

interface DetailPaneProps {
  type: DocumentType;
  uuid: string;
  tab: DetailTab;
  onTab(tab: DetailTab): void;
  onClose(): void;
}

/** The open document: header with its state and actions, then Details / Source / PDF. */
export function DetailPane({ type, uuid, tab, onTab, onClose }: DetailPaneProps) {
  const { t, i18n } = useTranslation();
  const detail = useBridgeQuery('documents.get', { type, uuid });
  const mark = useMarkDownloaded();
  const record = detail.data?.record;
  const tabs: DetailTab[] = isSendable(type) ? ['details', 'source', 'pdf'] : ['details', 'source'];
  const activeTab = tabs.includes(tab) ? tab : 'details';
  const number = record?.number ?? detail.data?.document?.id ?? '';
  const title = number || t('documents.detail.loadingTitle');


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

      {detail.isError ? (
        <ErrorAlert
          error={detail.error}
          title={detail.error.code === 'not_found' ? t('documents.detail.notFound') : t('documents.detail.failed')}
          actions={
            <Button size="sm" icon="refresh" onClick={() => void detail.refetch()}>
              {t('common.retry')}
            </Button>
          }
        />
      ) : (
        <div className="doc-pane__viewer">
          <DocumentViewer
            fileKey={['inbox', type, uuid]}
            load={async () => {
              const source = await bridge.invoke('documents.source', { type, uuid });
              return { name: source.fileName, base64: source.base64 };
            }}
            inbox={{ type, uuid }}
            tab={activeTab === 'details' ? 'document' : activeTab}
            onTab={(next) => onTab(next === 'document' ? 'details' : (next as DetailTab))}
            extraTabs={isSendable(type) ? [{ id: 'pdf', label: t('documents.detail.tabs.pdf'), icon: 'pdf', render: () => <PdfTab type={type} uuid={uuid} number={number} /> }] : []}
          />
        </div>
      )}
    </section>
  );
}
