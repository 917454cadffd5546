import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

interface PopoverProps {
  /** The trigger's content; the trigger is a button named by `label`. */
  trigger: ReactNode;
  label: string;
  children: ReactNode;
  triggerClassName?: string;
  align?: 'start' | 'end';
  /** The trigger shows text: let that text name it (label in name); `label` then names only the panel. */
  nameFromContent?: boolean;
  /** Called each time it opens. */
  onOpen?: () => void;
}

/** A non-modal popover anchored to its button: Escape or a click outside closes it. */
export function Popover({ trigger, label, children, triggerClassName, align = 'end', onOpen, nameFromContent = false }: PopoverProps) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && !rootRef.current?.contains(event.target)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  return (
    <div className="popover-root" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className={triggerClassName}
        aria-label={nameFromContent ? undefined : label}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => {
          if (!open) onOpen?.();
          setOpen(!open);
        }}
      >
        {trigger}
      </button>
      {open ? (
        <div id={panelId} className={`popover popover--${align}`} role="dialog" aria-label={label}>
          {children}
        </div>
      ) : null}
    </div>
  );
}
