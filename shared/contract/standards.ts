import { z } from 'zod';
import { channel, noInput } from './define';
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

export const standardsChannels = {
  /** Validates a file offline with the official artefacts (no account, no upload), in the core's worker threads. */
  'standards.validate': channel<LocalValidation>()(z.object({ file: fileRefSchema, ruleSet: z.string().trim().min(1).max(200).optional() })),
  /** The rule sets the engine has, offline. */
  'standards.ruleSets': channel<LocalRuleSet[]>()(noInput),
};
