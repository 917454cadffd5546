/**
 * The document type of a file from its first bytes: the root element of UBL XML, or the one key of
 * its JSON transposition. Enough to preselect "Invoice" or "Credit note" before sending; the core
 * checks the whole file.
 */
import type { DocumentType } from '../../../../../shared/contract/documents';

const rootTypes: Record<string, DocumentType> = {
  Invoice: 'invoice',
  CreditNote: 'credit-note',
  Order: 'order',
  OrderResponse: 'order-response',
  DespatchAdvice: 'despatch-advice',
};

export interface SniffedRoot {
  format: 'xml' | 'json';
  rootName: string;
  /** Undefined when the root is not one of the UBL documents of the service. */
  type?: DocumentType;
}

/** Skips the XML declaration, comments, processing instructions and a DOCTYPE to the first element. */
const XML_ROOT = /^\uFEFF?\s*(?:(?:<\?[\s\S]*?\?>|<!--[\s\S]*?-->|<!DOCTYPE[^>]*>)\s*)*<(?:[A-Za-z_][\w.-]*:)?([A-Za-z_][\w.-]*)/;
const JSON_ROOT = /^\uFEFF?\s*\{\s*"(?:[A-Za-z_][\w.-]*:)?([A-Za-z_][\w.-]*)"\s*:/;

export function sniffRoot(head: string): SniffedRoot | null {
  const xml = XML_ROOT.exec(head);
  if (xml?.[1]) return { format: 'xml', rootName: xml[1], type: rootTypes[xml[1]] };
  const json = JSON_ROOT.exec(head);
  if (json?.[1]) return { format: 'json', rootName: json[1], type: rootTypes[json[1]] };
  return null;
}
