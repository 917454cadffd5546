/**
 * A small, namespace-aware element tree built with fast-xml-parser. Element and attribute names
 * are local names (prefixes dropped), so the rest of the code never depends on the prefixes a
 * sender chose. Runs in Node and in the browser.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { UblParseError } from './errors';
import { assertSafeXml, forbiddenReferenceMessage, isXmlChar } from './xml-safety';

export interface XmlElement {
  /** Local name, e.g. `AccountingSupplierParty`. */
  name: string;
  /** Namespace URI the element's prefix (or the default namespace) resolves to, '' when none. */
  namespace: string;
  /** Attributes by local name, without namespace declarations. */
  attributes: Record<string, string>;
  children: XmlElement[];
  /** The element's own character data (CDATA included), entities decoded, untrimmed. */
  text: string;
}

type OrderedNode = Record<string, unknown>;

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
  // Entities are decoded below in one pass, so `&amp;#229;` stays the text `&#229;`.
  processEntities: false,
  maxNestedTags: 200,
});

/** Parses XML text into an element tree; throws `UblParseError('malformed_xml')` with a position. */
export function parseXmlTree(xml: string): XmlElement {
  const source = xml.charCodeAt(0) === 0xfeff ? xml.slice(1) : xml;
  if (source.trim() === '') throw new UblParseError('malformed_xml', 'The document is empty: expected XML.');
  assertSafeXml(source);
  const validation = XMLValidator.validate(source);
  if (validation !== true) {
    const { msg, line, col } = validation.err;
    const where = line ? ` (line ${line}${col ? `, column ${col}` : ''})` : '';
    throw new UblParseError('malformed_xml', `The XML is not well-formed${where}: ${msg}`, line || undefined, col || undefined);
  }
  let nodes: unknown;
  try {
    nodes = parser.parse(source);
  } catch (error) {
    throw new UblParseError('malformed_xml', `The XML could not be read: ${error instanceof Error ? error.message : String(error)}`);
  }
  const roots = (Array.isArray(nodes) ? (nodes as OrderedNode[]) : []).filter((node) => elementName(node) !== null);
  if (roots.length !== 1) {
    throw new UblParseError('malformed_xml', roots.length === 0 ? 'The XML has no root element.' : 'The XML has more than one root element.');
  }
  return toElement(roots[0] as OrderedNode, new Map([['xml', 'http://www.w3.org/XML/1998/namespace']]));
}

function elementName(node: OrderedNode): string | null {
  for (const key of Object.keys(node)) {
    if (key !== ':@' && key !== '#text' && !key.startsWith('?') && key !== '#comment') return key;
  }
  return null;
}

function toElement(node: OrderedNode, inherited: Map<string, string>): XmlElement {
  const qualifiedName = elementName(node) as string;
  const rawAttributes = (node[':@'] ?? {}) as Record<string, string>;
  let scope = inherited;
  const attributes: Record<string, string> = {};
  for (const [name, value] of Object.entries(rawAttributes)) {
    if (name === 'xmlns' || name.startsWith('xmlns:')) {
      if (scope === inherited) scope = new Map(inherited);
      scope.set(name === 'xmlns' ? '' : name.slice(6), decodeEntities(String(value)));
    } else {
      attributes[localName(name)] = decodeEntities(String(value));
    }
  }
  const colon = qualifiedName.indexOf(':');
  const prefix = colon >= 0 ? qualifiedName.slice(0, colon) : '';
  const element: XmlElement = {
    name: colon >= 0 ? qualifiedName.slice(colon + 1) : qualifiedName,
    namespace: scope.get(prefix) ?? '',
    attributes,
    children: [],
    text: '',
  };
  const content = node[qualifiedName];
  let text = '';
  if (Array.isArray(content)) {
    for (const child of content as OrderedNode[]) {
      if ('#text' in child) text += String(child['#text']);
      else if (elementName(child) !== null) element.children.push(toElement(child, scope));
    }
  }
  element.text = decodeEntities(text);
  return element;
}

function localName(name: string): string {
  const colon = name.indexOf(':');
  return colon >= 0 ? name.slice(colon + 1) : name;
}

const namedEntities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Decodes the XML predefined entities and character references; unknown entities stay as written. */
export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[A-Za-z][\w.-]*);/g, (whole, body: string) => {
    if (body.startsWith('#x') || body.startsWith('#X')) return codePoint(parseInt(body.slice(2), 16), whole);
    if (body.startsWith('#')) return codePoint(parseInt(body.slice(1), 10), whole);
    return namedEntities[body] ?? whole;
  });
}

function codePoint(value: number, whole: string): string {
  // parseXmlTree refuses these up front; this guards callers that decode text of their own.
  if (!Number.isFinite(value) || !isXmlChar(value)) throw new UblParseError('malformed_xml', forbiddenReferenceMessage(whole));
  return String.fromCodePoint(value);
}

// ---- reading helpers -------------------------------------------------------------------------

export function childElements(element: XmlElement | undefined, name: string): XmlElement[] {
  return element ? element.children.filter((child) => child.name === name) : [];
}

export function childElement(element: XmlElement | undefined, name: string): XmlElement | undefined {
  return element?.children.find((child) => child.name === name);
}

/** Follows a `/`-separated path of local names, taking the first match at each step. */
export function findElement(element: XmlElement | undefined, path: string): XmlElement | undefined {
  let current = element;
  for (const step of path.split('/')) {
    if (!current) return undefined;
    current = childElement(current, step);
  }
  return current;
}

/** All elements matching a `/`-separated path (every match at every step). */
export function findElements(element: XmlElement | undefined, path: string): XmlElement[] {
  let current: XmlElement[] = element ? [element] : [];
  for (const step of path.split('/')) current = current.flatMap((item) => childElements(item, step));
  return current;
}

/** Trimmed text at a path, or undefined when the element is absent or empty. */
export function textAt(element: XmlElement | undefined, path?: string): string | undefined {
  const target = path ? findElement(element, path) : element;
  const value = target?.text.trim();
  return value ? value : undefined;
}
