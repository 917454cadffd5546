import { UblParseError } from './errors';
import type { UblDocumentType } from './types';
import type { XmlElement } from './xml-tree';

export const UBL_NAMESPACE_PREFIX = 'urn:oasis:names:specification:ubl:schema:xsd:';
export const CAC_NAMESPACE = `${UBL_NAMESPACE_PREFIX}CommonAggregateComponents-2`;
export const CBC_NAMESPACE = `${UBL_NAMESPACE_PREFIX}CommonBasicComponents-2`;
export const EXT_NAMESPACE = `${UBL_NAMESPACE_PREFIX}CommonExtensionComponents-2`;

export const ROOT_BY_TYPE: Record<UblDocumentType, string> = {
  invoice: 'Invoice',
  'credit-note': 'CreditNote',
  order: 'Order',
  'order-response': 'OrderResponse',
  'despatch-advice': 'DespatchAdvice',
};

const TYPE_BY_ROOT = new Map(Object.entries(ROOT_BY_TYPE).map(([type, root]) => [root, type as UblDocumentType]));

export function rootNamespace(rootName: string): string {
  return `${UBL_NAMESPACE_PREFIX}${rootName}-2`;
}

export function documentTypeOfRoot(rootName: string): UblDocumentType | undefined {
  return TYPE_BY_ROOT.get(rootName);
}

/**
 * Decides which UBL document type a root element is. A root in a UBL namespace of another type
 * (ApplicationResponse, Catalogue, ...) is `unsupported_type`; anything else is `not_ubl`. A root
 * without a namespace is accepted when its name is one of the five types (hand-written JSON
 * transpositions have no namespaces).
 */
export function detectDocumentType(root: XmlElement): UblDocumentType {
  const known = documentTypeOfRoot(root.name);
  const isUblNamespace = root.namespace.startsWith(UBL_NAMESPACE_PREFIX);
  if (known && (root.namespace === rootNamespace(root.name) || root.namespace === '')) return known;
  if (isUblNamespace) {
    throw new UblParseError(
      'unsupported_type',
      `This is a UBL ${root.name} document; only Invoice, CreditNote, Order, OrderResponse and DespatchAdvice are supported.`,
    );
  }
  const namespace = root.namespace ? ` (namespace ${root.namespace})` : '';
  throw new UblParseError(
    'not_ubl',
    `This is not a UBL document: the root element is ${root.name}${namespace}; expected Invoice, CreditNote, Order, OrderResponse or DespatchAdvice in a UBL 2.1 namespace.`,
  );
}
