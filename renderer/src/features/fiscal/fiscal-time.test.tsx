// @vitest-environment jsdom
/**
 * One fiscal event reads the same on the PEM page, in the report requests list and in the report
 * PDF, whatever the computer's time zone: Italian legal time, labelled when the computer's differs.
 */
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { romeWallClock } from '../../../../shared/format/fiscal-time';
import { renderApp } from '../../test/render-app';
import { createFakeFiscalCore, SERIAL } from './test/fake-fiscal';

beforeAll(() => {
  vi.stubEnv('TZ', 'UTC'); // a laptop set to UTC, one or two hours off Rome
});
afterAll(() => {
  vi.unstubAllEnvs();
});
afterEach(cleanup);

describe('fiscal times', () => {
  it('the PEM page, the request list and the report PDF show the same time for the journal closure', async () => {
    const core = createFakeFiscalCore();
    renderApp(core.acube, `/fiscal/pems/${SERIAL}`);
    await screen.findByRole('heading', { name: `PEM ${SERIAL}` }, { timeout: 10_000 });

    // The journal opened at 07:30 UTC, 09:30 in Rome: the PDF's period starts then.
    // (The emulator's report PDFs print times with romeWallClock: emulator/fiscal/reports/content.ts.)
    const pdfOpened = romeWallClock(new Date('2026-10-08T07:30:00Z'));
    expect(pdfOpened).toBe('2026-10-08 09:30:00');
    expect(await screen.findByText('8 Oct 2026, 09:30 (Italian time)')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Close journal' }));
    const dialog = await screen.findByRole('dialog', { name: /Close journal/ });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close journal' }));
    await waitFor(() => expect(core.callsOf('pems.closeJournal')).toHaveLength(1));

    // Closed (and the closure report requested) at 18:00 UTC: 20:00 in Rome, as the PDF's "Closed at".
    const pdfClosed = romeWallClock(new Date('2026-10-08T18:00:00Z'));
    expect(pdfClosed).toBe('2026-10-08 20:00:00');
    const requests = await screen.findByRole('list', { name: 'Report requests' });
    expect(within(requests).getByText('8 Oct 2026, 20:00 (Italian time)')).toBeTruthy();
  });
});
