/** Documents larger than this are refused before parsing. */
export const MAX_DOCUMENT_BYTES = 20 * 1024 * 1024;

/** The one result shape of every validation: schema (XSD) and Schematron alike. */

export type DocumentKind =
  | 'invoice'
  | 'credit-note'
  | 'order'
  | 'order-response'
  | 'despatch-advice'
  | 'application-response'
  | 'fatturapa'
  | 'ksef';

/** The official artefact that produced a result: its name and version. */
export interface ArtefactRef {
  name: string;
  version: string;
}

export interface ValidationIssue {
  /** The official rule id (`BR-CO-15`, `PEPPOL-EN16931-R001`), or `XSD` for a schema error. */
  ruleId: string;
  flag: 'fatal' | 'warning';
  /** The artefact's own message (SVRL text or libxml2's schema message), whitespace-normalised. */
  message: string;
  /** Where: an XPath into the document (`/Invoice/cac:InvoiceLine[2]/cbc:InvoicedQuantity`). */
  location: string;
  /** The source line of that place, when known. */
  line?: number;
  /** The Schematron assertion's test, for Schematron results. */
  test?: string;
  artefact: ArtefactRef;
  /** For the app's own checks (KSeF pre-checks): the sentence's key and parameters, to word it in the UI language. */
  reason?: { key: string; params: Record<string, string | number> };
}

export interface ValidationResult {
  kind: DocumentKind;
  /** The rule set applied (for FatturaPA/KSeF, the schema). */
  ruleSet: { code: string; name: string; version: string };
  /** No fatal issue. */
  valid: boolean;
  fatal: ValidationIssue[];
  warnings: ValidationIssue[];
  /** Every artefact that ran, in order. */
  artefacts: ArtefactRef[];
  durationMs: number;
}

/** Why a document could not be validated at all (not XML, wrong root, DOCTYPE, too large, too long…). */
export type ValidationFailureCode =
  | 'not_xml'
  | 'doctype'
  | 'unknown_document'
  | 'too_large'
  | 'timeout'
  | 'cancelled'
  | 'rule_set_unknown'
  | 'rule_set_not_applicable'
  | 'engine';

export class ValidationFailure extends Error {
  constructor(
    readonly code: ValidationFailureCode,
    message: string,
  ) {
    super(message);
    this.name = 'ValidationFailure';
  }
}

/** Progress of one validation, for long documents. */
export interface ValidationProgress {
  phase: 'schema' | 'rules';
  /** Artefacts finished so far and in all. */
  done: number;
  total: number;
  artefact: string;
}
