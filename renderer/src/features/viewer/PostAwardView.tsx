import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { DocumentLine, HandlingUnit, Party, Period, UblDocument } from '../../../../shared/ubl/types';
import { formatAmount, formatDate, formatQuantity } from '../documents/model/format';
import { KeyValues, Section } from '../documents/detail/DocumentView';
import { addressLines, PartyCard } from '../documents/detail/PartyCard';
import { placeAttributes } from './places';

/**
 * The Peppol post-award documents (BIS Ordering, Order Response, Despatch Advice), each in the layout
 * its reader needs: an order its lines and delivery; an order response the answer to each line; a
 * despatch advice the shipment and its packages. Built from the app's UBL parser (shared/ubl).
 */
export function PostAwardView({ document }: { document: UblDocument }) {
  switch (document.documentType) {
    case 'order':
      return <OrderLayout document={document} />;
    case 'order-response':
      return <OrderResponseLayout document={document} />;
    case 'despatch-advice':
      return <DespatchAdviceLayout document={document} />;
    default:
      return null;
  }
}

export const isPostAward = (document: UblDocument): boolean =>
  document.documentType === 'order' || document.documentType === 'order-response' || document.documentType === 'despatch-advice';

function useFormat() {
  const { t, i18n } = useTranslation();
  const date = (value: string | undefined) => formatDate(i18n.language, value);
  const period = (value: Period | undefined): string | undefined => {
    if (!value || (!value.startDate && !value.endDate)) return undefined;
    if (!value.endDate || value.endDate === value.startDate) return date(value.startDate);
    return `${date(value.startDate)} – ${date(value.endDate)}`;
  };
  const quantity = (value: DocumentLine['quantity']) => formatQuantity(i18n.language, value);
  const money = (amount: DocumentLine['price'], currency?: string) => formatAmount(i18n.language, amount, currency);
  return { t, date, period, quantity, money };
}

/** Number, dates and the kind of document, then the amount when there is one. */
function Summary({ document, rows, amount }: { document: UblDocument; rows: Array<[string, ReactNode]>; amount?: ReactNode }) {
  const { t, date } = useFormat();
  return (
    <div className="doc-summary" {...placeAttributes({ section: 'header' })}>
      <KeyValues rows={[[t('viewer.postAward.number'), document.id], [t('viewer.postAward.issueDate'), [date(document.issueDate), document.issueTime].filter(Boolean).join(' ')], ...rows]} />
      {amount}
    </div>
  );
}

function Parties({ entries }: { entries: Array<{ role: string; party: Party | undefined; place: 'seller' | 'buyer' | 'delivery' | 'payee' }> }) {
  const { t } = useFormat();
  const shown = entries.filter((entry): entry is { role: string; party: Party; place: 'seller' | 'buyer' | 'delivery' | 'payee' } => entry.party !== undefined);
  if (shown.length === 0) return null;
  return (
    <Section title={t('viewer.postAward.parties')}>
      <div className="party-grid">
        {shown.map(({ role, party, place }) => (
          <div key={role} {...placeAttributes({ section: place })}>
            <PartyCard role={role} party={party} />
          </div>
        ))}
      </div>
    </Section>
  );
}

function Notes({ notes }: { notes: string[] }) {
  const { t } = useFormat();
  if (notes.length === 0) return null;
  return (
    <Section title={t('viewer.postAward.notes')}>
      {notes.map((note, index) => (
        <p key={index} className="doc-note">
          {note}
        </p>
      ))}
    </Section>
  );
}

function ItemCell({ line }: { line: DocumentLine }) {
  const ids = [line.item.sellersItemId, line.item.buyersItemId, line.item.standardItemId?.value].filter(Boolean).join(' · ');
  return (
    <td>
      <span className="doc-line__name">{line.item.name}</span>
      {line.item.description ? <span className="doc-line__meta">{line.item.description}</span> : null}
      {ids ? <span className="doc-line__meta mono">{ids}</span> : null}
      {line.notes.map((note, index) => (
        <span key={index} className="doc-line__meta">
          {note}
        </span>
      ))}
    </td>
  );
}

function DeliverySection({ document, title }: { document: UblDocument; title: string }) {
  const { t, date, period } = useFormat();
  const delivery = document.delivery;
  if (!delivery) return null;
  return (
    <Section title={title} place="delivery">
      <KeyValues
        rows={[
          [t('viewer.postAward.deliveryPeriod'), period(delivery.period) ?? date(delivery.date)],
          [t('viewer.postAward.despatchDate'), date(delivery.despatchDate)],
          [t('viewer.postAward.deliveryParty'), delivery.partyName],
          [t('viewer.postAward.deliveryLocation'), delivery.locationId ? <span className="mono">{[delivery.locationId.scheme, delivery.locationId.value].filter(Boolean).join(':')}</span> : undefined],
          [t('viewer.postAward.deliveryAddress'), addressLines(delivery.address).join(', ')],
          [t('viewer.postAward.trackingId'), delivery.trackingId ? <span className="mono">{delivery.trackingId}</span> : undefined],
        ]}
      />
    </Section>
  );
}

