import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useMemo, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { UploadEntry } from '../../../../../shared/contract';
import { Button } from '../../../components/Button';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { Spinner } from '../../../components/Spinner';
import { FeatureIcon } from '../FeatureIcon';
import { explainEntry } from '../model/explain';
import { countByFilter, visibleEntries, type FilterCounts } from '../model/list-view';
import { uploadFilters, type UploadFilter } from '../model/status';
import { setFilter, setSearch, useUploadsUi } from '../model/ui-store';
import { UploadRow } from './UploadRow';
import { useUploadsList } from './uploads-cache';

const tabId = (filter: UploadFilter) => `uploads-tab-${filter}`;
const panelId = 'uploads-tabpanel';
const headingId = 'uploads-list-heading';
/** Height of the sticky column captions above the rows. */
const HEADER_HEIGHT = 34;
/**
 * Height of a row that is neither expanded nor explained (uploads.css `.uploads-list__item--fixed`):
 * such rows are never measured, so a big drop's new rows cost the virtualizer no layout (measuring
 * each new row forced a layout of the list: 80–160 ms per task in a 2 000-file drop's profile).
 * Their texts are single lines, ellipsised, with the full text on hover.
 */
export const ROW_HEIGHT = 58;
/** First guess for rows that grow (expanded, or with an explanation); those are measured. */
const TALL_ROW_ESTIMATE = 96;

const isTall = (entry: UploadEntry, expanded: boolean): boolean => expanded || explainEntry(entry) !== null;

function FilterTabs({ counts }: { counts: FilterCounts }) {
  const { t } = useTranslation();
  const filter = useUploadsUi((state) => state.filter);
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = uploadFilters.indexOf(filter);
    const next =
      event.key === 'ArrowRight' ? (index + 1) % uploadFilters.length
      : event.key === 'ArrowLeft' ? (index - 1 + uploadFilters.length) % uploadFilters.length
      : event.key === 'Home' ? 0
      : event.key === 'End' ? uploadFilters.length - 1
      : -1;
    if (next < 0) return;
    event.preventDefault();
    const target = uploadFilters[next]!;
    setFilter(target);
    document.getElementById(tabId(target))?.focus();
  };
  return (
    <div className="uploads-tabs" role="tablist" aria-label={t('uploads.list.filtersLabel')}>
      {uploadFilters.map((value) => (
        <button
          key={value}
          id={tabId(value)}
          type="button"
          role="tab"
          className="uploads-tabs__tab"
          aria-selected={filter === value}
          aria-controls={panelId}
          tabIndex={filter === value ? 0 : -1}
          onClick={() => setFilter(value)}
          onKeyDown={onKeyDown}
        >
          {t(`uploads.list.filters.${value}`)}{' '}
          <span className="uploads-tabs__count">{counts[value]}</span>
        </button>
      ))}
    </div>
  );
}

function SearchBox() {
  const { t } = useTranslation();
  const search = useUploadsUi((state) => state.search);
  return (
    <div className="uploads-search">
      <FeatureIcon name="search" className="icon uploads-search__icon" />
      <input
        type="search"
        className="input uploads-search__input"
        aria-label={t('uploads.list.search')}
        placeholder={t('uploads.list.searchPlaceholder')}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
      />
    </div>
  );
}

