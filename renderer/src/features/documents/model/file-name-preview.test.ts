import { describe, expect, it } from 'vitest';
import type { DocumentRecord } from '../../../../../shared/contract/documents';
import { previewFileName } from './file-name-preview';

const record: DocumentRecord = {
  uuid: 'u-1',
  type: 'invoice',
  direction: 'incoming',
  format: 'UBL 2.1 XML',
  number: 'INV/2026:7',
  date: '2026-05-02T00:00:00Z',
  sender: { name: 'Fjord "Kraft" AS', identifier: '0192:123456785' },
  recipient: { name: 'Ledgerdesk Demo AS', identifier: '0192:987654321' },
  createdAt: '2026-05-02T08:00:00Z',
  downloaded: false,
};

describe('the bulk-download file name preview', () => {
  it('fills the placeholders and makes the name safe on every system', () => {
    expect(previewFileName('{date}_{number}_{sender}', record)).toBe('2026-05-02_INV_2026_7_Fjord _Kraft_ AS.xml');
    expect(previewFileName('{type}-{direction}-{senderId}', record)).toBe('invoice-incoming-0192_123456785.xml');
  });

  it('falls back to the uuid when nothing usable is left', () => {
    expect(previewFileName('...', record)).toBe('u-1.xml');
  });

  it('shows no name while the template has a problem', () => {
    expect(previewFileName('{amount}', record)).toBeNull();
  });
});
