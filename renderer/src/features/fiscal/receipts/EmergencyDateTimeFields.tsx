import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { differsFromRome } from '../../../../../shared/format/fiscal-time';
import { DateField } from '../../../components/DateField';
import { TextField } from '../../../components/Field';
import { localTimeZone } from '../../../format';

/** "19:30", "9.30", "0930" → "19:30" (24-hour clock); null when it is not a time. */
export function parseTimeInput(text: string): string | null {
  const match = /^\s*(\d{1,2})\s*[:.h]?\s*(\d{2})\s*$/.exec(text);
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  if (hours > 23 || minutes > 59) return null;
  return `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;
}

interface EmergencyDateTimeFieldsProps {
  /** The Rome wall clock, "2026-10-08T19:30", or '' for none. */
  value: string;
  onChange(value: string): void;
  onBlur(): void;
  error?: string;
  /** This computer's zone (tests set it). */
  timeZone?: string;
}

/**
 * The date and time of an emergency report: the date typed in the UI language's order like every
 * date field, the time on a 24-hour clock, both in Italian legal time (Europe/Rome) as fiscal times
 * are, labelled so when this computer's clock shows another time.
 */
export function EmergencyDateTimeFields({ value, onChange, onBlur, error, timeZone = localTimeZone() }: EmergencyDateTimeFieldsProps) {
  const { t } = useTranslation();
  const day = value.slice(0, 10);
  const time = value.slice(11, 16);
  const [timeText, setTimeText] = useState(time);
  const [timeUnreadable, setTimeUnreadable] = useState(false);
  // A time just typed keeps the user's writing of it ("9.30"); one from outside replaces the text.
  const emitted = useRef(value);
  useEffect(() => {
    if (emitted.current === value) return;
    emitted.current = value;
    setTimeText(value.slice(11, 16));
    setTimeUnreadable(false);
  }, [value]);

  const emit = (next: string) => {
    emitted.current = next;
    onChange(next);
  };
  const readTime = (text: string, final: boolean) => {
    const parsed = parseTimeInput(text);
    if (parsed !== null) {
      setTimeUnreadable(false);
      if (day && parsed !== time) emit(`${day}T${parsed}`);
    } else if (final) {
      setTimeUnreadable(text.trim() !== '');
    }
  };

  const italian = differsFromRome(new Date(), timeZone);
  const pattern = t('fiscal.emergency.timePattern');
  return (
    <>
      <DateField
        label={t('fiscal.emergency.date')}
        value={day}
        onChange={(iso) => {
          emit(iso ? `${iso}T${parseTimeInput(timeText) ?? (time || '00:00')}` : '');
          onBlur();
        }}
        error={error}
      />
      <TextField
        label={italian ? `${t('fiscal.emergency.time')} (${t('format.italianTime')})` : t('fiscal.emergency.time')}
        hint={italian ? t('fiscal.emergency.romeHint') : undefined}
        inputMode="numeric"
        autoComplete="off"
        placeholder={pattern}
        value={timeText}
        error={timeUnreadable ? t('fiscal.emergency.timeInvalid', { pattern }) : undefined}
        onChange={(event) => {
          setTimeText(event.target.value);
          readTime(event.target.value, false);
        }}
        onBlur={(event) => {
          readTime(event.target.value, true);
          onBlur();
        }}
      />
    </>
  );
}
