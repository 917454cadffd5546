// @vitest-environment jsdom
/**
 * A semplificata with RF20 is refused by the verified schema 1.0.1: the report keeps the official
 * message and says why, in the UI language (the engine marks the issue with the notice).
 */
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { LocalValidation } from '../../../../shared/contract/standards';
import { initI18n, type Language } from '../../i18n';
import { ValidationReport } from './ValidationReport';

afterEach(cleanup);

const refused = (notice?: 'semplificata-rf20'): LocalValidation => ({
  kind: 'fatturapa',
  ruleSet: { code: 'fatturapa-semplificata-1.0.1', name: 'FatturaPA semplificata schema', version: '1.0.1', checkedOn: '2026-11-28' },
  valid: false,
  fatal: [
    {
      ruleId: 'XSD',
      flag: 'fatal',
      message: "Element 'RegimeFiscale': [facet 'enumeration'] The value 'RF20' is not an element of the set {'RF01', 'RF02'}. (line 27)",
      location: '/FatturaElettronicaSemplificata/FatturaElettronicaHeader/CedentePrestatore/RegimeFiscale',
      line: 27,
      artefact: { name: 'FatturaPA semplificata schema', version: '1.0.1' },
      ...(notice ? { notice } : {}),
    },
  ],
  warnings: [],
  artefacts: [{ name: 'FatturaPA semplificata schema', version: '1.0.1' }],
  durationMs: 12,
});

const shown = (language: Language, result: LocalValidation) => {
  initI18n(language);
  render(<ValidationReport result={result} />);
  return screen.getByRole('button', { name: /RegimeFiscale/ }).textContent ?? '';
};

describe('an RF20 semplificata refused by schema 1.0.1', () => {
  it.each([
    ['en', 'No verified copy of 1.0.2 exists'],
    ['it', 'Non esiste una copia verificata della 1.0.2'],
    ['nb', 'Det finnes ingen kontrollert kopi av 1.0.2'],
    ['pl', 'Nie ma zweryfikowanej kopii wersji 1.0.2'],
  ] as const)('says in %s that 1.0.2, which adds RF20, has no verified copy', (language, words) => {
    const text = shown(language, refused('semplificata-rf20'));
    expect(text).toContain("The value 'RF20'");
    expect(text).toContain(words);
  });

  it('adds nothing to an issue without the notice', () => {
    expect(shown('en', refused())).not.toContain('1.0.2');
  });
});
