/**
 * The official rule sets the engine runs, with their identifiers and versions, and which one applies
 * to a document when none is asked for. `latest` marks the newest official Peppol release for a document type.
 */
import type { ArtefactRef, DocumentKind } from './types';

export interface SchematronLayer extends ArtefactRef {
  /** The vendored XSLT, relative to standards/artefacts/ (its SEF is in standards/sef/). */
  xslt: string;
}

export interface RuleSet {
  code: string;
  name: string;
  /** The official identifier the rules are bound to (the CustomizationID they check for). */
  identifier: string;
  version: string;
  documentTypes: DocumentKind[];
  latest: boolean;
  layers: SchematronLayer[];
  /** Whether the set is the one a document with this CustomizationID/ProfileID declares itself for. */
  declaredBy(customizationId: string, profileId: string): boolean;
}

export const PEPPOL_RELEASE = '2026.5';
const EHF_RELEASE = 'EHF Post-Award G3 2023-02';
const PEPPOL_BILLING = 'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0';
const EN16931 = 'urn:cen.eu:en16931:2017';
const EHF_FORWARD_BILLING = 'urn:fdc:anskaffelser.no:2019:ehf:forward-billing:3.0';
const EHF_SPEC = 'urn:fdc:anskaffelser.no:2019:ehf:spec:3.0';

const peppol = (file: string, name: string, version: string): SchematronLayer => ({
  xslt: `peppol/2026.5/xslt/${file}.xslt`,
  name,
  version: `${version} (OpenPeppol ${PEPPOL_RELEASE})`,
});
const ehf = (file: string, name: string): SchematronLayer => ({
  xslt: `peppol/ehf-g3-2023-02/xslt/${file}.xslt`,
  name,
  version: EHF_RELEASE,
});

const CEN_LAYER = peppol('CEN-EN16931-UBL', 'CEN EN 16931 UBL rules', '1.3.16');
const PEPPOL_LAYER = peppol('PEPPOL-EN16931-UBL', 'Peppol BIS Billing 3.0 rules', '3.0.21');

const isEhf = (id: string) => id.includes(EHF_FORWARD_BILLING) || id.includes(EHF_SPEC);
const isEhfAdvancedOrdering = (profileId: string) => profileId.includes('anskaffelser.no:2019:ehf:postaward:g3:09');

