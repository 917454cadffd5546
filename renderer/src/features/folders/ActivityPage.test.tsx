// @vitest-environment jsdom
/**
 * The Activity page says a log found altered as soon as it opens, with the time it was found, and
 * lets the user acknowledge it after a confirmation; the answer (intact from then on) replaces it.
 */
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { ActivityVerification } from '../../../../shared/contract';
import { ok } from '../../test/fake-acube';
import { createFakeCore } from '../../test/fake-core';
import { renderApp } from '../../test/render-app';

afterEach(cleanup);

const broken: ActivityVerification = {
  intact: false,
  checked: 2,
  verifiedAt: '2026-11-28T10:05:00.000Z',
  brokenSince: '2026-11-27T08:00:00.000Z',
  problem: { line: 3, seq: 3, kind: 'truncated', message: 'The log ends at entry 2, but 4 were written: entries were removed from its end.' },
};

describe('an altered activity log', () => {
  it('is said at once with the time it was found, and acknowledged only after a confirmation', async () => {
    const core = createFakeCore({ signedIn: true });
    Object.assign(core.handlers, {
      'activity.list': () => ok({ entries: [], total: 0 }),
      'activity.verify': () => ok(broken),
      'activity.acknowledge': () => ok({ intact: true, checked: 3, verifiedAt: '2026-11-28T10:06:00.000Z' }),
    });
    renderApp(core.acube, '/activity');
    expect(await screen.findByText('The log was altered', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText('Entries were removed from the end of the log.')).toBeTruthy();
    expect(screen.getByText(/^Found on .+\. The log stays marked as altered until you acknowledge it\.$/)).toBeTruthy();
    expect(core.callsOf('activity.verify')).toHaveLength(1);

    await userEvent.click(screen.getByRole('button', { name: 'Acknowledge…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Acknowledge the altered log?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(core.callsOf('activity.acknowledge')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Acknowledge…' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Acknowledge the altered log?' })).getByRole('button', { name: 'Acknowledge' }));
    await waitFor(() => expect(core.callsOf('activity.acknowledge')).toHaveLength(1));
    expect(await screen.findByText('The log is intact')).toBeTruthy();
    expect(screen.queryByText('The log was altered')).toBeNull();
  });
});
