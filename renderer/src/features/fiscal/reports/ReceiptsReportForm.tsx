import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { FiscalPage, ReportRequest } from '../../../../../shared/contract';
import { bridgeKeys, useBridgeMutation } from '../../../bridge/queries';
import { Button } from '../../../components/Button';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { DateField } from '../../../components/DateField';
import { TextField } from '../../../components/Field';
import { showToast } from '../../../components/toast-store';
import { FiscalIcon } from '../FiscalIcon';
import { invalidateForPem, mergeRequests, REPORTS_PAGE_SIZE } from '../fiscal-queries';
import { todayIso } from '../model/format';
import {
  draftFieldOfPath,
  emptyReceiptsReportDraft,
  filterKindsFor,
  receiptsReportProblems,
  toReceiptsReportInput,
  withType,
  type FilterKind,
  type ReceiptsReportDraft,
  type ReportKind,
} from '../model/receipts-report-draft';
import { Card, serverFieldErrors, useProblemText } from '../ui';
import { useAnnounceIfFinished } from './useReportEvents';

function RadioRow<T extends string>({ legend, name, options, value, onChange, labelOf }: {
  legend: string;
  name: string;
  options: readonly T[];
  value: T;
  onChange: (value: T) => void;
  labelOf: (value: T) => string;
}) {
  return (
    <fieldset className="fieldset">
      <legend className="field__label">{legend}</legend>
      <div className="segmented">
        {options.map((option) => (
          <label key={option} className={`segmented__option${value === option ? ' segmented__option--checked' : ''}`}>
            <input type="radio" name={name} value={option} checked={value === option} onChange={() => onChange(option)} />
            {labelOf(option)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** Queue a receipts report: details or summary, by document number, number range or date range. */
export function ReceiptsReportForm({ serialNumber, disabledReason }: { serialNumber: string; disabledReason: string | null }) {
  const { t } = useTranslation();
  const problemText = useProblemText();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<ReceiptsReportDraft>(() => emptyReceiptsReportDraft(todayIso()));
  const [submitted, setSubmitted] = useState(false);
  const announceIfFinished = useAnnounceIfFinished();
  const request = useBridgeMutation('reports.requestReceipts', {
    onSuccess: (created) => {
      announceIfFinished(created);
      const key = bridgeKeys.call('reports.requests', { serialNumber, page: 1, size: REPORTS_PAGE_SIZE });
      queryClient.setQueryData<FiscalPage<ReportRequest>>(key, (page) => mergeRequests(page, [created]));
      invalidateForPem(queryClient, ['reports.requests', 'reports.list'], serialNumber);
      setSubmitted(false);
      if (created.status === 'queued') {
        showToast({ tone: 'info', title: (t) => t('fiscal.reports.requested', { type: t(`fiscal.reportTypes.${created.type}`) }), timeoutMs: 5000 });
      }
    },
  });

  const problems = receiptsReportProblems(draft);
  const server = serverFieldErrors(request.error);
  const serverText = (field: string): string | undefined =>
    Object.entries(server).find(([path]) => draftFieldOfPath(path, draft.filterKind) === field)?.[1];
  const errorOf = (field: keyof ReceiptsReportDraft): string | undefined =>
    (submitted || draft[field] !== '' ? problemText(problems[field]) : undefined) ?? serverText(field);
  const update = (patch: Partial<ReceiptsReportDraft>) => {
    setDraft((previous) => ({ ...previous, ...patch }));
    request.reset();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(problems).length > 0 || disabledReason) return;
    request.mutate(toReceiptsReportInput(draft, serialNumber));
  };

  return (
    <Card title={t('fiscal.receiptsReport.title')} description={t('fiscal.receiptsReport.description')}>
      <form className="receipts-report-form" onSubmit={submit} noValidate aria-label={t('fiscal.receiptsReport.title')}>
        <div className="receipts-report-form__choices">
          <RadioRow<ReportKind>
            legend={t('fiscal.receiptsReport.type')}
            name={`report-type-${serialNumber}`}
            options={['details', 'summary']}
            value={draft.type}
            onChange={(type) => {
              setDraft((previous) => withType(previous, type));
              request.reset();
            }}
            labelOf={(type) => t(`fiscal.receiptsReport.types.${type}`)}
          />
          <RadioRow<FilterKind>
            legend={t('fiscal.receiptsReport.filter')}
            name={`report-filter-${serialNumber}`}
            options={filterKindsFor(draft.type)}
            value={draft.filterKind}
            onChange={(filterKind) => update({ filterKind })}
            labelOf={(kind) => t(`fiscal.receiptsReport.filters.${kind}`)}
          />
        </div>
        <p className="field__hint">{t(`fiscal.receiptsReport.typeHints.${draft.type}`)}</p>

        <div className="form-grid receipts-report-form__fields">
          {draft.filterKind === 'number' ? (
            <TextField
              label={t('fiscal.receiptsReport.documentNumber')}
              value={draft.documentNumber}
              onChange={(event) => update({ documentNumber: event.target.value })}
              placeholder="0001-0001"
              className="input--mono"
              hint={t('fiscal.receiptsReport.documentNumberHint')}
              error={errorOf('documentNumber')}
            />
          ) : draft.filterKind === 'numberRange' ? (
            <>
              <TextField
                label={t('fiscal.receiptsReport.numberFrom')}
                value={draft.numberFrom}
                onChange={(event) => update({ numberFrom: event.target.value })}
                placeholder="0001-0001"
                className="input--mono"
                error={errorOf('numberFrom')}
              />
              <TextField
                label={t('fiscal.receiptsReport.numberTo')}
                value={draft.numberTo}
                onChange={(event) => update({ numberTo: event.target.value })}
                placeholder="0001-0020"
                className="input--mono"
                error={errorOf('numberTo')}
              />
            </>
          ) : (
            <>
              <DateField label={t('fiscal.receiptsReport.dateFrom')} value={draft.dateFrom} onChange={(dateFrom) => update({ dateFrom })} error={errorOf('dateFrom')} />
              <DateField label={t('fiscal.receiptsReport.dateTo')} value={draft.dateTo} onChange={(dateTo) => update({ dateTo })} error={errorOf('dateTo')} />
            </>
          )}
        </div>

        {request.isError && Object.keys(server).length === 0 ? <ErrorAlert error={request.error} title={t('fiscal.receiptsReport.failed')} /> : null}
        {disabledReason ? <p className="journal-action__reason">{disabledReason}</p> : null}

        <div className="receipts-report-form__actions">
          <Button type="submit" variant="primary" pending={request.isPending} disabled={disabledReason !== null}>
            {request.isPending ? null : <FiscalIcon name="report" />}
            {t('fiscal.receiptsReport.submit')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
