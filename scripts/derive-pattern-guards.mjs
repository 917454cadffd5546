#!/usr/bin/env node
/**
 * Derives the Schematron pattern guards from the compiled rules (the SEFs in standards/sef/) and
 * writes standards/sef/guards.json. Run after scripts/compile-standards.mjs (which calls it).
 *
 * A pattern (one mode of a layer's XSLT) can only report a finding through a rule (a template rule
 * whose action writes svrl:failed-assert or svrl:successful-report) whose context matches a node.
 * For each such rule the guard is a condition that must hold for the rule to match anywhere:
 *  - a document-level conjunct of a predicate of its context (one that depends on the context node
 *    only through root(), e.g. `//cac:TaxCategory[//cac:AccountingSupplierParty/…/cbc:IdentificationCode = 'SE' and …]`),
 *    evaluated once per document instead of once per node;
 *  - else, when the context has no path from the root inside a predicate (so it is linear to
 *    evaluate), `exists(<the context as a path from the root>)`, which holds exactly when it matches.
 * The pattern's guard is the disjunction of its rules' guards; when any reporting rule has none (an
 * expression this derivation does not read, a stylesheet variable…), the pattern gets none and
 * always runs. Everything is read from Saxon's parsed tree, never from a hand-written list, and the
 * guard is XPath 3.1 with EQNames (Q{uri}local), so it needs no namespace bindings.
 *
 * Output: { "version": 1, "layers": { "<artefact path>": { "sefSha256": "…", "patterns": { "M32": "<XPath>" | null } } } }.
 * The engine ignores a layer's guards when its SEF's SHA-256 differs (the SEF was recompiled since).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const defaultSefDir = join(root, 'standards', 'sef');

/** The one place that reads a compiled SEF (brotli, standards/sef/…sef.json.br): its decompressed bytes and its tree. */
export const readSef = (path) => {
  const bytes = brotliDecompressSync(readFileSync(path));
  return { bytes, tree: JSON.parse(bytes.toString('utf8')) };
};

class Unsupported extends Error {}
const unsupported = (what) => {
  throw new Unsupported(what);
};

const FN = 'Q{http://www.w3.org/2005/xpath-functions}';
const children = (node) => node.C ?? [];
const only = (node) => (children(node).length === 1 ? children(node)[0] : unsupported(`${node.N} with ${children(node).length} operands`));
const two = (node) => (children(node).length === 2 ? children(node) : unsupported(`${node.N} with ${children(node).length} operands`));

/** A Saxon SEF type/test string (`*NE nQ{uri}local`, `NA nQ{}x`, `NE`, `N`, `ND`, `NT`) as an XPath node test. */
export const nodeTest = (test) => {
  const match = /^[*+?1]?(NE|NA|ND|NT|N)(?: nQ\{([^}]*)\}([\w.-]+))?$/.exec(test ?? '');
  if (!match) return unsupported(`node test ${test}`);
  const [, kind, uri, local] = match;
  const name = local !== undefined ? `Q{${uri}}${local}` : undefined;
  if (kind === 'NE') return name ?? '*';
  if (kind === 'NA') return name ?? '*';
  if (name) return unsupported(`named ${kind}`);
  return { N: 'node()', ND: 'document-node()', NT: 'text()' }[kind];
};
const isAttributeTest = (test) => /^[*+?1]?NA\b/.test(test ?? '');

const literal = (text) => `"${String(text).replaceAll('"', '""')}"`;
const GENERAL = new Set(['=', '!=', '<', '<=', '>', '>=']);
const VALUE = new Set(['eq', 'ne', 'lt', 'le', 'gt', 'ge']);
const AXES = new Set(['child', 'descendant', 'descendant-or-self', 'parent', 'ancestor', 'ancestor-or-self', 'self', 'attribute', 'following-sibling', 'preceding-sibling', 'following', 'preceding']);
/** Functions of no argument whose value does not depend on the context item. */
const CONTEXT_FREE_NULLARY = new Set(['true', 'false', 'current-date', 'current-dateTime', 'current-time']);

