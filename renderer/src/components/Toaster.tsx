import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from './Icon';
import { dismissToast, toastLifetimeMs, toastText, useToastStore, type Toast } from './toast-store';

export const toneIcon = { info: 'info', success: 'check', warning: 'clock', error: 'alert' } as const;

/** Counts down the toast's lifetime while not paused; what is left carries over a pause. */
function useAutoDismiss(toast: Toast, paused: boolean): void {
  const left = useRef(toastLifetimeMs(toast));
  useEffect(() => {
    left.current = toastLifetimeMs(toast);
  }, [toast]);
  useEffect(() => {
    if (paused || left.current === null) return;
    const started = Date.now();
    const timer = window.setTimeout(() => dismissToast(toast.id), left.current);
    return () => {
      window.clearTimeout(timer);
      if (left.current !== null) left.current = Math.max(0, left.current - (Date.now() - started));
    };
  }, [toast, paused]);
}

function ToastItem({ toast, paused }: { toast: Toast; paused: boolean }) {
  const { t } = useTranslation();
  useAutoDismiss(toast, paused);
  return (
    <div className={`toast toast--${toast.tone}`}>
      <Icon name={toneIcon[toast.tone]} className="icon toast__icon" />
      <div className="toast__body">
        <p className="toast__title">{toastText(toast.title, t)}</p>
        {toast.body ? <p className="toast__text">{toastText(toast.body, t)}</p> : null}
      </div>
      {toast.action ? (
        <button
          type="button"
          className="btn btn--ghost btn--sm"
          onClick={() => {
            toast.action?.run();
            dismissToast(toast.id);
          }}
        >
          {toastText(toast.action.label, t)}
        </button>
      ) : null}
      <button type="button" className="icon-button" aria-label={t('common.dismiss')} onClick={() => dismissToast(toast.id)}>
        <Icon name="close" />
      </button>
    </div>
  );
}

/**
 * The notification stack, bottom left over the navigation's empty lower part: primary actions sit
 * at the right (page actions, dialog buttons, the detail and PDF panes) and dialogs cover it.
 * Hovering or focusing it pauses every countdown. Announced politely to screen readers.
 */
export function Toaster() {
  const { t } = useTranslation();
  const toasts = useToastStore((state) => state.toasts);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  return (
    <section
      className="toaster"
      aria-label={t('common.notifications')}
      aria-live="polite"
      role="status"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} paused={hovered || focused} />
      ))}
    </section>
  );
}
