/**
 * One validation, in the thread that calls it (the engine's workers call it; tests may too): parse,
 * identify, pick the rule set, then the schema and the Schematron layers this thread was given.
 * Several threads can share one validation: thread `index` of `of` runs the layers whose position
 * modulo `of` is `index`, and thread 0 also runs the schema. For a large document the engine passes a
 * shared unit queue instead: every layer is broken into its patterns, and the threads take patterns
 * from the queue until none is left (unit-queue.ts), so no thread idles while another has a long layer.
 */
import { XmlDocument, XmlParseError, type XmlElement } from 'libxml2-wasm';
import { identify, KSEF_DESTINATION, supportedRoots, type DocumentIdentity } from './detect';
import { lineOf, readableLocation } from './location';
import { dayOf, datesOf, isDay, releases, successorToAnnounce, daysBetween, type Day, type RuleFamily } from './calendar';
import { datesFor, findRuleSet, isVendored, ruleSetFor, type RuleSet } from './rule-sets';
import { KSEF_PRECHECKS, ksefPrecheckIssues } from './ksef-prechecks';
import { patternsOf } from './patterns';
import { isRuleDynamicError, ruleDynamicErrorIssue } from './rule-error';
import { patternGuard } from './guards';
import { guardHolds, runLayer, saxonDocument, sefDigest } from './schematron';
import { unitQueue, type UnitQueueMemory } from './unit-queue';
import { type ArtefactRef, type DocumentKind, type RuleSetRef, MAX_DOCUMENT_BYTES, type ValidationIssue, type ValidationProgress, ValidationFailure } from './types';
import { plainSchemaMessage, validateSchema } from './xsd';
import { explainSchemaIssues } from './fatturapa-notes';


export interface ValidationJob {
  bytes: Uint8Array;
  /** A rule set code; absent: the one the document declares, else the latest for its type. */
  ruleSet?: string;
  /** The day of sending the check is for (YYYY-MM-DD, default today): the rule sets in force that day apply. */
  on?: Day;
  share?: { index: number; of: number };
  /** Only the schema (XSD), no Schematron layers. */
  schemaOnly?: boolean;
  /** Large documents: the layers' patterns are shared out through this queue (instead of whole layers by `share`). */
  units?: UnitQueueMemory;
  /** Skip a pattern whose guard is false (default true; false only to prove the findings identical). */
  guards?: boolean;
}

/** One artefact's issues; `order` 0 is the schema, 1 + n the n-th Schematron layer; `pattern`: the pattern's position when a layer ran per pattern. */
export interface ValidationPart {
  order: number;
  pattern?: number;
  artefact: ArtefactRef;
  issues: ValidationIssue[];
}

export interface PartialResult {
  kind: DocumentKind;
  ruleSet: RuleSetRef;
  /** Every artefact of the whole validation (not only this thread's), in order. */
  artefacts: ArtefactRef[];
  parts: ValidationPart[];
}

const PROLOG_DOCTYPE = /^\uFEFF?\s*(?:(?:<\?[\s\S]*?\?>|<!--[\s\S]*?-->)\s*)*<!DOCTYPE/i;

/**
 * The prolog as text whatever the encoding marker: a UTF-8 byte-order mark, UTF-16 with or without
 * one (XML 1.0 appendix F: `<` is `3C 00` or `00 3C`); anything else is ASCII-compatible, where latin1 keeps `<!DOCTYPE` readable.
 */
export const prologText = (bytes: Uint8Array): string => {
  const head = bytes.subarray(0, Math.min(bytes.byteLength, 64 * 1024));
  const [b0, b1] = head;
  const littleEndian = (b0 === 0xff && b1 === 0xfe) || (b0 === 0x3c && b1 === 0x00);
  const bigEndian = (b0 === 0xfe && b1 === 0xff) || (b0 === 0x00 && b1 === 0x3c);
  if (littleEndian || bigEndian) return new TextDecoder(littleEndian ? 'utf-16le' : 'utf-16be', { ignoreBOM: true }).decode(head.subarray(0, head.byteLength & ~1));
  if (b0 === 0xef && b1 === 0xbb && head[2] === 0xbf) return Buffer.from(head.buffer, head.byteOffset + 3, head.byteLength - 3).toString('latin1');
  return Buffer.from(head.buffer, head.byteOffset, head.byteLength).toString('latin1');
};

const refuseDoctype = (bytes: Uint8Array): void => {
  if (PROLOG_DOCTYPE.test(prologText(bytes))) {
    throw new ValidationFailure('doctype', 'The document has a DOCTYPE declaration. E-invoices never have one, and it is refused because it can pull in external files or expand entities.');
  }
};

