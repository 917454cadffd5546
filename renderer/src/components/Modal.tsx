import { useEffect, useId, useRef, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { focusableWithin, trapTab } from './focus';

interface ModalProps {
  title: ReactNode;
  children: ReactNode;
  /** Called on Escape; leave it out for dialogs that Escape must not close (e.g. "Sign in again"). */
  onEscape?: () => void;
  initialFocus?: RefObject<HTMLElement | null>;
  describedBy?: string;
  size?: 'sm' | 'md' | 'lg';
}

/**
 * A modal dialog: focus moves in and is trapped, the page behind stays mounted (the caller makes
 * it `inert`), focus returns to where it was when the dialog closes.
 */
export function Modal({ title, children, onEscape, initialFocus, describedBy, size = 'sm' }: ModalProps) {
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const panel = panelRef.current;
    if (!panel) return;
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    (initialFocus?.current ?? focusableWithin(panel)[0] ?? panel).focus();

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        event.stopPropagation();
        onEscape?.();
        return;
      }
      trapTab(event, panel);
    };
    // Focus that escapes (a click on the backdrop, a programmatic focus) is pulled back in.
    const onFocusIn = (event: FocusEvent) => {
      if (event.target instanceof Node && !panel.contains(event.target)) (focusableWithin(panel)[0] ?? panel).focus();
    };
    document.addEventListener('keydown', onKeyDown, true);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('keydown', onKeyDown, true);
      document.removeEventListener('focusin', onFocusIn);
      if (previouslyFocused?.isConnected) previouslyFocused.focus();
    };
    // Focus handling belongs to mounting only; a new onEscape identity must not steal focus back.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return createPortal(
    <div className="modal-backdrop">
      <div
        ref={panelRef}
        className={`modal modal--${size}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={describedBy}
        tabIndex={-1}
      >
        <h2 id={titleId} className="modal__title">
          {title}
        </h2>
        {children}
      </div>
    </div>,
    document.body,
  );
}
