import { useId, type ClipboardEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/Icon';

interface ChipsInputProps {
  label: string;
  hint?: string;
  values: readonly string[];
  /** What is typed but not yet a chip; the filter form adds it on Apply. */
  draft: string;
  onValues(values: string[]): void;
  onDraft(draft: string): void;
  placeholder?: string;
}

/** Splits pasted or typed text into values: commas, semicolons, spaces and new lines separate them. */
export const splitValues = (text: string): string[] => text.split(/[\s,;]+/).map((value) => value.trim()).filter(Boolean);

export const mergeValues = (values: readonly string[], extra: readonly string[]): string[] => [...new Set([...values, ...extra])];

/** A text box that turns what is typed into chips (several ids or numbers for one filter). */
export function ChipsInput({ label, hint, values, draft, onValues, onDraft, placeholder }: ChipsInputProps) {
  const { t } = useTranslation();
  const id = useId();

  const commit = () => {
    const extra = splitValues(draft);
    if (extra.length > 0) onValues(mergeValues(values, extra));
    onDraft('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === ',' || event.key === ';') {
      if (draft.trim() === '') return;
      event.preventDefault();
      commit();
    } else if (event.key === 'Backspace' && draft === '' && values.length > 0) {
      onValues(values.slice(0, -1));
    }
  };

  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    const text = event.clipboardData.getData('text');
    if (!/[\s,;]/.test(text.trim())) return;
    event.preventDefault();
    onValues(mergeValues(values, splitValues(`${draft} ${text}`)));
    onDraft('');
  };

  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="chips-input">
        {values.map((value) => (
          <span key={value} className="chips-input__chip">
            <span className="mono">{value}</span>
            <button type="button" className="chips-input__remove" aria-label={t('documents.filters.removeValue', { value, field: label })} onClick={() => onValues(values.filter((other) => other !== value))}>
              <Icon name="close" />
            </button>
          </span>
        ))}
        <input
          id={id}
          className="chips-input__input"
          value={draft}
          placeholder={values.length === 0 ? placeholder : undefined}
          aria-describedby={hint ? `${id}-hint` : undefined}
          onChange={(event) => onDraft(event.target.value)}
          onKeyDown={onKeyDown}
          onPaste={onPaste}
          onBlur={commit}
        />
      </div>
      {hint ? (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}
