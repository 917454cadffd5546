import { useQueryClient } from '@tanstack/react-query';
import { getCoreRowModel, useReactTable, type ColumnDef } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { DocumentFilters, DocumentPage, DocumentRecord, DocumentType } from '../../../../../shared/contract/documents';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { DocIcon } from '../DocIcon';
import { typeKey } from '../model/document-types';
import { clearSelection, selectMany, toggleSelected, useInboxUi } from '../model/inbox-ui-store';
import { activeFilterCount } from '../model/url-state';
import { InboxRow, rowId } from './InboxRow';
import { loadedRecords, PAGE_SIZE } from './list-cache';
import { useFirstPage, useInboxRows, type InboxRows } from './useInboxRows';

type SortField = NonNullable<DocumentFilters['sort']>['field'];
type Sort = NonNullable<DocumentFilters['sort']>;

export interface InboxTableProps {
  type: DocumentType;
  filters: DocumentFilters;
  /** The uuid shown in the detail pane. */
  openUuid?: string;
  /** Fewer columns, for when the detail pane takes half the width. */
  compact: boolean;
  onOpen(record: DocumentRecord): void;
  onSort(sort: Sort): void;
  onClearFilters(): void;
}

const ROW_HEIGHT = 36;
const HEADER_HEIGHT = 34;
/** When the pane is open, moving with the keyboard shows the new row after this pause. */
const FOLLOW_DELAY_MS = 180;
/** A jump of more than this many rows (a scrollbar drag) loads pages only once the list stops. */
const NEAR_ROWS = 90;
const JUMP_SETTLE_MS = 150;

/** TanStack Table gets no rows: they are virtual (see InboxRow). */
type GridRow = DocumentRecord;
const noRows: GridRow[] = [];

/** Grid track of each column and the least width it needs (the grid scrolls sideways below the sum). */
const columnWidths: Record<string, { track: string; min: number }> = {
  select: { track: '40px', min: 40 },
  number: { track: 'minmax(150px, 1.3fr)', min: 150 },
  date: { track: '112px', min: 112 },
  sender: { track: 'minmax(150px, 2fr)', min: 150 },
  recipient: { track: 'minmax(150px, 2fr)', min: 150 },
  direction: { track: '108px', min: 108 },
  createdAt: { track: '184px', min: 184 },
  downloaded: { track: '112px', min: 112 },
};

/** Narrower tracks beside the detail pane: the sender gets the room, the downloaded state a "New" label. */
const compactWidths: Record<string, { track: string; min: number }> = {
  ...columnWidths,
  number: { track: 'minmax(104px, 0.9fr)', min: 104 },
  date: { track: '100px', min: 100 },
  sender: { track: 'minmax(140px, 2fr)', min: 140 },
  downloaded: { track: '64px', min: 64 },
};

const sortFieldOf: Record<string, SortField> = {
  date: 'documentDate',
  sender: 'senderName',
  recipient: 'recipientName',
  createdAt: 'createdAt',
};

/** Dates are most useful newest first, names A to Z. */
const firstOrder: Record<SortField, Sort['order']> = { createdAt: 'desc', documentDate: 'desc', senderName: 'asc', recipientName: 'asc' };

