// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { LocalValidation } from '../../../../shared/contract/standards';
import { initI18n } from '../../i18n';
import { ValidationReport } from './ValidationReport';

const artefact = { name: 'KSeF acceptance pre-checks (Ledgerdesk’s, not an official artefact)', version: 'weryfikacja-faktury.md 09.04.2026' };
const result: LocalValidation = {
  kind: 'ksef',
  ruleSet: { code: 'ksef-fa3', name: 'KSeF FA(3) schema', version: 'FA (3) 1-0E', checkedOn: '2026-11-28' },
  valid: false,
  fatal: [{ ruleId: 'KSeF-bom', flag: 'fatal', message: 'The file starts with a UTF-8 byte order mark (EF BB BF); KSeF refuses it.', location: '/', line: 1, artefact, reason: { key: 'ksef.bom', params: {} } }],
  warnings: [{ ruleId: 'KSeF-fa2TestOnly', flag: 'warning', message: 'English', location: '/Faktura/Naglowek/KodFormularza', artefact, reason: { key: 'ksef.fa2TestOnly', params: { format: 'FA (2)', sinceDay: '2026-02-01' } } }],
  artefacts: [artefact],
  durationMs: 3,
};

beforeAll(() => {
  initI18n('pl');
});
afterEach(cleanup);

describe('KSeF pre-check findings in the validation report', () => {
  it('are worded in the UI language, not in the engine’s English', () => {
    render(<ValidationReport result={result} />);
    expect(screen.getByText(/Zapisz plik w UTF-8 bez znacznika BOM/)).toBeTruthy();
    expect(screen.queryByText(/byte order mark/)).toBeNull();
  });
});
