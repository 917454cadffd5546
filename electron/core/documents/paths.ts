/** Where each document type lives on the document interface (spec + DESIGN §5.2). */
import type { DocumentType, SendableDocumentType } from '../../../shared/contract';

export const documentPaths: Record<DocumentType, string> = {
  invoice: '/invoices',
  'credit-note': '/credit-notes',
  order: '/orders',
  'order-response': '/order-responses',
  'despatch-advice': '/despatch-advices',
};

/** Words for messages: "invoice", "credit note", ... */
export const documentTypeWords: Record<DocumentType, string> = {
  invoice: 'invoice',
  'credit-note': 'credit note',
  order: 'order',
  'order-response': 'order response',
  'despatch-advice': 'despatch advice',
};

/** Only invoices and credit notes can be sent, printed and marked downloaded. */
export const isSendableType = (type: DocumentType): type is SendableDocumentType => type === 'invoice' || type === 'credit-note';

export const documentPath = (type: DocumentType, uuid?: string, action?: 'source' | 'print'): string => {
  const base = documentPaths[type];
  if (uuid === undefined) return base;
  const item = `${base}/${encodeURIComponent(uuid)}`;
  return action ? `${item}/${action}` : item;
};