/** The inbox list: page 1 decides between loading, error, empty and the virtualized grid. */
export function InboxTable(props: InboxTableProps) {
  const { t } = useTranslation();
  const first = useFirstPage(props.type, props.filters);
  const many = t(`documents.types.${typeKey[props.type]}.many`);

  if (first.isPending) {
    return (
      <div className="inbox-grid inbox-grid--loading" role="status" aria-label={t('documents.list.loading', { types: many })}>
        {Array.from({ length: 10 }, (_, index) => (
          <div key={index} className="inbox-skeleton-row">
            <span className="skeleton" />
          </div>
        ))}
      </div>
    );
  }
  if (first.isError) {
    return (
      <div className="inbox-state">
        <ErrorAlert
          error={first.error}
          title={t('documents.list.loadFailed', { types: many })}
          actions={
            <Button size="sm" icon="refresh" onClick={() => void first.refetch()}>
              {t('common.retry')}
            </Button>
          }
        />
      </div>
    );
  }
  if (first.data.totalItems === 0) {
    const filtered = activeFilterCount(props.filters) > 0;
    return (
      <div className="inbox-state">
        <EmptyState
          icon="documents"
          title={filtered ? t('documents.list.noMatches', { types: many }) : t('documents.list.empty', { types: many })}
          actions={
            filtered ? (
              <Button size="sm" onClick={props.onClearFilters}>
                {t('documents.filters.clear')}
              </Button>
            ) : undefined
          }
        >
          <p>{filtered ? t('documents.list.noMatchesHint') : t('documents.list.emptyHint')}</p>
        </EmptyState>
      </div>
    );
  }
  return <InboxGrid {...props} firstPage={first.data} />;
}

/** The header's check box: selects every loaded row, or clears the selection. */
function SelectAllCheckbox({ count, onSelectAll }: { count: number; onSelectAll(): void }) {
  const { t } = useTranslation();
  const selectedCount = useInboxUi((state) => state.selected.size);
  const all = selectedCount > 0 && selectedCount >= count;
  return (
    <input
      type="checkbox"
      className="inbox-check"
      tabIndex={-1}
      aria-label={t('documents.list.selectAll')}
      checked={all}
      ref={(element) => {
        if (element) element.indeterminate = selectedCount > 0 && !all;
      }}
      onChange={() => (selectedCount > 0 ? clearSelection() : onSelectAll())}
    />
  );
}

