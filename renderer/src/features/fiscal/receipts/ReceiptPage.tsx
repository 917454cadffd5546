import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import type { ReceiptDetails } from '../../../../../shared/contract';
import { bridgeKeys, useBridgeMutation, useBridgeQuery } from '../../../bridge/queries';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { PageHeader } from '../../../components/PageHeader';
import { PdfViewer, base64ToBytes } from '../../../components/pdf-viewer';
import { Spinner } from '../../../components/Spinner';
import { showToast } from '../../../components/toast-store';
import { FiscalIcon } from '../FiscalIcon';
import { FiscalTable } from '../FiscalTable';
import { invalidateForPem, useCertificate } from '../fiscal-queries';
import { pemPath } from '../merchants/MerchantList';
import { formatLocalDateTime, formatMoney, vatCodeLabel } from '../model/format';
import { Breadcrumbs, Card, ConfirmDialog, StatusBadge } from '../ui';
import { receiptPath } from './NewReceiptPage';
import { ReturnDialog } from './ReturnDialog';

function ReceiptPdf({ uuid, documentNumber }: { uuid: string; documentNumber: string }) {
  const { t } = useTranslation();
  const pdf = useBridgeQuery('receipts.pdf', { uuid }, { staleTime: Infinity });
  const bytes = useMemo(() => (pdf.data ? base64ToBytes(pdf.data.base64) : null), [pdf.data]);
  return (
    <div className="receipt-pdf">
      {pdf.isPending ? (
        <div className="status-line status-line--pending" role="status">
          <Spinner />
          <span>{t('fiscal.preview.loading')}</span>
        </div>
      ) : pdf.isError ? (
        <ErrorAlert error={pdf.error} title={t('fiscal.preview.failed')} />
      ) : bytes && pdf.data ? (
        <PdfViewer bytes={bytes} fileName={pdf.data.fileName} label={t('fiscal.receipt.pdfLabel', { number: documentNumber })} />
      ) : null}
    </div>
  );
}

function ReceiptFacts({ receipt }: { receipt: ReceiptDetails }) {
  const { t, i18n } = useTranslation();
  const money = (amount: string | null) => formatMoney(amount, i18n.language);
  const vat = (code: string) => vatCodeLabel(code, (rate) => t('fiscal.vat.rate', { rate }));
  return (
    <>
      <FiscalTable
        caption={t('fiscal.receipt.items')}
        columns={[
          { label: t('fiscal.receipt.description') },
          { label: t('fiscal.receipt.quantity'), numeric: true },
          { label: t('fiscal.receipt.unitPrice'), numeric: true },
          { label: t('fiscal.receipt.vat') },
        ]}
      >
        {receipt.items.map((item) => (
          <tr key={item.id}>
            <th scope="row">
              {item.description}
              {item.atecoCode ? <span className="chip receipt-facts__ateco">{item.atecoCode}</span> : null}
            </th>
            <td className="num">{item.quantity}</td>
            <td className="num">{money(item.unitPrice)}</td>
            <td>{item.vatCode ? vat(item.vatCode) : t('fiscal.receipt.simplifiedVat')}</td>
          </tr>
        ))}
      </FiscalTable>
      <dl className="receipt-facts">
        {receipt.vatBreakdown.map((line) => (
          <div key={line.vatCode}>
            <dt>{t('fiscal.receipt.vatLine', { code: vat(line.vatCode) })}</dt>
            <dd>
              {money(line.grossAmount)} <span className="muted">· {t('fiscal.receipt.vatIncluded', { amount: money(line.vatAmount) })}</span>
            </dd>
          </div>
        ))}
        {receipt.payments.map((payment, index) => (
          <div key={index}>
            <dt>{t(`fiscal.paymentTypes.${payment.type}`)}</dt>
            <dd>{money(payment.amount)}</dd>
          </div>
        ))}
        <div className="receipt-facts__total">
          <dt>{t('fiscal.receipt.total')}</dt>
          <dd>{money(receipt.documentAmount)}</dd>
        </div>
      </dl>
    </>
  );
}

