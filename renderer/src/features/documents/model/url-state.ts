/**
 * The inbox view in the URL (`#/documents?type=invoice&senderName=acme&documentDate.after=2026-01-01&open=<uuid>`),
 * so a view survives navigation and reload and can be bookmarked. Whatever the URL holds is checked
 * with the contract's schemas: a value that does not fit is dropped, never an error.
 */
import {
  dateRangeSchema,
  documentFiltersSchema,
  documentTypeSchema,
  sortFieldSchema,
  type DateRange,
  type DocumentFilters,
  type DocumentType,
} from '../../../../../shared/contract/documents';

export type DetailTab = 'details' | 'source' | 'pdf';
export const detailTabs: readonly DetailTab[] = ['details', 'source', 'pdf'];

export interface InboxView {
  type: DocumentType;
  filters: DocumentFilters;
  /** The uuid of the document open in the detail pane. */
  open?: string;
  tab: DetailTab;
}

export const rangeBounds = ['after', 'strictly_after', 'before', 'strictly_before'] as const satisfies readonly (keyof DateRange)[];
export const listFilters = ['senderId', 'recipientId', 'documentNumber'] as const;
export const rangeFilters = ['documentDate', 'createdAt'] as const;
export type ListFilter = (typeof listFilters)[number];
export type RangeFilter = (typeof rangeFilters)[number];

/** The service's order when none is asked (DESIGN §5.2). */
export const defaultSort = { field: 'createdAt', order: 'desc' } as const;

const shape = documentFiltersSchema.shape;

function readText(params: URLSearchParams, key: 'senderName' | 'recipientName'): string | undefined {
  const parsed = shape[key].safeParse(params.get(key) ?? undefined);
  return parsed.success && parsed.data ? parsed.data : undefined;
}

function readList(params: URLSearchParams, key: ListFilter): string[] | undefined {
  const values = [...new Set(params.getAll(key).map((value) => value.trim()).filter(Boolean))];
  const parsed = shape[key].safeParse(values);
  return parsed.success && parsed.data && parsed.data.length > 0 ? parsed.data : undefined;
}

function readRange(params: URLSearchParams, key: RangeFilter): DateRange | undefined {
  const range: DateRange = {};
  for (const bound of rangeBounds) {
    const parsed = dateRangeSchema.shape[bound].safeParse(params.get(`${key}.${bound}`) ?? undefined);
    if (parsed.success && parsed.data) range[bound] = parsed.data;
  }
  return Object.keys(range).length > 0 ? range : undefined;
}

function readSort(params: URLSearchParams): DocumentFilters['sort'] {
  const [field, order] = (params.get('sort') ?? '').split(':');
  const parsedField = sortFieldSchema.safeParse(field);
  if (!parsedField.success || (order !== 'asc' && order !== 'desc')) return undefined;
  return { field: parsedField.data, order };
}

export function readFilters(params: URLSearchParams): DocumentFilters {
  const filters: DocumentFilters = {};
  const senderName = readText(params, 'senderName');
  if (senderName) filters.senderName = senderName;
  const recipientName = readText(params, 'recipientName');
  if (recipientName) filters.recipientName = recipientName;
  for (const key of listFilters) {
    const values = readList(params, key);
    if (values) filters[key] = values;
  }
  for (const key of rangeFilters) {
    const range = readRange(params, key);
    if (range) filters[key] = range;
  }
  const downloaded = params.get('downloaded');
  if (downloaded === 'yes' || downloaded === 'no') filters.downloaded = downloaded === 'yes';
  const direction = params.get('direction');
  if (direction === 'incoming' || direction === 'outgoing') filters.direction = direction;
  const sort = readSort(params);
  if (sort) filters.sort = sort;
  return filters;
}

export function readInboxView(params: URLSearchParams): InboxView {
  const type = documentTypeSchema.safeParse(params.get('type'));
  const open = params.get('open')?.trim();
  const tab = params.get('tab');
  return {
    type: type.success ? type.data : 'invoice',
    filters: readFilters(params),
    ...(open && open.length <= 100 ? { open } : {}),
    tab: detailTabs.includes(tab as DetailTab) ? (tab as DetailTab) : 'details',
  };
}

export function writeInboxView(view: InboxView): URLSearchParams {
  const params = new URLSearchParams();
  params.set('type', view.type);
  const { filters } = view;
  if (filters.senderName) params.set('senderName', filters.senderName);
  if (filters.recipientName) params.set('recipientName', filters.recipientName);
  for (const key of listFilters) for (const value of filters[key] ?? []) params.append(key, value);
  for (const key of rangeFilters) {
    for (const bound of rangeBounds) {
      const value = filters[key]?.[bound];
      if (value) params.set(`${key}.${bound}`, value);
    }
  }
  if (filters.downloaded !== undefined) params.set('downloaded', filters.downloaded ? 'yes' : 'no');
  if (filters.direction) params.set('direction', filters.direction);
  if (filters.sort) params.set('sort', `${filters.sort.field}:${filters.sort.order}`);
  if (view.open) {
    params.set('open', view.open);
    if (view.tab !== 'details') params.set('tab', view.tab);
  }
  return params;
}

/** How many filters narrow the list (the sort order is not a filter). */
export function activeFilterCount(filters: DocumentFilters): number {
  let count = 0;
  if (filters.senderName) count += 1;
  if (filters.recipientName) count += 1;
  for (const key of listFilters) count += filters[key]?.length ?? 0;
  for (const key of rangeFilters) count += Object.keys(filters[key] ?? {}).length;
  if (filters.downloaded !== undefined) count += 1;
  if (filters.direction) count += 1;
  return count;
}

/** The filters without any narrowing, keeping the chosen order. */
export const clearedFilters = (filters: DocumentFilters): DocumentFilters => (filters.sort ? { sort: filters.sort } : {});
