import { z } from 'zod';
import { channel, event, noInput } from './define';
import { fileRefSchema } from './files';

/**
 * A known successor of a rule set that becomes mandatory within 90 days of the day checked (or already
 * has, while its official rules are not published): the Validate tool and the send dialog say so.
 */
export interface RuleSetSuccessor {
  /** The set without its version, e.g. "Peppol BIS Billing". */
  title: string;
  /** The successor's version (e.g. "3.0.22") and release (e.g. "OpenPeppol 2026.11"). */
  version: string;
  release: string;
  /** The day it becomes mandatory, YYYY-MM-DD. */
  validFrom: string;
  /** Whether its official rules are available to the app (if not, the check used `currentVersion`). */
  rulesAvailable: boolean;
  currentVersion: string;
  /** Days from the day checked to `validFrom` (0 or less: already mandatory). */
  daysUntil: number;
}

/** The official release a rule set belongs to and the days it is in force (YYYY-MM-DD). */
export interface RuleSetDates {
  release?: string;
  validFrom?: string;
  /** Absent: no end is known yet. */
  validUntil?: string;
  /** The day of sending the check was made for. */
  checkedOn: string;
  successor?: RuleSetSuccessor;
}

/** A rule set of the standards engine (the official identifiers and versions), as it applies today. */
export interface LocalRuleSet extends RuleSetDates {
  code: string;
  name: string;
  identifier: string;
  version: string;
  documentTypes: string[];
  latest: boolean;
}

/** One result of the official XSD or Schematron, as the engine reports it (standards/engine/types.ts). */
export interface LocalValidationIssue {
  ruleId: string;
  flag: 'fatal' | 'warning';
  message: string;
  location: string;
  line?: number;
  test?: string;
  artefact: { name: string; version: string };
  /** An explanation the app adds beside the official message: `semplificata-rf20` (standards/engine/fatturapa-notes.ts). */
  notice?: 'semplificata-rf20';
  /** The app's own checks (KSeF pre-checks): an `ErrorReason` key (`ksef.*`) and its parameters. */
  reason?: { key: string; params: Record<string, string | number> };
}

export interface LocalValidation {
  kind: 'invoice' | 'credit-note' | 'order' | 'order-response' | 'despatch-advice' | 'application-response' | 'fatturapa' | 'ksef';
  /** The rule set applied, with its release's dates (the set in force on the day of sending). */
  ruleSet: { code: string; name: string; version: string } & RuleSetDates;
  valid: boolean;
  fatal: LocalValidationIssue[];
  warnings: LocalValidationIssue[];
  artefacts: { name: string; version: string }[];
  durationMs: number;
}

/**
 * Progress of one validation that named a `validationId`. Validations run one after another, so a
 * validation waits `queued` while another runs; then the schema, then each Schematron layer
 * (`done` of `total` artefacts finished, `artefact` the one running); `done` ends it (its result or
 * error is the `standards.validate` answer). A Peppol invoice's two layers run at the same time.
 */
export interface StandardsProgress {
  validationId: string;
  phase: 'queued' | 'schema' | 'rules' | 'done';
  done: number;
  total: number;
  /** The artefact being run (e.g. "Peppol BIS Billing 3.0 rules"); empty when queued or done. */
  artefact: string;
}

const validationIdSchema = z.string().trim().min(1).max(100);

export const standardsChannels = {
  /**
   * Validates a file offline with the official artefacts (no account, no upload), in the core's
   * worker threads. With a `validationId`, progress arrives on `standards.progress` and
   * `standards.cancel` can stop it (the answer is then an error with code `cancelled`).
   * `schemaOnly`: only the official schema (XSD), no Schematron: quick, what the transfer interface
   * checks of FatturaPA and KSeF files. `on`: the day of sending (YYYY-MM-DD, default today): the rule
   * sets in force that day apply.
   */
  'standards.validate': channel<LocalValidation>()(
    z.object({
      file: fileRefSchema,
      on: z.iso.date().optional(),
      ruleSet: z.string().trim().min(1).max(200).optional(),
      schemaOnly: z.boolean().optional(),
      validationId: validationIdSchema.optional(),
    }),
  ),
  /** Stops a running or queued validation; `cancelled` is false when none with that id is running. */
  'standards.cancel': channel<{ cancelled: boolean }>()(z.object({ validationId: validationIdSchema })),
  /** The rule sets the engine has, offline. */
  'standards.ruleSets': channel<LocalRuleSet[]>()(noInput),
};

export const standardsEvents = {
  'standards.progress': event<StandardsProgress>(),
};
