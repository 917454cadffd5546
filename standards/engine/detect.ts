/** What a document is, from its root element: a UBL type, FatturaPA or KSeF, with the schema that governs it. */
import type { DocumentKind } from './types';

export interface SchemaInfo {
  /** The vendored XSD, relative to standards/artefacts/. */
  xsd: string;
  name: string;
  version: string;
}

export interface DocumentIdentity {
  kind: DocumentKind;
  schema: SchemaInfo;
}

const UBL_VERSION = 'OASIS UBL 2.1';
const ubl = (root: string, kind: DocumentKind): [string, DocumentIdentity] => [
  `urn:oasis:names:specification:ubl:schema:xsd:${root}-2 ${root}`,
  { kind, schema: { xsd: `ubl-2.1/maindoc/UBL-${root}-2.1.xsd`, name: `UBL ${root} schema (UBL-${root}-2.1.xsd)`, version: UBL_VERSION } },
];

const identities = new Map<string, DocumentIdentity>([
  ubl('Invoice', 'invoice'),
  ubl('CreditNote', 'credit-note'),
  ubl('Order', 'order'),
  ubl('OrderResponse', 'order-response'),
  ubl('DespatchAdvice', 'despatch-advice'),
  ubl('ApplicationResponse', 'application-response'),
  [
    'http://ivaservizi.agenziaentrate.gov.it/docs/xsd/fatture/v1.2 FatturaElettronica',
    { kind: 'fatturapa', schema: { xsd: 'fatturapa/xsd/Schema_del_file_xml_FatturaPA_v1.2.2.xsd', name: 'FatturaPA schema', version: '1.2.2' } },
  ],
  [
    'http://crd.gov.pl/wzor/2023/06/29/12648/ Faktura',
    { kind: 'ksef', schema: { xsd: 'ksef/xsd/schemat_FA(2)_v1-0E.xsd', name: 'KSeF FA(2) schema', version: 'FA (2) 1-0E' } },
  ],
  [
    'http://crd.gov.pl/wzor/2025/06/25/13775/ Faktura',
    { kind: 'ksef', schema: { xsd: 'ksef/xsd/schemat_FA(3)_v1-0E.xsd', name: 'KSeF FA(3) schema', version: 'FA (3) 1-0E' } },
  ],
]);

export const identify = (namespace: string, localName: string): DocumentIdentity | undefined =>
  identities.get(`${namespace} ${localName}`);

export const supportedRoots = 'UBL 2.1 Invoice, CreditNote, Order, OrderResponse, DespatchAdvice or ApplicationResponse; FatturaPA 1.2 (FatturaElettronica); KSeF FA(2) or FA(3) (Faktura)';

/** The schema of a UBL document type (to load it ahead of the first validation). */
export const schemaOf = (kind: DocumentKind): string =>
  [...identities.values()].find((identity) => identity.kind === kind)?.schema.xsd ?? 'ubl-2.1/maindoc/UBL-Invoice-2.1.xsd';
