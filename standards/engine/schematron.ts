/**
 * Schematron validation with the official compiled XSLTs, run by SaxonJS from the SEFs compiled at
 * build time (scripts/compile-standards.mjs). Each SEF is read on first use and kept.
 */
import { createRequire } from 'node:module';
import type SaxonJSModule from 'saxon-js';
import { sefPath } from './paths';
import type { SchematronLayer } from './rule-sets';
import { CompiledRulesUnavailable, loadSef, sefManifest } from './sef-store';
import type { ValidationIssue } from './types';
import { ValidationFailure } from './types';

/** Loaded on first use (about a second of CPU): a worker that only checks schemas (FatturaPA, KSeF uploads) never pays it. */
let saxon: typeof SaxonJSModule | undefined;
const SaxonJS = (): typeof SaxonJSModule => (saxon ??= createRequire(import.meta.url)('saxon-js') as typeof SaxonJSModule);

const stylesheets = new Map<string, { tree: unknown; sha256: string }>();

const loadedLayer = (layer: SchematronLayer): { tree: unknown; sha256: string } => {
  let stylesheet = stylesheets.get(layer.xslt);
  if (!stylesheet) {
    try {
      // loadSef checked the SEF against the manifest's SHA-256, which is also what its guards were derived from.
      stylesheet = { tree: loadSef(sefPath(layer.xslt)), sha256: sefManifest()[layer.xslt]?.sha256 ?? '' };
    } catch (error) {
      if (!(error instanceof CompiledRulesUnavailable)) throw error;
      throw new ValidationFailure('rules_unavailable', `${layer.name} (${layer.version}) cannot run: ${error.message}`);
    }
    stylesheets.set(layer.xslt, stylesheet);
  }
  return stylesheet;
};

const stylesheetFor = (layer: SchematronLayer): unknown => loadedLayer(layer).tree;

/** The SHA-256 of the layer's SEF (the pattern guards apply only to the SEF they were derived from). */
export const sefDigest = (layer: SchematronLayer): string => loadedLayer(layer).sha256;

/**
 * Whether a pattern guard (an XPath, see guards.ts) holds for the document. An error counts as
 * holding: the pattern then runs, as it would without a guard.
 */
export const guardHolds = (document: unknown, guard: string): boolean => {
  try {
    return SaxonJS().XPath.evaluate(guard, document) !== false;
  } catch {
    return true;
  }
};

/** Runs of a layer on the warm-up document: SaxonJS's closures reach V8's optimised code after a handful (measured: 2.8 s, 0.9 s, 0.5 s, … 0.1 s). */
const WARM_UP_RUNS = 8;

/**
 * Loads a layer's SEF and runs it on `sample` (a document of the layer's kind) several times, so
 * SaxonJS has prepared the rules and V8 has optimised them before the first real validation.
 * Without a sample, one run on an empty document only loads it.
 */
export const warmLayer = (layer: SchematronLayer, sample?: string): void => {
  const stylesheet = stylesheetFor(layer);
  const document = saxonDocument(sample ?? '<warm-up/>');
  for (let run = 0; run < (sample ? WARM_UP_RUNS : 1); run++) {
    SaxonJS().transform({ stylesheetInternal: stylesheet, sourceNode: document, destination: 'document' }, 'sync');
  }
};

/** A document in SaxonJS's tree, built once and shared by every layer run in this thread. */
export const saxonDocument = (text: string): unknown => SaxonJS().XPath.evaluate('parse-xml($text)', null, { params: { text } });

const SVRL = 'http://purl.oclc.org/dsdl/svrl';

interface DomElement {
  namespaceURI: string | null;
  localName: string;
  childNodes: ArrayLike<DomElement & { nodeType: number; textContent: string | null }>;
  getAttribute(name: string): string | null;
  textContent: string | null;
  nodeType: number;
}

const elementsOf = (node: DomElement): DomElement[] => Array.from(node.childNodes).filter((child) => child.nodeType === 1);

const normalise = (text: string | null | undefined): string => (text ?? '').replace(/\s+/g, ' ').trim();

/** The SVRL's failed asserts and successful reports as issues (a `warning` flag or none is a warning). */
export const svrlIssues = (svrl: DomElement | null, layer: SchematronLayer): ValidationIssue[] => {
  if (!svrl) return [];
  // A whole layer's SVRL is wrapped in svrl:schematron-output; one pattern's run (`initialMode`) is not.
  const top = svrl.nodeType === 9 || svrl.nodeType === 11 ? elementsOf(svrl) : [svrl];
  const findings = top.length === 1 && top[0]!.localName === 'schematron-output' ? elementsOf(top[0]!) : top;
  return findings
    .filter((node) => node.namespaceURI === SVRL && (node.localName === 'failed-assert' || node.localName === 'successful-report'))
    .map((node) => {
      const text = elementsOf(node).find((child) => child.localName === 'text');
      return {
        ruleId: node.getAttribute('id') ?? '(no id)',
        flag: node.getAttribute('flag') === 'fatal' ? 'fatal' : 'warning',
        message: normalise(text?.textContent),
        location: node.getAttribute('location') ?? '/',
        test: normalise(node.getAttribute('test')),
        artefact: { name: layer.name, version: layer.version },
      } satisfies ValidationIssue;
    });
};

/** Runs a whole layer, or only one of its patterns (`pattern`: the pattern's mode, see patterns.ts). */
export const runLayer = (document: unknown, layer: SchematronLayer, pattern?: string): ValidationIssue[] => {
  const result = SaxonJS().transform(
    { stylesheetInternal: stylesheetFor(layer), sourceNode: document, destination: 'document', ...(pattern ? { initialMode: pattern } : {}) },
    'sync',
  );
  return svrlIssues(result.principalResult as DomElement | null, layer);
};