/** An XPath 3.1 text for a Saxon expression tree, or Unsupported. */
export const expression = (node) => {
  switch (node.N) {
    case 'root':
      return 'root(.)';
    case 'dot':
      return '.';
    case 'axis':
      if (!AXES.has(node.name)) return unsupported(`axis ${node.name}`);
      return `${node.name}::${nodeTest(node.nodeTest)}`;
    case 'slash': {
      const [left, right] = two(node);
      return `(${expression(left)})/(${expression(right)})`;
    }
    case 'docOrder':
      return `((${expression(only(node))})/.)`;
    case 'filter': {
      const [base, predicate] = two(node);
      return `(${expression(base)})[${expression(predicate)}]`;
    }
    case 'gc':
    case 'vc': {
      const ops = node.N === 'gc' ? GENERAL : VALUE;
      if (!ops.has(node.op)) return unsupported(`${node.N} ${node.op}`);
      const [left, right] = two(node);
      return `(${expression(left)}) ${node.op} (${expression(right)})`;
    }
    case 'compareToString':
    case 'compareToInt':
      if (!VALUE.has(node.op)) return unsupported(`${node.N} ${node.op}`);
      return `(${expression(only(node))}) ${node.op} ${node.N === 'compareToString' ? literal(node.val) : `(${Number.parseInt(node.val, 10)})`}`;
    case 'and':
    case 'or': {
      const [left, right] = two(node);
      return `(${expression(left)}) ${node.N} (${expression(right)})`;
    }
    case 'fn':
      if (!/^[a-z][\w-]*$/.test(node.name ?? '')) return unsupported(`function ${node.name}`);
      return `${FN}${node.name}(${children(node).map(expression).join(', ')})`;
    case 'str':
      return literal(node.val);
    case 'int':
      if (!/^-?\d+$/.test(node.val ?? '')) return unsupported(`int ${node.val}`);
      return `(${node.val})`;
    case 'true':
      return `${FN}true()`;
    case 'false':
      return `${FN}false()`;
    case 'data':
      return `${FN}data(${expression(only(node))})`;
    case 'attVal':
      return `${FN}data(attribute::${nodeTest(`NA n${node.name}`)})`;
    // Conversions Saxon inserts for a function's or operator's argument types: the regenerated XPath
    // gets the same conversions from the same rules, so the operand stands for itself.
    case 'cvUntyped':
    case 'check':
    case 'convert':
    case 'atomSing':
      return expression(only(node));
    default:
      return unsupported(`expression ${node.N}`);
  }
};

/** Whether an expression depends on the context node only through root() (the same for every node of the document). */
export const contextFree = (node) => {
  switch (node.N) {
    case 'root':
    case 'str':
    case 'int':
    case 'true':
    case 'false':
      return true;
    case 'axis':
    case 'dot':
    case 'attVal':
      return false;
    case 'slash':
    case 'filter':
      // The right-hand step and the predicate are evaluated against the left-hand side's items.
      return children(node).length > 0 && contextFree(children(node)[0]);
    case 'fn':
      return children(node).length === 0 ? CONTEXT_FREE_NULLARY.has(node.name) : children(node).every(contextFree);
    default:
      return children(node).length > 0 && children(node).every(contextFree);
  }
};

const conjuncts = (node) => (node.N === 'and' ? children(node).flatMap(conjuncts) : [node]);

const contains = (node, name) => node.N === name || children(node).some((child) => contains(child, name));

/** The document-level conjuncts of a pattern's predicates (a union has none of its own: see ruleGuard). */
const documentLevelConjuncts = (pattern) => {
  const found = [];
  const visit = (node) => {
    if (node.N === 'p.withPredicate') {
      const [, predicate] = two(node);
      // A predicate that is not a conjunction may be positional (X[1]); only boolean-valued tests are taken.
      const tests = predicate.N === 'and' ? conjuncts(predicate) : ['gc', 'vc', 'compareToString', 'compareToInt', 'or'].includes(predicate.N) ? [predicate] : [];
      for (const test of tests) {
        if (!contextFree(test)) continue;
        try {
          found.push(`${FN}boolean(${expression(test)})`);
        } catch (error) {
          if (!(error instanceof Unsupported)) throw error;
        }
      }
    }
    children(node).forEach(visit);
  };
  visit(pattern);
  return found;
};

const BOOLEAN_FUNCTIONS = new Set(['exists', 'empty', 'not', 'boolean', 'contains', 'starts-with', 'ends-with', 'matches', 'true', 'false']);

/** A predicate that is a true/false test (never positional), so it means the same on any axis. */
const booleanPredicate = (node) => {
  if (contains(node, 'fn') && JSON.stringify(node).match(/"name":"(position|last)"/)) return unsupported('a positional predicate');
  const ok = ['and', 'or', 'gc', 'vc', 'compareToString', 'compareToInt', 'docOrder', 'axis'].includes(node.N) || (node.N === 'fn' && BOOLEAN_FUNCTIONS.has(node.name));
  return ok ? expression(node) : unsupported(`predicate ${node.N}`);
};

/** One step of a pattern (`p.nodeTest`, or `p.withPredicate` of one) reached from its upper part along `axis`. */
const patternStep = (self, axis) => {
  const [test, predicate] = self.N === 'p.withPredicate' ? two(self) : [self, undefined];
  if (test.N !== 'p.nodeTest' || /^[*+?1]?ND$/.test(test.test)) return unsupported(`pattern step ${test.N} ${test.test ?? ''}`);
  const attribute = isAttributeTest(test.test);
  const forward = attribute
    ? { parent: 'attribute', ancestor: 'descendant-or-self::node()/attribute' }[axis]
    : { parent: 'child', ancestor: 'descendant-or-self::node()/child', 'ancestor-or-self': 'descendant-or-self::node()/self' }[axis];
  if (!forward) return unsupported(`pattern axis ${axis}`);
  const step = `${forward}::${nodeTest(test.test)}`;
  return predicate ? `${step}[${booleanPredicate(predicate)}]` : step;
};

