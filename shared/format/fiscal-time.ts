/**
 * Italian fiscal times (journals, receipts, reports) are legal times in Europe/Rome. Every place
 * that shows one (the app's fiscal screens, the emulator's report PDFs) goes through here, so one
 * event reads the same everywhere whatever the computer's own time zone.
 */
export const FISCAL_TIME_ZONE = 'Europe/Rome';

const ZONED = /(?:Z|[+-]\d{2}:?\d{2})$/i;
const LOCAL = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?$/;

const partsFormats = new Map<string, Intl.DateTimeFormat>();
function partsFormat(timeZone: string): Intl.DateTimeFormat {
  let format = partsFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    partsFormats.set(timeZone, format);
  }
  return format;
}

/** How far the zone's wall clock is ahead of UTC at that instant, in ms. */
export function zoneOffsetMs(instant: Date, timeZone: string): number {
  const parts = Object.fromEntries(partsFormat(timeZone).formatToParts(instant).map((part) => [part.type, Number(part.value)]));
  const wall = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
  return wall - Math.floor(instant.getTime() / 1000) * 1000;
}

/**
 * The instant of a fiscal time: an ISO instant with its zone as is, and a local time without one
 * (receipts: `2026-10-08T16:20:42`) as the wall clock in Rome. Null when unreadable.
 */
export function fiscalInstant(value: string): Date | null {
  if (ZONED.test(value.trim())) {
    const instant = new Date(value);
    return Number.isNaN(instant.getTime()) ? null : instant;
  }
  const match = LOCAL.exec(value.trim());
  if (!match) return null;
  const [, year, month, day, hour, minute, second] = match;
  const wall = Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute), Number(second ?? '0'));
  // Twice: the offset at the first guess may differ from the one at the result around a DST change.
  let guess = wall - zoneOffsetMs(new Date(wall), FISCAL_TIME_ZONE);
  guess = wall - zoneOffsetMs(new Date(guess), FISCAL_TIME_ZONE);
  return new Date(guess);
}

/** True when a clock in `timeZone` shows a different time than Rome's at that instant. */
export function differsFromRome(instant: Date, timeZone: string): boolean {
  return zoneOffsetMs(instant, timeZone) !== zoneOffsetMs(instant, FISCAL_TIME_ZONE);
}

/** `2026-10-08 16:20:42`: the Rome wall clock, as the reports print it. */
export function romeWallClock(instant: Date): string {
  const shifted = new Date(instant.getTime() + zoneOffsetMs(instant, FISCAL_TIME_ZONE));
  return shifted.toISOString().slice(0, 19).replace('T', ' ');
}
