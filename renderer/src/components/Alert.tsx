import type { ReactNode } from 'react';
import { Icon } from './Icon';

interface AlertProps {
  tone?: 'error' | 'warning' | 'info' | 'success';
  title?: ReactNode;
  children?: ReactNode;
  /** Announce it (role="alert"); off for static notes that are part of the page. */
  live?: boolean;
  actions?: ReactNode;
  id?: string;
}

const toneIcon = { error: 'alert', warning: 'alert', info: 'info', success: 'check' } as const;

export function Alert({ tone = 'error', title, children, live = tone === 'error', actions, id }: AlertProps) {
  return (
    <div className={`alert alert--${tone}`} role={live ? 'alert' : undefined} id={id}>
      <Icon name={toneIcon[tone]} className="icon alert__icon" />
      <div className="alert__body">
        {title ? <p className="alert__title">{title}</p> : null}
        {children ? <div className="alert__text">{children}</div> : null}
        {actions ? <div className="alert__actions">{actions}</div> : null}
      </div>
    </div>
  );
}
