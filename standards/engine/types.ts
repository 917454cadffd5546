import type { RuleSetSuccessor } from '../../shared/contract/standards';

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
  /** An explanation the app adds beside the official message (fatturapa-notes.ts), for the app to word in the user's language. */
  notice?: IssueNotice;
  /** For the app's own checks (KSeF pre-checks): the sentence's key and parameters, to word it in the UI language. */
  reason?: { key: string; params: Record<string, string | number> };
}

/** `semplificata-rf20`: RF20 refused by the semplificata schema 1.0.1, because 1.0.2 (which adds it) has no verified copy. */
export type IssueNotice = 'semplificata-rf20';

/** The coming (or come, but not vendored) successor of a rule set: the contract's shape, which results carry as they are. */
export type SuccessorNotice = RuleSetSuccessor;

/** The dates a rule set's release is in force, and the day checked. */
export interface RuleSetDates {
  release: string;
  validFrom: string;
  validUntil?: string;
  /** The day the check was made for (the day of sending). */
  checkedOn: string;
  successor?: SuccessorNotice;
}

/** A rule set as results name it: the set, and its release's dates where the calendar knows it (calendar.ts). */
export interface RuleSetRef extends Partial<Omit<RuleSetDates, 'checkedOn'>> {
  code: string;
  name: string;
  version: string;
  checkedOn: string;
}

export interface ValidationResult {
  kind: DocumentKind;
  /** The rule set applied (for FatturaPA/KSeF, the schema), with its release's dates and the day checked. */
  ruleSet: RuleSetRef;
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
  /** The compiled official rules are missing or damaged (standards/sef): the installation, not the document. */
  | 'rules_unavailable'
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
