/**
 * Schematron locations come as `/*:Invoice[namespace-uri()='…'][1]/*:InvoiceLine[namespace-uri()='…'][2]`.
 * Shown to people as `/Invoice/cac:InvoiceLine[2]`; their source line is found by evaluating the same
 * steps (as XPath 1.0) in the libxml2 tree.
 */
import type { XmlDocument } from 'libxml2-wasm';

const PREFIXES: Record<string, string> = {
  'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2': 'cac',
  'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2': 'cbc',
  'urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2': 'ext',
};

interface Step {
  name: string;
  namespace?: string;
  index?: number;
  attribute: boolean;
}

const STEP = /^(@?)(?:\*:)?([\w.-]+)(?:\[namespace-uri\(\)='([^']*)'\])?(?:\[(\d+)\])?$/;

const parseSteps = (location: string): Step[] | undefined => {
  if (!location.startsWith('/')) return undefined;
  const steps: Step[] = [];
  for (const raw of location.slice(1).split('/')) {
    const match = STEP.exec(raw);
    if (!match) return undefined;
    const [, at, name, namespace, index] = match;
    steps.push({ name: name!, attribute: at === '@', ...(namespace !== undefined ? { namespace } : {}), ...(index ? { index: Number(index) } : {}) });
  }
  return steps;
};

/** `/Invoice/cac:InvoiceLine[2]/cbc:ID`; an unparsable location is returned as it is. */
export const readableLocation = (location: string): string => {
  const steps = parseSteps(location);
  if (!steps) return location;
  return `/${steps
    .map((step, position) => {
      if (step.attribute) return `@${step.name}`;
      const prefix = position > 0 && step.namespace ? PREFIXES[step.namespace] : undefined;
      const name = prefix ? `${prefix}:${step.name}` : step.name;
      // Document lines keep their position even when first, so a place can always be matched to its line.
      const showIndex = step.index !== undefined && (step.index > 1 || /Line$/.test(step.name));
      return showIndex ? `${name}[${step.index}]` : name;
    })
    .join('/')}`;
};

/** The source line of the element a location points at (its parent's, for an attribute). */
export const lineOf = (doc: XmlDocument, location: string): number | undefined => {
  const steps = parseSteps(location)?.filter((step) => !step.attribute);
  if (!steps || steps.length === 0) return undefined;
  const xpath = `/${steps
    .map((step) => {
      const namespace = step.namespace !== undefined ? ` and namespace-uri()='${step.namespace}'` : '';
      return `*[local-name()='${step.name}'${namespace}][${step.index ?? 1}]`;
    })
    .join('/')}`;
  try {
    const nodes = doc.find(xpath);
    return nodes[0]?.line;
  } catch {
    return undefined;
  }
};
