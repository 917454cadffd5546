/**
 * The public fixtures (`../shared/fixtures` beside the repository) with the verdict index.json records,
 * and the official rule or schema error each invalid one's description calls for.
 */
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DocumentKind } from '../engine/types';

export const fixturesDir = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'shared', 'fixtures');

export interface FixtureEntry {
  path: string;
  kind: DocumentKind;
  expected: 'valid' | 'invalid' | 'not-peppol' | 'see-sources';
  description: string;
  status: string;
}

/** The index files: `index.json` and the formats added in November 2026 (to be merged into it later). */
export const fixtureIndexFiles = ['index.json', 'index-2026-11.json'] as const;

export const fixtureIndex = (): FixtureEntry[] =>
  fixtureIndexFiles.flatMap((file) => JSON.parse(readFileSync(join(fixturesDir, file), 'utf8')) as FixtureEntry[]);

export const fixtureBytes = (path: string): Uint8Array => readFileSync(join(fixturesDir, path));

/** KSeF fixtures are checked as documents sent to KSeF (a UBL root is then a PEF (3) document). */
export const ksefOptionsOf = (entry: FixtureEntry): { ruleSet?: string } => (entry.kind === 'ksef' ? { ruleSet: 'ksef' } : {});

/**
 * KSeF fixtures that index.json (a verdict of the official schema) records as valid but that KSeF's
 * own acceptance checks refuse (our pre-checks, shared/ksef/prechecks.ts): the pre-check that must
 * find it. FA_3_Zalacznik_Przyklad_2 holds double-encoded UTF-8 ("iloĹ\u009bÄ\u0087" for "ilość"): U+009B
 * is one of the characters weryfikacja-faktury.md (09.04.2026) refuses.
 */
export const ksefPrecheckRefusals: Record<string, string> = {
  'ksef-fop/fa3/zalacznik/FA_3_Zalacznik_Przyklad_2.xml': 'KSeF-discouragedCharacter',
};

/** The latest Peppol rule set of a UBL document type (what "not Peppol" is measured against). */
export const peppolRuleSetOf: Partial<Record<DocumentKind, string>> = {
  invoice: 'peppol-bis-billing-3.0-invoice',
  'credit-note': 'peppol-bis-billing-3.0-credit-note',
  order: 'peppol-order-t01',
  'order-response': 'peppol-order-response-t76',
  'despatch-advice': 'peppol-despatch-advice-t16',
};

/**
 * Fixtures whose index.json status or description names the rule or schema error: each must be among
 * the fatal results (rule id, or text of an XSD message), under the rule set noted.
 */