function OrderLayout({ document }: { document: UblDocument }) {
  const { t, period, quantity, money } = useFormat();
  const currency = document.currency;
  const payable = document.totals?.payableAmount;
  return (
    <div className="doc-view post-award post-award--order">
      <Summary
        document={document}
        rows={[
          [t('viewer.postAward.orderType'), document.typeCode],
          [t('viewer.postAward.validity'), period(document.period)],
          [t('viewer.postAward.buyerReference'), document.references.customerReference ?? document.buyerReference],
          [t('viewer.postAward.contract'), document.references.contract],
          [t('viewer.postAward.currency'), currency],
        ]}
        amount={
          payable ? (
            <div className="doc-summary__amount" {...placeAttributes({ section: 'totals' })}>
              <span className="doc-summary__amount-label">{t('viewer.postAward.orderTotal')}</span>
              <span className="doc-summary__amount-value">{money(payable, currency)}</span>
            </div>
          ) : undefined
        }
      />
      <Parties
        entries={[
          { role: t('viewer.postAward.roles.buyer'), party: document.parties.buyer, place: 'buyer' },
          { role: t('viewer.postAward.roles.seller'), party: document.parties.seller, place: 'seller' },
          { role: t('viewer.postAward.roles.deliverTo'), party: document.parties.delivery, place: 'delivery' },
          { role: t('viewer.postAward.roles.invoicee'), party: document.parties.customer, place: 'buyer' },
          { role: t('viewer.postAward.roles.originator'), party: document.parties.originator, place: 'buyer' },
        ]}
      />
      <DeliverySection document={document} title={t('viewer.postAward.delivery')} />
      <Section title={t('viewer.postAward.orderLines', { count: document.lines.length })}>
        <LinesTable
          lines={document.lines}
          columns={[
            { label: t('viewer.postAward.line.quantity'), numeric: true, cell: (line) => quantity(line.quantity) },
            { label: t('viewer.postAward.line.price'), numeric: true, cell: (line) => money(line.price, currency) },
            { label: t('viewer.postAward.line.delivery'), cell: (line) => period(line.deliveryPeriod) ?? '' },
            { label: t('viewer.postAward.line.amount'), numeric: true, cell: (line) => money(line.lineExtensionAmount, currency) },
          ]}
        />
      </Section>
      <Totals document={document} />
      <Notes notes={document.notes} />
    </div>
  );
}

/** UNCL 4343 response codes Peppol Order Response uses. */
const RESPONSE_CODES = ['AB', 'AP', 'RE', 'CA'] as const;
/** UNCL 1229 line status codes Peppol Order Response uses. */
const LINE_STATUSES = ['3', '5', '7'] as const;