/** A pattern as an expression that, from any node of the document, selects every node the pattern matches. */
export const patternExpression = (pattern) => {
  switch (pattern.N) {
    case 'p.nodeTest':
      if (/^[*+?1]?ND$/.test(pattern.test)) return 'root(.)';
      return `root(.)/descendant-or-self::node()/${patternStep(pattern, 'parent')}`;
    case 'p.withPredicate':
      return `root(.)/descendant-or-self::node()/${patternStep(pattern, 'parent')}`;
    case 'p.withUpper': {
      const [self, upper] = two(pattern);
      return `(${patternExpression(upper)})/${patternStep(self, pattern.axis)}`;
    }
    case 'p.venn':
      if (pattern.op !== 'union') return unsupported(`pattern ${pattern.op}`);
      return children(pattern).map((branch) => `(${patternExpression(branch)})`).join(' | ');
    default:
      return unsupported(`pattern ${pattern.N}`);
  }
};

/** A rule's guard: necessary for its context to match any node of the document. */
export const ruleGuard = (pattern) => {
  if (pattern.N === 'p.venn' && pattern.op === 'union') return children(pattern).map((branch) => `(${ruleGuard(branch)})`).join(' or ');
  const documentLevel = documentLevelConjuncts(pattern);
  if (documentLevel.length > 0) return documentLevel.join(' and ');
  if (contains(pattern, 'root')) return unsupported('a path from the root inside a predicate, with no document-level conjunct');
  return `${FN}exists(${patternExpression(pattern)})`;
};

const reports = (node) =>
  (node.N === 'elem' && /(^|:)(failed-assert|successful-report)$/.test(node.name ?? '')) || children(node).some(reports);

/** Every pattern mode (M<n>) of a compiled Schematron layer, with its guard or null. */
export const deriveLayerGuards = (tree) => {
  const patterns = {};
  const visit = (node) => {
    if (node.N === 'mode' && /^Q\{\}M\d+$/.test(node.name ?? '')) {
      const mode = node.name.slice(3);
      const guards = [];
      let guarded = true;
      for (const rule of children(node).filter((child) => child.N === 'templateRule')) {
        const action = children(rule).filter((child) => child.role !== 'match');
        if (!action.some(reports)) continue;
        const match = children(rule).find((child) => child.role === 'match');
        try {
          if (!match) unsupported('a rule without a match');
          guards.push(`(${ruleGuard(match)})`);
        } catch (error) {
          if (!(error instanceof Unsupported)) throw error;
          guarded = false;
        }
      }
      patterns[mode] = guarded ? (guards.length > 0 ? guards.join(' or ') : `${FN}false()`) : null;
      return;
    }
    children(node).forEach(visit);
  };
  visit(tree);
  return patterns;
};

const readPrevious = (path) => {
  try {
    const previous = JSON.parse(readFileSync(path, 'utf8'));
    return previous?.version === 1 && previous.layers ? previous.layers : {};
  } catch {
    return {};
  }
};

/**
 * Derives the guards of every compiled Schematron layer listed in the SEF manifest and writes
 * guards.json beside it. A layer whose SEF is unchanged since the last run keeps its guards (a run
 * with nothing recompiled only hashes the SEFs).
 */
export const derivePatternGuards = ({ sefDir = defaultSefDir, quiet = false } = {}) => {
  const manifest = JSON.parse(readFileSync(join(sefDir, 'manifest.json'), 'utf8'));
  const out = join(sefDir, 'guards.json');
  const previous = readPrevious(out);
  const layers = {};
  for (const artefact of Object.keys(manifest).sort()) {
    if (!/\.xslt$/.test(artefact)) continue;
    // The manifest's `sef` is relative to the folder holding standards/; its `sha256` is the decompressed SEF's.
    const sef = join(sefDir, '..', '..', manifest[artefact].sef);
    if (!existsSync(sef)) continue;
    const sefSha256 = manifest[artefact].sha256;
    if (previous[artefact]?.sefSha256 === sefSha256) {
      layers[artefact] = previous[artefact];
      continue;
    }
    const patterns = deriveLayerGuards(readSef(sef).tree);
    if (Object.keys(patterns).length > 0) layers[artefact] = { sefSha256, patterns };
  }
  writeFileSync(out, `${JSON.stringify({ version: 1, layers }, null, 1)}\n`);
  if (!quiet) {
    const all = Object.values(layers).flatMap((layer) => Object.values(layer.patterns));
    process.stderr.write(`[standards] pattern guards: ${all.filter(Boolean).length} of ${all.length} patterns guarded (standards/sef/guards.json)\n`);
  }
  return { version: 1, layers };
};

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) derivePatternGuards();
