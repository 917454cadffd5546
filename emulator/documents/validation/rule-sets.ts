/**
 * The validation rules of `GET /validation-rules` and the checks each one runs. The emulator checks
 * a real subset of each official rule set (see the rules-*.ts files for the rule ids).
 */
import { checkDataTypes, checkRootSequence } from './rules-schema';
import { checkBreakdownAndPayment, checkCodeLists, checkLines, checkRequiredElements, checkTotals } from './rules-en16931';
import {
  checkIdentifierSchemes,
  checkNorwegianSeller,
  checkPeppolDocument,
  checkPeppolIdentifiers,
  EHF_FORWARD_BILLING_MARKER,
  ehfProfile,
  PEPPOL_BILLING_CUSTOMIZATION,
  peppolProfile,
} from './rules-peppol';
import type { BillingDocumentKind, Check } from './types';

export interface ValidationRule {
  code: string;
  name: string;
  documentTypes: BillingDocumentKind[];
  latest: boolean;
}

interface RuleSet extends ValidationRule {
  checks: Check[];
  /** Whether autodetection picks this set for a CustomizationID. */
  matches(customizationId: string | undefined): boolean;
}

const en16931Checks: Check[] = [checkRootSequence, checkDataTypes, checkRequiredElements, checkLines, checkBreakdownAndPayment, checkCodeLists, checkTotals];
const peppolChecks: Check[] = [...en16931Checks, checkPeppolIdentifiers(peppolProfile), checkPeppolDocument, checkIdentifierSchemes, checkNorwegianSeller];
const ehfChecks: Check[] = [...en16931Checks, checkPeppolIdentifiers(ehfProfile), checkPeppolDocument, checkIdentifierSchemes, checkNorwegianSeller];

const isEhf = (id: string | undefined) => id !== undefined && id.includes(EHF_FORWARD_BILLING_MARKER);
const isPeppol = (id: string | undefined) => id !== undefined && id.startsWith(PEPPOL_BILLING_CUSTOMIZATION) && !isEhf(id);
const isOtherEn16931 = (id: string | undefined) => id !== undefined && id.startsWith('urn:cen.eu:en16931:2017') && !isPeppol(id) && !isEhf(id);

const ruleSets: RuleSet[] = [
  {
    code: 'peppol-bis-billing-3.0-invoice',
    name: 'Peppol BIS Billing 3.0 – Invoice (EN 16931 and Peppol rules)',
    documentTypes: ['invoice'],
    latest: true,
    checks: peppolChecks,
    matches: isPeppol,
  },
  {
    code: 'peppol-bis-billing-3.0-credit-note',
    name: 'Peppol BIS Billing 3.0 – Credit note (EN 16931 and Peppol rules)',
    documentTypes: ['credit-note'],
    latest: true,
    checks: peppolChecks,
    matches: isPeppol,
  },
  {
    code: 'ehf-billing-3.0',
    name: 'EHF Billing 3.0 (Norway) – Peppol BIS Billing 3.0 rules, also accepting EHF Forward Billing process identifiers',
    documentTypes: ['invoice', 'credit-note'],
    latest: false,
    checks: ehfChecks,
    matches: isEhf,
  },
  {
    code: 'en16931-ubl-invoice',
    name: 'EN 16931 core – UBL Invoice (CEN rules only, no Peppol rules)',
    documentTypes: ['invoice'],
    latest: false,
    checks: en16931Checks,
    matches: isOtherEn16931,
  },
  {
    code: 'en16931-ubl-credit-note',
    name: 'EN 16931 core – UBL Credit note (CEN rules only, no Peppol rules)',
    documentTypes: ['credit-note'],
    latest: false,
    checks: en16931Checks,
    matches: isOtherEn16931,
  },
];

/** The public list of `GET /validation-rules`. */
export function listValidationRules(): ValidationRule[] {
  return ruleSets.map(({ code, name, documentTypes, latest }) => ({ code, name, documentTypes: [...documentTypes], latest }));
}

export function findRuleSet(code: string): RuleSet | undefined {
  return ruleSets.find((set) => set.code === code);
}

/** Without `X-Validation-Rule`: the set matching the CustomizationID, else the latest for the type. */
export function autodetectRuleSet(kind: BillingDocumentKind, customizationId: string | undefined): RuleSet {
  const candidates = ruleSets.filter((set) => set.documentTypes.includes(kind));
  return (
    candidates.find((set) => set.matches(customizationId)) ??
    (candidates.find((set) => set.latest) as RuleSet)
  );
}

export type { RuleSet };
