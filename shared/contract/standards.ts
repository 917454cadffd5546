import { z } from 'zod';
import { channel, event, noInput } from './define';
import { fileRefSchema } from './files';

/** A rule set of the standards engine (the official identifiers and versions). */
export interface LocalRuleSet {
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
  /** The app's own checks (KSeF pre-checks): an `ErrorReason` key (`ksef.*`) and its parameters. */
  reason?: { key: string; params: Record<string, string | number> };
}

export interface LocalValidation {
  kind: 'invoice' | 'credit-note' | 'order' | 'order-response' | 'despatch-advice' | 'application-response' | 'fatturapa' | 'ksef';
  ruleSet: { code: string; name: string; version: string };
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
   * checks of FatturaPA and KSeF files.
   */
  'standards.validate': channel<LocalValidation>()(
    z.object({
      file: fileRefSchema,
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
