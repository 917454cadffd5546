/**
 * The calendar of the official rules: every release of every rule family the app knows, with its
 * official versions and the dates it is in force. This is the one place a new release is added:
 * vendor its folder under standards/artefacts/ and add one entry to `releases` below. A release
 * whose folder is not vendored (yet) is still known: the app names it as the coming successor and
 * says that its rules are not published, and keeps checking with the newest release it has.
 *
 * `validUntil` is derived: the day before the family's next release starts (unless an entry says
 * otherwise). Dates are calendar days (YYYY-MM-DD), compared as the day of sending in UTC.
 *
 * Pure data and date arithmetic: no file access here (see rule-sets.ts for what is vendored).
 */
import { FA2_PRODUCTION_END_DAY } from '../../shared/ksef/formats';

export type RuleFamily =
  | 'peppol'
  | 'ehf-postaward-g3'
  | 'ubl'
  | 'fatturapa'
  | 'fatturapa-semplificata'
  | 'ksef-fa';

/** A calendar day, `YYYY-MM-DD`. */
export type Day = string;

export interface Release {
  family: RuleFamily;
  /** The release's own label: `2026.5`, `1.2.3`, `FA (3)`. */
  release: string;
  /** The name of the release as users know it. */
  name: string;
  /** The official versions of its parts, in the words of the release notes (`billing: '3.0.21'`). */
  versions: Readonly<Record<string, string>>;
  /** Its vendored artefacts, relative to standards/artefacts/; absent when it is not vendored (yet). */
  folder?: string;
  /** When the release was published, when known. */
  published?: Day;
  /** The first day it is in force (for Peppol: mandatory). */
  validFrom: Day;
  /** The last day it is in force, when it ends otherwise than by the next release starting. */
  validUntil?: Day;
  /** Where the dates come from. */
  source: string;
}

export const releases: readonly Release[] = [
  {
    family: 'peppol',
    release: '2026.5',
    name: 'OpenPeppol 2026.5',
    versions: { cen: '1.3.16', billing: '3.0.21', t01: '3.7', t76: '3.2', t16: '3.5', t111: '3.1', t71: '3.0' },
    folder: 'peppol/2026.5',
    validFrom: '2026-08-24',
    source: 'OpenPeppol release notes 2026.5 (standards/artefacts/peppol/2026.5/README.md)',
  },
  {
    family: 'peppol',
    release: '2026.11',
    name: 'OpenPeppol 2026.11',
    versions: { cen: '1.3.16', billing: '3.0.22', postAward: '3.0.18' },
    // Not vendored: no compiled artefact is published where we can fetch it (standards/README.md, "Missing").
    folder: 'peppol/2026.11',
    published: '2026-11-23',
    validFrom: '2027-02-24',
    source: 'OpenPeppol release notes BIS Billing 3.0.22 and post-award 3.0.18 (../shared/standards/peppol/2026.5/README.md, "Next release")',
  },
  {
    family: 'ehf-postaward-g3',
    release: '2023-02',
    name: 'EHF Post-Award G3 2023-02',
    versions: { release: '2023-02' },
    folder: 'peppol/ehf-g3-2023-02',
    validFrom: '2023-02-15',
    source: 'the rules\u2019 own timestamp (sch/README: "Timestamp: 2023-02-15"); no later EHF release is vendored',
  },
  {
    family: 'ubl',
    release: '2.1',
    name: 'OASIS UBL 2.1',
    versions: { ubl: '2.1' },
    folder: 'ubl-2.1',
    validFrom: '2013-11-04',
    source: 'OASIS Standard approval of UBL 2.1',
  },
  {
    family: 'fatturapa',
    release: '1.2.2',
    name: 'FatturaPA 1.2.2',
    versions: { schema: '1.2.2' },
    folder: 'fatturapa',
    validFrom: '2020-10-01',
    source: 'Agenzia delle Entrate, Specifiche tecniche 1.6.1; replaced by 1.2.3 on 2025-04-01',
  },
  {
    family: 'fatturapa',
    release: '1.2.3',
    name: 'FatturaPA 1.2.3',
    versions: { schema: '1.2.3', specifications: '1.9' },
    folder: 'fatturapa',
    validFrom: '2025-04-01',
    source: 'Agenzia delle Entrate, Specifiche tecniche 1.9 (TD29, RF20)',
  },
  {
    family: 'fatturapa-semplificata',
    release: '1.0.1',
    name: 'FatturaPA semplificata 1.0.1',
    versions: { schema: '1.0.1' },
    folder: 'fatturapa',
    validFrom: '2020-10-01',
    source: 'Agenzia delle Entrate; replaced by 1.0.2 (adds RF20) with FatturaPA 1.2.3 on 2025-04-01',
  },
  {
    family: 'fatturapa-semplificata',
    release: '1.0.2',
    name: 'FatturaPA semplificata 1.0.2',
    versions: { schema: '1.0.2' },
    validFrom: '2025-04-01',
    source: 'Agenzia delle Entrate, Specifiche tecniche 1.9',
  },
  {
    family: 'ksef-fa',
    release: 'FA (2)',
    name: 'KSeF FA (2)',
    versions: { schema: 'FA (2) 1-0E' },
    folder: 'ksef',
    validFrom: '2023-09-01',
    source: 'Ministerstwo Finansów: FA (2) in KSeF from 2023-09-01; from 2026-02-01 only FA (3) on production and demo (TEST still takes FA (2))',
  },
  {
    family: 'ksef-fa',
    release: 'FA (3)',
    name: 'KSeF FA (3)',
    versions: { schema: 'FA (3) 1-0E' },
    folder: 'ksef',
    validFrom: FA2_PRODUCTION_END_DAY,
    source: 'Ministerstwo Finansów: the only FA accepted on KSeF production and demo since 2026-02-01',
  },
];

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const MS_PER_DAY = 86_400_000;

