import { describe, expect, it } from 'vitest';
import { dateInputPattern, formatDateInput, parseDateInput } from './date-input';

describe('dates typed in the UI language', () => {
  it('shows an ISO date day first in every language of the app, with its own separator', () => {
    expect(formatDateInput('it', '2026-11-05')).toBe('05/11/2026');
    expect(formatDateInput('nb', '2026-11-05')).toBe('05.11.2026');
    expect(formatDateInput('pl', '2026-11-05')).toBe('05.11.2026');
    expect(formatDateInput('en', '2026-11-05')).toBe('05/11/2026');
    expect(dateInputPattern('pl').order).toEqual(['day', 'month', 'year']);
  });

  it('reads what is typed in that order, never the American one', () => {
    expect(parseDateInput('it', '5/11/2026')).toBe('2026-11-05');
    expect(parseDateInput('pl', '05.11.2026')).toBe('2026-11-05');
    expect(parseDateInput('nb', '5.11.26')).toBe('2026-11-05');
    expect(parseDateInput('it', '25-12-2026')).toBe('2026-12-25');
  });

  it('refuses what is not a real date', () => {
    expect(parseDateInput('it', '31/02/2026')).toBeNull();
    expect(parseDateInput('pl', '11.25.2026')).toBeNull();
    expect(parseDateInput('nb', '2026')).toBeNull();
    expect(parseDateInput('it', '')).toBeNull();
  });
});
