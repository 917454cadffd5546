/** Small building blocks of the fiscal screens: badges, cards, breadcrumbs, confirmation dialogs. */
import './fiscal-ui.css';
import { useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../components/Button';
import { ErrorAlert } from '../../components/ErrorAlert';
import { Modal } from '../../components/Modal';
import type { FieldProblem } from './model/amount-check';
import type { Tone } from './model/status';
import type { ValidationKey } from './i18n/en';

/** Success, warning and danger are the shared pill tones; info and neutral are coloured here. */
const toneClass = (tone: Tone): string => (tone === 'info' || tone === 'neutral' ? `fiscal-badge--${tone}` : `pill--${tone}`);

export function StatusBadge({ tone, children, label }: { tone: Tone; children: ReactNode; label?: string }) {
  return (
    <span className={`pill fiscal-badge ${toneClass(tone)}`} aria-label={label}>
      <span className="pill__dot" aria-hidden="true" />
      {children}
    </span>
  );
}

interface CardProps {
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
  /** The heading level inside the page (2 for top-level cards). */
  level?: 2 | 3;
}

/** A titled region of a page; its heading names the region for assistive technology. */
export function Card({ title, description, actions, children, className, level = 2 }: CardProps) {
  const id = useId();
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section className={['panel fiscal-card', className].filter(Boolean).join(' ')} aria-labelledby={id}>
      <div className="fiscal-card__head">
        <div className="fiscal-card__titles">
          <Heading id={id} className="fiscal-card__title">
            {title}
          </Heading>
          {description ? <p className="fiscal-card__description">{description}</p> : null}
        </div>
        {actions ? <div className="fiscal-card__actions">{actions}</div> : null}
      </div>
      <div className="fiscal-card__body">{children}</div>
    </section>
  );
}

export interface Crumb {
  label: ReactNode;
  to?: string;
}

export function Breadcrumbs({ items }: { items: Crumb[] }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('fiscal.breadcrumbs')} className="fiscal-crumbs">
      <ol>
        {items.map((item, index) => (
          <li key={index}>
            {item.to && index < items.length - 1 ? <Link to={item.to}>{item.label}</Link> : <span aria-current={index === items.length - 1 ? 'page' : undefined}>{item.label}</span>}
          </li>
        ))}
      </ol>
    </nav>
  );
}

interface ConfirmDialogProps {
  title: ReactNode;
  children: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  pending?: boolean;
  error?: unknown;
  danger?: boolean;
  /** When false the confirm button is disabled (e.g. until a typed confirmation matches). */
  canConfirm?: boolean;
}

export function ConfirmDialog({ title, children, confirmLabel, onConfirm, onCancel, pending, error, danger, canConfirm = true }: ConfirmDialogProps) {
  const { t } = useTranslation();
  const cancelRef = useRef<HTMLButtonElement>(null);
  const descriptionId = useId();
  return (
    <Modal title={title} onEscape={pending ? undefined : onCancel} initialFocus={cancelRef} describedBy={descriptionId} size="md">
      <div id={descriptionId} className="fiscal-dialog__body">
        {children}
      </div>
      {error ? <ErrorAlert error={error} /> : null}
      <div className="modal__actions">
        <button ref={cancelRef} type="button" className="btn btn--ghost btn--md" onClick={onCancel} disabled={pending}>
          {t('common.cancel')}
        </button>
        <Button variant={danger ? 'danger' : 'primary'} onClick={onConfirm} pending={pending} disabled={!canConfirm}>
          {confirmLabel}
        </Button>
      </div>
    </Modal>
  );
}

/** Words a validation problem in the UI language. */
export function useProblemText(): (problem: FieldProblem | null | undefined) => string | undefined {
  const { t } = useTranslation();
  // Keys are checked by ValidationKey; the loose signature only avoids i18next's per-key option types.
  const translate = t as unknown as (key: `fiscal.validation.${ValidationKey}`, values: Record<string, string>) => string;
  return (problem) => (problem ? translate(`fiscal.validation.${problem.key as ValidationKey}`, problem.values ?? {}) : undefined);
}

/** The field messages of a `validation` error from main (`details.fields`: contract path → message). */
export function serverFieldErrors(error: unknown): Record<string, string> {
  if (typeof error !== 'object' || error === null) return {};
  const details = (error as { details?: unknown }).details;
  if (typeof details !== 'object' || details === null) return {};
  const fields = (details as { fields?: unknown }).fields;
  if (typeof fields !== 'object' || fields === null) return {};
  return Object.fromEntries(Object.entries(fields).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

/** A progress bar with an accessible name and value. */
export function ProgressBar({ value, label, valueText }: { value: number; label: string; valueText?: string }) {
  return (
    <div
      className="fiscal-progress"
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value}
      aria-valuetext={valueText}
    >
      <div className="fiscal-progress__bar" style={{ width: `${value}%` }} />
    </div>
  );
}
