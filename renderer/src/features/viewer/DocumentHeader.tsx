import { useTranslation } from 'react-i18next';
import type { ViewedDocument, ViewerParty } from '../../../../shared/contract';
import { formatAmount, formatDate } from '../documents/model/format';

function Party({ label, party }: { label: string; party: ViewerParty | undefined }) {
  if (!party) return null;
  return (
    <div className="viewer-head__party" role="group" aria-label={`${label}: ${party.name ?? party.taxId ?? ''}`}>
      <span className="viewer-head__label">{label}</span>
      <span className="viewer-head__name">{party.name ?? party.taxId}</span>
      {party.name && party.taxId ? <span className="viewer-head__meta mono">{party.taxId}</span> : null}
      {party.address ? <span className="viewer-head__meta">{party.address}</span> : null}
    </div>
  );
}

/** What every format shows first: number, date, seller, buyer, total (and the KSeF / SDI id when known). */
export function DocumentHeader({ document }: { document: ViewedDocument }) {
  const { t, i18n } = useTranslation();
  const { summary } = document;
  const total = summary.total ? formatAmount(i18n.language, { text: summary.total.text, value: Number(summary.total.text), ...(summary.total.currency ? { currency: summary.total.currency } : {}) }) : '';
  return (
    <header className="viewer-head">
      <dl className="viewer-head__facts">
        <div>
          <dt>{t('viewer.summary.number')}</dt>
          <dd className="viewer-head__number">{summary.number ?? '—'}</dd>
        </div>
        <div>
          <dt>{t('viewer.summary.date')}</dt>
          <dd>{summary.date ? formatDate(i18n.language, summary.date) : '—'}</dd>
        </div>
        {document.destinationId ? (
          <div>
            <dt>{t('viewer.summary.destinationId')}</dt>
            <dd className="mono">{document.destinationId}</dd>
          </div>
        ) : null}
        {total ? (
          <div className="viewer-head__total">
            <dt>{t('viewer.summary.total')}</dt>
            <dd>{total}</dd>
          </div>
        ) : null}
      </dl>
      <div className="viewer-head__parties">
        <Party label={t('viewer.summary.seller')} party={summary.seller} />
        <Party label={t('viewer.summary.buyer')} party={summary.buyer} />
      </div>
    </header>
  );
}
