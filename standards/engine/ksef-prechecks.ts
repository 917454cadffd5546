/**
 * KSeF's acceptance checks that the schema does not express (shared/ksef/prechecks.ts), as issues of
 * their own artefact beside the official schema's, clearly labelled as ours. The engine knows no
 * service environment: what only production refuses (FA (2), a NIP checksum) is a warning here.
 */
import { checkForKsef, warsawDay, type KsefFinding } from '../../shared/ksef';
import type { ArtefactRef, ValidationIssue } from './types';

export const KSEF_PRECHECKS: ArtefactRef = {
  name: 'KSeF acceptance pre-checks (Ledgerdesk’s, not an official artefact)',
  version: 'per CIRFMF/ksef-docs faktury/weryfikacja-faktury.md of 09.04.2026',
};

export const issueOf = (finding: KsefFinding): ValidationIssue => ({
  ruleId: `KSeF-${finding.code}`,
  flag: finding.refuses ? 'fatal' : 'warning',
  message: finding.message,
  location: finding.location,
  ...(finding.line ? { line: finding.line } : {}),
  artefact: KSEF_PRECHECKS,
  reason: { key: `ksef.${finding.code}`, params: finding.params },
});

export const ksefPrecheckIssues = (bytes: Uint8Array, toKsef: boolean, now = new Date()): ValidationIssue[] =>
  checkForKsef(bytes, { today: warsawDay(now), toKsef }).findings.map(issueOf);
