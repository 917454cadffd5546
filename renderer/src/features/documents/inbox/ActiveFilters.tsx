import { useTranslation } from 'react-i18next';
import type { DocumentFilters } from '../../../../../shared/contract/documents';
import { Icon } from '../../../components/Icon';
import { filterChips, withoutChip, type FilterChip } from '../model/filter-chips';
import { formatDate } from '../model/format';

interface ActiveFiltersProps {
  filters: DocumentFilters;
  onChange(filters: DocumentFilters): void;
  onClear(): void;
  showClear: boolean;
}

/** The filters in force as chips: each says what it keeps and can be removed on its own. */
export function ActiveFilters({ filters, onChange, onClear, showClear }: ActiveFiltersProps) {
  const { t, i18n } = useTranslation();
  const chips = filterChips(filters);
  if (chips.length === 0) return null;

  const describe = (chip: FilterChip): { field: string; value: string } => {
    switch (chip.kind) {
      case 'text':
      case 'list':
        return { field: t(`documents.filters.${chip.field}`), value: chip.value };
      case 'range':
        return { field: t(`documents.filters.bounds.${chip.field}.${chip.bound}`), value: formatDate(i18n.language, chip.value) };
      case 'downloaded':
        return { field: t('documents.filters.downloaded'), value: chip.value ? t('documents.downloaded.yes') : t('documents.downloaded.no') };
      case 'direction':
        return { field: t('documents.filters.direction'), value: t(`documents.direction.${chip.value}`) };
    }
  };

  return (
    <ul className="active-filters" aria-label={t('documents.filters.active')}>
      {chips.map((chip) => {
        const { field, value } = describe(chip);
        const key = `${chip.kind}-${'field' in chip ? chip.field : ''}-${'bound' in chip ? chip.bound : ''}-${String(chip.value)}`;
        return (
          <li key={key} className="filter-chip">
            <span className="filter-chip__field">{field}</span>
            <span className="filter-chip__value">{value}</span>
            <button type="button" className="filter-chip__remove" aria-label={t('documents.filters.removeChip', { field, value })} onClick={() => onChange(withoutChip(filters, chip))}>
              <Icon name="close" />
            </button>
          </li>
        );
      })}
      {showClear ? (
        <li>
          <button type="button" className="link-button" onClick={onClear}>
            {t('documents.filters.clear')}
          </button>
        </li>
      ) : null}
    </ul>
  );
}
