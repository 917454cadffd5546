/** FA_RR (1) in the viewer: its own layout (the farmer, the buyer, the lines, the totals) and its verification code. */
import { describe, expect, it } from 'vitest';
import { fixtureBytes } from '../../../standards/test-support/fixtures';
import { substituteTemplate } from '../../../standards/test-support/template-values';
import { openFile } from './open';

describe('FA_RR (1)', () => {
  it('is laid out after its schema, with its P_4C number, P_4B date, P_12_1 total and KOD I from P_4B', () => {
    const bytes = substituteTemplate(fixtureBytes('ksef-client-csharp/invoice-template-fa-rr-1.xml'));
    const [document] = openFile('fa-rr.xml', bytes).documents;
    expect(document).toMatchObject({ family: 'ksef', formatLabel: 'FA_RR (1)', summary: { number: 'FV/2026/001', date: '2026-02-23', total: { text: '2140.00', currency: 'PLN' } } });
    expect(document?.problem).toBeUndefined();
    const sections = document?.layout?.sections ?? [];
    expect(sections.map((section) => section.key)).toEqual(expect.arrayContaining(['ksefHeader', 'farmer', 'buyer', 'ksefInvoice', 'lines']));
    const farmer = sections.find((section) => section.key === 'farmer');
    expect(farmer?.fields).toContainEqual(expect.objectContaining({ key: 'name', value: 'Elektrownia S.A.' }));
    const lines = sections.find((section) => section.key === 'lines')?.tables[0];
    expect(lines?.rows[0]).toEqual(expect.arrayContaining(['ziemniaki jadalne odmiana irga (partia A)', 'klasa I']));
    expect(sections.find((section) => section.key === 'ksefInvoice')?.fields).toContainEqual(expect.objectContaining({ key: 'flatRateRefund', value: '140.00' }));
    expect(document?.verification?.url).toMatch(/^https:\/\/qr-test\.ksef\.mf\.gov\.pl\/invoice\/1111111111\/23-02-2026\/[\w-]{43}$/);
  });
});

describe('KSeF party sections', () => {
  it('show no label twice: an address’s two lines are one field, the correspondence address another', () => {
    const [document] = openFile('fa3.xml', fixtureBytes('ksef-pdf-generator/invoice.xml')).documents;
    for (const section of document?.layout?.sections ?? []) {
      if (!['seller', 'buyer', 'thirdParty', 'authorisedParty'].includes(section.key)) continue;
      const keys = section.fields.filter((field) => field.key !== 'custom').map((field) => field.key);
      expect(keys, section.key).toEqual([...new Set(keys)]);
    }
    const seller = document?.layout?.sections.find((section) => section.key === 'seller');
    expect(seller?.fields.filter((field) => field.key === 'address')).toHaveLength(1);
  });
});

describe('KSeF codes in the layout', () => {
  it('carry their meaning from the schema’s documentation, never a bare number', () => {
    const [document] = openFile('fa3.xml', fixtureBytes('ksef-pdf-generator/invoice.xml')).documents;
    const fields = (document?.layout?.sections ?? []).flatMap((section) => section.fields);
    // "Local government unit 2" was seen before: JST and GV are enumerations documented "Tak"/"Nie".
    expect(fields.find((field) => field.key === 'jst')?.value).toBe('2 – Nie');
    expect(fields.find((field) => field.key === 'gv')?.value).toBe('2 – Nie');
    expect(fields.find((field) => field.key === 'invoiceKind')?.value).toMatch(/^VAT – \S/);
  });
});
