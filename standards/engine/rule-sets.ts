/**
 * The official rule sets the engine runs, with their identifiers, versions and dates, and which one
 * applies to a document when none is asked for. The releases and their dates are in calendar.ts:
 * every Peppol release there whose folder is vendored under standards/artefacts/ gives the Peppol
 * rule sets below (the same codes, one per release), so adding a release is a folder plus one
 * calendar entry. A check uses the release in force on the day of sending when it is vendored,
 * else the newest vendored one before it (and says so: `successor`).
 * `latest` marks the rule set used for a document type whose document declares none.
 */
import { existsSync } from 'node:fs';
import {
  dayOf,
  daysBetween,
  inForce,
  releases as officialCalendar,
  releasesOf,
  successorToAnnounce,
  validUntilOf,
  type Day,
  type Release,
} from './calendar';
import { artefactPath } from './paths';
import type { ArtefactRef, DocumentKind, RuleSetDates, SuccessorNotice } from './types';

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
  /** The calendar release the set belongs to. */
  release: Release;
  /** How users name the set without its version (`Peppol BIS Billing`), and its version in the release (`3.0.21`). */
  title: string;
  ruleVersion(release: Release): string | undefined;
}

const PEPPOL_BILLING = 'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0';
const EN16931 = 'urn:cen.eu:en16931:2017';
const EHF_FORWARD_BILLING = 'urn:fdc:anskaffelser.no:2019:ehf:forward-billing:3.0';
const EHF_SPEC = 'urn:fdc:anskaffelser.no:2019:ehf:spec:3.0';

const isEhf = (id: string) => id.includes(EHF_FORWARD_BILLING) || id.includes(EHF_SPEC);
const isEhfAdvancedOrdering = (profileId: string) => profileId.includes('anskaffelser.no:2019:ehf:postaward:g3:09');

/** A part's version in a release (`t01`), else the release's post-award version (the notes of a new release may give only that). */
const versionIn = (key: string) => (release: Release): string | undefined => release.versions[key] ?? (key.startsWith('t') ? release.versions.postAward : undefined);

/** The Peppol rule sets of one vendored OpenPeppol release (its XSLTs in `<folder>/xslt/`). */
const peppolRuleSets = (release: Release): RuleSet[] => {
  const v = (key: string): string => versionIn(key)(release) ?? release.release;
  const layer = (file: string, name: string, key: string): SchematronLayer => ({
    xslt: `${release.folder}/xslt/${file}.xslt`,
    name,
    version: `${v(key)} (${release.name})`,
  });
  const cen = layer('CEN-EN16931-UBL', 'CEN EN 16931 UBL rules', 'cen');
  const billing = layer('PEPPOL-EN16931-UBL', 'Peppol BIS Billing 3.0 rules', 'billing');
  const billingSet = (kind: 'invoice' | 'credit-note', label: string): RuleSet => ({
    code: `peppol-bis-billing-3.0-${kind}`,
    name: `Peppol BIS Billing 3.0 – ${label} (CEN EN 16931 + Peppol layers)`,
    identifier: PEPPOL_BILLING,
    version: `${release.release} (CEN ${v('cen')}, Billing ${v('billing')})`,
    documentTypes: [kind],
    latest: true,
    layers: [cen, billing],
    declaredBy: (id) => id.startsWith(PEPPOL_BILLING) && !isEhf(id),
    release,
    title: 'Peppol BIS Billing',
    ruleVersion: versionIn('billing'),
  });
  const coreSet = (kind: 'invoice' | 'credit-note', label: string): RuleSet => ({
    code: `en16931-ubl-${kind}`,
    name: `EN 16931 core – UBL ${label} (CEN layer only)`,
    identifier: EN16931,
    version: `${release.release} (CEN ${v('cen')})`,
    documentTypes: [kind],
    latest: false,
    layers: [cen],
    declaredBy: (id) => id.startsWith(EN16931) && !id.startsWith(PEPPOL_BILLING),
    release,
    title: 'CEN EN 16931 UBL rules',
    ruleVersion: versionIn('cen'),
  });
  const transaction = (t: string, code: string, name: string, layerName: string, identifier: string, kind: DocumentKind, latest: boolean, excludeEhf: boolean): RuleSet => ({
    code,
    name,
    identifier,
    version: `${v(t)} (${release.name})`,
    documentTypes: [kind],
    latest,
    layers: [layer(`PEPPOLBIS-${t.toUpperCase()}`, layerName, t)],
    declaredBy: (id) => id.startsWith(identifier) && !(excludeEhf && isEhf(id)),
    release,
    title: layerName.replace(' rules', ''),
    ruleVersion: versionIn(t),
  });
  return [
    billingSet('invoice', 'Invoice'),
    billingSet('credit-note', 'Credit note'),
    coreSet('invoice', 'Invoice'),
    coreSet('credit-note', 'Credit note'),
    transaction('t01', 'peppol-order-t01', 'Peppol Order transaction (T01), Ordering and Order only 3', 'Peppol Order transaction rules (T01)', 'urn:fdc:peppol.eu:poacc:trns:order:3', 'order', true, true),
    transaction('t76', 'peppol-order-response-t76', 'Peppol Order Response transaction (T76), Ordering 3', 'Peppol Order Response transaction rules (T76)', 'urn:fdc:peppol.eu:poacc:trns:order_response:3', 'order-response', true, true),
    transaction('t16', 'peppol-despatch-advice-t16', 'Peppol Despatch Advice transaction (T16), Despatch Advice 3', 'Peppol Despatch Advice transaction rules (T16)', 'urn:fdc:peppol.eu:poacc:trns:despatch_advice:3', 'despatch-advice', true, true),
    transaction('t111', 'peppol-invoice-response-t111', 'Peppol Invoice Response transaction (T111)', 'Peppol Invoice Response transaction rules (T111)', 'urn:fdc:peppol.eu:poacc:trns:invoice_response:3', 'application-response', true, false),
    transaction('t71', 'peppol-mlr-t71', 'Peppol Message Level Response transaction (T71)', 'Peppol Message Level Response transaction rules (T71)', 'urn:fdc:peppol.eu:poacc:trns:mlr:3', 'application-response', false, false),
  ];
};

