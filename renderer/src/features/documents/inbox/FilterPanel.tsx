import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { DocumentFilters } from '../../../../../shared/contract/documents';
import { Button } from '../../../components/Button';
import { Checkbox, SelectField, TextField } from '../../../components/Field';
import { DateField } from '../../../components/DateField';
import { draftFromFilters, filtersFromDraft, type FilterDraft, type FilterFormError, type RangeDraft } from '../model/filter-form';
import { listFilters, rangeFilters, type RangeFilter } from '../model/url-state';
import { ChipsInput } from './ChipsInput';

interface FilterPanelProps {
  id: string;
  filters: DocumentFilters;
  onApply(filters: DocumentFilters): void;
  onClear(): void;
}

/** Every filter of the contract in one form; nothing changes until "Apply filters". */
export function FilterPanel({ id, filters, onApply, onClear }: FilterPanelProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const [draft, setDraft] = useState<FilterDraft>(() => draftFromFilters(filters));
  const [error, setError] = useState<FilterFormError | null>(null);

  const patch = (changes: Partial<FilterDraft>) => setDraft((current) => ({ ...current, ...changes }));
  const patchRange = (field: RangeFilter, changes: Partial<RangeDraft>) =>
    setDraft((current) => ({ ...current, ranges: { ...current.ranges, [field]: { ...current.ranges[field], ...changes } } }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = filtersFromDraft(draft, filters.sort);
    if ('error' in result) {
      setError(result.error);
      return;
    }
    setError(null);
    onApply(result.filters);
  };

  const clear = () => {
    setDraft(draftFromFilters({}));
    setError(null);
    onClear();
  };

  return (
    <form id={id} className="panel filter-panel" aria-labelledby={headingId} onSubmit={submit} noValidate>
      <h2 id={headingId} className="visually-hidden">
        {t('documents.filters.title')}
      </h2>
      <div className="filter-panel__grid">
        <TextField label={t('documents.filters.senderName')} value={draft.senderName} onChange={(event) => patch({ senderName: event.target.value })} placeholder={t('documents.filters.namePlaceholder')} />
        <TextField
          label={t('documents.filters.recipientName')}
          value={draft.recipientName}
          onChange={(event) => patch({ recipientName: event.target.value })}
          placeholder={t('documents.filters.namePlaceholder')}
        />
        {listFilters.map((field) => (
          <ChipsInput
            key={field}
            label={t(`documents.filters.${field}`)}
            values={draft.lists[field]}
            draft={draft.listDrafts[field]}
            placeholder={t('documents.filters.listPlaceholder')}
            onValues={(values) => setDraft((current) => ({ ...current, lists: { ...current.lists, [field]: values } }))}
            onDraft={(text) => setDraft((current) => ({ ...current, listDrafts: { ...current.listDrafts, [field]: text } }))}
          />
        ))}
        <SelectField
          label={t('documents.filters.downloaded')}
          value={draft.downloaded}
          onChange={(event) => patch({ downloaded: event.target.value as FilterDraft['downloaded'] })}
        >
          <option value="any">{t('documents.filters.any')}</option>
          <option value="no">{t('documents.filters.notDownloaded')}</option>
          <option value="yes">{t('documents.filters.alreadyDownloaded')}</option>
        </SelectField>
        <SelectField label={t('documents.filters.direction')} value={draft.direction} onChange={(event) => patch({ direction: event.target.value as FilterDraft['direction'] })}>
          <option value="any">{t('documents.filters.any')}</option>
          <option value="incoming">{t('documents.direction.incoming')}</option>
          <option value="outgoing">{t('documents.direction.outgoing')}</option>
        </SelectField>
      </div>
      <div className="filter-panel__ranges">
        {rangeFilters.map((field) => (
          <fieldset key={field} className="filter-range">
            <legend className="filter-range__legend">{t(`documents.filters.${field}`)}</legend>
            <div className="filter-range__bound">
              <DateField
                label={t(`documents.filters.${field}From`)}
                value={draft.ranges[field].from}
                error={error?.field === field ? t('documents.filters.reversed') : undefined}
                onChange={(from) => patchRange(field, { from })}
              />
              <Checkbox
                label={t('documents.filters.strictlyAfter')}
                aria-label={t('documents.filters.strictlyAfterLabel', { field: t(`documents.filters.${field}`) })}
                checked={draft.ranges[field].fromStrict}
                onChange={(event) => patchRange(field, { fromStrict: event.target.checked })}
              />
            </div>
            <div className="filter-range__bound">
              <DateField label={t(`documents.filters.${field}To`)} value={draft.ranges[field].to} onChange={(to) => patchRange(field, { to })} />
              <Checkbox
                label={t('documents.filters.strictlyBefore')}
                aria-label={t('documents.filters.strictlyBeforeLabel', { field: t(`documents.filters.${field}`) })}
                checked={draft.ranges[field].toStrict}
                onChange={(event) => patchRange(field, { toStrict: event.target.checked })}
              />
            </div>
          </fieldset>
        ))}
      </div>
      <div className="filter-panel__actions">
        <p className="filter-panel__hint">{t('documents.filters.hint')}</p>
        <Button variant="ghost" onClick={clear}>
          {t('documents.filters.clear')}
        </Button>
        <Button variant="primary" type="submit">
          {t('documents.filters.apply')}
        </Button>
      </div>
    </form>
  );
}
