// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage, initI18n } from '../i18n';
import { clearNotifications, showToast } from './toast-store';
import { Toaster } from './Toaster';

beforeEach(() => {
  vi.useFakeTimers();
  clearNotifications();
  initI18n('en');
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  applyLanguage('en');
});

describe('Toaster', () => {
  it('a toast with an action leaves by itself, but not while the pointer rests on it', () => {
    render(<Toaster />);
    act(() => void showToast({ tone: 'success', title: 'Saved', action: { label: 'Undo', run: () => undefined }, timeoutMs: 1_000 }));
    const toaster = screen.getByRole('status', { name: 'Notifications' });
    fireEvent.mouseEnter(toaster);
    act(() => void vi.advanceTimersByTime(5_000));
    expect(screen.queryByText('Saved')).not.toBeNull();
    fireEvent.mouseLeave(toaster);
    act(() => void vi.advanceTimersByTime(1_100));
    expect(screen.queryByText('Saved')).toBeNull();
  });

  it('pauses while a toast’s button has the keyboard focus', () => {
    render(<Toaster />);
    act(() => void showToast({ tone: 'info', title: 'Report ready', action: { label: 'Open preview', run: () => undefined }, timeoutMs: 1_000 }));
    act(() => screen.getByRole('button', { name: 'Open preview' }).focus());
    act(() => void vi.advanceTimersByTime(5_000));
    expect(screen.queryByText('Report ready')).not.toBeNull();
  });

  it('is reworded when the language changes', () => {
    render(<Toaster />);
    act(() => void showToast({ tone: 'success', title: (t) => t('fiscal.journal.closed', { number: 12 }), timeoutMs: null }));
    expect(screen.getByText('Journal 12 closed')).toBeTruthy();
    act(() => applyLanguage('pl'));
    expect(screen.getByText('Dziennik 12 zamknięty')).toBeTruthy();
  });
});
