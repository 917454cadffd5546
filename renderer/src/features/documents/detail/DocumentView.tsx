import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { DocumentType } from '../../../../../shared/contract/documents';
import type { AllowanceCharge, Attachment, Parties, TaxCategory, UblDocument } from '../../../../../shared/ubl/types';
import { bridge } from '../../../bridge';
import { Button } from '../../../components/Button';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { base64ToBytes, saveBytes } from '../../../components/pdf-viewer';
import { DocIcon } from '../DocIcon';
import { formatAmount, formatBytes, formatDate, formatQuantity } from '../model/format';
import { placeAttributes } from '../../viewer/places';
import type { PlaceSection } from '../../validation/place';
import { addressLines, PartyCard } from './PartyCard';

interface DocumentViewProps {
  /** The inbox document it came from (attachments are then fetched from the core); absent for a local file. */
  type?: DocumentType | undefined;
  uuid?: string | undefined;
  document: UblDocument;
}

const partyOrder: Array<keyof Parties> = ['supplier', 'seller', 'despatch', 'customer', 'buyer', 'delivery', 'payee', 'taxRepresentative', 'originator'];

/** Where a validation finding about each party points (features/validation/place.ts). */
const partyPlace: Record<keyof Parties, PlaceSection> = {
  supplier: 'seller',
  seller: 'seller',
  despatch: 'seller',
  customer: 'buyer',
  buyer: 'buyer',
  delivery: 'buyer',
  payee: 'payee',
  taxRepresentative: 'payee',
  originator: 'buyer',
};

export function Section({ title, place, children }: { title: string; place?: PlaceSection; children: ReactNode }) {
  return (
    <section className="doc-section" {...(place ? placeAttributes({ section: place }) : {})}>
      <h3 className="doc-section__title">{title}</h3>
      {children}
    </section>
  );
}

