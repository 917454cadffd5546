import { useTranslation } from 'react-i18next';
import type { DocumentFilters, DocumentType } from '../../../../../shared/contract/documents';
import { Button } from '../../../components/Button';
import { Spinner } from '../../../components/Spinner';
import { DocIcon } from '../DocIcon';
import { isSendable, typeKey } from '../model/document-types';
import { formatCount } from '../model/format';
import { clearSelection, openDialog, setFiltersOpen, useInboxUi } from '../model/inbox-ui-store';
import { activeFilterCount, defaultSort } from '../model/url-state';
import { useFirstPage } from './useInboxRows';

type Sort = NonNullable<DocumentFilters['sort']>;
const sortFields: readonly Sort['field'][] = ['createdAt', 'documentDate', 'senderName', 'recipientName'];
const isDate = (field: Sort['field']): boolean => field === 'createdAt' || field === 'documentDate';
/** Dates newest first, names A to Z: the order most people want first. */
const sortOptions: readonly Sort[] = sortFields.flatMap((field) =>
  isDate(field) ? [{ field, order: 'desc' as const }, { field, order: 'asc' as const }] : [{ field, order: 'asc' as const }, { field, order: 'desc' as const }],
);

interface InboxToolbarProps {
  type: DocumentType;
  filters: DocumentFilters;
  filterPanelId: string;
  onSort(sort: Sort): void;
  onMark(downloaded: boolean): void;
  markPending: boolean;
}

/** Filters toggle, order, the count (or the selection), and what can be done with the selection. */
export function InboxToolbar({ type, filters, filterPanelId, onSort, onMark, markPending }: InboxToolbarProps) {
  const { t, i18n } = useTranslation();
  const first = useFirstPage(type, filters);
  const selectedCount = useInboxUi((state) => state.selected.size);
  const filtersOpen = useInboxUi((state) => state.filtersOpen);
  const filterCount = activeFilterCount(filters);
  const sort = filters.sort ?? defaultSort;
  const total = first.data?.totalItems;
  const typeWords = t(`documents.types.${typeKey[type]}.${total === 1 ? 'one' : 'many'}`);
  const markable = isSendable(type);
  const sortLabel = (option: Sort) =>
    t('documents.sort.option', {
      field: t(`documents.sort.fields.${option.field}`),
      order: t(`documents.sort.${isDate(option.field) ? (option.order === 'desc' ? 'newestFirst' : 'oldestFirst') : option.order === 'asc' ? 'aToZ' : 'zToA'}`),
    });

  return (
    <div className="inbox-toolbar" role="toolbar" aria-label={t('documents.toolbar.label')}>
      <Button
        variant={filtersOpen ? 'secondary' : 'ghost'}
        size="sm"
        aria-expanded={filtersOpen}
        aria-controls={filterPanelId}
        onClick={() => setFiltersOpen(!filtersOpen)}
        className="inbox-toolbar__filters"
      >
        <DocIcon name="filter" />
        {t('documents.filters.toggle')}
        {filterCount > 0 ? (
          <span className="count-badge" aria-label={t('documents.filters.activeCount', { count: filterCount })}>
            {filterCount}
          </span>
        ) : null}
      </Button>
      <label className="inbox-toolbar__select">
        <span className="inbox-toolbar__select-label">{t('documents.sort.field')}</span>
        <span className="select-wrap">
          <select
            className="input select input--sm"
            value={`${sort.field}:${sort.order}`}
            onChange={(event) => {
              const [field, order] = event.target.value.split(':') as [Sort['field'], Sort['order']];
              onSort({ field, order });
            }}
          >
            {sortOptions.map((option) => (
              <option key={`${option.field}:${option.order}`} value={`${option.field}:${option.order}`}>
                {sortLabel(option)}
              </option>
            ))}
          </select>
        </span>
      </label>
      {selectedCount > 0 ? (
        <span className="inbox-toolbar__selection">
          {t('documents.toolbar.selectedOf', { count: selectedCount, total: formatCount(i18n.language, total ?? 0) })}
          <button type="button" className="link-button" onClick={clearSelection}>
            {t('documents.toolbar.clearSelection')}
          </button>
        </span>
      ) : (
        <p className="inbox-toolbar__count" aria-live="polite">
          {total === undefined ? (
            first.isPending ? (
              <Spinner />
            ) : null
          ) : (
            <>
              <strong>{formatCount(i18n.language, total)}</strong> {typeWords}
            </>
          )}
          {first.isFetching && total !== undefined ? <Spinner /> : null}
        </p>
      )}
      <span className="spacer" />
      {markable ? (
        <>
          <Button size="sm" variant="ghost" disabled={selectedCount === 0} pending={markPending} onClick={() => onMark(true)} title={selectedCount === 0 ? t('documents.toolbar.selectFirst') : t('documents.actions.markDownloaded')}>
            <DocIcon name="mailOpen" />
            <span className="inbox-toolbar__label">{t('documents.actions.markDownloaded')}</span>
          </Button>
          <Button size="sm" variant="ghost" disabled={selectedCount === 0} pending={markPending} onClick={() => onMark(false)} title={selectedCount === 0 ? t('documents.toolbar.selectFirst') : t('documents.actions.markNotDownloaded')}>
            <DocIcon name="mail" />
            <span className="inbox-toolbar__label">{t('documents.actions.markNotDownloaded')}</span>
          </Button>
        </>
      ) : null}
      <Button size="sm" variant="ghost" disabled={!total} onClick={() => openDialog('export')}>
        {t('folders.exports.button')}
      </Button>
      <Button size="sm" variant="secondary" disabled={!total} onClick={() => openDialog('bulk')}>
        <DocIcon name="download" />
        {t('documents.actions.download')}
      </Button>
    </div>
  );
}
