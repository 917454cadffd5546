// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeCore } from '../test/fake-core';
import { renderApp } from '../test/render-app';

afterEach(cleanup);

describe('command palette', () => {
  it('opens with Ctrl+K and goes to a page by keyboard alone', async () => {
    renderApp(createFakeCore({ signedIn: true }).acube, '/documents');
    await screen.findByRole('heading', { name: 'Documents', level: 1 }, { timeout: 10_000 });
    await userEvent.keyboard('{Control>}k{/Control}');
    const input = await screen.findByRole('combobox', { name: 'Type a command or a document number' });
    expect(document.activeElement).toBe(input);
    await userEvent.keyboard('fiscal');
    expect(within(screen.getByRole('listbox', { name: 'Commands' })).getAllByRole('option').map((option) => option.textContent)).toEqual(['Go to Fiscal']);
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { name: 'Fiscal', level: 1 }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Command palette' })).toBeNull();
  });

  it('offers to open a document by the number typed', async () => {
    renderApp(createFakeCore({ signedIn: true }).acube, '/uploads');
    await screen.findByRole('banner', {}, { timeout: 10_000 });
    await userEvent.keyboard('{Meta>}k{/Meta}');
    await userEvent.keyboard('INV-2026-000027');
    expect(within(screen.getByRole('listbox', { name: 'Commands' })).getByRole('option', { selected: true }).textContent).toBe('Open document INV-2026-000027');
    await userEvent.keyboard('{Enter}');
    expect(window.location.hash).toContain('documentNumber=INV-2026-000027');
  });
});