export const ruleSets: readonly RuleSet[] = [
  {
    code: 'peppol-bis-billing-3.0-invoice',
    name: 'Peppol BIS Billing 3.0 – Invoice (CEN EN 16931 + Peppol layers)',
    identifier: PEPPOL_BILLING,
    version: `${PEPPOL_RELEASE} (CEN 1.3.16, Billing 3.0.21)`,
    documentTypes: ['invoice'],
    latest: true,
    layers: [CEN_LAYER, PEPPOL_LAYER],
    declaredBy: (id) => id.startsWith(PEPPOL_BILLING) && !isEhf(id),
  },
  {
    code: 'peppol-bis-billing-3.0-credit-note',
    name: 'Peppol BIS Billing 3.0 – Credit note (CEN EN 16931 + Peppol layers)',
    identifier: PEPPOL_BILLING,
    version: `${PEPPOL_RELEASE} (CEN 1.3.16, Billing 3.0.21)`,
    documentTypes: ['credit-note'],
    latest: true,
    layers: [CEN_LAYER, PEPPOL_LAYER],
    declaredBy: (id) => id.startsWith(PEPPOL_BILLING) && !isEhf(id),
  },
  {
    code: 'en16931-ubl-invoice',
    name: 'EN 16931 core – UBL Invoice (CEN layer only)',
    identifier: EN16931,
    version: `${PEPPOL_RELEASE} (CEN 1.3.16)`,
    documentTypes: ['invoice'],
    latest: false,
    layers: [CEN_LAYER],
    declaredBy: (id) => id.startsWith(EN16931) && !id.startsWith(PEPPOL_BILLING),
  },
  {
    code: 'en16931-ubl-credit-note',
    name: 'EN 16931 core – UBL Credit note (CEN layer only)',
    identifier: EN16931,
    version: `${PEPPOL_RELEASE} (CEN 1.3.16)`,
    documentTypes: ['credit-note'],
    latest: false,
    layers: [CEN_LAYER],
    declaredBy: (id) => id.startsWith(EN16931) && !id.startsWith(PEPPOL_BILLING),
  },
  {
    code: 'ehf-forward-billing-3.0',
    name: 'EHF Forward Billing 3.0 (Norway) – CEN + Peppol layers',
    identifier: `${PEPPOL_BILLING}#conformant#${EHF_FORWARD_BILLING}`,
    version: EHF_RELEASE,
    documentTypes: ['invoice', 'credit-note'],
    latest: false,
    layers: [
      ehf('forward-billing-3.0/FORWARD-BILLING-CEN-EN16931-UBL', 'EHF Forward Billing 3.0 CEN rules'),
      ehf('forward-billing-3.0/FORWARD-BILLING-PEPPOL-EN16931-UBL', 'EHF Forward Billing 3.0 Peppol rules'),
    ],
    declaredBy: (id) => id.includes(EHF_FORWARD_BILLING),
  },
  {
    code: 'peppol-order-t01',
    name: 'Peppol Order transaction (T01), Ordering and Order only 3',
    identifier: 'urn:fdc:peppol.eu:poacc:trns:order:3',
    version: `3.7 (OpenPeppol ${PEPPOL_RELEASE})`,
    documentTypes: ['order'],
    latest: true,
    layers: [peppol('PEPPOLBIS-T01', 'Peppol Order transaction rules (T01)', '3.7')],
    declaredBy: (id) => id.startsWith('urn:fdc:peppol.eu:poacc:trns:order:3') && !isEhf(id),
  },
  {
    code: 'peppol-order-response-t76',
    name: 'Peppol Order Response transaction (T76), Ordering 3',
    identifier: 'urn:fdc:peppol.eu:poacc:trns:order_response:3',
    version: `3.2 (OpenPeppol ${PEPPOL_RELEASE})`,
    documentTypes: ['order-response'],
    latest: true,
    layers: [peppol('PEPPOLBIS-T76', 'Peppol Order Response transaction rules (T76)', '3.2')],
    declaredBy: (id) => id.startsWith('urn:fdc:peppol.eu:poacc:trns:order_response:3') && !isEhf(id),
  },
  {
    code: 'peppol-despatch-advice-t16',
    name: 'Peppol Despatch Advice transaction (T16), Despatch Advice 3',
    identifier: 'urn:fdc:peppol.eu:poacc:trns:despatch_advice:3',
    version: `3.5 (OpenPeppol ${PEPPOL_RELEASE})`,
    documentTypes: ['despatch-advice'],
    latest: true,
    layers: [peppol('PEPPOLBIS-T16', 'Peppol Despatch Advice transaction rules (T16)', '3.5')],
    declaredBy: (id) => id.startsWith('urn:fdc:peppol.eu:poacc:trns:despatch_advice:3') && !isEhf(id),
  },
  {
    code: 'peppol-invoice-response-t111',
    name: 'Peppol Invoice Response transaction (T111)',
    identifier: 'urn:fdc:peppol.eu:poacc:trns:invoice_response:3',
    version: `3.1 (OpenPeppol ${PEPPOL_RELEASE})`,
    documentTypes: ['application-response'],
    latest: true,
    layers: [peppol('PEPPOLBIS-T111', 'Peppol Invoice Response transaction rules (T111)', '3.1')],
    declaredBy: (id) => id.startsWith('urn:fdc:peppol.eu:poacc:trns:invoice_response:3'),
  },
  {
    code: 'peppol-mlr-t71',
    name: 'Peppol Message Level Response transaction (T71)',
    identifier: 'urn:fdc:peppol.eu:poacc:trns:mlr:3',
    version: `3.0 (OpenPeppol ${PEPPOL_RELEASE})`,
    documentTypes: ['application-response'],
    latest: false,
    layers: [peppol('PEPPOLBIS-T71', 'Peppol Message Level Response transaction rules (T71)', '3.0')],
    declaredBy: (id) => id.startsWith('urn:fdc:peppol.eu:poacc:trns:mlr:3'),
  },
  {
    code: 'ehf-order-3.0',
    name: 'EHF Ordering 3.0 (Norway) – Order',
    identifier: `urn:fdc:peppol.eu:poacc:trns:order:3:extended:${EHF_SPEC}`,
    version: EHF_RELEASE,
    documentTypes: ['order'],
    latest: false,
    layers: [ehf('ordering-3.0/EHF-ORDER-3.0', 'EHF Order 3.0 rules')],
    declaredBy: (id, profileId) => id.includes(EHF_SPEC) && !isEhfAdvancedOrdering(profileId),
  },
  {
    code: 'ehf-order-response-3.0',
    name: 'EHF Ordering 3.0 (Norway) – Order response',
    identifier: `urn:fdc:peppol.eu:poacc:trns:order_response:3:extended:${EHF_SPEC}`,
    version: EHF_RELEASE,
    documentTypes: ['order-response'],
    latest: false,
    layers: [ehf('ordering-3.0/EHF-ORDER-RESPONSE-3.0', 'EHF Order Response 3.0 rules')],
    declaredBy: (id, profileId) => id.includes(EHF_SPEC) && !isEhfAdvancedOrdering(profileId),
  },
  {
    code: 'ehf-despatch-advice-3.0',
    name: 'EHF Despatch Advice 3.0 (Norway)',
    identifier: `urn:fdc:peppol.eu:poacc:trns:despatch_advice:3:extended:${EHF_SPEC}`,
    version: EHF_RELEASE,
    documentTypes: ['despatch-advice'],
    latest: false,
    layers: [ehf('despatch-advice-3.0/EHF-DESPATCH-ADVICE-3.0', 'EHF Despatch Advice 3.0 rules')],
    declaredBy: (id) => id.includes(EHF_SPEC),
  },
  {
    code: 'ehf-advanced-ordering-3.0-order',
    name: 'EHF Advanced Ordering 3.0 (Norway, P09) – Order initiation',
    identifier: `urn:fdc:peppol.eu:poacc:trns:order:3:extended:${EHF_SPEC}`,
    version: EHF_RELEASE,
    documentTypes: ['order'],
    latest: false,
    layers: [ehf('advanced-ordering-3.0/EHF-P09-3.0-ORDER-INITIATION', 'EHF Advanced Ordering P09 order initiation rules')],
    declaredBy: (id, profileId) => id.includes(EHF_SPEC) && isEhfAdvancedOrdering(profileId),
  },
  {
    code: 'ehf-advanced-ordering-3.0-order-response',
    name: 'EHF Advanced Ordering 3.0 (Norway, P09) – Order response',
    identifier: `urn:fdc:peppol.eu:poacc:trns:order_response:3:extended:${EHF_SPEC}`,
    version: EHF_RELEASE,
    documentTypes: ['order-response'],
    latest: false,
    layers: [ehf('advanced-ordering-3.0/EHF-P09-3.0-ORDER-RESPONSE', 'EHF Advanced Ordering P09 order response rules')],
    declaredBy: (id, profileId) => id.includes(EHF_SPEC) && isEhfAdvancedOrdering(profileId),
  },
];

/** The public description of a rule set (`GET /validation-rules`, the app's rule picker). */
export interface RuleSetInfo {
  code: string;
  name: string;
  identifier: string;
  version: string;
  documentTypes: DocumentKind[];
  latest: boolean;
}

export const describeRuleSet = ({ code, name, identifier, version, documentTypes, latest }: RuleSet): RuleSetInfo => ({
  code,
  name,
  identifier,
  version,
  documentTypes: [...documentTypes],
  latest,
});

export const listRuleSets = (): RuleSetInfo[] => ruleSets.map(describeRuleSet);

export const findRuleSet = (code: string): RuleSet | undefined => ruleSets.find((set) => set.code === code);

/**
 * The rule set for a document when none is asked for: the official set the document declares itself
 * for (its CustomizationID, and for EHF its ProfileID), else the latest Peppol set for its type.
 */
export const ruleSetFor = (kind: DocumentKind, customizationId: string, profileId: string): RuleSet | undefined => {
  const candidates = ruleSets.filter((set) => set.documentTypes.includes(kind));
  return candidates.find((set) => set.declaredBy(customizationId, profileId)) ?? candidates.find((set) => set.latest);
};
