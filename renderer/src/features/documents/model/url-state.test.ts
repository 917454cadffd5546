import { describe, expect, it } from 'vitest';
import type { DocumentFilters } from '../../../../../shared/contract/documents';
import { plainInboxView } from '../prefetch-first-page';
import { activeFilterCount, clearedFilters, readInboxView, writeInboxView, type InboxView } from './url-state';

describe('the inbox view in the URL', () => {
  it('an address without a query opens the view the first page is fetched for before the parser loads', () => {
    expect(readInboxView(new URLSearchParams(''))).toEqual({ ...plainInboxView, tab: 'details' });
  });

  it('survives a round trip with every filter of the contract', () => {
    const view: InboxView = {
      type: 'credit-note',
      filters: {
        senderName: 'Acme',
        recipientName: 'Nordic',
        senderId: ['0192:123456785', '0088:7300010000001'],
        recipientId: ['0192:987654321'],
        documentNumber: ['CN-1', 'CN 2'],
        createdAt: { strictly_after: '2026-01-01', before: '2026-02-01T10:00:00Z' },
        documentDate: { after: '2025-12-01', strictly_before: '2026-01-01' },
        downloaded: false,
        direction: 'incoming',
        sort: { field: 'senderName', order: 'asc' },
      },
      open: 'a1b2',
      tab: 'pdf',
    };
    expect(readInboxView(new URLSearchParams(writeInboxView(view).toString()))).toEqual(view);
  });

  it('drops what does not fit the contract instead of failing', () => {
    const params = new URLSearchParams(
      'type=letters&downloaded=maybe&direction=sideways&sort=amount:desc&createdAt.after=yesterday&documentDate.before=2026-13-45x&senderId=&tab=raw&senderName=%20%20',
    );
    expect(readInboxView(params)).toEqual({ type: 'invoice', filters: {}, tab: 'details' });
  });

  it('keeps repeated values once and leaves the tab out when no document is open', () => {
    const view = readInboxView(new URLSearchParams('type=order&documentNumber=A&documentNumber=A&documentNumber=B&tab=source'));
    expect(view.filters.documentNumber).toEqual(['A', 'B']);
    expect(writeInboxView({ ...view, tab: 'source' }).has('tab')).toBe(false);
  });

  it('counts each narrowing value, not the order, and clearing keeps the order', () => {
    const filters: DocumentFilters = { senderName: 'x', senderId: ['a', 'b'], createdAt: { after: '2026-01-01' }, downloaded: true, sort: { field: 'createdAt', order: 'asc' } };
    expect(activeFilterCount(filters)).toBe(5);
    expect(clearedFilters(filters)).toEqual({ sort: { field: 'createdAt', order: 'asc' } });
    expect(activeFilterCount(clearedFilters(filters))).toBe(0);
  });
});
