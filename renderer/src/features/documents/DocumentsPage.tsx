import './documents.css';
import { useEffect, useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { DocumentFilters, DocumentRecord } from '../../../../shared/contract/documents';
import { Button } from '../../components/Button';
import { PageHeader } from '../../components/PageHeader';
import { DownloadsPanel } from './bulk/DownloadsPanel';
import { useBulkProgressEvents } from './bulk/useBulkJobs';
import { DocIcon } from './DocIcon';
import { ActiveFilters } from './inbox/ActiveFilters';
import { FilterPanel } from './inbox/FilterPanel';
import { InboxTable } from './inbox/InboxTable';
import { InboxToolbar } from './inbox/InboxToolbar';
import { listScope } from './inbox/list-cache';
import { BulkDownloadDialog, DetailPane, ExportDialog, SendDocumentDialog } from './lazy-parts';
import { isSendable } from './model/document-types';
import { openDialog, useInboxUi, useSelectionScope } from './model/inbox-ui-store';
import { clearedFilters, readInboxView, writeInboxView, type InboxView } from './model/url-state';
import { TYPE_PANEL_ID, typeTabId, TypeTabs } from './TypeTabs';
import { useDocumentEvents } from './useDocumentEvents';
import { useMarkDownloaded } from './useMarkDownloaded';

/**
 * The document inbox (DESIGN §7): one tab per type, a virtualized list over pages of 30 with every
 * filter of the spec (kept in the URL), the open document beside it, bulk downloads, sending.
 */
export default function DocumentsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const view = useMemo(() => readInboxView(params), [params]);
  const filterPanelId = useId();
  const dialog = useInboxUi((state) => state.dialog);
  const selected = useInboxUi((state) => state.selected);
  const filtersOpen = useInboxUi((state) => state.filtersOpen);
  const mark = useMarkDownloaded();
  useDocumentEvents();
  useBulkProgressEvents();
  useSelectionScope(listScope(view.type, view.filters));

  // A URL someone typed or an old bookmark is rewritten to its clean form.
  const canonical = writeInboxView(view).toString();
  useEffect(() => {
    if (params.toString() !== canonical) setParams(new URLSearchParams(canonical), { replace: true });
  }, [params, canonical, setParams]);

  const go = (next: Partial<InboxView>, replace = false) => setParams(writeInboxView({ ...view, ...next }), { replace });
  const setFilters = (filters: DocumentFilters) => go({ filters });
  const clearFilters = () => go({ filters: clearedFilters(view.filters) });
  const open = (record: DocumentRecord) => go({ type: record.type, open: record.uuid }, record.type === view.type);
  const markSelection = (downloaded: boolean) => {
    if (!isSendable(view.type)) return;
    mark.mutate({ type: view.type, uuids: [...useInboxUi.getState().selected], downloaded });
  };

  return (
    <div className="page documents-page">
      <PageHeader
        title={t('pages.documents.title')}
        actions={
          <Button variant="primary" onClick={() => openDialog('send')}>
            <DocIcon name="send" />
            {t('documents.actions.send')}
          </Button>
        }
      />
      <TypeTabs type={view.type} onChange={(type) => go({ type, open: undefined, tab: 'details' })} />
      <div className="documents-body" role="tabpanel" id={TYPE_PANEL_ID} aria-labelledby={typeTabId(view.type)}>
        <InboxToolbar
          type={view.type}
          filters={view.filters}
          filterPanelId={filterPanelId}
          onSort={(sort) => setFilters({ ...view.filters, sort })}
          onMark={markSelection}
          markPending={mark.isPending}
        />
        {filtersOpen ? <FilterPanel key={canonical} id={filterPanelId} filters={view.filters} onApply={setFilters} onClear={clearFilters} /> : null}
        <ActiveFilters filters={view.filters} onChange={setFilters} onClear={clearFilters} showClear={!filtersOpen} />
        <div className={`documents-split${view.open ? ' documents-split--open' : ''}`}>
          <InboxTable
            type={view.type}
            filters={view.filters}
            openUuid={view.open}
            compact={view.open !== undefined}
            onOpen={open}
            onSort={(sort) => setFilters({ ...view.filters, sort })}
            onClearFilters={clearFilters}
          />
          {view.open ? (
            <DetailPane
              key={`${view.type}-${view.open}`}
              type={view.type}
              uuid={view.open}
              tab={view.tab}
              onTab={(tab) => go({ tab }, true)}
              onClose={() => go({ open: undefined, tab: 'details' }, true)}
            />
          ) : null}
        </div>
        <DownloadsPanel />
      </div>
      {dialog === 'send' ? (
        <SendDocumentDialog
          defaultType={isSendable(view.type) ? view.type : 'invoice'}
          onClose={() => openDialog(null)}
          onOpen={(record) => {
            openDialog(null);
            open(record);
          }}
        />
      ) : null}
      {dialog === 'bulk' ? <BulkDownloadDialog type={view.type} filters={view.filters} onClose={() => openDialog(null)} /> : null}
      {dialog === 'export' ? <ExportDialog type={view.type} filters={view.filters} selected={selected} onClose={() => openDialog(null)} /> : null}
    </div>
  );
}
