/**
 * Dates typed in the UI language's own order (25.11.2026 in Norwegian and Polish, 25/11/2026 in
 * Italian and English), not the browser's: a native date input follows the system's locale, so an
 * Italian UI showed 11/25/2026 on an American system. Values stay ISO (YYYY-MM-DD) underneath.
 */
import { localeOf } from './index';

export type DatePart = 'day' | 'month' | 'year';

export interface DateInputPattern {
  order: DatePart[];
  separator: string;
}

const patterns = new Map<string, DateInputPattern>();

/** The order of day, month and year and the separator the language writes numeric dates with. */
export function dateInputPattern(language: string): DateInputPattern {
  const cached = patterns.get(language);
  if (cached) return cached;
  const parts = new Intl.DateTimeFormat(localeOf(language), { day: '2-digit', month: '2-digit', year: 'numeric' }).formatToParts(new Date(2026, 10, 25));
  const order = parts.map((part) => part.type).filter((type): type is DatePart => type === 'day' || type === 'month' || type === 'year');
  const separator = parts.find((part) => part.type === 'literal')?.value.trim() || '/';
  const pattern: DateInputPattern = { order: order.length === 3 ? order : ['day', 'month', 'year'], separator };
  patterns.set(language, pattern);
  return pattern;
}

const pad = (value: number, length: number): string => String(value).padStart(length, '0');

/** "2026-11-25" → "25.11.2026" (Polish); anything not an ISO date is returned as it is. */
export function formatDateInput(language: string, iso: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!match) return iso;
  const values: Record<DatePart, string> = { year: match[1]!, month: match[2]!, day: match[3]! };
  const { order, separator } = dateInputPattern(language);
  return order.map((part) => values[part]).join(separator);
}

/**
 * What a person typed, read in the language's order, → ISO; null when it is not a real date.
 * Any non-digit separates ("25.11.2026", "25/11/2026", "25 11 2026"); a two-digit year is 20xx.
 */
export function parseDateInput(language: string, text: string): string | null {
  const numbers = text.trim().split(/\D+/).filter(Boolean);
  if (numbers.length !== 3 || numbers.some((n) => n.length > 4)) return null;
  const { order } = dateInputPattern(language);
  const values = Object.fromEntries(order.map((part, index) => [part, Number(numbers[index])])) as Record<DatePart, number>;
  const yearText = numbers[order.indexOf('year')]!;
  const year = yearText.length <= 2 ? 2000 + values.year : values.year;
  if (yearText.length === 3 || year < 1900 || year > 2999) return null;
  const date = new Date(Date.UTC(year, values.month - 1, values.day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== values.month - 1 || date.getUTCDate() !== values.day) return null;
  return `${pad(year, 4)}-${pad(values.month, 2)}-${pad(values.day, 2)}`;
}
