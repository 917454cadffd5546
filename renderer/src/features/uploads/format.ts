/** Sizes, times and check messages in the user's language. */
import type { TFunction } from 'i18next';
import type { Issue } from './batch/batch-model';
import type { StatusKey } from './model/status';
import type { UploadState } from '../../../../shared/contract';
import { statusOf } from './model/status';
import { formatDateTime } from '../../format';

/**
 * Intl formatters are made once per language and options: making one per call (for every row on
 * every render) took hundreds of milliseconds of the page's thread during a big drop.
 */
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

function numberFormat(language: string, digits: number): Intl.NumberFormat {
  const key = `n\u0000${language}\u0000${digits}`;
  let format = formatters.get(key) as Intl.NumberFormat | undefined;
  if (!format) formatters.set(key, (format = new Intl.NumberFormat(language, { maximumFractionDigits: digits, minimumFractionDigits: digits })));
  return format;
}

function dateTimeFormat(language: string, kind: 'time' | 'thisYear' | 'otherYear'): Intl.DateTimeFormat {
  const key = `d\u0000${language}\u0000${kind}`;
  let format = formatters.get(key) as Intl.DateTimeFormat | undefined;
  if (!format) {
    const options: Intl.DateTimeFormatOptions =
      kind === 'time' ? { hour: 'numeric', minute: '2-digit', second: '2-digit' }
      : { day: 'numeric', month: 'short', year: kind === 'otherYear' ? 'numeric' : undefined, hour: 'numeric', minute: '2-digit' };
    formatters.set(key, (format = new Intl.DateTimeFormat(language, options)));
  }
  return format;
}

export function formatBytes(bytes: number, language: string): string {
  const number = (value: number, digits: number) => numberFormat(language, digits).format(value);
  if (bytes < 1024) return `${number(bytes, 0)} B`;
  if (bytes < 1024 * 1024) return `${number(bytes / 1024, 1)} KiB`;
  return `${number(bytes / (1024 * 1024), 2)} MiB`;
}

const sameDay = (a: Date, b: Date): boolean =>
  a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();

/** "14:02:31" today, "3 Mar, 14:02" on other days. */
export function formatWhen(iso: string, language: string, now: Date = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  if (sameDay(date, now)) return dateTimeFormat(language, 'time').format(date);
  return dateTimeFormat(language, date.getFullYear() === now.getFullYear() ? 'thisYear' : 'otherYear').format(date);
}

export function formatFullTime(iso: string, language: string): string {
  return formatDateTime(language, iso, { seconds: true });
}

export function statusLabel(t: TFunction, status: StatusKey): string {
  return t(`uploads.status.${status}`);
}

/** A check's message with its values worded (sizes, characters, dates, statuses). */
export function issueText(t: TFunction, issue: Issue, language: string): string {
  const { params } = issue;
  const values: Record<string, string | number> = { ...params };
  if (typeof params.size === 'number') values.size = formatBytes(params.size, language);
  if (typeof params.limit === 'number') values.limit = formatBytes(params.limit, language);
  if (typeof params.charKind === 'string') {
    values.character =
      params.charKind === 'char' ? t('uploads.characters.char', { char: String(params.char) }) : t(`uploads.characters.${params.charKind as 'tab' | 'lineBreak' | 'control'}`);
  }
  if (typeof params.when === 'string') values.when = formatWhen(params.when, language);
  if (typeof params.state === 'string') values.status = statusLabel(t, statusOf({ state: params.state as UploadState }));
  if (params.suggested === 'IT' || params.suggested === 'PL') values.suggested = t(`uploads.countries.${params.suggested}`);
  if (params.chosen === 'IT' || params.chosen === 'PL') values.chosen = t(`uploads.countries.${params.chosen}`);
  return t(`uploads.issues.${issue.code}`, values);
}

const serverStatuses = ['pending', 'ingested', 'processing', 'sent', 'delivered', 'failed'] as const;

/** A status of the service in words; an unknown one is shown as the service wrote it. */
export function serverStatusLabel(t: TFunction, status: string): string {
  return (serverStatuses as readonly string[]).includes(status) ? t(`uploads.serverStatus.${status as (typeof serverStatuses)[number]}`) : status;
}
