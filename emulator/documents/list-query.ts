/**
 * The query parameters of the document lists (spec table "Query parameters of the list
 * endpoints"), read from the raw query string so `senderId[]` and `sortBy[createdAt]` keep their
 * names and order. Every bad value is a `ListQueryError` with a message for the caller (→ 400).
 */
import type { Direction } from '../seed/documents';

export const MAX_ITEMS_PER_PAGE = 30;

export type SortField = 'createdAt' | 'documentDate' | 'senderName' | 'recipientName';
export const sortFields: readonly SortField[] = ['createdAt', 'documentDate', 'senderName', 'recipientName'];
export type SortDirection = 'asc' | 'desc';

export type DateOperator = 'before' | 'strictly_before' | 'after' | 'strictly_after';
export const dateOperators: readonly DateOperator[] = ['before', 'strictly_before', 'after', 'strictly_after'];

/** Inclusive/exclusive bounds in epoch milliseconds; all given operators apply together. */
export interface DateBounds {
  before?: number;
  strictly_before?: number;
  after?: number;
  strictly_after?: number;
}

export interface ListQuery {
  page: number;
  itemsPerPage: number;
  /** Whether the caller gave itemsPerPage (page links then carry it). */
  itemsPerPageGiven: boolean;
  senderName?: string;
  recipientName?: string;
  senderId?: string[];
  recipientId?: string[];
  documentNumber?: string[];
  createdAt: DateBounds;
  documentDate: DateBounds;
  downloaded?: boolean;
  direction?: Direction;
  sort: Array<{ field: SortField; direction: SortDirection }>;
  /** The filters as given, to rebuild page links (page and itemsPerPage excluded). */
  filterParams: Array<[string, string]>;
}

export class ListQueryError extends Error {
  override readonly name = 'ListQueryError';
}

/** Every parameter name the lists understand (for hydra:search and for the docs). */
export const listParameterNames: readonly string[] = [
  'page',
  'itemsPerPage',
  'senderName',
  'senderId',
  'senderId[]',
  'recipientName',
  'recipientId',
  'recipientId[]',
  'documentNumber',
  'documentNumber[]',
  ...sortFields.map((field) => `sortBy[${field}]`),
  ...dateOperators.map((operator) => `createdAt[${operator}]`),
  ...dateOperators.map((operator) => `documentDate[${operator}]`),
  'downloaded',
  'direction',
];

const dateText = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/** ISO 8601 date or date-time; a date alone is midnight UTC and a time without zone is UTC. */
export function parseDateParameter(name: string, value: string): number {
  const match = dateText.exec(value.trim());
  let ms = Number.NaN;
  if (match) {
    const [, year, month, day, hour, minute, second, zone] = match;
    const base = `${year}-${month}-${day}T${hour ?? '00'}:${minute ?? '00'}:${second ?? '00'}`;
    const fraction = /\.\d{1,9}/.exec(value)?.[0]?.slice(0, 4) ?? '';
    const normalizedZone = zone === undefined ? 'Z' : zone === 'Z' ? 'Z' : zone.includes(':') ? zone : `${zone.slice(0, 3)}:${zone.slice(3)}`;
    ms = Date.parse(`${base}${fraction}${normalizedZone}`);
    const roundTrip = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
    if (roundTrip.getUTCMonth() !== Number(month) - 1 || roundTrip.getUTCDate() !== Number(day)) ms = Number.NaN;
  }
  if (!Number.isFinite(ms)) {
    throw new ListQueryError(`${name} must be a date (YYYY-MM-DD) or a date-time (e.g. 2026-03-01T12:00:00Z); got "${value}".`);
  }
  return ms;
}

function parseInteger(name: string, value: string): number {
  if (!/^\d+$/.test(value.trim())) throw new ListQueryError(`${name} must be a whole number; got "${value}".`);
  return Number(value.trim());
}

function parseBoolean(name: string, value: string): boolean {
  const normalized = value.trim().toLowerCase();
  if (normalized === 'true' || normalized === '1') return true;
  if (normalized === 'false' || normalized === '0') return false;
  throw new ListQueryError(`${name} must be true or false; got "${value}".`);
}

const bracketed = /^([A-Za-z]+)\[([^\]]*)\]$/;

/** Reads the list parameters from a raw query string (without the leading `?`). */
export function parseListQuery(rawQuery: string): ListQuery {
  const query: ListQuery = { page: 1, itemsPerPage: MAX_ITEMS_PER_PAGE, itemsPerPageGiven: false, createdAt: {}, documentDate: {}, sort: [], filterParams: [] };
  const append = (key: 'senderId' | 'recipientId' | 'documentNumber', value: string) => {
    (query[key] ??= []).push(value);
  };
  for (const [name, value] of new URLSearchParams(rawQuery)) {
    const bracket = bracketed.exec(name);
    const base = bracket ? (bracket[1] as string) : name;
    const key = bracket ? (bracket[2] as string) : undefined;
    if (name !== 'page' && name !== 'itemsPerPage') query.filterParams.push([name, value]);
    switch (base) {
      case 'page': {
        const page = parseInteger('page', value);
        if (page < 1) throw new ListQueryError(`page must be 1 or more; got ${page}.`);
        query.page = page;
        break;
      }
      case 'itemsPerPage':
        query.itemsPerPage = Math.min(parseInteger('itemsPerPage', value), MAX_ITEMS_PER_PAGE);
        query.itemsPerPageGiven = true;
        break;
      case 'senderName':
      case 'recipientName':
        if (key !== undefined) throw new ListQueryError(`${base} takes a single value: use ${base}=…, not ${name}.`);
        query[base] = value;
        break;
      case 'senderId':
      case 'recipientId':
      case 'documentNumber':
        if (key !== undefined && key !== '' && !/^\d+$/.test(key)) throw new ListQueryError(`Unknown parameter ${name}: use ${base}=… or ${base}[]=….`);
        append(base, value);
        break;
      case 'downloaded':
        query.downloaded = parseBoolean('downloaded', value);
        break;
      case 'direction': {
        const direction = value.trim().toLowerCase();
        if (direction !== 'incoming' && direction !== 'outgoing') {
          throw new ListQueryError(`direction must be incoming or outgoing; got "${value}".`);
        }
        query.direction = direction;
        break;
      }
      case 'sortBy':
      case 'order': {
        if (!key || !(sortFields as readonly string[]).includes(key)) {
          throw new ListQueryError(`Cannot sort by "${key ?? name}": use sortBy[createdAt], sortBy[documentDate], sortBy[senderName] or sortBy[recipientName].`);
        }
        const direction = value.trim().toLowerCase();
        if (direction !== 'asc' && direction !== 'desc') throw new ListQueryError(`${name} must be asc or desc; got "${value}".`);
        query.sort = query.sort.filter((sort) => sort.field !== key);
        query.sort.push({ field: key as SortField, direction });
        break;
      }
      case 'createdAt':
      case 'documentDate': {
        if (!key || !(dateOperators as readonly string[]).includes(key)) {
          throw new ListQueryError(`${name} is not a date filter: use ${base}[before], ${base}[strictly_before], ${base}[after] or ${base}[strictly_after].`);
        }
        query[base][key as DateOperator] = parseDateParameter(name, value);
        break;
      }
      default:
        // Unknown parameters are ignored, as API Platform does.
        break;
    }
  }
  return query;
}
