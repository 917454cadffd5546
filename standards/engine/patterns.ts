/**
 * The Schematron patterns of a layer, as the official compiled XSLT runs them: its root template
 * applies one mode per pattern (`<xsl:apply-templates mode="M26" select="/"/>`), in the schema's
 * order. Running each mode on its own (SaxonJS's `initialMode`) gives the same findings in the same
 * order as the whole layer (tested over every fixture, standards/engine/patterns.test.ts); it lets the
 * engine share a large document's patterns between its workers and report progress per pattern.
 */
import { readFileSync } from 'node:fs';
import { artefactPath } from './paths';
import type { SchematronLayer } from './rule-sets';

const ROOT_TEMPLATE = /<xsl:template match="\/">([\s\S]*?)<\/xsl:template>/;
const PATTERN_MODE = /<xsl:apply-templates mode="(M\d+)" select="\/"\s*\/>/g;

const cache = new Map<string, string[]>();

/** The layer's pattern modes in order; empty if the stylesheet is not shaped as expected (it then runs whole). */
export const patternsOf = (layer: SchematronLayer): string[] => {
  let modes = cache.get(layer.xslt);
  if (!modes) {
    const root = ROOT_TEMPLATE.exec(readFileSync(artefactPath(layer.xslt), 'utf8'))?.[1] ?? '';
    modes = [...root.matchAll(PATTERN_MODE)].map((match) => match[1]!);
    cache.set(layer.xslt, modes);
  }
  return modes;
};
