/**
 * The contract's document filters → the spec's query parameters: `senderId` / `senderId[]`,
 * `createdAt[after]`, `sortBy[createdAt]=desc`, `downloaded=true`, `direction=incoming`.
 */
import type { DateRange, DocumentFilters } from '../../../shared/contract';

export type QueryParams = Array<[string, string]>;

const dateBounds = ['before', 'strictly_before', 'after', 'strictly_after'] as const;

/** A single value uses the plain name; several use the spec's array form `name[]`. */
function addList(out: QueryParams, name: string, values: readonly string[] | undefined): void {
  const kept = (values ?? []).map((value) => value.trim()).filter((value) => value !== '');
  if (kept.length === 1) out.push([name, kept[0] as string]);
  else for (const value of kept) out.push([`${name}[]`, value]);
}

function addRange(out: QueryParams, name: string, range: DateRange | undefined): void {
  for (const bound of dateBounds) {
    const value = range?.[bound]?.trim();
    if (value) out.push([`${name}[${bound}]`, value]);
  }
}

export function listQuery(filters: DocumentFilters, page: number, itemsPerPage: number): QueryParams {
  const out: QueryParams = [
    ['page', String(page)],
    ['itemsPerPage', String(itemsPerPage)],
  ];
  const senderName = filters.senderName?.trim();
  if (senderName) out.push(['senderName', senderName]);
  addList(out, 'senderId', filters.senderId);
  const recipientName = filters.recipientName?.trim();
  if (recipientName) out.push(['recipientName', recipientName]);
  addList(out, 'recipientId', filters.recipientId);
  addList(out, 'documentNumber', filters.documentNumber);
  addRange(out, 'createdAt', filters.createdAt);
  addRange(out, 'documentDate', filters.documentDate);
  if (filters.downloaded !== undefined) out.push(['downloaded', String(filters.downloaded)]);
  if (filters.direction) out.push(['direction', filters.direction]);
  if (filters.sort) out.push([`sortBy[${filters.sort.field}]`, filters.sort.order]);
  return out;
}

/** Appends the parameters to a URL (URLSearchParams encodes the brackets, which servers decode). */
export function withQuery(url: string, params: QueryParams): string {
  const out = new URL(url);
  for (const [name, value] of params) out.searchParams.append(name, value);
  return out.toString();
}
