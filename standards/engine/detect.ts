/** What a document is, from its root element: a UBL type, FatturaPA or KSeF, with the schema that governs it. */
import type { DocumentKind } from './types';

export interface SchemaInfo {
  /** The vendored XSD, relative to standards/artefacts/. */
  xsd: string;
  name: string;
  version: string;
  /** For a document checked by its schema alone (FatturaPA, KSeF): the code results name it by. */
  code?: string;
}

export interface DocumentIdentity {
  kind: DocumentKind;
  schema: SchemaInfo;
}

export const FATTURAPA_NAMESPACE = 'http://ivaservizi.agenziaentrate.gov.it/docs/xsd/fatture/v1.2';
/** The semplificata (simplified invoice, TD07–TD09): its own root and namespace, its own schema. */
export const SEMPLIFICATA_NAMESPACE = 'http://ivaservizi.agenziaentrate.gov.it/docs/xsd/fatture/v1.0';

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
  // FatturaPA 1.2.3 (Specifiche tecniche 1.9) is in force since 2025-04-01: it adds TD29 and RF20 and
  // accepts every 1.2.2 document, so it is the one schema of the 1.2 namespace.
  [
    `${FATTURAPA_NAMESPACE} FatturaElettronica`,
    { kind: 'fatturapa', schema: { xsd: 'fatturapa/xsd/Schema_VFPA12_V1.2.3.xsd', name: 'FatturaPA schema', version: '1.2.3', code: 'fatturapa-1.2.3' } },
  ],
  // The semplificata's schema in force is 1.0.2 (adds RF20, also since 2025-04-01); no unmodified copy of
  // it exists, so the verified 1.0.1 runs and an RF20 it refuses is explained (fatturapa-notes.ts).
  [
    `${SEMPLIFICATA_NAMESPACE} FatturaElettronicaSemplificata`,
    {
      kind: 'fatturapa',
      schema: { xsd: 'fatturapa/xsd/Schema_VFSM10.xsd', name: 'FatturaPA semplificata schema', version: '1.0.1', code: 'fatturapa-semplificata-1.0.1' },
    },
  ],
  [
    'http://crd.gov.pl/wzor/2023/06/29/12648/ Faktura',
    { kind: 'ksef', schema: { xsd: 'ksef/xsd/schemat_FA(2)_v1-0E.xsd', name: 'KSeF FA(2) schema', version: 'FA (2) 1-0E', code: 'ksef-fa2' } },
  ],
  [
    'http://crd.gov.pl/wzor/2025/06/25/13775/ Faktura',
    { kind: 'ksef', schema: { xsd: 'ksef/xsd/schemat_FA(3)_v1-0E.xsd', name: 'KSeF FA(3) schema', version: 'FA (3) 1-0E', code: 'ksef-fa3' } },
  ],
  [
    'http://crd.gov.pl/wzor/2026/03/06/14189/ Faktura',
    { kind: 'ksef', schema: { xsd: 'ksef/xsd/schemat_FA_RR(1)_v1-1E.xsd', name: 'KSeF FA_RR(1) schema', version: 'FA_RR (1) 1-1E', code: 'ksef-fa-rr1' } },
  ],
]);

/** KSeF's Polish Peppol formats: a UBL Invoice (FA_PEF (3)) or CreditNote (FA_KOR_PEF (3)) with Polish extensions. */
const pefIdentities = new Map<string, DocumentIdentity>([
  [
    'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2 Invoice',
    { kind: 'ksef', schema: { xsd: 'ksef/xsd/PEF/Schemat_PEF(3)_v2-1.xsd', name: 'KSeF PEF(3) schema', version: 'FA_PEF (3) v2-1', code: 'ksef-pef3' } },
  ],
  [
    'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2 CreditNote',
    { kind: 'ksef', schema: { xsd: 'ksef/xsd/PEF/Schemat_PEF_KOR(3)_v2-1.xsd', name: 'KSeF PEF_KOR(3) schema', version: 'FA_KOR_PEF (3) v2-1', code: 'ksef-pef-kor3' } },
  ],
]);

/** The CustomizationID mark of the Polish Peppol formats (PEF). */
export const PEF_CUSTOMIZATION_MARK = 'urn:fdc:www.efaktura.gov.pl';

/**
 * The rule-set value that asks for a document to be checked as one sent to KSeF: a UBL Invoice or
 * CreditNote is then a KSeF PEF document even when its CustomizationID is plain Peppol (as in the
 * Ministry's own PEF (3) template). Uploads to Poland pass it.
 */
export const KSEF_DESTINATION = 'ksef';

export interface IdentifyHints {
  /** The root's cbc:CustomizationID (UBL). */
  customizationId?: string;
  /** The document goes to KSeF. */
  toKsef?: boolean;
}

export const identify = (namespace: string, localName: string, hints: IdentifyHints = {}): DocumentIdentity | undefined => {
  const key = `${namespace} ${localName}`;
  const pef = pefIdentities.get(key);
  if (pef && (hints.toKsef || (hints.customizationId ?? '').includes(PEF_CUSTOMIZATION_MARK))) return pef;
  return identities.get(key);
};

export const supportedRoots = 'UBL 2.1 Invoice, CreditNote, Order, OrderResponse, DespatchAdvice or ApplicationResponse; FatturaPA 1.2 (FatturaElettronica) or semplificata 1.0 (FatturaElettronicaSemplificata); KSeF FA(2), FA(3) or FA_RR(1) (Faktura), KSeF PEF(3)/PEF_KOR(3) (UBL with Polish extensions)';

/** The schema of a UBL document type (to load it ahead of the first validation). */
export const schemaOf = (kind: DocumentKind): string =>
  [...identities.values()].find((identity) => identity.kind === kind)?.schema.xsd ?? 'ubl-2.1/maindoc/UBL-Invoice-2.1.xsd';
