/** The PDF of one commercial document ("documento commerciale"), as `Accept: application/pdf` on its details returns it. */
import { renderReportPdf } from '../../pdf/report-pdf';
import { formatAmountUnits, parseAmountUnits } from '../../../shared/validation/fiscal-amounts';
import { addressLine, merchantName, vatLabel } from '../reports/content';
import type { Merchant, Pem, Receipt } from '../state';
import { SIMPLIFIED_VAT_KEY } from './compute';

const titles: Record<Receipt['type'], string> = {
  sale: 'DOCUMENTO COMMERCIALE di vendita o prestazione',
  return: 'DOCUMENTO COMMERCIALE emesso per RESO MERCE',
  void: 'DOCUMENTO COMMERCIALE emesso per ANNULLAMENTO',
};

const money = (amount: string) => formatAmountUnits(parseAmountUnits(amount), 2);

export function renderReceiptPdf(receipt: Receipt, merchant: Merchant, pem: Pem, parent: Receipt | undefined, now: Date): Promise<Buffer> {
  const showRegister = pem.configuration.display_cash_register_name && pem.cash_register !== null;
  const headerLines = [
    ...(pem.configuration.receipt_header ? [pem.configuration.receipt_header] : []),
    `Document ${receipt.document_number} of ${receipt.document_datetime.replace('T', ' ')}`,
    ...(parent ? [`Refers to document ${parent.document_number} of ${parent.document_datetime.replace('T', ' ')}`] : []),
    ...(receipt.original_document
      ? [
          `Refers to ${receipt.original_document.proof ? `proof of purchase ${receipt.original_document.proof}` : `document ${receipt.original_document.device_id ?? ''} ${receipt.original_document.document_number ?? ''}`} of ${receipt.original_document.document_datetime.replace('T', ' ')}`,
        ]
      : []),
    ...(showRegister ? [`Cash register: ${pem.cash_register?.name ?? ''}`] : []),
    ...(receipt.customer_lottery_code ? [`Lottery code: ${receipt.customer_lottery_code}`] : []),
    ...(receipt.customer_tax_code ? [`Customer tax code: ${receipt.customer_tax_code}`] : []),
  ];
  return renderReportPdf(
    {
      title: titles[receipt.type],
      merchant: { name: merchantName(merchant), vat_number: merchant.vat_number, address: addressLine(merchant.address) },
      pem: { serial_number: pem.serial_number, cash_register_name: showRegister ? (pem.cash_register?.name ?? null) : null, status: pem.status },
      period: null,
      headerLines,
      sections: [
        {
          kind: 'table',
          title: 'Items',
          columns: [
            { label: 'Description', align: 'left', width: 5 },
            { label: 'Quantity', align: 'right', width: 1.3 },
            { label: 'Unit price', align: 'right', width: 1.5 },
            { label: 'VAT', align: 'left', width: 1.8 },
            { label: 'Amount', align: 'right', width: 1.5 },
          ],
          rows: receipt.items.map((item) => [
            `${item.description}${item.complimentary ? ' (omaggio)' : ''}${item.prepaid_or_voucher ? ' (già pagato)' : ''}`,
            item.quantity,
            money(item.unit_price),
            vatLabel(item.vat_rate_code ?? SIMPLIFIED_VAT_KEY),
            money(item.gross_amount),
          ]),
          empty: 'No items.',
        },
        {
          kind: 'table',
          title: 'VAT',
          columns: [
            { label: 'VAT treatment', align: 'left', width: 3 },
            { label: 'Taxable', align: 'right', width: 2 },
            { label: 'VAT', align: 'right', width: 2 },
            { label: 'Total', align: 'right', width: 2 },
          ],
          rows: receipt.vat_lines.map((line) => [vatLabel(line.vat_rate_code), line.taxable_amount, line.vat_amount, line.gross_amount]),
          empty: 'No VAT lines.',
        },
        {
          kind: 'facts',
          title: 'Total',
          rows: [
            ['Total amount (EUR)', receipt.amount],
            ['Discount at payment', money(receipt.discount)],
            ...receipt.payments.map((payment): [string, string] => [`Paid: ${payment.payment_type}`, payment.amount]),
          ],
        },
      ],
    },
    { reportUuid: receipt.uuid, generatedAt: now },
  );
}