/** One receipt: what it holds, its PDF, and Return / Void when the service says they are possible. */
export default function ReceiptPage() {
  const { t, i18n } = useTranslation();
  const uuid = useParams().uuid ?? '';
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const justIssued = (location.state as { issued?: boolean } | null)?.issued === true;
  const receipt = useBridgeQuery('receipts.get', { uuid });
  const certificate = useCertificate();
  const [returning, setReturning] = useState(false);
  const [voiding, setVoiding] = useState(false);
  const refresh = (serialNumber: string) => {
    void queryClient.invalidateQueries({ queryKey: bridgeKeys.call('receipts.get', { uuid }) });
    invalidateForPem(queryClient, ['pems.journal', 'receipts.list'], serialNumber);
  };
  const voidReceipt = useBridgeMutation('receipts.void', {
    onSuccess: (result) => {
      setVoiding(false);
      if (receipt.data) refresh(receipt.data.pemSerialNumber);
      showToast({ tone: 'success', title: (t) => t('fiscal.void.done', { number: result.documentNumber }), timeoutMs: 6000 });
    },
  });

  const data = receipt.data;
  const ownCashRegister = data !== undefined && certificate.data?.pemSerialNumber === data.pemSerialNumber;
  const otherRegisterReason = data && !ownCashRegister ? t('fiscal.issue.reasons.otherPemAction', { pem: data.pemSerialNumber }) : null;

  return (
    <div className="page fiscal-page">
      <Breadcrumbs
        items={[
          { label: t('pages.fiscal.title'), to: '/fiscal' },
          ...(data ? [{ label: data.pemSerialNumber, to: pemPath(data.pemSerialNumber) }] : []),
          { label: data ? t('fiscal.receipt.title', { number: data.documentNumber }) : t('fiscal.receipt.loading') },
        ]}
      />
      {receipt.isPending ? (
        <Spinner />
      ) : receipt.isError ? (
        <ErrorAlert error={receipt.error} title={t('fiscal.receipt.loadFailed')} />
      ) : data ? (
        <>
          <PageHeader
            title={t('fiscal.receipt.title', { number: data.documentNumber })}
            description={`${t(`fiscal.receiptTypes.${data.type}`)} · ${formatLocalDateTime(data.documentDatetime, i18n.language)} · ${data.pemSerialNumber}`}
            actions={
              <>
                {data.isReturnable ? (
                  <Button disabled={!ownCashRegister} title={otherRegisterReason ?? undefined} onClick={() => setReturning(true)}>
                    <FiscalIcon name="undo" />
                    {t('fiscal.return.button')}
                  </Button>
                ) : null}
                {data.isVoidable ? (
                  <Button variant="danger" disabled={!ownCashRegister} title={otherRegisterReason ?? undefined} onClick={() => setVoiding(true)}>
                    <FiscalIcon name="ban" />
                    {t('fiscal.void.button')}
                  </Button>
                ) : null}
              </>
            }
          />
          {justIssued ? (
            <Alert tone="success" title={t('fiscal.receipt.issued', { number: data.documentNumber })} live={false}>
              <p>{t('fiscal.receipt.issuedBody')}</p>
            </Alert>
          ) : null}
          {(data.isReturnable || data.isVoidable) && otherRegisterReason ? <p className="journal-action__reason">{otherRegisterReason}</p> : null}
          {voidReceipt.isError ? <ErrorAlert error={voidReceipt.error} title={t('fiscal.void.failed')} /> : null}
          <div className="receipt-page">
            <Card
              title={t('fiscal.receipt.summary')}
              actions={<StatusBadge tone={data.type === 'sale' ? 'success' : 'neutral'}>{t(`fiscal.receiptTypes.${data.type}`)}</StatusBadge>}
            >
              <ReceiptFacts receipt={data} />
            </Card>
            <ReceiptPdf uuid={data.uuid} documentNumber={data.documentNumber} />
          </div>
          {returning ? (
            <ReturnDialog
              receipt={data}
              onClose={() => setReturning(false)}
              onReturned={(created) => {
                setReturning(false);
                refresh(data.pemSerialNumber);
                navigate(receiptPath(created.uuid), { state: { issued: true } });
              }}
            />
          ) : null}
          {voiding ? (
            <ConfirmDialog
              title={t('fiscal.void.title', { number: data.documentNumber })}
              confirmLabel={t('fiscal.void.confirm')}
              danger
              pending={voidReceipt.isPending}
              error={voidReceipt.error}
              onCancel={() => {
                setVoiding(false);
                voidReceipt.reset();
              }}
              onConfirm={() => voidReceipt.mutate({ serialNumber: data.pemSerialNumber, documentNumber: data.documentNumber })}
            >
              <p>{t('fiscal.void.body', { number: data.documentNumber, amount: formatMoney(data.documentAmount, i18n.language) })}</p>
            </ConfirmDialog>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
