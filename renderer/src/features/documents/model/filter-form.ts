/** The filter panel's form: what the user edits, and the contract's filters it becomes on "Apply filters". */
import type { DateRange, DocumentFilters } from '../../../../../shared/contract/documents';
import { listFilters, rangeFilters, type ListFilter, type RangeFilter } from './url-state';

export interface RangeDraft {
  from: string;
  /** `strictly_after` instead of `after` (the day itself excluded). */
  fromStrict: boolean;
  to: string;
  toStrict: boolean;
}

export interface FilterDraft {
  senderName: string;
  recipientName: string;
  lists: Record<ListFilter, string[]>;
  /** Typed into a chips box but not yet turned into a chip. */
  listDrafts: Record<ListFilter, string>;
  ranges: Record<RangeFilter, RangeDraft>;
  downloaded: 'any' | 'yes' | 'no';
  direction: 'any' | 'incoming' | 'outgoing';
}

export type FilterFormError = { field: RangeFilter; problem: 'reversed' };

const dayOf = (value: string | undefined): string => /^\d{4}-\d{2}-\d{2}/.exec(value ?? '')?.[0] ?? '';

function rangeDraft(range: DateRange | undefined): RangeDraft {
  return {
    from: dayOf(range?.strictly_after ?? range?.after),
    fromStrict: range?.strictly_after !== undefined && range.after === undefined,
    to: dayOf(range?.strictly_before ?? range?.before),
    toStrict: range?.strictly_before !== undefined && range.before === undefined,
  };
}

export function draftFromFilters(filters: DocumentFilters): FilterDraft {
  return {
    senderName: filters.senderName ?? '',
    recipientName: filters.recipientName ?? '',
    lists: { senderId: [...(filters.senderId ?? [])], recipientId: [...(filters.recipientId ?? [])], documentNumber: [...(filters.documentNumber ?? [])] },
    listDrafts: { senderId: '', recipientId: '', documentNumber: '' },
    ranges: { documentDate: rangeDraft(filters.documentDate), createdAt: rangeDraft(filters.createdAt) },
    downloaded: filters.downloaded === undefined ? 'any' : filters.downloaded ? 'yes' : 'no',
    direction: filters.direction ?? 'any',
  };
}

const splitValues = (text: string): string[] => text.split(/[\s,;]+/).map((value) => value.trim()).filter(Boolean);

function toRange(draft: RangeDraft): DateRange | undefined {
  const range: DateRange = {};
  if (draft.from) range[draft.fromStrict ? 'strictly_after' : 'after'] = draft.from;
  if (draft.to) range[draft.toStrict ? 'strictly_before' : 'before'] = draft.to;
  return Object.keys(range).length > 0 ? range : undefined;
}

/** The filters of a draft (keeping the current order), or the first problem that stops it. */
export function filtersFromDraft(draft: FilterDraft, sort: DocumentFilters['sort']): { filters: DocumentFilters } | { error: FilterFormError } {
  for (const field of rangeFilters) {
    const { from, to } = draft.ranges[field];
    if (from && to && from > to) return { error: { field, problem: 'reversed' } };
  }
  const filters: DocumentFilters = {};
  const senderName = draft.senderName.trim();
  if (senderName) filters.senderName = senderName.slice(0, 200);
  const recipientName = draft.recipientName.trim();
  if (recipientName) filters.recipientName = recipientName.slice(0, 200);
  for (const field of listFilters) {
    const values = [...new Set([...draft.lists[field], ...splitValues(draft.listDrafts[field])])].map((value) => value.slice(0, 200)).slice(0, 100);
    if (values.length > 0) filters[field] = values;
  }
  for (const field of rangeFilters) {
    const range = toRange(draft.ranges[field]);
    if (range) filters[field] = range;
  }
  if (draft.downloaded !== 'any') filters.downloaded = draft.downloaded === 'yes';
  if (draft.direction !== 'any') filters.direction = draft.direction;
  if (sort) filters.sort = sort;
  return { filters };
}