function OrderResponseLayout({ document }: { document: UblDocument }) {
  const { t, period, quantity, money } = useFormat();
  const currency = document.currency;
  const code = document.typeCode;
  const known = RESPONSE_CODES.find((candidate) => candidate === code);
  const tone = code === 'RE' ? 'error' : code === 'CA' ? 'warning' : 'success';
  const counts = LINE_STATUSES.map((status) => ({ status, count: document.lines.filter((line) => line.lineStatusCode === status).length })).filter(({ count }) => count > 0);
  return (
    <div className="doc-view post-award post-award--order-response">
      <Summary
        document={document}
        rows={[
          [t('viewer.postAward.respondsTo'), document.references.order ? <span className="mono">{document.references.order}</span> : undefined],
          [t('viewer.postAward.deliveryPeriod'), period(document.delivery?.period)],
          [t('viewer.postAward.currency'), currency],
        ]}
        amount={
          code ? (
            <div className={`post-award__verdict post-award__verdict--${tone}`} role="status">
              <span className="doc-summary__amount-label">{t('viewer.postAward.response')}</span>
              <span className="post-award__verdict-value">{known ? t(`viewer.postAward.responseCodes.${known}`) : code}</span>
              <span className="mono muted">{code}</span>
            </div>
          ) : undefined
        }
      />
      <Parties
        entries={[
          { role: t('viewer.postAward.roles.seller'), party: document.parties.seller, place: 'seller' },
          { role: t('viewer.postAward.roles.buyer'), party: document.parties.buyer, place: 'buyer' },
        ]}
      />
      <Section title={t('viewer.postAward.lineResponses', { count: document.lines.length })}>
        {counts.length > 0 ? (
          <p className="post-award__counts">
            {counts.map(({ status, count }) => (
              <span key={status} className={`badge post-award__status post-award__status--${status}`}>
                {t(`viewer.postAward.lineStatus.${status}`)}: {count}
              </span>
            ))}
          </p>
        ) : null}
        <LinesTable
          lines={document.lines}
          emptyText={t('viewer.postAward.noLineResponses')}
          columns={[
            { label: t('viewer.postAward.line.orderLine'), cell: (line) => <span className="mono">{line.orderLineReference ?? ''}</span> },
            {
              label: t('viewer.postAward.line.status'),
              cell: (line) => {
                const status = LINE_STATUSES.find((candidate) => candidate === line.lineStatusCode);
                return line.lineStatusCode ? (
                  <span className={`badge post-award__status post-award__status--${line.lineStatusCode}`}>{status ? t(`viewer.postAward.lineStatus.${status}`) : line.lineStatusCode}</span>
                ) : (
                  ''
                );
              },
            },
            { label: t('viewer.postAward.line.quantity'), numeric: true, cell: (line) => quantity(line.quantity) },
            { label: t('viewer.postAward.line.price'), numeric: true, cell: (line) => money(line.price, currency) },
            { label: t('viewer.postAward.line.promised'), cell: (line) => period(line.deliveryPeriod) ?? '' },
            {
              label: t('viewer.postAward.line.substitute'),
              cell: (line) => (line.substitutedItem ? [line.substitutedItem.name, line.substitutedItem.sellersItemId, line.substitutedItem.standardItemId?.value].filter(Boolean).join(' · ') : ''),
            },
          ]}
        />
      </Section>
      <Notes notes={document.notes} />
    </div>
  );
}

