/** The standards channels through the core app: progress events, cancel, the schema-only check. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalValidation, StandardsProgress } from '../../../shared/contract';
import { fixtureBytes } from '../../../standards/test-support/fixtures';
import { createCoreApp, type CoreAppWithServices } from '../app';
import type { FakeClock } from '../testing/fake-clock';
import { createMemoryPorts } from '../testing/memory-ports';

const ctx = { caller: 'test' };
let app: CoreAppWithServices;
let dir: string;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerdesk-standards-app-'));
  app = createCoreApp(createMemoryPorts({ userDataDir: dir }), { emulator: { autoStart: false } });
});
afterAll(async () => {
  await app.dispose();
  fs.rmSync(dir, { recursive: true, force: true });
});

const bytesRef = (name: string, bytes: Uint8Array) => ({ kind: 'bytes' as const, name, base64: Buffer.from(bytes).toString('base64') });
const invoice = () => bytesRef('invoice.xml', fixtureBytes('peppol-bis-invoice-3/base-example.xml'));

const progressOf = (validationId: string): StandardsProgress[] => {
  const seen: StandardsProgress[] = [];
  app.services.events.on((event, payload) => {
    if (event === 'standards.progress' && (payload as StandardsProgress).validationId === validationId) seen.push(payload as StandardsProgress);
  });
  return seen;
};

describe('standards channels', () => {
  it('report the progress of a named validation: queued, the schema, each rule layer, then done', async () => {
    const seen = progressOf('v1');
    const result = await app.handle('standards.validate', { file: invoice(), validationId: 'v1' }, ctx);
    expect(result).toMatchObject({ ok: true, value: { valid: true, ruleSet: { code: 'peppol-bis-billing-3.0-invoice' } } });
    expect(seen[0]).toMatchObject({ phase: 'queued' });
    expect(seen.map((update) => update.artefact)).toEqual(expect.arrayContaining(['CEN EN 16931 UBL rules', 'Peppol BIS Billing 3.0 rules']));
    expect(seen.at(-1)).toEqual({ validationId: 'v1', phase: 'done', done: 3, total: 3, artefact: '' });
  }, 120_000);

  it('check only the schema when asked: no Schematron layer runs', async () => {
    const fattura = bytesRef('IT01234567890_FPA01.xml', fixtureBytes('ph-fatturapa/IT01234567890_FPA01.xml'));
    const result = await app.handle('standards.validate', { file: fattura, schemaOnly: true }, ctx);
    expect(result).toMatchObject({ ok: true, value: { kind: 'fatturapa', valid: true } });
    const ubl = await app.handle('standards.validate', { file: invoice(), schemaOnly: true }, ctx);
    expect(ubl).toMatchObject({ ok: true, value: { artefacts: [{ name: 'UBL Invoice schema (UBL-Invoice-2.1.xsd)' }], warnings: [] } });
    if (ubl.ok) expect((ubl.value as LocalValidation).artefacts).toHaveLength(1);
  }, 120_000);

  it('check against the rules in force on the core clock\'s day, and name the coming successor only within 90 days', async () => {
    const clock = app.services.ports.clock as FakeClock;
    // The memory ports' clock starts on 2026-10-01: 146 days before Peppol 2026.11 becomes mandatory.
    const early = await app.handle('standards.validate', { file: invoice(), schemaOnly: true }, ctx);
    expect(early).toMatchObject({ ok: true, value: { ruleSet: { release: 'OpenPeppol 2026.5', validFrom: '2026-08-24', validUntil: '2027-02-23', checkedOn: '2026-10-01' } } });
    if (early.ok) expect((early.value as LocalValidation).ruleSet.successor).toBeUndefined();
    clock.advance(Date.parse('2026-11-28T09:00:00Z') - clock.now());
    const late = await app.handle('standards.validate', { file: invoice(), schemaOnly: true }, ctx);
    expect(late).toMatchObject({ ok: true, value: { ruleSet: { checkedOn: '2026-11-28', successor: { version: '3.0.22', validFrom: '2027-02-24', daysUntil: 88, rulesAvailable: false } } } });
    const listed = await app.handle('standards.ruleSets', undefined, ctx);
    expect(listed).toMatchObject({ ok: true, value: expect.arrayContaining([expect.objectContaining({ code: 'peppol-bis-billing-3.0-invoice', checkedOn: '2026-11-28', successor: expect.objectContaining({ version: '3.0.22' }) })]) });
  }, 120_000);

  it('cancel a validation: it answers "cancelled", and the next validation still works', async () => {
    const seen = progressOf('v2');
    const running = app.handle('standards.validate', { file: invoice(), validationId: 'v2' }, ctx);
    await expect(app.handle('standards.cancel', { validationId: 'v2' }, ctx)).resolves.toEqual({ ok: true, value: { cancelled: true } });
    const result = await running;
    expect(result).toMatchObject({ ok: false, error: { code: 'cancelled' } });
    if (!result.ok) expect(result.error.message).toContain('invoice.xml');
    expect(seen.at(-1)).toMatchObject({ phase: 'done' });
    await expect(app.handle('standards.cancel', { validationId: 'v2' }, ctx)).resolves.toEqual({ ok: true, value: { cancelled: false } });
    await expect(app.handle('standards.validate', { file: invoice() }, ctx)).resolves.toMatchObject({ ok: true, value: { valid: true } });
  }, 120_000);

  it('word a value that stops the official rules as the service does: an invalid document with the value and its place', async () => {
    const xml = new TextDecoder().decode(fixtureBytes('peppol-bis-invoice-3/base-example.xml')).replace(/(<cbc:PayableAmount[^>]*>)[^<]*/, '$11e400');
    const result = await app.handle('standards.validate', { file: bytesRef('invoice.xml', new TextEncoder().encode(xml)) }, ctx);
    expect(result).toMatchObject({ ok: true, value: { valid: false } });
    const finding = result.ok ? (result.value as LocalValidation).fatal.find((issue) => issue.ruleId === 'FORG0001') : undefined;
    expect(finding).toMatchObject({ location: '/Invoice/cac:LegalMonetaryTotal/cbc:PayableAmount', artefact: { name: 'CEN EN 16931 UBL rules' } });
    expect(finding?.message).toContain('The value "1e400" at /Invoice/cac:LegalMonetaryTotal/cbc:PayableAmount');
  }, 120_000);

  it('refuse a DOCTYPE behind a UTF-8 byte-order mark with the DOCTYPE reason', async () => {
    const xml = '\uFEFF<?xml version="1.0"?><!DOCTYPE Invoice [<!ENTITY a "aaaa">]><Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2">&a;</Invoice>';
    const result = await app.handle('standards.validate', { file: bytesRef('doctype.xml', new TextEncoder().encode(xml)) }, ctx);
    expect(result).toMatchObject({ ok: false, error: { code: 'validation', details: { userMessage: { key: 'standards.doctype' } } } });
  }, 120_000);
});
