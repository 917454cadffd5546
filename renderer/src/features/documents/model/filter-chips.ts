/** The active filters as removable chips: one per value, so "remove" takes away exactly what it shows. */
import type { DateRange, DocumentFilters } from '../../../../../shared/contract/documents';
import { listFilters, rangeBounds, rangeFilters, type ListFilter, type RangeFilter } from './url-state';

export type FilterChip =
  | { kind: 'text'; field: 'senderName' | 'recipientName'; value: string }
  | { kind: 'list'; field: ListFilter; value: string }
  | { kind: 'range'; field: RangeFilter; bound: keyof DateRange; value: string }
  | { kind: 'downloaded'; value: boolean }
  | { kind: 'direction'; value: 'incoming' | 'outgoing' };

export function filterChips(filters: DocumentFilters): FilterChip[] {
  const chips: FilterChip[] = [];
  if (filters.senderName) chips.push({ kind: 'text', field: 'senderName', value: filters.senderName });
  if (filters.recipientName) chips.push({ kind: 'text', field: 'recipientName', value: filters.recipientName });
  for (const field of listFilters) for (const value of filters[field] ?? []) chips.push({ kind: 'list', field, value });
  for (const field of rangeFilters) {
    for (const bound of rangeBounds) {
      const value = filters[field]?.[bound];
      if (value) chips.push({ kind: 'range', field, bound, value });
    }
  }
  if (filters.downloaded !== undefined) chips.push({ kind: 'downloaded', value: filters.downloaded });
  if (filters.direction) chips.push({ kind: 'direction', value: filters.direction });
  return chips;
}

export function withoutChip(filters: DocumentFilters, chip: FilterChip): DocumentFilters {
  const next: DocumentFilters = { ...filters };
  switch (chip.kind) {
    case 'text':
      delete next[chip.field];
      break;
    case 'list': {
      const rest = (filters[chip.field] ?? []).filter((value) => value !== chip.value);
      if (rest.length > 0) next[chip.field] = rest;
      else delete next[chip.field];
      break;
    }
    case 'range': {
      const range: DateRange = { ...filters[chip.field] };
      delete range[chip.bound];
      if (Object.keys(range).length > 0) next[chip.field] = range;
      else delete next[chip.field];
      break;
    }
    case 'downloaded':
      delete next.downloaded;
      break;
    case 'direction':
      delete next.direction;
      break;
  }
  return next;
}
