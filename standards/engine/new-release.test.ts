/**
 * Adding a Peppol release is a folder plus one calendar entry (issue 23, point 4). In a temporary
 * standards folder whose `peppol/2026.11/` is a copy of the 2026.5 rules (a stand-in: the real 2026.11
 * artefacts are not published), the calendar's 2026.11 entry becomes a rule set of its own: a check
 * dated from 2027-02-24 runs it and names it; an earlier one runs 2026.5 and announces 2026.11 with its
 * rules available. A further release needs only its entry (`ruleSetsFrom`).
 */
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { useStandardsDirForTests } from './paths';

const real = resolve(import.meta.dirname, '..');
const temp = mkdtempSync(join(tmpdir(), 'ledgerdesk-release-'));
// An installation's layout: <root>/standards/{artefacts,sef}, the manifest naming SEFs from <root>.
const installed = join(temp, 'standards');
for (const area of ['artefacts', 'sef']) {
  mkdirSync(join(installed, area, 'peppol'), { recursive: true });
  for (const entry of readdirSync(join(real, area))) {
    if (entry !== 'peppol' && entry !== 'guards.json' && entry !== 'manifest.json') symlinkSync(join(real, area, entry), join(installed, area, entry));
  }
  for (const entry of readdirSync(join(real, area, 'peppol'))) symlinkSync(join(real, area, 'peppol', entry), join(installed, area, 'peppol', entry));
}
// The new release's folder, and (as the compile step would write them) its SEFs and their manifest entries.
cpSync(join(real, 'artefacts', 'peppol', '2026.5'), join(installed, 'artefacts', 'peppol', '2026.11'), { recursive: true });
symlinkSync(join(real, 'sef', 'peppol', '2026.5'), join(installed, 'sef', 'peppol', '2026.11'));
const manifest = JSON.parse(readFileSync(join(real, 'sef', 'manifest.json'), 'utf8')) as Record<string, { sef: string }>;
for (const [artefact, entry] of Object.entries(manifest)) {
  if (artefact.startsWith('peppol/2026.5/')) manifest[artefact.replace('/2026.5/', '/2026.11/')] = { ...entry, sef: entry.sef.replace('/2026.5/', '/2026.11/') };
}
writeFileSync(join(installed, 'sef', 'manifest.json'), JSON.stringify(manifest));
useStandardsDirForTests(installed);

const { releases } = await import('./calendar');
const { findRuleSet, findRuleSetIn, listRuleSets, ruleSetsFrom } = await import('./rule-sets');
const { validateInThread } = await import('./validate');
const { fixtureBytes } = await import('../test-support/fixtures');

afterAll(() => rmSync(temp, { recursive: true, force: true }));

describe('a new release: a folder plus one calendar entry', () => {
  it('runs the release in force on the day of sending once its folder is there', { timeout: 300_000 }, () => {
    const bytes = fixtureBytes('peppol-bis-invoice-3/base-example.xml');
    const after = validateInThread({ bytes, on: '2027-03-01' });
    expect(after.ruleSet).toMatchObject({ release: 'OpenPeppol 2026.11', version: '2026.11 (CEN 1.3.16, Billing 3.0.22)', validFrom: '2027-02-24', checkedOn: '2027-03-01' });
    expect(after.ruleSet.validUntil).toBeUndefined();
    expect(after.artefacts.map((artefact) => artefact.version)).toContain('3.0.22 (OpenPeppol 2026.11)');
    expect(findRuleSet('peppol-bis-billing-3.0-invoice', '2027-03-01')?.layers[1]?.xslt).toBe('peppol/2026.11/xslt/PEPPOL-EN16931-UBL.xslt');
    const before = validateInThread({ bytes, on: '2026-12-01', schemaOnly: true });
    expect(before.ruleSet).toMatchObject({ release: 'OpenPeppol 2026.5', validUntil: '2027-02-23', successor: { version: '3.0.22', rulesAvailable: true } });
    expect(listRuleSets('2026-12-01').filter((set) => set.code === 'peppol-bis-billing-3.0-invoice')).toHaveLength(1);
  });

  it('takes a further release from its entry alone', () => {
    const next = { family: 'peppol' as const, release: '2027.5', name: 'OpenPeppol 2027.5', versions: { cen: '1.3.17', billing: '3.0.23' }, folder: 'peppol/2026.11', validFrom: '2027-08-24', source: 'test' };
    const calendar = [...releases, next];
    const sets = ruleSetsFrom(calendar);
    expect(findRuleSetIn(sets, calendar, 'peppol-bis-billing-3.0-invoice', '2027-09-01')).toMatchObject({ version: '2027.5 (CEN 1.3.17, Billing 3.0.23)' });
    expect(findRuleSetIn(sets, calendar, 'peppol-bis-billing-3.0-invoice', '2027-08-23')?.release.release).toBe('2026.11');
  });
});