function InboxGrid({ type, filters, openUuid, compact, onOpen, onSort, firstPage }: InboxTableProps & { firstPage: DocumentPage }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const selected = useInboxUi((state) => state.selected);
  const [scrollElement, setScrollElement] = useState<HTMLDivElement | null>(null);
  const [active, setActive] = useState<number | null>(null);
  const [count, setCount] = useState(firstPage.totalItems);

  // The virtualizer is read fresh on every render here (nothing memoizes it), which is what the warning is about.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollElement,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
    scrollMargin: HEADER_HEIGHT,
    scrollPaddingStart: HEADER_HEIGHT,
    // Scroll renders are batched by React rather than forced synchronously on every scroll event.
    useFlushSync: false,
  });
  const items = virtualizer.getVirtualItems();
  const windowFirst = items[0]?.index ?? 0;
  // Where loading last caught up with the window: steady scrolling stays near it and loads as it
  // goes; a far jump waits until the window rests, so pages raced past are never fetched.
  const [loadAnchor, setLoadAnchor] = useState(windowFirst);
  const near = Math.abs(windowFirst - loadAnchor) <= NEAR_ROWS;
  useEffect(() => {
    if (Math.abs(windowFirst - loadAnchor) < PAGE_SIZE) return;
    const timer = window.setTimeout(() => setLoadAnchor(windowFirst), near ? 0 : JUMP_SETTLE_MS);
    return () => window.clearTimeout(timer);
  }, [windowFirst, loadAnchor, near]);
  const rows = useInboxRows(type, filters, firstPage, windowFirst, items[items.length - 1]?.index ?? -1, near);
  // Derived from the pages: adjusting during render lets React redo this render at once.
  if (rows.total !== count) setCount(rows.total);

  const rowsRef = useRef<InboxRows>(rows);
  useEffect(() => {
    rowsRef.current = rows;
  });
  const activeIndex = active !== null && active < count ? active : null;

  const followTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(followTimer.current), []);

  const sort = filters.sort;
  const selectAllLoaded = () => selectMany(loadedRecords(queryClient, type, filters).map((record) => record.uuid));

  // TanStack Table owns the columns (headers, order, visibility); the rows are virtual and drawn by InboxRow.
  const columns = useMemo<ColumnDef<GridRow>[]>(
    () => [
      { id: 'select', header: 'select' },
      { id: 'number', header: t('documents.columns.number') },
      { id: 'date', header: t('documents.columns.date') },
      { id: 'sender', header: t('documents.columns.sender') },
      { id: 'recipient', header: t('documents.columns.recipient') },
      { id: 'direction', header: t('documents.columns.direction') },
      { id: 'createdAt', header: t('documents.columns.createdAt') },
      { id: 'downloaded', header: t('documents.columns.downloaded') },
    ],
    [t],
  );
  const columnVisibility = useMemo(() => ({ recipient: !compact, direction: !compact, createdAt: !compact }), [compact]);
  const table = useReactTable({
    data: noRows,
    columns,
    getCoreRowModel: getCoreRowModel(),
    // Rows are a window of a server-side list: the table never pages, sorts or expands on its own
    // (left on, its page reset re-renders forever as the window changes).
    manualPagination: true,
    autoResetAll: false,
    state: { columnVisibility },
  });
  const visibleColumns = table.getVisibleLeafColumns();
  const columnIds = useMemo(() => visibleColumns.map((column) => column.id), [visibleColumns]);
  const widths = compact ? compactWidths : columnWidths;
  const template = columnIds.map((id) => widths[id]?.track ?? '1fr').join(' ');
  const minWidth = columnIds.reduce((sum, id) => sum + (widths[id]?.min ?? 80), 0);

  const moveTo = (index: number) => {
    const target = Math.max(0, Math.min(count - 1, index));
    setActive(target);
    virtualizer.scrollToIndex(target, { align: 'auto' });
    if (openUuid === undefined) return;
    window.clearTimeout(followTimer.current);
    followTimer.current = window.setTimeout(() => {
      const record = rowsRef.current.rowAt(target);
      if (record && record.uuid !== openUuid) onOpen(record);
    }, FOLLOW_DELAY_MS);
  };

  const selectRange = (from: number, to: number) => {
    const uuids: string[] = [];
    for (let index = Math.min(from, to); index <= Math.max(from, to); index += 1) {
      const record = rows.rowAt(index);
      if (record) uuids.push(record.uuid);
    }
    selectMany(uuids);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.target !== event.currentTarget) return;
    const pageRows = Math.max(1, Math.floor((scrollElement?.clientHeight ?? ROW_HEIGHT * 10) / ROW_HEIGHT) - 1);
    const current = activeIndex ?? -1;
    const record = activeIndex !== null ? rows.rowAt(activeIndex) : undefined;
    const handled = () => event.preventDefault();
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'a') {
      handled();
      selectAllLoaded();
      return;
    }
    switch (event.key) {
      case 'ArrowDown':
        handled();
        if (event.shiftKey && record) selectMany([record.uuid]);
        moveTo(current + 1);
        break;
      case 'ArrowUp':
        handled();
        if (event.shiftKey && record) selectMany([record.uuid]);
        moveTo(current <= 0 ? 0 : current - 1);
        break;
      case 'PageDown':
        handled();
        moveTo(current + pageRows);
        break;
      case 'PageUp':
        handled();
        moveTo(current - pageRows);
        break;
      case 'Home':
        handled();
        moveTo(0);
        break;
      case 'End':
        handled();
        moveTo(count - 1);
        break;
      case 'Enter':
        if (record) {
          handled();
          onOpen(record);
        }
        break;
      case ' ':
        handled();
        if (record && activeIndex !== null) toggleSelected(record.uuid, activeIndex);
        break;
      case 'Escape':
        if (selected.size > 0) {
          handled();
          clearSelection();
        }
        break;
    }
  };

  /** One listener for every row: the row's index is on its element. */
  const onRowsClick = (event: MouseEvent<HTMLDivElement>) => {
    const row = event.target instanceof Element ? event.target.closest<HTMLElement>('[role="row"][data-index]') : null;
    if (!row) return;
    const index = Number(row.dataset.index);
    const record = rows.rowAt(index);
    if (!record) return;
    setActive(index);
    scrollElement?.focus({ preventScroll: true });
    const anchor = useInboxUi.getState().anchor;
    if (event.shiftKey && anchor !== null) selectRange(anchor, index);
    else if (event.ctrlKey || event.metaKey) toggleSelected(record.uuid, index);
    else onOpen(record);
  };

  const headerCells = table.getHeaderGroups()[0]?.headers ?? [];
  const activeRowRendered = activeIndex !== null && items.some((item) => item.index === activeIndex);

  return (
    <div className="inbox-table">
      {rows.failedPages.length > 0 ? (
        <Alert
          tone="warning"
          title={t('documents.list.pagesFailed')}
          actions={
            <Button size="sm" icon="refresh" onClick={rows.retryFailed}>
              {t('common.retry')}
            </Button>
          }
        />
      ) : null}
      <div
        ref={setScrollElement}
        className="inbox-grid"
        role="grid"
        aria-label={t(`documents.types.${typeKey[type]}.tab`)}
        aria-rowcount={count + 1}
        aria-colcount={columnIds.length}
        aria-multiselectable="true"
        aria-activedescendant={activeRowRendered && activeIndex !== null ? rowId(activeIndex) : undefined}
        tabIndex={0}
        onKeyDown={onKeyDown}
        onFocus={(event) => {
          if (event.target === event.currentTarget && activeIndex === null) setActive(0);
        }}
      >
        <div className="inbox-grid__head" role="rowgroup" style={{ minWidth }}>
          <div className="inbox-row inbox-row--head" role="row" aria-rowindex={1} style={{ gridTemplateColumns: template }}>
            {headerCells.map((header) => {
              const id = header.column.id;
              const field = sortFieldOf[id];
              const sorted = field && sort?.field === field ? sort.order : undefined;
              const label = String(header.column.columnDef.header);
              let content: ReactNode = label;
              if (id === 'select') content = <SelectAllCheckbox count={count} onSelectAll={selectAllLoaded} />;
              else if (id === 'downloaded' && compact)
                content = (
                  <span className="inbox-downloaded-head" title={label}>
                    <DocIcon name="mailOpen" />
                    <span className="visually-hidden">{label}</span>
                  </span>
                );
              return (
                <div
                  key={header.id}
                  role="columnheader"
                  className={`inbox-cell inbox-cell--${id}`}
                  aria-sort={field ? (sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none') : undefined}
                >
                  {field ? (
                    <button
                      type="button"
                      className="inbox-sort"
                      tabIndex={-1}
                      title={t('documents.sort.by', { field: label })}
                      onClick={() => onSort({ field, order: sorted ? (sorted === 'asc' ? 'desc' : 'asc') : firstOrder[field] })}
                    >
                      {content}
                      <DocIcon name={sorted === 'asc' ? 'sortAsc' : sorted === 'desc' ? 'sortDesc' : 'sortNone'} className={`icon inbox-sort__icon${sorted ? ' inbox-sort__icon--on' : ''}`} />
                    </button>
                  ) : (
                    content
                  )}
                </div>
              );
            })}
          </div>
        </div>
        <div className="inbox-grid__body" role="rowgroup" style={{ height: virtualizer.getTotalSize(), minWidth }} onClick={onRowsClick}>
          {items.map((item) => {
            const record = rows.rowAt(item.index);
            return (
              <InboxRow
                key={item.index}
                index={item.index}
                record={record}
                columns={columnIds}
                template={template}
                top={item.start - HEADER_HEIGHT}
                selected={record ? selected.has(record.uuid) : false}
                active={item.index === activeIndex}
                open={record !== undefined && record.uuid === openUuid}
                compact={compact}
              />
            );
          })}
        </div>
      </div>
    </div>
  );
}
