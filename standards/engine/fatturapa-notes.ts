/**
 * Where a vendored official schema is known to lag behind the one in force, the schema's own message
 * stays as it is and the issue gets a `notice` beside it (never a changed verdict): the app words it in
 * the user's language, the emulator (in English) appends `noticeText`. Today one case: the
 * semplificata's schema in force is 1.0.2, which only adds RegimeFiscale RF20 to 1.0.1; no unmodified
 * copy of 1.0.2 exists (standards/artefacts/fatturapa/README.md), so the verified 1.0.1 runs and
 * refuses RF20.
 */
import type { DocumentIdentity } from './detect';
import type { IssueNotice, ValidationIssue } from './types';

export const SEMPLIFICATA_RF20_EXPLANATION =
  'RegimeFiscale RF20 (the EU cross-border VAT franchise, Directive 2020/285) was added to the semplificata by its schema 1.0.2, in force since 2025-04-01. ' +
  'No verified copy of 1.0.2 exists, so this check uses schema 1.0.1, which does not have RF20 and refuses it.';

const isSemplificataRf20 = (issue: ValidationIssue): boolean =>
  issue.ruleId === 'XSD' && issue.message.includes('RegimeFiscale') && issue.message.includes("'RF20'");

export const explainSchemaIssues = (identity: DocumentIdentity, issues: ValidationIssue[]): ValidationIssue[] =>
  identity.schema.code !== 'fatturapa-semplificata-1.0.1'
    ? issues
    : issues.map((issue) => (isSemplificataRf20(issue) ? { ...issue, notice: 'semplificata-rf20' } : issue));

/** The notice in English, for messages the service writes. */
export const noticeText = (notice: IssueNotice): string => {
  switch (notice) {
    case 'semplificata-rf20':
      return SEMPLIFICATA_RF20_EXPLANATION;
  }
};
