import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { paymentTypes, type PaymentType, type Receipt } from '../../../../../shared/contract';
import { isVatCode } from '../../../../../shared/validation/vat';
import { useBridgeMutation } from '../../../bridge/queries';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { Icon } from '../../../components/Icon';
import { padDecimals } from '../model/amount-check';
import { formatMoneyUnits, vatCodeLabel } from '../model/format';
import {
  emptyItem,
  emptyPayment,
  emptyReceipt,
  lineAmount,
  normalizedDraft,
  receiptProblems,
  receiptTotals,
  toIssueInput,
  withAutoPayments,
  type ItemDraft,
  type PaymentDraft,
  type ReceiptDraft,
} from '../model/receipt-draft';
import { serverFieldErrors, useProblemText } from '../ui';
import { CellInput, CellSelect } from './cells';
import { VatOptions } from './VatOptions';

interface ReceiptFormProps {
  serialNumber: string;
  onIssued: (receipt: Receipt) => void;
}

/** A sale receipt: items (VAT included in prices), payments with the 2026 types, totals computed live. */
export function ReceiptForm({ serialNumber, onIssued }: ReceiptFormProps) {
  const { t, i18n } = useTranslation();
  const problemText = useProblemText();
  const money = (units: bigint) => formatMoneyUnits(units, i18n.language);
  const [draft, setDraft] = useState<ReceiptDraft>(emptyReceipt);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const issue = useBridgeMutation('receipts.issue', { onSuccess: onIssued });

  const effective = withAutoPayments(normalizedDraft(draft));
  const totals = receiptTotals(effective);
  const problems = receiptProblems(effective, money);
  const server = serverFieldErrors(issue.error);
  const errorOf = (path: string): string | undefined =>
    ((submitted || touched.has(path)) ? problemText(problems[path]) : undefined) ?? server[path];
  const touch = (path: string) => setTouched((previous) => new Set(previous).add(path));

  // Fields are checked as they are typed: a message that only appeared on blur would move the
  // buttons below it away from the pointer between mousedown and click.
  const changeItem = (index: number, patch: Partial<ItemDraft>) => {
    Object.keys(patch).forEach((field) => touch(`items.${index}.${field}`));
    setDraft((previous) => ({ ...previous, items: previous.items.map((item, i) => (i === index ? { ...item, ...patch } : item)) }));
    issue.reset();
  };
  const changePayment = (index: number, patch: Partial<PaymentDraft>) => {
    Object.keys(patch)
      .filter((field) => field === 'amount')
      .forEach(() => touch(`payments.${index}.amount`));
    setDraft((previous) => ({ ...previous, payments: previous.payments.map((payment, i) => (i === index ? { ...payment, ...patch } : payment)) }));
    issue.reset();
  };
  const blurAmount = (path: string, value: string, apply: (value: string) => void) => {
    const padded = padDecimals(value);
    if (padded !== value) apply(padded);
    touch(path);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(problems).length > 0) return;
    issue.mutate(toIssueInput(effective, serialNumber));
  };

  const problemCount = Object.keys(problems).length;
  return (
    <form className="receipt-form" onSubmit={submit} noValidate aria-label={t('fiscal.receipt.formLabel')}>
      <fieldset className="fieldset receipt-form__section">
        <legend className="fieldset__legend">{t('fiscal.receipt.items')}</legend>
        <div className="line-grid line-grid--items" role="presentation">
          <span className="line-grid__head">{t('fiscal.receipt.description')}</span>
          <span className="line-grid__head">{t('fiscal.receipt.quantity')}</span>
          <span className="line-grid__head">{t('fiscal.receipt.unitPrice')}</span>
          <span className="line-grid__head">{t('fiscal.receipt.vat')}</span>
          <span className="line-grid__head">{t('fiscal.receipt.ateco')}</span>
          <span className="line-grid__head line-grid__head--end">{t('fiscal.receipt.lineAmount')}</span>
          <span />
          {draft.items.map((item, index) => {
            const n = index + 1;
            const amount = lineAmount(effective.items[index] ?? item);
            return (
              <div className="line-grid__row" key={item.id} role="group" aria-label={t('fiscal.receipt.itemLabel', { n })}>
                <CellInput
                  label={t('fiscal.receipt.descriptionOf', { n })}
                  value={item.description}
                  maxLength={1000}
                  onChange={(event) => changeItem(index, { description: event.target.value })}
                  onBlur={() => touch(`items.${index}.description`)}
                  error={errorOf(`items.${index}.description`)}
                  placeholder={t('fiscal.receipt.descriptionPlaceholder')}
                />
                <CellInput
                  label={t('fiscal.receipt.quantityOf', { n })}
                  value={item.quantity}
                  inputMode="decimal"
                  className="input--number"
                  onChange={(event) => changeItem(index, { quantity: event.target.value })}
                  onBlur={(event) => blurAmount(`items.${index}.quantity`, event.target.value, (quantity) => changeItem(index, { quantity }))}
                  error={errorOf(`items.${index}.quantity`)}
                />
                <CellInput
                  label={t('fiscal.receipt.unitPriceOf', { n })}
                  value={item.unitPrice}
                  inputMode="decimal"
                  className="input--number"
                  placeholder="0.00"
                  onChange={(event) => changeItem(index, { unitPrice: event.target.value })}
                  onBlur={(event) => blurAmount(`items.${index}.unitPrice`, event.target.value, (unitPrice) => changeItem(index, { unitPrice }))}
                  error={errorOf(`items.${index}.unitPrice`)}
                />
                <CellSelect
                  label={t('fiscal.receipt.vatOf', { n })}
                  value={item.vatCode}
                  onChange={(event) => changeItem(index, { vatCode: isVatCode(event.target.value) ? event.target.value : '' })}
                  error={errorOf(`items.${index}.vatCode`)}
                >
                  <VatOptions />
                </CellSelect>
                <CellInput
                  label={t('fiscal.receipt.atecoOf', { n })}
                  value={item.atecoCode}
                  className="input--mono"
                  placeholder={t('fiscal.receipt.optional')}
                  maxLength={16}
                  spellCheck={false}
                  onChange={(event) => changeItem(index, { atecoCode: event.target.value })}
                  onBlur={() => touch(`items.${index}.atecoCode`)}
                  error={item.atecoCode !== '' ? (problemText(problems[`items.${index}.atecoCode`]) ?? server[`items.${index}.atecoCode`]) : undefined}
                />
                <output className="line-grid__amount" aria-label={t('fiscal.receipt.lineAmountOf', { n })}>
                  {amount === null ? '—' : money(amount)}
                </output>
                <button
                  type="button"
                  className="icon-button"
                  aria-label={t('fiscal.receipt.removeItem', { n })}
                  disabled={draft.items.length === 1}
                  onClick={() => setDraft((previous) => ({ ...previous, items: previous.items.filter((_, i) => i !== index) }))}
                >
                  <Icon name="trash" />
                </button>
              </div>
            );
          })}
        </div>
        <div>
          <Button size="sm" icon="plus" onClick={() => setDraft((previous) => ({ ...previous, items: [...previous.items, emptyItem()] }))}>
            {t('fiscal.receipt.addItem')}
          </Button>
        </div>
      </fieldset>

      <div className="receipt-form__bottom">
        <fieldset className="fieldset receipt-form__section">
          <legend className="fieldset__legend">{t('fiscal.receipt.payments')}</legend>
          <div className="line-grid line-grid--payments">
            <span className="line-grid__head">{t('fiscal.receipt.paymentType')}</span>
            <span className="line-grid__head">{t('fiscal.receipt.amount')}</span>
            <span />
            {effective.payments.map((payment, index) => {
              const n = index + 1;
              return (
                <div className="line-grid__row" key={payment.id} role="group" aria-label={t('fiscal.receipt.paymentLabel', { n })}>
                  <CellSelect
                    label={t('fiscal.receipt.paymentTypeOf', { n })}
                    value={payment.type}
                    onChange={(event) => changePayment(index, { type: event.target.value as PaymentType })}
                    error={server[`payments.${index}.type`]}
                  >
                    {paymentTypes.map((type) => (
                      <option key={type} value={type}>
                        {t(`fiscal.paymentTypes.${type}`)}
                      </option>
                    ))}
                  </CellSelect>
                  <CellInput
                    label={t('fiscal.receipt.paymentAmountOf', { n })}
                    value={payment.amount}
                    inputMode="decimal"
                    className="input--number"
                    placeholder="0.00"
                    onChange={(event) => changePayment(index, { amount: event.target.value, auto: false })}
                    onBlur={(event) =>
                      blurAmount(`payments.${index}.amount`, event.target.value, (amount) => changePayment(index, { amount, auto: false }))
                    }
                    error={errorOf(`payments.${index}.amount`)}
                  />
                  <button
                    type="button"
                    className="icon-button"
                    aria-label={t('fiscal.receipt.removePayment', { n })}
                    disabled={draft.payments.length === 1}
                    onClick={() => setDraft((previous) => ({ ...previous, payments: previous.payments.filter((_, i) => i !== index) }))}
                  >
                    <Icon name="trash" />
                  </button>
                </div>
              );
            })}
          </div>
          <p className="field__hint">{t('fiscal.receipt.paymentsHint')}</p>
          <div>
            <Button
              size="sm"
              icon="plus"
              onClick={() => setDraft((previous) => ({ ...previous, payments: [...previous.payments, emptyPayment('electronic', false)] }))}
            >
              {t('fiscal.receipt.addPayment')}
            </Button>
          </div>
        </fieldset>

        <section className="receipt-totals" aria-label={t('fiscal.receipt.totals')}>
          <dl>
            {totals.vatLines.map((line) => (
              <div key={line.vatCode} className="receipt-totals__vat">
                <dt>{t('fiscal.receipt.vatLine', { code: vatCodeLabel(line.vatCode, (rate) => t('fiscal.vat.rate', { rate })) })}</dt>
                <dd>
                  {money(line.gross)}
                  <span className="muted"> · {t('fiscal.receipt.vatIncluded', { amount: money(line.vat) })}</span>
                </dd>
              </div>
            ))}
            {/* The divider separates the VAT lines from the total: with none, there is nothing to separate. */}
            <div className={totals.vatLines.length > 0 ? 'receipt-totals__total receipt-totals__total--after-vat' : 'receipt-totals__total'}>
              <dt>{t('fiscal.receipt.total')}</dt>
              <dd>
                <output aria-label={t('fiscal.receipt.total')}>{money(totals.total)}</output>
              </dd>
            </div>
            <div>
              <dt>{t('fiscal.receipt.paid')}</dt>
              <dd>{money(totals.paid)}</dd>
            </div>
            <div className={totals.difference === 0n ? 'receipt-totals__ok' : 'receipt-totals__off'}>
              <dt>{totals.difference >= 0n ? t('fiscal.receipt.toPay') : t('fiscal.receipt.overpaid')}</dt>
              <dd>{money(totals.difference >= 0n ? totals.difference : -totals.difference)}</dd>
            </div>
          </dl>
          {(submitted || touched.size > 0) && problems.payments ? (
            <p className="field__error" role="alert">
              {problemText(problems.payments)}
            </p>
          ) : server.payments ? (
            <p className="field__error" role="alert">
              {server.payments}
            </p>
          ) : null}
        </section>
      </div>

      {submitted && problemCount > 0 ? (
        <Alert tone="warning" title={t('fiscal.receipt.fixProblems', { count: problemCount })} live={false} />
      ) : null}
      {issue.isError ? <ErrorAlert error={issue.error} title={t('fiscal.receipt.issueFailed')} /> : null}

      <div className="receipt-form__actions">
        <Button type="submit" variant="primary" size="lg" icon="check" pending={issue.isPending}>
          {t('fiscal.receipt.issue')}
        </Button>
      </div>
    </form>
  );
}