/** The EHF rule sets of one vendored EHF Post-Award G3 release. */
const ehfRuleSets = (release: Release): RuleSet[] => {
  const layer = (file: string, name: string): SchematronLayer => ({ xslt: `${release.folder}/xslt/${file}.xslt`, name, version: release.name });
  const set = (code: string, name: string, identifier: string, documentTypes: DocumentKind[], layers: SchematronLayer[], declaredBy: RuleSet['declaredBy']): RuleSet => ({
    code,
    name,
    identifier,
    version: release.name,
    documentTypes,
    latest: false,
    layers,
    declaredBy,
    release,
    title: name.replace(/ \(Norway.*$/, ''),
    ruleVersion: (other) => other.release,
  });
  return [
    set('ehf-forward-billing-3.0', 'EHF Forward Billing 3.0 (Norway) – CEN + Peppol layers', `${PEPPOL_BILLING}#conformant#${EHF_FORWARD_BILLING}`, ['invoice', 'credit-note'], [
      layer('forward-billing-3.0/FORWARD-BILLING-CEN-EN16931-UBL', 'EHF Forward Billing 3.0 CEN rules'),
      layer('forward-billing-3.0/FORWARD-BILLING-PEPPOL-EN16931-UBL', 'EHF Forward Billing 3.0 Peppol rules'),
    ], (id) => id.includes(EHF_FORWARD_BILLING)),
    set('ehf-order-3.0', 'EHF Ordering 3.0 (Norway) – Order', `urn:fdc:peppol.eu:poacc:trns:order:3:extended:${EHF_SPEC}`, ['order'],
      [layer('ordering-3.0/EHF-ORDER-3.0', 'EHF Order 3.0 rules')], (id, profileId) => id.includes(EHF_SPEC) && !isEhfAdvancedOrdering(profileId)),
    set('ehf-order-response-3.0', 'EHF Ordering 3.0 (Norway) – Order response', `urn:fdc:peppol.eu:poacc:trns:order_response:3:extended:${EHF_SPEC}`, ['order-response'],
      [layer('ordering-3.0/EHF-ORDER-RESPONSE-3.0', 'EHF Order Response 3.0 rules')], (id, profileId) => id.includes(EHF_SPEC) && !isEhfAdvancedOrdering(profileId)),
    set('ehf-despatch-advice-3.0', 'EHF Despatch Advice 3.0 (Norway)', `urn:fdc:peppol.eu:poacc:trns:despatch_advice:3:extended:${EHF_SPEC}`, ['despatch-advice'],
      [layer('despatch-advice-3.0/EHF-DESPATCH-ADVICE-3.0', 'EHF Despatch Advice 3.0 rules')], (id) => id.includes(EHF_SPEC)),
    set('ehf-advanced-ordering-3.0-order', 'EHF Advanced Ordering 3.0 (Norway, P09) – Order initiation', `urn:fdc:peppol.eu:poacc:trns:order:3:extended:${EHF_SPEC}`, ['order'],
      [layer('advanced-ordering-3.0/EHF-P09-3.0-ORDER-INITIATION', 'EHF Advanced Ordering P09 order initiation rules')], (id, profileId) => id.includes(EHF_SPEC) && isEhfAdvancedOrdering(profileId)),
    set('ehf-advanced-ordering-3.0-order-response', 'EHF Advanced Ordering 3.0 (Norway, P09) – Order response', `urn:fdc:peppol.eu:poacc:trns:order_response:3:extended:${EHF_SPEC}`, ['order-response'],
      [layer('advanced-ordering-3.0/EHF-P09-3.0-ORDER-RESPONSE', 'EHF Advanced Ordering P09 order response rules')], (id, profileId) => id.includes(EHF_SPEC) && isEhfAdvancedOrdering(profileId)),
  ];
};

/** Whether a release's artefacts are vendored (its folder exists under standards/artefacts/). */
export const isVendored = (release: Release): boolean => release.folder !== undefined && existsSync(artefactPath(release.folder));

/** Every rule set of every vendored release of a calendar (the newest release of a family first). */
export const ruleSetsFrom = (calendar: readonly Release[], vendored: (release: Release) => boolean = isVendored): RuleSet[] => [
  ...releasesOf('peppol', calendar).filter(vendored).reverse().flatMap(peppolRuleSets),
  ...releasesOf('ehf-postaward-g3', calendar).filter(vendored).reverse().flatMap(ehfRuleSets),
];

export const ruleSets: readonly RuleSet[] = ruleSetsFrom(officialCalendar);

/** Among the releases of one rule set (`candidates`, one code), the one a check on `day` uses. */
const forDay = (candidates: readonly RuleSet[], day: Day, calendar: readonly Release[]): RuleSet | undefined => {
  const oldestFirst = [...candidates].sort((a, b) => a.release.validFrom.localeCompare(b.release.validFrom));
  return (
    oldestFirst.find((set) => inForce(set.release, day, calendar)) ??
    oldestFirst.filter((set) => set.release.validFrom <= day).at(-1) ??
    oldestFirst[0]
  );
};

const byCode = (sets: readonly RuleSet[]): Map<string, RuleSet[]> => {
  const codes = new Map<string, RuleSet[]>();
  for (const set of sets) codes.set(set.code, [...(codes.get(set.code) ?? []), set]);
  return codes;
};

export const datesFor = (set: RuleSet, day: Day, calendar: readonly Release[] = officialCalendar, vendored: (release: Release) => boolean = isVendored): RuleSetDates => {
  const until = validUntilOf(set.release, calendar);
  const next = successorToAnnounce(set.release, day, calendar);
  const nextVersion = next ? set.ruleVersion(next) : undefined;
  const currentVersion = set.ruleVersion(set.release) ?? set.release.release;
  const successor: SuccessorNotice | undefined =
    next && nextVersion
      ? { title: set.title, version: nextVersion, release: next.name, validFrom: next.validFrom, rulesAvailable: vendored(next), currentVersion, daysUntil: daysBetween(day, next.validFrom) }
      : undefined;
  return {
    release: set.release.name,
    validFrom: set.release.validFrom,
    ...(until ? { validUntil: until } : {}),
    checkedOn: day,
    ...(successor ? { successor } : {}),
  };
};

/** The public description of a rule set (`GET /validation-rules`, the app's rule picker), with its dates. */
export interface RuleSetInfo extends RuleSetDates {
  code: string;
  name: string;
  identifier: string;
  version: string;
  documentTypes: DocumentKind[];
  latest: boolean;
}

export const describeRuleSet = (set: RuleSet, day: Day = dayOf()): RuleSetInfo => ({
  code: set.code,
  name: set.name,
  identifier: set.identifier,
  version: set.version,
  documentTypes: [...set.documentTypes],
  latest: set.latest,
  ...datesFor(set, day),
});

/** One entry per rule set: the release a check on `day` (default today) uses. */
export const listRuleSets = (day: Day = dayOf()): RuleSetInfo[] =>
  [...byCode(ruleSets).values()].map((candidates) => describeRuleSet(forDay(candidates, day, officialCalendar)!, day));

/** A rule set by code, in the release a check on `day` (default today) uses. */
export const findRuleSet = (code: string, day: Day = dayOf()): RuleSet | undefined => {
  const candidates = byCode(ruleSets).get(code);
  return candidates ? forDay(candidates, day, officialCalendar) : undefined;
};

/** `findRuleSet` over another calendar and set list (tests: a release added in a temporary folder). */
export const findRuleSetIn = (sets: readonly RuleSet[], calendar: readonly Release[], code: string, day: Day): RuleSet | undefined => {
  const candidates = byCode(sets).get(code);
  return candidates ? forDay(candidates, day, calendar) : undefined;
};

/**
 * The rule set for a document when none is asked for: the official set the document declares itself
 * for (its CustomizationID, and for EHF its ProfileID), else the latest Peppol set for its type, in
 * the release a check on `day` uses.
 */
export const ruleSetFor = (kind: DocumentKind, customizationId: string, profileId: string, day: Day = dayOf()): RuleSet | undefined => {
  const candidates = [...byCode(ruleSets).values()].map((sets) => forDay(sets, day, officialCalendar)!).filter((set) => set.documentTypes.includes(kind));
  return candidates.find((set) => set.declaredBy(customizationId, profileId)) ?? candidates.find((set) => set.latest);
};