export function KeyValues({ rows }: { rows: Array<[string, ReactNode]> }) {
  const shown = rows.filter(([, value]) => value !== undefined && value !== null && value !== '');
  if (shown.length === 0) return null;
  return (
    <dl className="kv-list kv-list--columns">
      {shown.map(([label, value]) => (
        <div key={label} className="kv-list__row">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The normalized document (DESIGN §4 UBL): everything an accountant checks, in reading order. */
export function DocumentView({ type, uuid, document }: DocumentViewProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const currency = document.currency;
  const money = (amount: Parameters<typeof formatAmount>[1]) => formatAmount(language, amount, currency);
  const date = (value: string | undefined) => formatDate(language, value);
  const category = (taxCategory: TaxCategory | undefined): string =>
    taxCategory ? [taxCategory.id, taxCategory.percent !== undefined ? `${taxCategory.percent} %` : undefined].filter(Boolean).join(' · ') : '';

  const chargeKinds = { charge: t('documents.detail.charge'), allowance: t('documents.detail.allowance') };
  const refs = document.references;
  const period = document.period && (document.period.startDate || document.period.endDate) ? `${date(document.period.startDate)} – ${date(document.period.endDate)}` : undefined;
  const parties = partyOrder.flatMap((role) => {
    const party = document.parties[role];
    return party ? [{ role, party }] : [];
  });
  const totals = document.totals;
  const totalRows: Array<[string, string | undefined, boolean?]> = totals
    ? [
        [t('documents.detail.totals.lineExtension'), money(totals.lineExtensionAmount)],
        [t('documents.detail.totals.allowances'), money(totals.allowanceTotalAmount)],
        [t('documents.detail.totals.charges'), money(totals.chargeTotalAmount)],
        [t('documents.detail.totals.taxExclusive'), money(totals.taxExclusiveAmount)],
        [t('documents.detail.totals.tax'), money(document.taxTotal?.taxAmount)],
        [t('documents.detail.totals.taxInclusive'), money(totals.taxInclusiveAmount)],
        [t('documents.detail.totals.prepaid'), money(totals.prepaidAmount)],
        [t('documents.detail.totals.rounding'), money(totals.payableRoundingAmount)],
        [t('documents.detail.totals.payable'), money(totals.payableAmount), true],
      ]
    : [];

  return (
    <div className="doc-view">
      <div className="doc-summary" {...placeAttributes({ section: 'header' })}>
        <KeyValues
          rows={[
            [t('documents.detail.number'), document.id],
            [t('documents.detail.issueDate'), date(document.issueDate)],
            [t('documents.detail.dueDate'), date(document.dueDate ?? document.paymentMeans.find((means) => means.dueDate)?.dueDate)],
            [t('documents.detail.typeCode'), document.typeCode],
            [t('documents.detail.currency'), document.currency],
            [t('documents.detail.period'), period],
          ]}
        />
        {totals?.payableAmount ? (
          <div className="doc-summary__amount">
            <span className="doc-summary__amount-label">{t('documents.detail.totals.payable')}</span>
            <span className="doc-summary__amount-value">{money(totals.payableAmount)}</span>
          </div>
        ) : null}
      </div>

      {parties.length > 0 ? (
        <Section title={t('documents.detail.sections.parties')}>
          <div className="party-grid">
            {parties.map(({ role, party }) => (
              <div key={role} {...placeAttributes({ section: partyPlace[role] })}>
                <PartyCard role={t(`documents.detail.parties.${role}`)} party={party} />
              </div>
            ))}
          </div>
        </Section>
      ) : null}

      <Section title={t('documents.detail.sections.references')} place="references">
        <KeyValues
          rows={[
            [t('documents.detail.refs.buyerReference'), document.buyerReference],
            [t('documents.detail.refs.order'), refs.order],
            [t('documents.detail.refs.salesOrder'), refs.salesOrder],
            [t('documents.detail.refs.billing'), refs.billing.join(', ')],
            [t('documents.detail.refs.contract'), refs.contract],
            [t('documents.detail.refs.despatch'), refs.despatch.join(', ')],
            [t('documents.detail.refs.receipt'), refs.receipt.join(', ')],
            [t('documents.detail.refs.project'), refs.project],
            [t('documents.detail.refs.originator'), refs.originator],
            [t('documents.detail.refs.customerReference'), refs.customerReference],
            [t('documents.detail.refs.accountingCost'), document.accountingCost],
            [t('documents.detail.refs.customization'), document.customizationId ? <span className="mono doc-wrap">{document.customizationId}</span> : undefined],
            [t('documents.detail.refs.profile'), document.profileId ? <span className="mono doc-wrap">{document.profileId}</span> : undefined],
          ]}
        />
        {document.delivery ? (
          <div {...placeAttributes({ section: 'delivery' })}>
          <KeyValues
            rows={[
              [t('documents.detail.delivery.date'), date(document.delivery.date)],
              [t('documents.detail.delivery.party'), document.delivery.partyName],
              [t('documents.detail.delivery.location'), document.delivery.locationId?.value],
              [t('documents.detail.delivery.address'), addressLines(document.delivery.address).join(', ')],
            ]}
          />
          </div>
        ) : null}
      </Section>

      <Section title={t('documents.detail.sections.lines', { count: document.lines.length })}>
        {document.lines.length === 0 ? (
          <p className="muted">{t('documents.detail.noLines')}</p>
        ) : (
          <div className="doc-table-wrap">
            <table className="doc-table">
              <thead>
                <tr>
                  <th scope="col">{t('documents.detail.line.id')}</th>
                  <th scope="col">{t('documents.detail.line.item')}</th>
                  <th scope="col" className="num">
                    {t('documents.detail.line.quantity')}
                  </th>
                  <th scope="col" className="num">
                    {t('documents.detail.line.price')}
                  </th>
                  <th scope="col">{t('documents.detail.line.tax')}</th>
                  <th scope="col" className="num">
                    {t('documents.detail.line.amount')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {document.lines.map((line, index) => (
                  <tr key={`${index}-${line.id ?? ''}`} {...placeAttributes({ section: 'line', lineNumber: index + 1 })}>
                    <td className="mono">{line.id}</td>
                    <td>
                      <span className="doc-line__name">{line.item.name}</span>
                      {line.item.description ? <span className="doc-line__meta">{line.item.description}</span> : null}
                      {line.item.sellersItemId || line.item.standardItemId ? (
                        <span className="doc-line__meta mono">{[line.item.sellersItemId, line.item.standardItemId?.value].filter(Boolean).join(' · ')}</span>
                      ) : null}
                      {line.notes.map((note, noteIndex) => (
                        <span key={noteIndex} className="doc-line__meta">
                          {note}
                        </span>
                      ))}
                      {line.allowanceCharges.map((charge, chargeIndex) => (
                        <span key={chargeIndex} className="doc-line__meta">
                          {describeCharge(chargeKinds, charge, money)}
                        </span>
                      ))}
                    </td>
                    <td className="num">{formatQuantity(language, line.quantity)}</td>
                    <td className="num">{money(line.price)}</td>
                    <td>{category(line.item.taxCategory)}</td>
                    <td className="num">{money(line.lineExtensionAmount)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Section>

      {document.allowanceCharges.length > 0 ? (
        <Section title={t('documents.detail.sections.allowances')} place="allowances">
          <ul className="doc-list">
            {document.allowanceCharges.map((charge, index) => (
              <li key={index}>
                {describeCharge(chargeKinds, charge, money)}
                {charge.taxCategory ? <span className="muted"> · {category(charge.taxCategory)}</span> : null}
              </li>
            ))}
          </ul>
        </Section>
      ) : null}

      {document.taxTotal && document.taxTotal.subtotals.length > 0 ? (
        <Section title={t('documents.detail.sections.tax')} place="tax">
          <div className="doc-table-wrap">
            <table className="doc-table">
              <thead>
                <tr>
                  <th scope="col">{t('documents.detail.taxSubtotal.category')}</th>
                  <th scope="col" className="num">
                    {t('documents.detail.taxSubtotal.rate')}
                  </th>
                  <th scope="col" className="num">
                    {t('documents.detail.taxSubtotal.taxable')}
                  </th>
                  <th scope="col" className="num">
                    {t('documents.detail.taxSubtotal.tax')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {document.taxTotal.subtotals.map((subtotal, index) => (
                  <tr key={index}>
                    <td>
                      {subtotal.category.id}
                      {subtotal.category.exemptionReason ? <span className="doc-line__meta">{subtotal.category.exemptionReason}</span> : null}
                    </td>
                    <td className="num">{subtotal.category.percent !== undefined ? `${subtotal.category.percent} %` : ''}</td>
                    <td className="num">{money(subtotal.taxableAmount)}</td>
                    <td className="num">{money(subtotal.taxAmount)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </Section>
      ) : null}

      {totalRows.some(([, value]) => value) ? (
        <Section title={t('documents.detail.sections.totals')} place="totals">
          <dl className="totals-list">
            {totalRows
              .filter(([, value]) => value)
              .map(([label, value, strong]) => (
                <div key={label} className={strong ? 'totals-list__row totals-list__row--strong' : 'totals-list__row'}>
                  <dt>{label}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
          </dl>
        </Section>
      ) : null}

      {document.paymentMeans.length > 0 || document.paymentTerms.length > 0 ? (
        <Section title={t('documents.detail.sections.payment')} place="payment">
          {document.paymentMeans.map((means, index) => (
            <KeyValues
              key={index}
              rows={[
                [t('documents.detail.payment.means'), [means.code, means.name].filter(Boolean).join(' · ')],
                [t('documents.detail.payment.account'), means.account ? <span className="mono">{means.account}</span> : undefined],
                [t('documents.detail.payment.accountName'), means.accountName],
                [t('documents.detail.payment.bank'), means.financialInstitution ? <span className="mono">{means.financialInstitution}</span> : undefined],
                [t('documents.detail.payment.paymentId'), means.paymentId ? <span className="mono">{means.paymentId}</span> : undefined],
                [t('documents.detail.payment.dueDate'), date(means.dueDate)],
                [t('documents.detail.payment.mandate'), means.mandateId],
                [t('documents.detail.payment.card'), means.cardPrimaryAccountNumber],
              ]}
            />
          ))}
          {document.paymentTerms.map((term, index) => (
            <p key={index} className="doc-note">
              {term}
            </p>
          ))}
        </Section>
      ) : null}

      {document.notes.length > 0 ? (
        <Section title={t('documents.detail.sections.notes')}>
          {document.notes.map((note, index) => (
            <p key={index} className="doc-note">
              {note}
            </p>
          ))}
        </Section>
      ) : null}

      {document.attachments.length > 0 ? (
        <Section title={t('documents.detail.sections.attachments', { count: document.attachments.length })}>
          <ul className="attachment-list">
            {document.attachments.map((attachment, index) => (
              <AttachmentRow key={index} type={type} uuid={uuid} index={index} attachment={attachment} />
            ))}
          </ul>
        </Section>
      ) : null}
    </div>
  );
}

function describeCharge(kinds: { charge: string; allowance: string }, charge: AllowanceCharge, money: (amount: AllowanceCharge['amount']) => string): string {
  const kind = charge.isCharge ? kinds.charge : kinds.allowance;
  return [kind, charge.reason ?? charge.reasonCode, charge.percent !== undefined ? `${charge.percent} %` : undefined, money(charge.amount)].filter(Boolean).join(' · ');
}

function AttachmentRow({ type, uuid, index, attachment }: { type?: DocumentType | undefined; uuid?: string | undefined; index: number; attachment: Attachment }) {
  const { t, i18n } = useTranslation();
  const [state, setState] = useState<{ status: 'idle' | 'saving' } | { status: 'failed'; error: unknown }>({ status: 'idle' });
  const name = attachment.filename ?? attachment.id ?? t('documents.detail.attachment.unnamed', { number: index + 1 });
  const save = () => {
    if (!type || !uuid) {
      saveBytes(base64ToBytes(attachment.base64 ?? ''), name, attachment.mimeCode || 'application/octet-stream');
      return;
    }
    setState({ status: 'saving' });
    bridge
      .invoke('documents.attachment', { type, uuid, index })
      .then((file) => {
        saveBytes(base64ToBytes(file.base64), file.fileName || name, file.contentType || 'application/octet-stream');
        setState({ status: 'idle' });
      })
      .catch((error: unknown) => setState({ status: 'failed', error }));
  };
  return (
    <li className="attachment">
      <DocIcon name="paperclip" className="icon attachment__icon" />
      <div className="attachment__text">
        <span className="attachment__name">{name}</span>
        <span className="attachment__meta">
          {[attachment.description, attachment.documentType, attachment.mimeCode, attachment.size !== undefined ? formatBytes(i18n.language, attachment.size) : undefined]
            .filter(Boolean)
            .join(' · ')}
        </span>
        {attachment.uri ? <span className="attachment__meta mono doc-wrap">{attachment.uri}</span> : null}
        {state.status === 'failed' ? <ErrorAlert error={state.error} title={t('documents.detail.attachment.failed')} /> : null}
      </div>
      {attachment.base64 !== undefined ? (
        <Button size="sm" variant="secondary" pending={state.status === 'saving'} onClick={save} aria-label={t('documents.detail.attachment.saveNamed', { name })}>
          <DocIcon name="download" />
          {t('documents.detail.attachment.save')}
        </Button>
      ) : (
        <span className="attachment__external">{t('documents.detail.attachment.external')}</span>
      )}
    </li>
  );
}