const parse = (bytes: Uint8Array): XmlDocument => {
  if (bytes.byteLength === 0) throw new ValidationFailure('not_xml', 'The file is empty.');
  try {
    return XmlDocument.fromBuffer(bytes, { url: 'document.xml' });
  } catch (error) {
    if (error instanceof XmlParseError) {
      const first = error.details[0];
      const where = first?.line ? ` (line ${first.line}${first.col ? `, column ${first.col}` : ''})` : '';
      throw new ValidationFailure('not_xml', `This is not well-formed XML${where}: ${plainSchemaMessage(first?.message ?? error.message)}`);
    }
    throw error;
  }
};

const childText = (root: XmlElement, localName: string): string => {
  for (let node = root.firstChild; node; node = node.next) {
    const element = node as XmlElement;
    if (typeof element.name === 'string' && element.name === localName) return element.content.trim();
  }
  return '';
};

const identityOf = (root: XmlElement, job: ValidationJob): DocumentIdentity => {
  const identity = identify(root.namespaceUri, root.name, { customizationId: childText(root, 'CustomizationID'), toKsef: job.ruleSet === KSEF_DESTINATION });
  if (!identity) {
    const namespace = root.namespaceUri ? ` in namespace ${root.namespaceUri}` : ' without a namespace';
    throw new ValidationFailure('unknown_document', `The root element is ${root.name}${namespace}, which is not a document this app knows. Expected: ${supportedRoots}.`);
  }
  return identity;
};

const pickRuleSet = (job: ValidationJob, identity: DocumentIdentity, root: XmlElement, day: Day): RuleSet | undefined => {
  if (job.ruleSet === KSEF_DESTINATION) {
    if (identity.kind !== 'ksef') throw new ValidationFailure('rule_set_not_applicable', `KSeF takes FA (2), FA (3), FA_RR (1) and PEF (3) documents, not this ${identity.kind}.`);
    return undefined;
  }
  if (job.ruleSet) {
    const chosen = findRuleSet(job.ruleSet, day);
    if (!chosen) throw new ValidationFailure('rule_set_unknown', `There is no rule set "${job.ruleSet}".`);
    if (!chosen.documentTypes.includes(identity.kind)) {
      throw new ValidationFailure('rule_set_not_applicable', `The rule set "${chosen.name}" applies to ${chosen.documentTypes.join(' and ')} documents, not to this ${identity.kind}.`);
    }
    return chosen;
  }
  if (identity.kind === 'fatturapa' || identity.kind === 'ksef') return undefined;
  return ruleSetFor(identity.kind, childText(root, 'CustomizationID'), childText(root, 'ProfileID'), day);
};

const schemaFamilies: Partial<Record<DocumentKind, RuleFamily[]>> = { fatturapa: ['fatturapa', 'fatturapa-semplificata'], ksef: ['ksef-fa'] };

/** A schema-only check (FatturaPA, KSeF) named with its calendar release's dates, when the calendar knows its version. */
const describeSchema = (identity: DocumentIdentity, day: Day): RuleSetRef => {
  const { version, name } = identity.schema;
  const code = identity.schema.code ?? (identity.kind === 'fatturapa' ? `fatturapa-${version}` : `ksef-${version.startsWith('FA (3)') ? 'fa3' : 'fa2'}`);
  const release = releases.find((entry) => (schemaFamilies[identity.kind] ?? []).includes(entry.family) && version.startsWith(entry.versions.schema ?? entry.release));
  if (!release) return { code, name, version, checkedOn: day };
  // Only a coming schema: a document in an older schema than the one in force is the format checks' business (Italy, Poland).
  const coming = successorToAnnounce(release, day);
  const next = coming && daysBetween(day, coming.validFrom) > 0 ? coming : undefined;
  return {
    code,
    name,
    version,
    ...datesOf(release),
    checkedOn: day,
    ...(next
      ? { successor: { title: name.replace(/ schema$/, ''), version: next.versions.schema ?? next.release, release: next.name, validFrom: next.validFrom, rulesAvailable: isVendored(next), currentVersion: version, daysUntil: daysBetween(day, next.validFrom) } }
      : {}),
  };
};

