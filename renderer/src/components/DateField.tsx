import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateInput, parseDateInput } from '../format/date-input';
import { TextField } from './Field';

interface DateFieldProps {
  label: ReactNode;
  /** ISO `YYYY-MM-DD`, or '' for none. */
  value: string;
  onChange(iso: string): void;
  /** An error from the form (e.g. a reversed range); a date that cannot be read has its own. */
  error?: string;
  hint?: ReactNode;
  'aria-label'?: string;
}

/**
 * A date typed in the UI language's order (25.11.2026, 25/11/2026), whatever the system's locale:
 * the form gets ISO dates. What cannot be read as a date says how to write it and changes nothing.
 */
export function DateField({ label, value, onChange, error, hint, ...rest }: DateFieldProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const [text, setText] = useState(() => formatDateInput(language, value));
  const [unreadable, setUnreadable] = useState(false);

  // A new value from outside (cleared filters) or another language replaces what is shown; the
  // value just typed keeps the user's own writing of it ("4/11/26").
  const shownFor = useRef({ value, language });
  useEffect(() => {
    const typedHere = shownFor.current.language === language && shownFor.current.value === value;
    shownFor.current = { value, language };
    if (typedHere) return;
    setText(formatDateInput(language, value));
    setUnreadable(false);
  }, [value, language]);

  /** A value that came from this field's own text: the text stays as the user wrote it. */
  const typed = (iso: string) => {
    shownFor.current = { value: iso, language };
    onChange(iso);
  };

  const commit = (text: string) => {
    if (text.trim() === '') {
      setUnreadable(false);
      if (value !== '') typed('');
      return;
    }
    const iso = parseDateInput(language, text);
    setUnreadable(iso === null);
    if (iso !== null && iso !== value) typed(iso);
  };

  const pattern = t('dateField.pattern');
  return (
    <TextField
      {...rest}
      label={label}
      hint={hint}
      inputMode="numeric"
      autoComplete="off"
      placeholder={pattern}
      value={text}
      error={unreadable ? t('dateField.invalid', { pattern, example: formatDateInput(language, '2026-03-31') }) : error}
      onChange={(event) => {
        setText(event.target.value);
        // A complete date counts at once (the form's Apply sees it); anything else waits for blur.
        const iso = parseDateInput(language, event.target.value);
        if (iso !== null) {
          setUnreadable(false);
          if (iso !== value) typed(iso);
        } else if (event.target.value.trim() === '' && value !== '') {
          typed('');
        }
      }}
      onBlur={(event) => commit(event.target.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit(event.currentTarget.value);
      }}
    />
  );
}
