import { describe, expect, it } from 'vitest';
import type { DocumentFilters } from '../../../../../shared/contract/documents';
import { draftFromFilters, filtersFromDraft } from './filter-form';
import { filterChips, withoutChip } from './filter-chips';

describe('the filter form', () => {
  it('turns the form into the contract filters, adding what is still typed in a chips box', () => {
    const draft = draftFromFilters({ senderId: ['0192:1'] });
    draft.senderName = '  Fjord ';
    draft.listDrafts.senderId = '0192:2, 0192:1\n0192:3';
    draft.ranges.documentDate = { from: '2026-01-01', fromStrict: true, to: '2026-01-31', toStrict: false };
    draft.downloaded = 'no';
    draft.direction = 'outgoing';
    expect(filtersFromDraft(draft, { field: 'documentDate', order: 'desc' })).toEqual({
      filters: {
        senderName: 'Fjord',
        senderId: ['0192:1', '0192:2', '0192:3'],
        documentDate: { strictly_after: '2026-01-01', before: '2026-01-31' },
        downloaded: false,
        direction: 'outgoing',
        sort: { field: 'documentDate', order: 'desc' },
      },
    });
  });

  it('refuses a start date after the end date, naming the field', () => {
    const draft = draftFromFilters({});
    draft.ranges.createdAt = { from: '2026-02-01', fromStrict: false, to: '2026-01-01', toStrict: false };
    expect(filtersFromDraft(draft, undefined)).toEqual({ error: { field: 'createdAt', problem: 'reversed' } });
  });

  it('reads back what the URL held, strict bounds included', () => {
    const draft = draftFromFilters({ createdAt: { strictly_before: '2026-03-01T00:00:00Z' }, downloaded: true });
    expect(draft.ranges.createdAt).toEqual({ from: '', fromStrict: false, to: '2026-03-01', toStrict: true });
    expect(draft.downloaded).toBe('yes');
  });

  it('removes exactly the chip that was clicked', () => {
    const filters: DocumentFilters = { senderId: ['a', 'b'], documentDate: { after: '2026-01-01', before: '2026-02-01' }, direction: 'incoming' };
    const chips = filterChips(filters);
    expect(chips).toHaveLength(5);
    const second = chips.find((chip) => chip.kind === 'list' && chip.value === 'b');
    const after = chips.find((chip) => chip.kind === 'range' && chip.bound === 'after');
    expect(withoutChip(filters, second!)).toEqual({ ...filters, senderId: ['a'] });
    expect(withoutChip(withoutChip(filters, after!), chips.find((chip) => chip.kind === 'range' && chip.bound === 'before')!)).toEqual({
      senderId: ['a', 'b'],
      direction: 'incoming',
    });
  });
});
