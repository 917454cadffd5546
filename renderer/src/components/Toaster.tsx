import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from './Icon';
import { dismissToast, useToastStore, type Toast } from './toast-store';

const toneIcon = { info: 'info', success: 'check', warning: 'clock', error: 'alert' } as const;

function ToastItem({ toast }: { toast: Toast }) {
  const { t } = useTranslation();
  useEffect(() => {
    if (toast.timeoutMs === undefined) return;
    const timer = window.setTimeout(() => dismissToast(toast.id), toast.timeoutMs);
    return () => window.clearTimeout(timer);
  }, [toast.id, toast.timeoutMs]);

  return (
    <div className={`toast toast--${toast.tone}`}>
      <Icon name={toneIcon[toast.tone]} className="icon toast__icon" />
      <div className="toast__body">
        <p className="toast__title">{toast.title}</p>
        {toast.body ? <p className="toast__text">{toast.body}</p> : null}
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
          {toast.action.label}
        </button>
      ) : null}
      <button type="button" className="icon-button" aria-label={t('common.dismiss')} onClick={() => dismissToast(toast.id)}>
        <Icon name="close" />
      </button>
    </div>
  );
}

/** The notification stack (bottom right), announced politely to screen readers. */
export function Toaster() {
  const { t } = useTranslation();
  const toasts = useToastStore((state) => state.toasts);
  return (
    <section className="toaster" aria-label={t('common.notifications')} aria-live="polite" role="status">
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} />
      ))}
    </section>
  );
}
