import type { TFunction } from 'i18next';
import type { Report, ReportRequest } from '../../../../../shared/contract';
import { formatDate, formatDateTime } from '../model/format';

const formatPoint = (value: string, language: string): string =>
  /T\d{2}:\d{2}/.test(value) ? formatDateTime(value, language) : formatDate(value, language);

export function reportPeriod(report: Pick<Report, 'period'>, language: string): string {
  const from = formatPoint(report.period.from, language);
  const to = formatPoint(report.period.to, language);
  return from === to ? from : `${from} – ${to}`;
}

export const reportTypeLabel = (t: TFunction, report: Pick<Report | ReportRequest, 'type'>): string => t(`fiscal.reportTypes.${report.type}`);

export const reportStatusLabel = (t: TFunction, status: Report['status']): string => t(`fiscal.reportStatus.${status}`);