/** The rows, virtualized (the journal can hold thousands); rows grow when expanded. */
function VirtualRows({ entries }: { entries: UploadEntry[] }) {
  const { t } = useTranslation();
  const scrollRef = useRef<HTMLDivElement>(null);
  const expanded = useUploadsUi((state) => state.expanded);
  // Stable while the list and the expanded rows stay: the virtualizer then keeps its row positions between renders.
  const estimateSize = useCallback(
    (index: number) => {
      const entry = entries[index];
      return entry && isTall(entry, expanded[entry.localId] === true) ? TALL_ROW_ESTIMATE : ROW_HEIGHT;
    },
    [entries, expanded],
  );
  // A row's size is cached by key: one that grows or shrinks back is another item to the virtualizer.
  const getItemKey = useCallback(
    (index: number) => {
      const entry = entries[index];
      if (!entry) return index;
      return isTall(entry, expanded[entry.localId] === true) ? `${entry.localId}:tall` : entry.localId;
    },
    [entries, expanded],
  );
  // eslint-disable-next-line react-hooks/incompatible-library -- no React Compiler here; the virtualizer is used as documented.
  const virtualizer = useVirtualizer({
    count: entries.length,
    getScrollElement: () => scrollRef.current,
    estimateSize,
    overscan: 10,
    getItemKey,
    // The sticky column captions sit above the rows inside the scroll box.
    scrollMargin: HEADER_HEIGHT,
    scrollPaddingStart: HEADER_HEIGHT,
  });

  // Arrow keys, Home and End move between rows, scrolling rows that are not rendered yet into view.
  const onNavigate = useCallback(
    (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
      const target =
        event.key === 'ArrowDown' ? index + 1
        : event.key === 'ArrowUp' ? index - 1
        : event.key === 'Home' ? 0
        : event.key === 'End' ? entries.length - 1
        : -1;
      if (target < 0 || target >= entries.length || target === index) return;
      event.preventDefault();
      virtualizer.scrollToIndex(target, { align: 'auto' });
      const focus = (attempt: number) => {
        const button = scrollRef.current?.querySelector<HTMLElement>(`[data-row-toggle="${target}"]`);
        if (button) button.focus();
        else if (attempt < 5) window.requestAnimationFrame(() => focus(attempt + 1));
      };
      window.requestAnimationFrame(() => focus(0));
    },
    [entries.length, virtualizer],
  );

  return (
    // A table to assistive technology too: only the rows in view exist, so each says where it is.
    <div ref={scrollRef} className="panel uploads-list__scroll" role="table" aria-label={t('uploads.list.label')} aria-rowcount={entries.length + 1}>
      <div className="upload-columns" role="row" aria-rowindex={1} style={{ height: HEADER_HEIGHT }}>
        <span role="columnheader">{t('uploads.list.columns.file')}</span>
        <span role="columnheader">{t('uploads.list.columns.e2eId')}</span>
        <span role="columnheader">{t('uploads.list.columns.country')}</span>
        <span role="columnheader">{t('uploads.list.columns.status')}</span>
        <span role="columnheader">{t('uploads.list.columns.updated')}</span>
        <span role="columnheader">
          <span className="visually-hidden">{t('uploads.list.columns.actions')}</span>
        </span>
      </div>
      <div role="rowgroup" className="uploads-list__rows" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => {
          const entry = entries[item.index];
          if (!entry) return null;
          const isExpanded = expanded[entry.localId] === true;
          const tall = isTall(entry, isExpanded);
          return (
            <div
              key={entry.localId}
              ref={tall ? virtualizer.measureElement : undefined}
              data-index={item.index}
              role="row"
              aria-rowindex={item.index + 2}
              className={tall ? 'uploads-list__item' : 'uploads-list__item uploads-list__item--fixed'}
              style={tall ? { transform: `translateY(${item.start - HEADER_HEIGHT}px)` } : { height: ROW_HEIGHT, transform: `translateY(${item.start - HEADER_HEIGHT}px)` }}
            >
              <UploadRow entry={entry} expanded={isExpanded} index={item.index} onNavigate={onNavigate} />
            </div>
          );
        })}
      </div>
    </div>
  );
}

export function UploadList() {
  const { t } = useTranslation();
  const list = useUploadsList();
  const filter = useUploadsUi((state) => state.filter);
  const search = useUploadsUi((state) => state.search);
  const entries = useMemo(() => list.data ?? [], [list.data]);
  const counts = useMemo(() => countByFilter(entries, search), [entries, search]);
  const visible = useMemo(() => visibleEntries(entries, filter, search), [entries, filter, search]);

  let body: ReactNode;
  if (list.isPending) {
    body = (
      <div className="uploads-list__loading" role="status">
        <Spinner size="md" />
        <span className="visually-hidden">{t('app.loading')}</span>
      </div>
    );
  } else if (list.isError) {
    body = (
      <ErrorAlert
        error={list.error}
        title={t('uploads.list.loadFailed')}
        actions={
          <Button size="sm" icon="refresh" onClick={() => void list.refetch()}>
            {t('common.retry')}
          </Button>
        }
      />
    );
  } else if (entries.length === 0) {
    body = (
      <EmptyState icon="uploads" title={t('uploads.list.emptyTitle')}>
        <p>{t('uploads.list.emptyBody')}</p>
      </EmptyState>
    );
  } else if (visible.length === 0) {
    body = (
      <EmptyState
        icon="info"
        title={t('uploads.list.noMatchTitle')}
        actions={
          search.trim() !== '' ? (
            <Button size="sm" onClick={() => setSearch('')}>
              {t('uploads.list.clearSearch')}
            </Button>
          ) : (
            <Button size="sm" onClick={() => setFilter('all')}>
              {t('uploads.list.showAll')}
            </Button>
          )
        }
      >
        <p>{search.trim() !== '' ? t('uploads.list.noMatchSearch', { search: search.trim() }) : t('uploads.list.noMatchFilter')}</p>
      </EmptyState>
    );
  } else {
    body = <VirtualRows entries={visible} />;
  }

  return (
    <section className="uploads-list" aria-labelledby={headingId}>
      <h2 id={headingId} className="visually-hidden">
        {t('uploads.list.label')}
      </h2>
      <div className="uploads-list__toolbar">
        <FilterTabs counts={counts} />
        <SearchBox />
      </div>
      <div id={panelId} role="tabpanel" aria-labelledby={tabId(filter)} className="uploads-list__panel">
        {body}
      </div>
    </section>
  );
}
