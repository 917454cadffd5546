import type { DocumentType, SendableDocumentType } from '../../../../../shared/contract/documents';

/** The inbox tabs, in the order accountants use them. */
export const inboxTypes: readonly DocumentType[] = ['invoice', 'credit-note', 'order', 'order-response', 'despatch-advice'];

/** Only these can be printed, marked downloaded and sent (the spec's document table). */
export const isSendable = (type: DocumentType): type is SendableDocumentType => type === 'invoice' || type === 'credit-note';

/** Translation key suffix of each type (`documents.types.<key>.one|many`). */
export const typeKey = {
  invoice: 'invoice',
  'credit-note': 'creditNote',
  order: 'order',
  'order-response': 'orderResponse',
  'despatch-advice': 'despatchAdvice',
} as const satisfies Record<DocumentType, string>;
