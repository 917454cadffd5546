import { describe, expect, it } from 'vitest';
import type { ServerUpload } from '../../../shared/contract';
import type { JournalEntry } from './journal/entry';
import { candidatesFor, decideReconciliation, MAX_AUTO_RESENDS_NOT_FOUND } from './reconcile';

const entry = (overrides: Partial<JournalEntry> = {}): JournalEntry => ({
  localId: 'l1',
  batchId: 'b1',
  profileId: 'p',
  origin: 'a.xml',
  fileName: 'a.xml',
  source: { kind: 'blob', sha256: 'b'.repeat(64) },
  sha256: 'b'.repeat(64),
  size: 100,
  country: 'IT',
  e2eId: 'E1',
  state: 'uncertain',
  previousUploadIds: [],
  history: [],
  sendAttempts: 1,
  autoResends: 0,
  notFoundResends: 0,
  adoptedAfterUncertain: false,
  createdAt: '2026-10-01T09:00:00Z',
  updatedAt: '2026-10-01T09:00:00Z',
  ...overrides,
});

const upload = (id: string, status: ServerUpload['status'], overrides: Partial<ServerUpload> = {}): ServerUpload => ({
  id,
  e2e_id: 'E1',
  status,
  country: 'IT',
  file_name: 'a.xml',
  size: 100,
  created_at: `2026-10-01T09:00:0${id.length}Z`,
  updated_at: '2026-10-01T09:00:00Z',
  ...overrides,
});

describe('reconciling an uncertain send by End-to-end ID', () => {
  it('adopts an upload ingested or later, and never resends it', () => {
    for (const status of ['ingested', 'processing', 'sent', 'delivered'] as const) {
      expect(decideReconciliation(entry(), [upload('u1', status)])).toEqual({ kind: 'adopt', upload: upload('u1', status), pending: false, otherCopies: 0 });
    }
  });

  it('adopts a pending upload with a do-not-resend warning', () => {
    expect(decideReconciliation(entry(), [upload('u1', 'pending')])).toMatchObject({ kind: 'adopt', pending: true });
  });

  it('resends once when the service holds the file only as failed, then gives up', () => {
    expect(decideReconciliation(entry(), [upload('u1', 'failed')])).toEqual({ kind: 'resend', reason: 'failed', failedUploadIds: ['u1'] });
    expect(decideReconciliation(entry({ autoResends: 1 }), [upload('u1', 'failed')])).toMatchObject({ kind: 'give_up', reason: 'failed' });
  });

  it('resends when nothing is found, a bounded number of times', () => {
    expect(decideReconciliation(entry(), [])).toEqual({ kind: 'resend', reason: 'not_found', failedUploadIds: [] });
    expect(decideReconciliation(entry({ notFoundResends: MAX_AUTO_RESENDS_NOT_FOUND }), [])).toMatchObject({ kind: 'give_up', reason: 'not_found' });
  });

  it('with several uploads under one End-to-end ID, adopts the non-failed one (the receipt id first, else the most advanced)', () => {
    const found = [upload('failed1', 'failed'), upload('p', 'pending'), upload('sent', 'sent')];
    expect(decideReconciliation(entry(), found)).toMatchObject({ kind: 'adopt', upload: { id: 'sent' }, otherCopies: 1 });
    expect(decideReconciliation(entry({ uploadId: 'p' }), found)).toMatchObject({ kind: 'adopt', upload: { id: 'p' }, pending: true });
  });

  it("does not take another file's upload: other entries' uploads, earlier failed ones and other files are left out", () => {
    const found = [
      upload('mine', 'ingested'),
      upload('other-entry', 'ingested'),
      upload('earlier', 'failed'),
      upload('different-file', 'ingested', { file_name: 'b.xml' }),
      upload('different-size', 'ingested', { size: 7 }),
      upload('mine', 'ingested'),
    ];
    const candidates = candidatesFor(entry({ previousUploadIds: ['earlier'] }), found, new Set(['other-entry']));
    expect(candidates.map((u) => u.id)).toEqual(['mine']);
    // The 503 receipt's id counts even if the service stored it under another name.
    expect(candidatesFor(entry({ uploadId: 'different-file' }), found, new Set()).map((u) => u.id)).toContain('different-file');
  });
});
