import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Receipt, ReceiptDetails } from '../../../../../shared/contract';
import { parseQuantityUnits, QUANTITY_PATTERN } from '../../../../../shared/validation/fiscal-amounts';
import { useBridgeMutation, useBridgeQuery } from '../../../bridge/queries';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { Spinner } from '../../../components/Spinner';
import { padDecimals, quantityProblem } from '../model/amount-check';
import { formatMoney } from '../model/format';
import { ConfirmDialog, serverFieldErrors, useProblemText } from '../ui';
import { CellInput } from './cells';

/** Return some or all of a sale's items (same cash register): one quantity per item, up to what is left. */
export function ReturnDialog({ receipt, onClose, onReturned }: { receipt: ReceiptDetails; onClose: () => void; onReturned: (created: Receipt) => void }) {
  const { t, i18n } = useTranslation();
  const problemText = useProblemText();
  const returnable = useBridgeQuery('receipts.returnableItems', { uuid: receipt.uuid }, { staleTime: 0 });
  const [quantities, setQuantities] = useState<Record<number, string>>({});
  const doReturn = useBridgeMutation('receipts.return', { onSuccess: onReturned });
  const server = serverFieldErrors(doReturn.error);

  const items = returnable.data ?? [];
  const errors: Record<number, string | undefined> = {};
  const chosen: { id: number; quantity: string }[] = [];
  for (const item of items) {
    const value = quantities[item.id] ?? '';
    if (value === '' || value === '0.00') continue;
    const problem = quantityProblem(value);
    if (problem) {
      errors[item.id] = problemText(problem);
      continue;
    }
    if (QUANTITY_PATTERN.test(item.quantity) && parseQuantityUnits(value) > parseQuantityUnits(item.quantity)) {
      errors[item.id] = t('fiscal.return.tooMany', { max: item.quantity });
      continue;
    }
    chosen.push({ id: item.id, quantity: value });
  }
  const valid = chosen.length > 0 && Object.values(errors).every((error) => !error);

  return (
    <ConfirmDialog
      title={t('fiscal.return.title', { number: receipt.documentNumber })}
      confirmLabel={t('fiscal.return.confirm')}
      canConfirm={valid}
      pending={doReturn.isPending}
      error={doReturn.isError && Object.keys(server).length === 0 ? doReturn.error : undefined}
      onCancel={onClose}
      onConfirm={() => valid && doReturn.mutate({ serialNumber: receipt.pemSerialNumber, documentNumber: receipt.documentNumber, items: chosen })}
    >
      <p>{t('fiscal.return.body')}</p>
      {returnable.isPending ? (
        <Spinner />
      ) : returnable.isError ? (
        <ErrorAlert error={returnable.error} />
      ) : (
        <table className="fiscal-table return-table">
          <thead>
            <tr>
              <th scope="col">{t('fiscal.receipt.description')}</th>
              <th scope="col">{t('fiscal.return.left')}</th>
              <th scope="col">{t('fiscal.receipt.unitPrice')}</th>
              <th scope="col">{t('fiscal.return.quantity')}</th>
            </tr>
          </thead>
          <tbody>
            {items.map((item) => (
              <tr key={item.id}>
                <th scope="row">{item.description}</th>
                <td className="num">{item.quantity}</td>
                <td className="num">{formatMoney(item.unitPrice, i18n.language)}</td>
                <td>
                  <CellInput
                    label={t('fiscal.return.quantityOf', { name: item.description })}
                    value={quantities[item.id] ?? ''}
                    placeholder="0.00"
                    inputMode="decimal"
                    className="input--number"
                    disabled={item.quantity === '0.00'}
                    onChange={(event) => {
                      setQuantities((previous) => ({ ...previous, [item.id]: event.target.value }));
                      doReturn.reset();
                    }}
                    onBlur={(event) => setQuantities((previous) => ({ ...previous, [item.id]: padDecimals(event.target.value) }))}
                    error={errors[item.id] ?? server[`items.${chosen.findIndex((entry) => entry.id === item.id)}.quantity`]}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </ConfirmDialog>
  );
}
