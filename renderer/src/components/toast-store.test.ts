import { beforeEach, describe, expect, it } from 'vitest';
import { clearNotifications, dismissToast, MAX_VISIBLE_TOASTS, showToast, toastLifetimeMs, toastText, useToastStore } from './toast-store';

const state = () => useToastStore.getState();

describe('notifications', () => {
  beforeEach(() => clearNotifications());

  it('keeps at most a few on screen; the older ones stay in the history', () => {
    for (let n = 1; n <= 5; n++) showToast({ tone: 'info', title: `Toast ${n}` });
    expect(state().toasts.map((toast) => toast.title)).toEqual(['Toast 3', 'Toast 4', 'Toast 5']);
    expect(state().toasts).toHaveLength(MAX_VISIBLE_TOASTS);
    expect(state().history.map((toast) => toast.title)).toEqual(['Toast 5', 'Toast 4', 'Toast 3', 'Toast 2', 'Toast 1']);
    expect(state().unread).toBe(5);
  });

  it('leaves by itself, later when it offers an action', () => {
    const plain = toastLifetimeMs({ tone: 'success' });
    const withAction = toastLifetimeMs({ tone: 'success', action: { label: 'Undo', run: () => undefined } });
    expect(plain).not.toBeNull();
    expect(withAction).not.toBeNull();
    expect(withAction!).toBeGreaterThan(plain!);
    expect(toastLifetimeMs({ tone: 'error', action: { label: 'Show', run: () => undefined } })).not.toBeNull();
  });

  it('a dismissed toast leaves the screen but not the history', () => {
    const id = showToast({ tone: 'info', title: 'Saved' });
    dismissToast(id);
    expect(state().toasts).toEqual([]);
    expect(state().history).toHaveLength(1);
  });

  it('forgets everything on sign-out', () => {
    showToast({ tone: 'success', title: 'Journal 12 closed' });
    clearNotifications();
    expect(state()).toMatchObject({ toasts: [], history: [], unread: 0 });
  });

  it('words its text at display time, so it follows a change of language', () => {
    const text = (t: (key: string) => string) => t('fiscal.journal.closedBody');
    const english = ((key: string) => `en:${key}`) as never;
    const polish = ((key: string) => `pl:${key}`) as never;
    expect(toastText(text as never, english)).toBe('en:fiscal.journal.closedBody');
    expect(toastText(text as never, polish)).toBe('pl:fiscal.journal.closedBody');
  });
});
