// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { applyLanguage, initI18n } from '../i18n';
import { DateField } from './DateField';

afterEach(cleanup);

function Form({ initial = '' }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <DateField label="From" value={value} onChange={setValue} />
      <output aria-label="value">{value}</output>
    </>
  );
}

describe('date field', () => {
  it('shows and reads dates day first in Italian, whatever the system locale', async () => {
    initI18n('it');
    render(<Form initial="2026-03-09" />);
    const field = screen.getByRole('textbox', { name: 'From' }) as HTMLInputElement;
    expect(field.value).toBe('09/03/2026');
    expect(field.placeholder).toBe('gg/mm/aaaa');
    await userEvent.clear(field);
    await userEvent.type(field, '4/11/2026');
    expect(screen.getByRole('status', { name: 'value' }).textContent).toBe('2026-11-04');
  });

  it('follows a change of language, and says how to write a date it cannot read', async () => {
    initI18n('en');
    render(<Form initial="2026-03-09" />);
    await act(async () => applyLanguage('pl'));
    const field = screen.getByRole('textbox', { name: 'From' }) as HTMLInputElement;
    expect(field.value).toBe('09.03.2026');
    await userEvent.clear(field);
    await userEvent.type(field, '31.02.2026');
    await userEvent.tab();
    expect(screen.getByText('Wpisz datę w formacie dd.mm.rrrr, na przykład 31.03.2026.')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    await act(async () => applyLanguage('en'));
  });
});
