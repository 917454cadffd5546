import { memo, type ChangeEvent, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { DocumentRecord } from '../../../../../shared/contract/documents';
import { DocIcon } from '../DocIcon';
import { formatDate, formatDateTime } from '../model/format';
import { toggleSelected } from '../model/inbox-ui-store';

export const rowId = (index: number): string => `inbox-row-${index}`;

interface InboxRowProps {
  index: number;
  /** Undefined while the row's page loads: a placeholder row. */
  record: DocumentRecord | undefined;
  /** The visible column ids in order. */
  columns: readonly string[];
  template: string;
  /** Offset from the top of the rows, in px. */
  top: number;
  selected: boolean;
  active: boolean;
  open: boolean;
  compact: boolean;
}

// Module-level handlers keep the rows' props stable, so a scroll re-renders only the rows that change.
function onCheckboxChange(event: ChangeEvent<HTMLInputElement>): void {
  const { uuid, index } = event.currentTarget.dataset;
  if (uuid && index) toggleSelected(uuid, Number(index));
  event.currentTarget.closest<HTMLElement>('[role="grid"]')?.focus({ preventScroll: true });
}
const stopClick = (event: MouseEvent): void => event.stopPropagation();

function Cell({ record, column, selected, compact, index }: { record: DocumentRecord; column: string; selected: boolean; compact: boolean; index: number }) {
  const { t, i18n } = useTranslation();
  switch (column) {
    case 'select':
      return (
        <input
          type="checkbox"
          className="inbox-check"
          tabIndex={-1}
          aria-label={t('documents.list.selectRow', { number: record.number })}
          checked={selected}
          data-uuid={record.uuid}
          data-index={index}
          onClick={stopClick}
          onChange={onCheckboxChange}
        />
      );
    case 'number':
      return <span className="inbox-number">{record.number}</span>;
    case 'date':
      return <>{formatDate(i18n.language, record.date)}</>;
    case 'sender':
      // The whole name on hover when the column is narrower than the name.
      return <span title={`${record.sender.name} · ${record.sender.identifier}`}>{record.sender.name}</span>;
    case 'recipient':
      return <span title={`${record.recipient.name} · ${record.recipient.identifier}`}>{record.recipient.name}</span>;
    case 'direction':
      return (
        <span className={`inbox-direction inbox-direction--${record.direction}`}>
          <DocIcon name={record.direction} />
          {t(`documents.direction.${record.direction}`)}
        </span>
      );
    case 'createdAt':
      return <>{formatDateTime(i18n.language, record.createdAt)}</>;
    case 'downloaded': {
      const text = record.downloaded ? t('documents.downloaded.yes') : t('documents.downloaded.no');
      if (compact) {
        // Beside the open document there is no room for "Downloaded: No": a new document says "New" in words.
        return record.downloaded ? (
          <span className="visually-hidden">{t('documents.downloaded.compactYes')}</span>
        ) : (
          <span className="inbox-new" title={t('documents.downloaded.compactNoHint')}>
            {t('documents.downloaded.compactNo')}
          </span>
        );
      }
      return (
        <span className={`inbox-downloaded inbox-downloaded--${record.downloaded ? 'yes' : 'no'}`}>
          <span>{text}</span>
        </span>
      );
    }
    default:
      return null;
  }
}

/** One row of the inbox grid; clicks are handled by the grid (one listener for all rows). */
export const InboxRow = memo(function InboxRow({ index, record, columns, template, top, selected, active, open, compact }: InboxRowProps) {
  const { t, i18n } = useTranslation();
  const classes = ['inbox-row', record && !record.downloaded ? 'inbox-row--new' : '', active ? 'inbox-row--active' : '', selected ? 'inbox-row--selected' : '', open ? 'inbox-row--open' : '']
    .filter(Boolean)
    .join(' ');
  return (
    <div
      id={rowId(index)}
      role="row"
      data-index={index}
      aria-rowindex={index + 2}
      aria-selected={selected}
      aria-current={open ? 'true' : undefined}
      aria-busy={record ? undefined : true}
      aria-label={
        record
          ? t('documents.list.rowLabel', { number: record.number, sender: record.sender.name, date: formatDate(i18n.language, record.date) })
          : t('documents.list.rowLoading', { row: index + 1 })
      }
      className={classes}
      style={{ gridTemplateColumns: template, transform: `translateY(${top}px)` }}
    >
      {columns.map((column) => (
        <div key={column} role="gridcell" className={`inbox-cell inbox-cell--${column}`}>
          {record ? <Cell record={record} column={column} selected={selected} compact={compact} index={index} /> : column === 'select' ? null : <span className="skeleton" />}
        </div>
      ))}
    </div>
  );
});
