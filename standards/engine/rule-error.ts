/**
 * A document whose values stop an official Schematron with a dynamic XPath error (a rule casts
 * `1e400` or `""` to `xs:decimal`: FORG0001) is an invalid document, not a failure of the engine:
 * the error becomes a fatal finding that names the value, the rule that was evaluating it (the
 * context of the compiled rule at the line SaxonJS reports) and where the value is in the document.
 */
import { existsSync, readFileSync } from 'node:fs';
import type { XmlDocument, XmlElement } from 'libxml2-wasm';
import { artefactPath } from './paths';
import type { SchematronLayer } from './rule-sets';
import type { ValidationIssue } from './types';

/** W3C XPath/XSLT dynamic and type error codes (the document's data caused them), as SaxonJS reports them. */
const DYNAMIC_ERROR = /^(FO[A-Z]{2}\d{4}|XPTY\d{4}|XPDY\d{4}|FORG\d{4})$/;

interface SaxonError {
  code: string;
  message: string;
  xsltLineNr?: number | string;
}

export const isRuleDynamicError = (error: unknown): error is SaxonError =>
  typeof error === 'object' && error !== null && typeof (error as SaxonError).code === 'string' && DYNAMIC_ERROR.test((error as SaxonError).code);

/** Characters of a value quoted back in a finding. */
const SHOWN_VALUE = 60;

const suppliedValue = (message: string): string | undefined => /Supplied value "([\s\S]*?)" is not/.exec(message)?.[1];

const ruleContexts = new Map<string, string[]>();

/** The `match` of the compiled rule (`<xsl:template match=…>`) at or above `line` of the layer's XSLT. */
const ruleContextAt = (layer: SchematronLayer, line: number): string | undefined => {
  let lines = ruleContexts.get(layer.xslt);
  if (!lines) {
    const path = artefactPath(layer.xslt);
    if (!existsSync(path)) return undefined;
    lines = readFileSync(path, 'utf8').split('\n');
    ruleContexts.set(layer.xslt, lines);
  }
  for (let index = Math.min(line, lines.length) - 1; index >= 0; index--) {
    const match = /<xsl:template\b[^>]*\bmatch="([^"]+)"/.exec(lines[index] ?? '');
    if (match) return match[1]!.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
  }
  return undefined;
};

/** `/Invoice/cac:LegalMonetaryTotal/cbc:PayableAmount` (positions when there are several of a name). */
const pathOf = (element: XmlElement): string => {
  const steps: string[] = [];
  for (let node: XmlElement | null = element; node; node = node.parent) {
    const name = node.prefix ? `${node.prefix}:${node.name}` : node.name;
    const same = (other: XmlElement): boolean => other.name === node!.name && other.namespaceUri === node!.namespaceUri;
    const before = (node.find('preceding-sibling::*') as XmlElement[]).filter(same).length;
    const after = (node.find('following-sibling::*') as XmlElement[]).filter(same).length;
    const count = before + 1 + after;
    const position = before + 1;
    steps.unshift(count > 1 ? `${name}[${position}]` : name);
  }
  return `/${steps.join('/')}`;
};

const xpathLiteral = (value: string): string | undefined => (!value.includes("'") ? `'${value}'` : !value.includes('"') ? `"${value}"` : undefined);

/** Elements without child elements whose text is `value`, preferring those inside the rule's context. */
const elementsHolding = (doc: XmlDocument, value: string, context: string | undefined): XmlElement[] => {
  const literal = xpathLiteral(value.trim());
  if (literal === undefined) return [];
  try {
    const found = doc.find(`//*[not(*)][normalize-space(.)=${literal}]`) as XmlElement[];
    const contextName = context?.split('/').pop()?.replace(/\[.*$/, '').split(':').pop();
    const inContext = contextName ? found.filter((element) => pathOf(element).split('/').some((step) => step.replace(/\[\d+\]$/, '').split(':').pop() === contextName)) : [];
    return inContext.length > 0 ? inContext : found;
  } catch {
    return [];
  }
};

export const ruleDynamicErrorIssue = (error: SaxonError, layer: SchematronLayer, doc: XmlDocument): ValidationIssue => {
  const line = Number(error.xsltLineNr);
  const context = Number.isInteger(line) && line > 0 ? ruleContextAt(layer, line) : undefined;
  const value = suppliedValue(error.message);
  const places = value === undefined ? [] : elementsHolding(doc, value, context);
  const first = places[0];
  const shown = value === undefined ? undefined : value.length > SHOWN_VALUE ? `${value.slice(0, SHOWN_VALUE)}…` : value;
  const where = first ? ` at ${pathOf(first)} (line ${first.line})${places.length > 1 ? ` and ${places.length - 1} other place${places.length > 2 ? 's' : ''}` : ''}` : '';
  const rule = context ? ` by the rule on ${context}` : '';
  const what = shown !== undefined ? `The value "${shown}"${where}` : `A value${where}`;
  return {
    ruleId: error.code,
    flag: 'fatal',
    message: `${what} cannot be evaluated${rule} of ${layer.name}: ${error.message}. The document is invalid; correct the value.`,
    location: first ? pathOf(first) : context ? `//${context}` : '/',
    ...(first ? { line: first.line } : {}),
    test: error.message,
    artefact: { name: layer.name, version: layer.version },
  };
};
