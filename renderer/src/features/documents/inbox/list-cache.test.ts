import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { DocumentPage, DocumentRecord } from '../../../../../shared/contract/documents';
import { effectiveTotal, listKey, loadedRecords, listScope, pagesBetween, patchDownloaded } from './list-cache';

const record = (n: number, downloaded = false): DocumentRecord => ({
  uuid: `u${n}`,
  type: 'invoice',
  direction: 'incoming',
  format: 'UBL 2.1 XML',
  number: `INV-${n}`,
  date: '2026-01-01',
  sender: { name: 'S', identifier: 's' },
  recipient: { name: 'R', identifier: 'r' },
  createdAt: '2026-01-01T00:00:00Z',
  downloaded,
});
const page = (number: number, count: number, totalItems: number): DocumentPage => ({
  items: Array.from({ length: count }, (_, index) => record((number - 1) * 30 + index)),
  totalItems,
  page: number,
  itemsPerPage: 30,
});

describe('the inbox pages', () => {
  it('loads only the pages under the visible rows (page 1 always comes on its own)', () => {
    expect(pagesBetween(0, 29)).toEqual([]);
    expect(pagesBetween(25, 70)).toEqual([2, 3]);
    expect(pagesBetween(3000, 3010)).toEqual([101]);
    expect(pagesBetween(5, -1)).toEqual([]);
  });

  it('trusts page 1 for the count, but not beyond a page that came back short', () => {
    expect(effectiveTotal(page(1, 30, 100), new Map())).toBe(100);
    expect(effectiveTotal(page(1, 30, 100), new Map([[3, page(3, 4, 100)]]))).toBe(64);
    expect(effectiveTotal(page(1, 5, 5), new Map())).toBe(5);
    expect(effectiveTotal(undefined, new Map())).toBeUndefined();
  });

  it('collects the loaded records of a view, and marks them optimistically with an undo', () => {
    const client = new QueryClient();
    client.setQueryData(listKey('invoice', {}, 1), page(1, 30, 65));
    client.setQueryData(listKey('invoice', {}, 3), page(3, 5, 65));
    client.setQueryData(listKey('invoice', { senderName: 'x' }, 1), page(1, 2, 2));
    expect(loadedRecords(client, 'invoice', {}).map((r) => r.uuid)).toHaveLength(35);

    const undo = patchDownloaded(client, new Set(['u0', 'u60']), true);
    const downloaded = (key: readonly unknown[], index: number) => client.getQueryData<DocumentPage>(key)?.items[index]?.downloaded;
    expect(downloaded(listKey('invoice', {}, 1), 0)).toBe(true);
    expect(downloaded(listKey('invoice', {}, 3), 0)).toBe(true);
    expect(downloaded(listKey('invoice', { senderName: 'x' }, 1), 0)).toBe(true);
    expect(downloaded(listKey('invoice', {}, 1), 1)).toBe(false);
    undo();
    expect(downloaded(listKey('invoice', {}, 1), 0)).toBe(false);
  });

  it('treats a new order as the same list, new filters as another', () => {
    expect(listScope('invoice', { senderName: 'a' })).toBe(listScope('invoice', { senderName: 'a', sort: { field: 'createdAt', order: 'asc' } }));
    expect(listScope('invoice', { senderName: 'a' })).not.toBe(listScope('invoice', { senderName: 'b' }));
    expect(listScope('invoice', {})).not.toBe(listScope('order', {}));
  });
});
