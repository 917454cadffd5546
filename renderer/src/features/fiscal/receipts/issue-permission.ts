import type { TFunction } from 'i18next';
import type { CertificateInfo, Pem } from '../../../../../shared/contract';
import { pemCanIssue } from '../model/status';

/**
 * Receipts are issued over mTLS by the cash register of the imported certificate, so only that
 * PEM can issue them here. Returns why issuing is not possible, or null.
 */
export function issueBlockedReason(t: TFunction, pem: Pem | undefined, certificate: CertificateInfo | null | undefined): string | null {
  if (!pem) return null;
  if (!pemCanIssue(pem.status)) return t('fiscal.issue.reasons.status', { status: t(`fiscal.pemStatus.${pem.status}`) });
  if (!certificate) return t('fiscal.issue.reasons.noCertificate');
  if (certificate.expired) return t('fiscal.issue.reasons.expired');
  if (certificate.pemSerialNumber !== pem.serialNumber) {
    return t('fiscal.issue.reasons.otherPem', { pem: certificate.pemSerialNumber ?? certificate.subject });
  }
  return null;
}
