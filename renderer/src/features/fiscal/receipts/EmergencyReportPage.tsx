import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { EmergencyReport } from '../../../../../shared/contract';
import { isVatCode } from '../../../../../shared/validation/vat';
import { useBridgeMutation, useBridgeQuery } from '../../../bridge/queries';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { TextField } from '../../../components/Field';
import { Icon } from '../../../components/Icon';
import { PageHeader } from '../../../components/PageHeader';
import { invalidateForPem, usePem } from '../fiscal-queries';
import { pemPath } from '../merchants/MerchantList';
import { padDecimals } from '../model/amount-check';
import {
  emergencyProblems,
  emptyEmergencyDraft,
  emptyEntry,
  normalizedEmergency,
  toEmergencyInput,
  type EmergencyDraft,
  type EntryDraft,
} from '../model/emergency-draft';
import { formatDateTime, formatMoney, vatCodeLabel } from '../model/format';
import { EmergencyDateTimeFields } from './EmergencyDateTimeFields';
import { Breadcrumbs, Card, serverFieldErrors, useProblemText } from '../ui';
import { CellInput, CellSelect } from './cells';
import { VatOptions } from './VatOptions';

function PreviousReports({ serialNumber }: { serialNumber: string }) {
  const { t, i18n } = useTranslation();
  const list = useBridgeQuery('emergencyReports.list', { serialNumber, page: 1, size: 10 });
  const items = list.data?.items ?? [];
  return (
    <Card title={t('fiscal.emergency.previous')} level={2}>
      {list.isError ? (
        <ErrorAlert error={list.error} />
      ) : items.length === 0 ? (
        <p className="muted">{t('fiscal.emergency.none')}</p>
      ) : (
        <ul className="emergency-list">
          {items.map((report) => (
            <li key={report.id}>
              <span className="mono">#{report.id}</span> · {formatDateTime(report.datetime, i18n.language)} ·{' '}
              {report.entries
                .map((entry) => `${entry.vatCode ? vatCodeLabel(entry.vatCode, (rate) => t('fiscal.vat.rate', { rate })) : '—'}: ${formatMoney(entry.partialAmount, i18n.language)}`)
                .join(', ')}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/** Declare documents issued by hand while the PEM was out of order. */
export default function EmergencyReportPage() {
  const { t, i18n } = useTranslation();
  const problemText = useProblemText();
  const serialNumber = useParams().serial ?? '';
  const queryClient = useQueryClient();
  const pem = usePem(serialNumber);
  const ateco = useBridgeQuery('merchants.atecoCodes', { uuid: pem.data?.merchantUuid ?? '' }, { enabled: Boolean(pem.data) });
  const suggestionsId = useId();
  const [draft, setDraft] = useState<EmergencyDraft>(() => emptyEmergencyDraft(new Date()));
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [created, setCreated] = useState<EmergencyReport | null>(null);
  const create = useBridgeMutation('emergencyReports.create', {
    onSuccess: (report) => {
      setCreated(report);
      setSubmitted(false);
      setTouched(new Set());
      setDraft(emptyEmergencyDraft(new Date(), ateco.data?.codes[0]?.code ?? ''));
      invalidateForPem(queryClient, ['emergencyReports.list'], serialNumber);
    },
  });

  // The merchant's first ATECO code is the likely one: the first entry shows it until the user types another.
  const firstCode = ateco.data?.codes[0]?.code;
  const first = draft.entries[0];
  const shown =
    firstCode && first && first.atecoCode === '' && !touched.has('entries.0.atecoCode')
      ? { ...draft, entries: [{ ...first, atecoCode: firstCode }, ...draft.entries.slice(1)] }
      : draft;
  const effective = normalizedEmergency(shown);
  const problems = emergencyProblems(effective, new Date());

  const server = serverFieldErrors(create.error);
  const errorOf = (path: string) => ((submitted || touched.has(path)) ? problemText(problems[path]) : undefined) ?? server[path];
  const touch = (path: string) => setTouched((previous) => new Set(previous).add(path));
  // Checked as typed (see ReceiptForm): no message appears on blur under a button about to be clicked.
  const update = (patch: Partial<EmergencyDraft>) => {
    Object.keys(patch)
      .filter((field) => field !== 'entries')
      .forEach((field) => touch(field));
    setDraft((previous) => ({ ...previous, ...patch }));
    create.reset();
  };
  const changeEntry = (index: number, patch: Partial<EntryDraft>) => {
    Object.keys(patch).forEach((field) => touch(`entries.${index}.${field}`));
    update({ entries: draft.entries.map((entry, i) => (i === index ? { ...entry, ...patch } : entry)) });
  };
  const amountBlur = (path: string, value: string, apply: (value: string) => void) => {
    const padded = padDecimals(value);
    if (padded !== value && value !== '') apply(padded);
    touch(path);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setCreated(null);
    if (Object.keys(problems).length > 0) return;
    create.mutate(toEmergencyInput(effective, serialNumber));
  };

  const discarded = pem.data?.status === 'discarded';
  return (
    <div className="page fiscal-page">
      <Breadcrumbs
        items={[
          { label: t('pages.fiscal.title'), to: '/fiscal' },
          { label: serialNumber, to: pemPath(serialNumber) },
          { label: t('fiscal.emergency.title') },
        ]}
      />
      <PageHeader title={t('fiscal.emergency.title')} description={t('fiscal.emergency.description', { serial: serialNumber })} />
      {discarded ? <Alert tone="warning" title={t('fiscal.pem.discarded')} live={false} /> : null}
      {created ? (
        <Alert tone="success" title={t('fiscal.emergency.created', { id: created.id })}>
          <p>{t('fiscal.emergency.createdBody', { closedAt: formatDateTime(created.closedAt, i18n.language) })}</p>
        </Alert>
      ) : null}
      <div className="panel fiscal-card fiscal-card--form">
        <form className="receipt-form" onSubmit={submit} noValidate aria-label={t('fiscal.emergency.title')}>
          <div className="form-grid">
            <EmergencyDateTimeFields value={draft.datetime} onChange={(datetime) => update({ datetime })} onBlur={() => touch('datetime')} error={errorOf('datetime')} />
            <TextField
              label={t('fiscal.emergency.documentsCount')}
              inputMode="numeric"
              value={draft.documentsCount}
              onChange={(event) => update({ documentsCount: event.target.value })}
              onBlur={() => touch('documentsCount')}
              hint={t('fiscal.receipt.optional')}
              error={errorOf('documentsCount')}
            />
            <TextField
              label={t('fiscal.emergency.cash')}
              inputMode="decimal"
              placeholder="0.00"
              className="input--number"
              value={draft.cashPaymentAmount}
              onChange={(event) => update({ cashPaymentAmount: event.target.value })}
              onBlur={(event) => amountBlur('cashPaymentAmount', event.target.value, (value) => update({ cashPaymentAmount: value }))}
              hint={t('fiscal.receipt.optional')}
              error={errorOf('cashPaymentAmount')}
            />
            <TextField
              label={t('fiscal.emergency.electronic')}
              inputMode="decimal"
              placeholder="0.00"
              className="input--number"
              value={draft.electronicPaymentAmount}
              onChange={(event) => update({ electronicPaymentAmount: event.target.value })}
              onBlur={(event) => amountBlur('electronicPaymentAmount', event.target.value, (value) => update({ electronicPaymentAmount: value }))}
              hint={t('fiscal.receipt.optional')}
              error={errorOf('electronicPaymentAmount')}
            />
          </div>

          <fieldset className="fieldset receipt-form__section">
            <legend className="fieldset__legend">{t('fiscal.emergency.entries')}</legend>
            <datalist id={suggestionsId}>
              {(ateco.data?.codes ?? []).map((code) => (
                <option key={code.code} value={code.code}>
                  {code.description ?? code.code}
                </option>
              ))}
            </datalist>
            <div className="line-grid line-grid--entries">
              <span className="line-grid__head">{t('fiscal.receipt.vat')}</span>
              <span className="line-grid__head">{t('fiscal.emergency.amount')}</span>
              <span className="line-grid__head">{t('fiscal.emergency.vatAmount')}</span>
              <span className="line-grid__head">{t('fiscal.emergency.ateco')}</span>
              <span />
              {shown.entries.map((entry, index) => {
                const n = index + 1;
                const at = (field: string) => `entries.${index}.${field}`;
                return (
                  <div className="line-grid__row" key={entry.id} role="group" aria-label={t('fiscal.emergency.entryLabel', { n })}>
                    <CellSelect
                      label={t('fiscal.emergency.vatOf', { n })}
                      value={entry.vatCode}
                      onChange={(event) => changeEntry(index, { vatCode: isVatCode(event.target.value) ? event.target.value : '' })}
                      error={errorOf(at('vatCode'))}
                    >
                      <VatOptions />
                    </CellSelect>
                    <CellInput
                      label={t('fiscal.emergency.amountOf', { n })}
                      value={entry.partialAmount}
                      inputMode="decimal"
                      placeholder="0.00"
                      className="input--number"
                      onChange={(event) => changeEntry(index, { partialAmount: event.target.value })}
                      onBlur={(event) => amountBlur(at('partialAmount'), event.target.value, (value) => changeEntry(index, { partialAmount: value }))}
                      error={errorOf(at('partialAmount'))}
                    />
                    <CellInput
                      label={t('fiscal.emergency.vatAmountOf', { n })}
                      value={entry.vatAmount}
                      inputMode="decimal"
                      placeholder={t('fiscal.receipt.optional')}
                      className="input--number"
                      onChange={(event) => changeEntry(index, { vatAmount: event.target.value })}
                      onBlur={(event) => amountBlur(at('vatAmount'), event.target.value, (value) => changeEntry(index, { vatAmount: value }))}
                      error={errorOf(at('vatAmount'))}
                    />
                    <CellInput
                      label={t('fiscal.emergency.atecoOf', { n })}
                      value={entry.atecoCode}
                      list={suggestionsId}
                      className="input--mono"
                      placeholder="471110"
                      maxLength={16}
                      spellCheck={false}
                      onChange={(event) => changeEntry(index, { atecoCode: event.target.value })}
                      onBlur={() => touch(at('atecoCode'))}
                      error={(entry.atecoCode !== '' ? problemText(problems[at('atecoCode')]) : undefined) ?? errorOf(at('atecoCode'))}
                    />
                    <button
                      type="button"
                      className="icon-button"
                      aria-label={t('fiscal.emergency.removeEntry', { n })}
                      disabled={draft.entries.length === 1}
                      onClick={() => update({ entries: draft.entries.filter((_, i) => i !== index) })}
                    >
                      <Icon name="trash" />
                    </button>
                  </div>
                );
              })}
            </div>
            <div>
              <Button size="sm" icon="plus" onClick={() => update({ entries: [...draft.entries, emptyEntry(ateco.data?.codes[0]?.code ?? '')] })}>
                {t('fiscal.emergency.addEntry')}
              </Button>
            </div>
          </fieldset>
          {create.isError ? <ErrorAlert error={create.error} title={t('fiscal.emergency.failed')} /> : null}
          <div className="receipt-form__actions">
            <Button type="submit" variant="primary" size="lg" icon="check" pending={create.isPending} disabled={discarded}>
              {t('fiscal.emergency.submit')}
            </Button>
          </div>
        </form>
      </div>
      <PreviousReports serialNumber={serialNumber} />
    </div>
  );
}
