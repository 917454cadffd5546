// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { initI18n } from '../../../i18n';
import { EmergencyDateTimeFields, parseTimeInput } from './EmergencyDateTimeFields';

afterEach(cleanup);

function Form({ initial, timeZone }: { initial: string; timeZone: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <EmergencyDateTimeFields value={value} onChange={setValue} onBlur={() => undefined} timeZone={timeZone} />
      <output aria-label="value">{value}</output>
    </>
  );
}

describe('emergency report date and time', () => {
  it('is typed day first in Polish with a 24-hour time, labelled Italian time when this computer is elsewhere', async () => {
    initI18n('pl');
    render(<Form initial="2026-10-08T19:30" timeZone="America/New_York" />);
    const date = screen.getByRole('textbox', { name: 'Data dokumentów' }) as HTMLInputElement;
    const time = screen.getByRole('textbox', { name: 'Godzina (czas włoski)' }) as HTMLInputElement;
    expect(date.value).toBe('08.10.2026');
    expect(date.placeholder).toBe('dd.mm.rrrr');
    expect(time.value).toBe('19:30');
    expect(time.placeholder).toBe('gg:mm');
    expect(screen.getByText(/Europe\/Rome/)).toBeTruthy();

    await userEvent.clear(date);
    await userEvent.type(date, '3.11.2026');
    expect(screen.getByRole('status', { name: 'value' }).textContent).toBe('2026-11-03T19:30');
    await userEvent.clear(time);
    await userEvent.type(time, '7.05');
    expect(screen.getByRole('status', { name: 'value' }).textContent).toBe('2026-11-03T07:05');
    expect(time.value).toBe('7.05');

    await userEvent.clear(time);
    await userEvent.type(time, '25:00');
    await userEvent.tab();
    expect(screen.getByText('Wpisz godzinę jako gg:mm w formacie 24-godzinnym, na przykład 19:30.')).toBeTruthy();
    expect(screen.getByRole('status', { name: 'value' }).textContent).toBe('2026-11-03T07:05');
  });

  it('has no label or hint about Italian time when this computer already keeps Rome’s clock', () => {
    initI18n('nb');
    render(<Form initial="2026-10-08T19:30" timeZone="Europe/Rome" />);
    expect((screen.getByRole('textbox', { name: 'Dato for dokumentene' }) as HTMLInputElement).value).toBe('08.10.2026');
    expect(screen.getByRole('textbox', { name: 'Klokkeslett' })).toBeTruthy();
    expect(screen.queryByText(/Europe\/Rome/)).toBeNull();
  });

  it('reads times on a 24-hour clock', () => {
    expect(['19:30', '9.30', '0930', '7h05', '24:00', '12:60', 'abc'].map(parseTimeInput)).toEqual(['19:30', '09:30', '09:30', '07:05', null, null, null]);
  });
});
