/** How fiscal states look: a tone for the badge and the translation key of its label. */
import type { CertificateInfo, PemStatus, ReportStatus } from '../../../../../shared/contract';

export type Tone = 'success' | 'warning' | 'danger' | 'neutral' | 'info';

export const pemStatusTone = (status: PemStatus): Tone => {
  switch (status) {
    case 'online':
    case 'activated':
      return 'success';
    case 'offline':
      return 'warning';
    case 'discarded':
      return 'neutral';
    case 'error':
      return 'danger';
    default:
      return 'info';
  }
};

/** Only these states may issue documents (the emulator's README: OFFLINE and ACTIVATED can too). */
export const pemCanIssue = (status: PemStatus): boolean => status === 'online' || status === 'offline' || status === 'activated';

export const reportStatusTone = (status: ReportStatus): Tone =>
  status === 'processed' ? 'success' : status === 'failed' ? 'danger' : 'info';

export type Validity = 'valid' | 'expiring' | 'expired';

export const certificateValidity = (certificate: Pick<CertificateInfo, 'expired' | 'expiresSoon' | 'daysLeft'>): Validity =>
  certificate.expired || certificate.daysLeft < 0 ? 'expired' : certificate.expiresSoon || certificate.daysLeft <= 30 ? 'expiring' : 'valid';

export const validityTone = (validity: Validity): Tone => (validity === 'expired' ? 'danger' : validity === 'expiring' ? 'warning' : 'success');

/** Percentage of a request's progress, 0..100 (a finished request is 100). */
export function progressPercent(progress: { generated: number; total: number }, status: ReportStatus): number {
  if (status === 'processed') return 100;
  if (progress.total <= 0) return 0;
  return Math.max(0, Math.min(100, Math.round((progress.generated / progress.total) * 100)));
}
