// @vitest-environment jsdom
/** The rule set's release, its dates and a coming successor, as the send dialog's report and the Validate tool show them (issue 23). */
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { LocalValidation, RuleSetSuccessor } from '../../../../shared/contract/standards';
import { initI18n } from '../../i18n';
import { ValidationReport } from './ValidationReport';

beforeAll(() => {
  initI18n('en');
});
afterEach(cleanup);

const successor: RuleSetSuccessor = { title: 'Peppol BIS Billing', version: '3.0.22', release: 'OpenPeppol 2026.11', validFrom: '2027-02-24', rulesAvailable: false, currentVersion: '3.0.21', daysUntil: 88 };
const result = (ruleSet: Partial<LocalValidation['ruleSet']>): LocalValidation => ({
  kind: 'invoice',
  ruleSet: { code: 'peppol-bis-billing-3.0-invoice', name: 'Peppol BIS Billing 3.0 – Invoice', version: '2026.5 (CEN 1.3.16, Billing 3.0.21)', release: 'OpenPeppol 2026.5', validFrom: '2026-08-24', validUntil: '2027-02-23', checkedOn: '2026-11-28', ...ruleSet },
  valid: true,
  fatal: [],
  warnings: [],
  artefacts: [{ name: 'CEN EN 16931 UBL rules', version: '1.3.16 (OpenPeppol 2026.5)' }],
  durationMs: 900,
});

describe('the rule set and its dates in a validation report', () => {
  it('names the release and the days it is in force, and says nothing more when no successor is due', () => {
    render(<ValidationReport result={result({})} />);
    expect(screen.getByText('Rules: OpenPeppol 2026.5, in force from 24 Aug 2026 to 23 Feb 2027 (checked for 28 Nov 2026).')).toBeTruthy();
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('says in plain words that a successor becomes mandatory and that its rules are not published yet', () => {
    render(<ValidationReport result={result({ successor })} />);
    expect(screen.getByRole('note').textContent).toBe('Peppol BIS Billing 3.0.22 becomes mandatory on 24 Feb 2027; its official rules are not published yet, so this check uses 3.0.21.');
  });

  it('says when the successor is already mandatory but its rules are still missing, and when it is in force with rules available', () => {
    const { rerender } = render(<ValidationReport result={result({ checkedOn: '2027-03-01', successor: { ...successor, daysUntil: -5 } })} />);
    expect(screen.getByRole('note').textContent).toBe('Peppol BIS Billing 3.0.22 has been mandatory since 24 Feb 2027; its official rules are not published yet, so this check uses 3.0.21.');
    rerender(<ValidationReport result={result({ successor: { ...successor, rulesAvailable: true } })} />);
    expect(screen.getByRole('note').textContent).toBe('Peppol BIS Billing 3.0.22 becomes mandatory on 24 Feb 2027; until then this check uses 3.0.21.');
  });

  it('says it in the other languages too', async () => {
    const i18n = initI18n('en');
    render(<ValidationReport result={result({ successor })} />);
    await act(() => i18n.changeLanguage('it'));
    expect(screen.getByRole('note').textContent).toBe('Peppol BIS Billing 3.0.22 diventa obbligatorio il 24 feb 2027; le sue regole ufficiali non sono ancora pubblicate, quindi questa verifica usa la 3.0.21.');
    await act(() => i18n.changeLanguage('en'));
  });

  it('shows no dates for a schema the calendar does not know', () => {
    render(<ValidationReport result={result({ release: undefined, validFrom: undefined, validUntil: undefined })} />);
    expect(screen.queryByText(/^Rules:/)).toBeNull();
  });
});
