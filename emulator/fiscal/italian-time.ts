/**
 * Receipts carry Italian local time without a zone (`YYYY-MM-DDTHH:mm:ss`), as the reference
 * returns them; everything else is ISO 8601 UTC.
 */
const romeFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Rome',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** `2026-10-08T16:20:42` in Europe/Rome for the given instant. */
export function romeLocalDateTime(instant: Date): string {
  const parts = Object.fromEntries(romeFormat.formatToParts(instant).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}`;
}

/** `2026-10-08` in Europe/Rome. */
export function romeLocalDate(instant: Date): string {
  return romeLocalDateTime(instant).slice(0, 10);
}

/** ISO 8601 UTC without milliseconds. */
export function isoUtc(instant: Date): string {
  return instant.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

const localDateTimePattern = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?$/;
const zonedDateTimePattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})$/;

/**
 * A query value like `2026-10-08`, `2026-10-08T16:20`, `2026-10-08T16:20:42` (Italian local time) or
 * an instant with a zone (`…Z`, `…+02:00`), as Italian local `YYYY-MM-DDTHH:mm:ss`; null when invalid.
 * A date alone means its start (or its end, with `endOfDay`).
 */
export function toRomeLocalDateTime(value: string, endOfDay = false): string | null {
  if (zonedDateTimePattern.test(value)) {
    const instant = new Date(value);
    return Number.isNaN(instant.getTime()) ? null : romeLocalDateTime(instant);
  }
  const match = localDateTimePattern.exec(value);
  if (!match) return null;
  const [, year, month, day, hour, minute, second] = match;
  if (!isCalendarDate(`${year}-${month}-${day}`)) return null;
  if (hour === undefined) return `${year}-${month}-${day}T${endOfDay ? '23:59:59' : '00:00:00'}`;
  if (Number(hour) > 23 || Number(minute) > 59 || Number(second ?? '0') > 59) return null;
  return `${year}-${month}-${day}T${hour}:${minute}:${second ?? '00'}`;
}

/** True for a real `YYYY-MM-DD` calendar date. */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === value;
}
