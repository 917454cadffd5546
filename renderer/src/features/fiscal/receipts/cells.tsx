/** Compact labelled inputs for rows of a form (items, payments, entries): the label is the accessible name. */
import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from 'react';

type CellInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'aria-label'> & { label: string; error?: string };

export function CellInput({ label, error, className, ...input }: CellInputProps) {
  const id = useId();
  return (
    <div className={['cell', error ? 'cell--invalid' : ''].filter(Boolean).join(' ')}>
      <input
        id={id}
        aria-label={label}
        className={['input', className].filter(Boolean).join(' ')}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...input}
      />
      {error ? (
        <p className="cell__error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

type CellSelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'aria-label'> & { label: string; error?: string; children: ReactNode };

export function CellSelect({ label, error, className, children, ...select }: CellSelectProps) {
  const id = useId();
  return (
    <div className={['cell', error ? 'cell--invalid' : ''].filter(Boolean).join(' ')}>
      <div className="select-wrap">
        <select
          id={id}
          aria-label={label}
          className={['input', 'select', className].filter(Boolean).join(' ')}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          {...select}
        >
          {children}
        </select>
      </div>
      {error ? (
        <p className="cell__error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
