import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { Spinner } from '../../../components/Spinner';
import { FiscalTable } from '../FiscalTable';
import { useRecentReceipts } from '../fiscal-queries';
import { formatLocalDateTime, formatMoney } from '../model/format';
import { Card } from '../ui';
import { receiptPath } from './NewReceiptPage';

/** The PEM's latest documents (sales, returns, voids), each leading to its details and PDF. */
export function RecentReceiptsCard({ serialNumber, actions }: { serialNumber: string; actions?: React.ReactNode }) {
  const { t, i18n } = useTranslation();
  const receipts = useRecentReceipts(serialNumber);
  const items = receipts.data?.items ?? [];
  return (
    <Card title={t('fiscal.recent.title')} description={t('fiscal.recent.description')} actions={actions}>
      {receipts.isPending ? (
        <Spinner />
      ) : receipts.isError ? (
        <ErrorAlert error={receipts.error} title={t('fiscal.recent.loadFailed')} />
      ) : items.length === 0 ? (
        <p className="muted">{t('fiscal.recent.empty')}</p>
      ) : (
        <FiscalTable
          caption={t('fiscal.recent.title')}
          columns={[
            { label: t('fiscal.recent.number') },
            { label: t('fiscal.recent.date') },
            { label: t('fiscal.recent.type') },
            { label: t('fiscal.recent.total'), numeric: true },
          ]}
        >
          {items.map((receipt) => (
            <tr key={receipt.uuid}>
              <th scope="row">
                <Link to={receiptPath(receipt.uuid)} className="mono">
                  {receipt.documentNumber}
                </Link>
              </th>
              <td>{formatLocalDateTime(receipt.documentDatetime, i18n.language)}</td>
              <td>{t(`fiscal.receiptTypes.${receipt.type}`)}</td>
              <td className="num">{formatMoney(receipt.totalAmount, i18n.language)}</td>
            </tr>
          ))}
        </FiscalTable>
      )}
    </Card>
  );
}
