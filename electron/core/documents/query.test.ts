import { describe, expect, it } from 'vitest';
import { listQuery } from './query';

describe('list filters → the spec query parameters', () => {
  it('sends page and itemsPerPage alone when there is no filter', () => {
    expect(listQuery({}, 2, 30)).toEqual([
      ['page', '2'],
      ['itemsPerPage', '30'],
    ]);
  });

  it('maps every filter of the contract to its spec parameter', () => {
    const params = listQuery(
      {
        senderName: 'Acme',
        senderId: ['0192:1', '0192:2'],
        recipientName: 'Buyer',
        recipientId: ['0192:3'],
        documentNumber: ['INV-1', 'INV-2'],
        createdAt: { after: '2026-01-01', strictly_before: '2026-02-01T00:00:00Z' },
        documentDate: { before: '2026-03-01', strictly_after: '2025-12-31' },
        downloaded: false,
        direction: 'incoming',
        sort: { field: 'documentDate', order: 'asc' },
      },
      1,
      30,
    );
    expect(params).toEqual([
      ['page', '1'],
      ['itemsPerPage', '30'],
      ['senderName', 'Acme'],
      ['senderId[]', '0192:1'],
      ['senderId[]', '0192:2'],
      ['recipientName', 'Buyer'],
      ['recipientId', '0192:3'],
      ['documentNumber[]', 'INV-1'],
      ['documentNumber[]', 'INV-2'],
      ['createdAt[strictly_before]', '2026-02-01T00:00:00Z'],
      ['createdAt[after]', '2026-01-01'],
      ['documentDate[before]', '2026-03-01'],
      ['documentDate[strictly_after]', '2025-12-31'],
      ['downloaded', 'false'],
      ['direction', 'incoming'],
      ['sortBy[documentDate]', 'asc'],
    ]);
  });

  it('leaves out empty names, empty lists and blank values', () => {
    expect(listQuery({ senderName: '  ', senderId: [], documentNumber: [' '], createdAt: {} }, 1, 10)).toEqual([
      ['page', '1'],
      ['itemsPerPage', '10'],
    ]);
  });

  it('sends downloaded=true and each sort field as sortBy[field]', () => {
    for (const field of ['createdAt', 'documentDate', 'senderName', 'recipientName'] as const) {
      expect(listQuery({ downloaded: true, sort: { field, order: 'desc' } }, 1, 30)).toContainEqual([`sortBy[${field}]`, 'desc']);
    }
    expect(listQuery({ downloaded: true }, 1, 30)).toContainEqual(['downloaded', 'true']);
  });
});