/** The UTC calendar day of a moment (default: now). */
export const dayOf = (moment: Date = new Date()): Day => moment.toISOString().slice(0, 10);

export const isDay = (text: string): boolean => DAY.test(text) && dayOf(new Date(`${text}T00:00:00Z`)) === text;

const dayNumber = (day: Day): number => Date.parse(`${day}T00:00:00Z`) / MS_PER_DAY;

export const addDays = (day: Day, days: number): Day => dayOf(new Date((dayNumber(day) + days) * MS_PER_DAY));

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export const daysBetween = (from: Day, to: Day): number => dayNumber(to) - dayNumber(from);

/** A family's releases, oldest first. */
export const releasesOf = (family: RuleFamily, calendar: readonly Release[] = releases): Release[] =>
  calendar.filter((release) => release.family === family).sort((a, b) => a.validFrom.localeCompare(b.validFrom));

/** The release that follows `release` in its family, if any is known. */
export const successorOf = (release: Release, calendar: readonly Release[] = releases): Release | undefined =>
  releasesOf(release.family, calendar).find((other) => other.validFrom > release.validFrom);

/** The last day `release` is in force: its own `validUntil`, else the day before its successor starts; none when open-ended. */
export const validUntilOf = (release: Release, calendar: readonly Release[] = releases): Day | undefined => {
  if (release.validUntil) return release.validUntil;
  const next = successorOf(release, calendar);
  return next ? addDays(next.validFrom, -1) : undefined;
};

export const inForce = (release: Release, day: Day, calendar: readonly Release[] = releases): boolean => {
  const until = validUntilOf(release, calendar);
  return release.validFrom <= day && (until === undefined || day <= until);
};

/** The release of `family` in force on `day`, whether or not it is vendored. */
export const releaseInForce = (family: RuleFamily, day: Day, calendar: readonly Release[] = releases): Release | undefined =>
  releasesOf(family, calendar).find((release) => inForce(release, day, calendar));

/** A release's dates as results carry them. */
export interface ReleaseDates {
  release: string;
  validFrom: Day;
  validUntil?: Day;
}

export const datesOf = (release: Release, calendar: readonly Release[] = releases): ReleaseDates => {
  const until = validUntilOf(release, calendar);
  return { release: release.name, validFrom: release.validFrom, ...(until ? { validUntil: until } : {}) };
};

/** How far ahead a coming successor is announced. */
export const SUCCESSOR_NOTICE_DAYS = 90;

/** The successor a check on `day` should announce: known, and in force within 90 days (or already, when its rules are missing). */
export const successorToAnnounce = (current: Release, day: Day, calendar: readonly Release[] = releases): Release | undefined => {
  const next = successorOf(current, calendar);
  if (!next) return undefined;
  return daysBetween(day, next.validFrom) <= SUCCESSOR_NOTICE_DAYS ? next : undefined;
};

/** KSeF's systems (api-test, api-demo, api). */
export type KsefEnvironment = 'test' | 'demo' | 'production';

/** Which FA schemas KSeF accepts on `day` in `environment`: the one in force; TEST also takes every earlier one. */
export const ksefSchemasAccepted = (day: Day, environment: KsefEnvironment, calendar: readonly Release[] = releases): Release[] => {
  const family = releasesOf('ksef-fa', calendar);
  if (environment === 'test') return family.filter((release) => release.validFrom <= day);
  return family.filter((release) => inForce(release, day, calendar));
};

/** The KSeF FA schema in force on `day` (production and demo accept no other). */
export const ksefSchemaInForce = (day: Day, calendar: readonly Release[] = releases): Release | undefined =>
  releaseInForce('ksef-fa', day, calendar);

/** The FatturaPA schema version in force on `day` (`1.2.3` since 2025-04-01). */
export const fatturapaSchemaInForce = (day: Day, calendar: readonly Release[] = releases): Release | undefined =>
  releaseInForce('fatturapa', day, calendar);

/** A release by family and label (`findRelease('ksef-fa', 'FA (2)')`). */
export const findRelease = (family: RuleFamily, label: string, calendar: readonly Release[] = releases): Release | undefined =>
  calendar.find((release) => release.family === family && release.release === label);
