import { describe, expect, it } from 'vitest';
import { MemoryNotifier } from '../testing/memory-ports';
import { createNoticeBoard, noticeText } from './notices';

describe('core notices speak the user’s language', () => {
  it('words a ready report in each language', () => {
    const notice = { kind: 'reportReady', reportType: 'journal_closure', pem: 'E001-000001' } as const;
    expect(noticeText('en', notice)).toEqual({ title: 'Report ready', body: 'Journal closure report of PEM E001-000001 is ready.' });
    expect(noticeText('nb', notice).title).toBe('Rapporten er klar');
    expect(noticeText('pl', notice).body).toBe('Raport zamknięcia dziennika urządzenia PEM E001-000001 jest gotowy.');
  });

  it('counts files with Polish plural forms', () => {
    const body = (delivered: number) => noticeText('pl', { kind: 'uploadsSettled', delivered, failed: 0, rejected: 0 }).body;
    expect([1, 3, 5].map(body)).toEqual(['Doręczono: 1 plik, każdy dokładnie raz.', 'Doręczono: 3 pliki, każdy dokładnie raz.', 'Doręczono: 5 plików, każdy dokładnie raz.']);
  });

  it('writes dates the language’s way', () => {
    const notice = { kind: 'certificateExpiring', pem: 'E001-000002', validTo: '2026-12-03T10:00:00.000Z', daysLeft: 9 } as const;
    expect(noticeText('nb', notice).body).toContain('3. desember 2026 (9 dager igjen)');
    expect(noticeText('it', notice).body).toContain('3 dicembre 2026 (mancano 9 giorni)');
  });

  it('follows a change of language without a restart', () => {
    const notifier = new MemoryNotifier();
    let language: 'en' | 'it' = 'en';
    const board = createNoticeBoard(notifier, () => language);
    board.notify({ kind: 'uploadsSettled', delivered: 2, failed: 1, rejected: 0 });
    language = 'it';
    board.notify({ kind: 'uploadsSettled', delivered: 2, failed: 1, rejected: 0 });
    expect(notifier.sent.map((n) => n.title)).toEqual(['Uploads finished with problems', 'Invii terminati con problemi']);
  });
});