/** The XML text as SaxonJS needs it: decoded with the encoding the declaration names. */
const decodeText = (bytes: Uint8Array): string => {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 200)).toString('latin1');
  const label = /^\uFEFF?<\?xml[^>]*encoding=["']([\w.-]+)["']/.exec(head.replace(/^\xEF\xBB\xBF/, ''))?.[1] ?? 'utf-8';
  try {
    return new TextDecoder(label).decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
};

/** A layer's findings; a value that stops its rules (a dynamic XPath error) is one fatal finding saying which and where. */
const runLayerOrFinding = (saxonDoc: unknown, layer: RuleSet['layers'][number], pattern: string | undefined, doc: XmlDocument): ValidationIssue[] => {
  try {
    return runLayer(saxonDoc, layer, pattern);
  } catch (error) {
    if (isRuleDynamicError(error)) return [ruleDynamicErrorIssue(error, layer, doc)];
    throw error;
  }
};

/** A unit of Schematron work: a whole layer, or one of its patterns. */
interface LayerUnit {
  layer: RuleSet['layers'][number];
  position: number;
  pattern?: { mode: string; index: number };
}

const patternUnits = (layers: RuleSet['layers']): LayerUnit[] =>
  layers.flatMap((layer, position) => {
    const modes = patternsOf(layer);
    return modes.length === 0 ? [{ layer, position }] : modes.map((mode, index) => ({ layer, position, pattern: { mode, index } }));
  });

/** `unit` tells the engine which piece of work started (progress of several threads is counted by it). */
export type ProgressReporter = (progress: ValidationProgress, unit: string) => void;

export const validateInThread = (job: ValidationJob, onProgress: ProgressReporter = () => {}): PartialResult => {
  if (job.bytes.byteLength > MAX_DOCUMENT_BYTES) {
    throw new ValidationFailure('too_large', `The document is ${(job.bytes.byteLength / 1024 / 1024).toFixed(1)} MB; documents up to ${MAX_DOCUMENT_BYTES / 1024 / 1024} MB are validated.`);
  }
  refuseDoctype(job.bytes);
  const doc = parse(job.bytes);
  try {
    const root = doc.root;
    const identity = identityOf(root, job);
    if (job.on !== undefined && !isDay(job.on)) throw new ValidationFailure('engine', `"${job.on}" is not a day (YYYY-MM-DD).`);
    const day = job.on ?? dayOf();
    const ruleSet = pickRuleSet(job, identity, root, day);
    const schemaArtefact: ArtefactRef = { name: identity.schema.name, version: identity.schema.version };
    const layers = job.schemaOnly ? [] : (ruleSet?.layers ?? []);
    const { index, of } = job.share ?? { index: 0, of: 1 };
    const units = job.units && layers.length > 0 ? patternUnits(layers) : undefined;
    const ksef = identity.kind === 'ksef';
    const artefacts = [schemaArtefact, ...(ksef ? [KSEF_PRECHECKS] : []), ...layers.map(({ name, version }) => ({ name, version }))];
    const total = 1 + (units?.length ?? layers.length);
    const parts: ValidationPart[] = [];
    let done = 0;
    if (index === 0) {
      onProgress({ phase: 'schema', done, total, artefact: schemaArtefact.name }, 'schema');
      parts.push({ order: 0, artefact: schemaArtefact, issues: explainSchemaIssues(identity, validateSchema(doc, identity.schema.xsd, schemaArtefact)) });
      if (ksef) parts.push({ order: 0, pattern: 1, artefact: KSEF_PRECHECKS, issues: ksefPrecheckIssues(job.bytes, job.ruleSet === KSEF_DESTINATION) });
      done += 1;
    }
    let saxonDoc: unknown;
    const run = ({ layer, position, pattern }: LayerUnit): void => {
      saxonDoc ??= saxonDocument(decodeText(job.bytes));
      onProgress({ phase: 'rules', done, total, artefact: layer.name }, `${position}:${pattern?.mode ?? ''}`);
      const guard = pattern && job.guards !== false ? patternGuard(layer.xslt, sefDigest(layer), pattern.mode) : undefined;
      const skipped = guard !== undefined && !guardHolds(saxonDoc, guard);
      const issues = (skipped ? [] : runLayerOrFinding(saxonDoc, layer, pattern?.mode, doc)).map((issue) => {
        if (issue.line !== undefined) return issue;
        const line = lineOf(doc, issue.location);
        return { ...issue, location: readableLocation(issue.location), ...(line ? { line } : {}) };
      });
      parts.push({ order: 1 + position, ...(pattern ? { pattern: pattern.index } : {}), artefact: { name: layer.name, version: layer.version }, issues });
      done += 1;
    };
    if (units && job.units) {
      const queue = unitQueue(job.units, units.length, of > 1 && index === of - 1 ? 'back' : 'front');
      for (let next = queue.take(); next !== undefined; next = queue.take()) run(units[next]!);
    } else {
      for (const [position, layer] of layers.entries()) if (position % of === index) run({ layer, position });
    }
    const described: RuleSetRef = ruleSet
      ? { code: ruleSet.code, name: ruleSet.name, version: ruleSet.version, ...datesFor(ruleSet, day) }
      : describeSchema(identity, day);
    return { kind: identity.kind, ruleSet: described, artefacts, parts };
  } finally {
    doc.dispose();
  }
};