export const namedErrors: Record<string, { ruleSet?: string; ruleIds?: string[]; schemaText?: string; line?: number }> = {
  'peppol-bis-invoice-3/GR-base-example-correct.xml': { schemaText: 'AdditionalDocumentReference', line: 85 },
  'vefa-validator/ubl-invoice-empty.xml': { schemaText: 'Missing child element' },
  'anskaffelser-ehf-postaward-g3/Invoice_EHF3.0_forward-billing-nettleie-corporate_v2.0.xml': { ruleSet: 'peppol-bis-billing-3.0-invoice', ruleIds: ['PEPPOL-EN16931-R007'] },
  'eInvoicing-EN16931/BIS_Billing_30-Telefoni.xml': { ruleSet: 'peppol-bis-billing-3.0-invoice', ruleIds: ['PEPPOL-COMMON-R049'] },
  'eInvoicing-EN16931/BIS_Billing_30-Valutor i faktura.xml': { ruleSet: 'peppol-bis-billing-3.0-invoice', ruleIds: ['PEPPOL-COMMON-R049', 'SE-R-013'] },
  'eInvoicing-EN16931/Invoice-Max_content.xml': { ruleSet: 'peppol-bis-billing-3.0-invoice', ruleIds: ['PEPPOL-COMMON-R049', 'SE-R-013'] },
  'eInvoicing-EN16931/CreditNote-Max_content.xml': { ruleSet: 'peppol-bis-billing-3.0-credit-note', ruleIds: ['PEPPOL-COMMON-R049', 'SE-R-013'] },
  'eInvoicing-EN16931/CreditNote-Min_content_with_VAT.xml': { ruleSet: 'peppol-bis-billing-3.0-credit-note', ruleIds: ['PEPPOL-COMMON-R049'] },
  'eInvoicing-EN16931/BIS_Billing_30-Kreditering_med_kreditnota.xml': { ruleSet: 'peppol-bis-billing-3.0-credit-note', ruleIds: ['PEPPOL-COMMON-R049', 'PEPPOL-COMMON-R040', 'SE-R-013'] },
  'eInvoicing-EN16931/ubl-tc434-example1.xml': { ruleSet: 'peppol-bis-billing-3.0-invoice', ruleIds: ['PEPPOL-EN16931-R001', 'PEPPOL-EN16931-R004', 'PEPPOL-EN16931-R007'] },
  'eInvoicing-EN16931/ubl-tc434-creditnote1.xml': { ruleSet: 'peppol-bis-billing-3.0-credit-note', ruleIds: ['PEPPOL-EN16931-R004'] },
  'xrechnung-testsuite/02.05a-INVOICE_ubl.xml': { ruleSet: 'peppol-bis-billing-3.0-invoice', ruleIds: ['PEPPOL-EN16931-R004', 'PEPPOL-EN16931-CL008'] },
  'phive-rules/UBLBE_BE0000000196_V01-15000001 Full.xml': { ruleSet: 'peppol-bis-billing-3.0-invoice', ruleIds: ['PEPPOL-EN16931-R004'] },
  'anskaffelser-ehf-postaward-g3/Order_Example.xml': { ruleSet: 'peppol-order-t01', ruleIds: ['PEPPOL-T01-R031'] },
  'anskaffelser-ehf-postaward-g3/OrderResponse_Example.xml': { ruleSet: 'peppol-order-response-t76', ruleIds: ['PEPPOL-T76-B00301'] },
  'anskaffelser-ehf-postaward-g3/DespatchAdvice_Example.xml': { ruleSet: 'peppol-despatch-advice-t16', ruleIds: ['PEPPOL-T16-B00301'] },
  'anskaffelser-ehf-postaward-g3/Creditnote_EHF3.0_forward-billing-nettleie-consumer_v2.0.xml': { ruleIds: ['PEPPOL-COMMON-R040'] },
  'ph-fatturapa/IT01234567890_FPR02.xml': { schemaText: 'ContattiTrasmittente', line: 16 },
  'ph-fatturapa/bad/IT01234567890_FPA01.xml': { schemaText: 'FatturaElettronicaBody' },
  'gobl.fatturapa/invoice-windows1252.xml': { schemaText: 'CodiceValore', line: 79 },
  'ksef-fop/fa3/korygujaca/FA_3_Przyklad_1.xml': { schemaText: 'TerminOpis', line: 138 },
  'ksef-client-csharp/invoice-template-fa-2.xml': { schemaText: 'NIP' },
};

/**
 * The verdict each fixture must get. `valid`: valid under the rule set it declares (or the latest);
 * `invalid`: refused; `not-peppol`: schema-valid but refused by the latest Peppol rules of its type;
 * `see-sources`: EHF documents are valid under their EHF rules, except the forward-billing credit note
 * (PEPPOL-COMMON-R040 in the EHF Peppol layer); the KSeF templates are invalid as published (placeholders).
 */
export const expectedValidity = (entry: FixtureEntry): { ruleSet?: string; valid: boolean; schemaValid?: boolean } => {
  switch (entry.expected) {
    case 'valid':
      return { valid: true };
    case 'invalid':
      return { valid: false };
    case 'not-peppol':
      return { ruleSet: peppolRuleSetOf[entry.kind]!, valid: false, schemaValid: true };
    case 'see-sources':
      if (entry.kind === 'ksef') return { valid: false };
      if (entry.path.includes('forward-billing')) return { valid: false, schemaValid: true };
      return { valid: true };
  }
};
