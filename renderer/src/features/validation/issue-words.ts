import type { TFunction } from 'i18next';
import { reasonOf } from '../../../../shared/contract/error-reasons';
import type { LocalValidationIssue } from '../../../../shared/contract/standards';
import { wordReason } from '../../i18n/errors';

/**
 * An issue's text: the app's own checks (KSeF's acceptance pre-checks) carry a reason, worded in the
 * UI language; the official artefacts' messages are shown as the artefact wrote them.
 */
export function issueWords(t: TFunction, issue: LocalValidationIssue): string {
  // reasonOf, not errorReasonSchema: zod would then be part of the first screen's JS (issue 27).
  const reason = issue.reason ? reasonOf({ userMessage: issue.reason }) : undefined;
  return reason ? wordReason(t, reason) : issue.message;
}