function DespatchAdviceLayout({ document }: { document: UblDocument }) {
  const { t, quantity } = useFormat();
  const shipment = document.shipment;
  const units = packagesOf(document);
  return (
    <div className="doc-view post-award post-award--despatch-advice">
      <Summary
        document={document}
        rows={[
          [t('viewer.postAward.order'), document.references.order ? <span className="mono">{document.references.order}</span> : undefined],
          [t('viewer.postAward.despatchType'), document.typeCode],
        ]}
      />
      <Parties
        entries={[
          { role: t('viewer.postAward.roles.despatchFrom'), party: document.parties.despatch, place: 'seller' },
          { role: t('viewer.postAward.roles.deliverTo'), party: document.parties.delivery, place: 'buyer' },
          { role: t('viewer.postAward.roles.buyer'), party: document.parties.buyer, place: 'buyer' },
          { role: t('viewer.postAward.roles.seller'), party: document.parties.seller, place: 'seller' },
          { role: t('viewer.postAward.roles.originator'), party: document.parties.originator, place: 'buyer' },
        ]}
      />
      {shipment ? (
        <Section title={t('viewer.postAward.shipment')} place="delivery">
          <KeyValues
            rows={[
              [t('viewer.postAward.shipmentId'), shipment.id ? <span className="mono">{shipment.id}</span> : undefined],
              [t('viewer.postAward.consignment'), shipment.consignmentId ? <span className="mono">{shipment.consignmentId}</span> : undefined],
              [t('viewer.postAward.carrier'), shipment.carrier],
              [t('viewer.postAward.grossWeight'), quantity(shipment.grossWeight)],
              [t('viewer.postAward.grossVolume'), quantity(shipment.grossVolume)],
              [t('viewer.postAward.handlingUnits'), shipment.handlingUnitCount],
              [t('viewer.postAward.information'), shipment.information],
            ]}
          />
        </Section>
      ) : null}
      <DeliverySection document={document} title={t('viewer.postAward.delivery')} />
      {units.length > 0 ? (
        <Section title={t('viewer.postAward.packages', { count: units.length })}>
          <div className="doc-table-wrap">
            <table className="doc-table">
              <thead>
                <tr>
                  <th scope="col">{t('viewer.postAward.package.id')}</th>
                  <th scope="col">{t('viewer.postAward.package.type')}</th>
                  <th scope="col">{t('viewer.postAward.package.measures')}</th>
                  <th scope="col">{t('viewer.postAward.package.contents')}</th>
                  <th scope="col">{t('viewer.postAward.package.lines')}</th>
                </tr>
              </thead>
              <tbody>
                {units.map(({ unit, lines }, index) => (
                  <tr key={`${index}-${unit.id ?? ''}`}>
                    <td className="mono">{unit.id}</td>
                    <td>{unit.typeCode ? <span className="mono">{unit.typeCode}</span> : null}</td>
                    <td>{unit.measures.map((measure) => [measure.attribute, quantity(measure.quantity)].filter(Boolean).join(' ')).join(', ')}</td>
                    <td>
                      {unit.packages.map((pack) => [pack.quantity, pack.typeCode, pack.id].filter(Boolean).join(' ')).join(', ')}
                      {unit.shippingMarks ? <span className="doc-line__meta">{unit.shippingMarks}</span> : null}
                    </td>
                    <td className="mono">{lines.join(', ')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </Section>
      ) : null}
      <Section title={t('viewer.postAward.despatchLines', { count: document.lines.length })}>
        <LinesTable
          lines={document.lines}
          columns={[
            { label: t('viewer.postAward.line.orderLine'), cell: (line) => <span className="mono">{line.orderLineReference ?? ''}</span> },
            { label: t('viewer.postAward.line.delivered'), numeric: true, cell: (line) => quantity(line.quantity) },
            {
              label: t('viewer.postAward.line.outstanding'),
              numeric: true,
              cell: (line) => [quantity(line.outstandingQuantity), line.outstandingReason ? `(${line.outstandingReason})` : ''].filter(Boolean).join(' '),
            },
            { label: t('viewer.postAward.line.packages'), cell: (line) => <span className="mono">{(line.handlingUnits ?? []).map((unit) => unit.id ?? unit.typeCode).filter(Boolean).join(', ')}</span> },
          ]}
        />
      </Section>
      <Notes notes={document.notes} />
    </div>
  );
}

/** Every handling unit of the shipment and of its lines, once per id, with the lines that travel in it. */
export function packagesOf(document: UblDocument): Array<{ unit: HandlingUnit; lines: string[] }> {
  const byKey = new Map<string, { unit: HandlingUnit; lines: string[] }>();
  const add = (unit: HandlingUnit, line?: string) => {
    const key = unit.id ?? `#${byKey.size}`;
    const entry = byKey.get(key) ?? { unit, lines: [] };
    if (line && !entry.lines.includes(line)) entry.lines.push(line);
    byKey.set(key, entry);
  };
  for (const unit of document.shipment?.handlingUnits ?? []) add(unit);
  document.lines.forEach((line, index) => {
    for (const unit of line.handlingUnits ?? []) add(unit, line.id ?? String(index + 1));
  });
  return [...byKey.values()];
}

interface Column {
  label: string;
  numeric?: boolean;
  cell(line: DocumentLine): ReactNode;
}

function LinesTable({ lines, columns, emptyText }: { lines: DocumentLine[]; columns: Column[]; emptyText?: string }) {
  const { t } = useFormat();
  if (lines.length === 0) return <p className="muted">{emptyText ?? t('viewer.postAward.noLines')}</p>;
  return (
    <div className="doc-table-wrap">
      <table className="doc-table">
        <thead>
          <tr>
            <th scope="col">{t('viewer.postAward.line.id')}</th>
            <th scope="col">{t('viewer.postAward.line.item')}</th>
            {columns.map((column) => (
              <th key={column.label} scope="col" className={column.numeric ? 'num' : undefined}>
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {lines.map((line, index) => (
            <tr key={`${index}-${line.id ?? ''}`} {...placeAttributes({ section: 'line', lineNumber: index + 1 })}>
              <td className="mono">{line.id}</td>
              <ItemCell line={line} />
              {columns.map((column) => (
                <td key={column.label} className={column.numeric ? 'num' : undefined}>
                  {column.cell(line)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Totals({ document }: { document: UblDocument }) {
  const { t, money } = useFormat();
  const totals = document.totals;
  if (!totals) return null;
  const rows: Array<[string, string, boolean?]> = [
    [t('viewer.postAward.totals.lines'), money(totals.lineExtensionAmount, document.currency)],
    [t('viewer.postAward.totals.allowances'), money(totals.allowanceTotalAmount, document.currency)],
    [t('viewer.postAward.totals.charges'), money(totals.chargeTotalAmount, document.currency)],
    [t('viewer.postAward.totals.tax'), money(document.taxTotal?.taxAmount, document.currency)],
    [t('viewer.postAward.totals.total'), money(totals.payableAmount, document.currency), true],
  ];
  const shown = rows.filter(([, value]) => value);
  if (shown.length === 0) return null;
  return (
    <Section title={t('viewer.postAward.totals.title')} place="totals">
      <dl className="totals-list">
        {shown.map(([label, value, strong]) => (
          <div key={label} className={strong ? 'totals-list__row totals-list__row--strong' : 'totals-list__row'}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </Section>
  );
}
