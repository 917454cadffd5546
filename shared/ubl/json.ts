/**
 * The JSON transposition of a UBL document (DESIGN §5.2), accepted by `POST /invoices` and
 * `POST /credit-notes` with `Content-Type: application/json`:
 *
 *   { "Invoice": {
 *       "CustomizationID": "urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0",
 *       "ID": "TOSL108",
 *       "AccountingSupplierParty": { "Party": { "EndpointID": { "@attributes": { "schemeID": "0192" }, "#text": "123456785" } } },
 *       "InvoiceLine": [ { "ID": "1", ... }, { "ID": "2", ... } ]
 *   } }
 *
 * - The object has exactly one key: the root element's local name.
 * - Keys are element local names (no prefixes); an element with text only is its text (a string).
 * - Attributes go under "@attributes" (local names, string values); an element that has
 *   attributes carries its text under "#text".
 * - An element that occurs more than once under the same parent is an array, in document order;
 *   an element that occurs once is a single value (an array of one is accepted too). Keys follow
 *   the order in which each name first occurs, so the element order survives for schema-valid UBL
 *   (which keeps repeated elements together).
 * - Namespace declarations and comments are not transposed: `jsonToUbl` writes the standard UBL
 *   namespaces (root default namespace, `cac`, `cbc`, `ext`).
 * - Numbers and booleans are accepted as values and read as their text.
 */
import { CAC_NAMESPACE, CBC_NAMESPACE, documentTypeOfRoot, EXT_NAMESPACE, rootNamespace } from './document-types';
import { UblParseError } from './errors';
import { forbiddenCharacter } from './xml-safety';
import { normalizeUblTree } from './normalize';
import type { UblDocument } from './types';
import { parseXmlTree, type XmlElement } from './xml-tree';

export const ATTRIBUTES_KEY = '@attributes';
export const TEXT_KEY = '#text';

export type UblJsonValue = string | UblJsonObject | Array<string | UblJsonObject>;
export interface UblJsonObject {
  [key: string]: UblJsonValue | Record<string, string> | undefined;
}
export type UblJson = Record<string, UblJsonValue>;

/** UBL XML text → JSON transposition. Throws `UblParseError('malformed_xml')`. */
export function ublToJson(xml: string): UblJson {
  return treeToJson(parseXmlTree(xml));
}

export function treeToJson(root: XmlElement): UblJson {
  return { [root.name]: elementToJson(root) };
}

function elementToJson(element: XmlElement): string | UblJsonObject {
  const hasAttributes = Object.keys(element.attributes).length > 0;
  if (element.children.length === 0 && !hasAttributes) return element.text.trim();
  const result: UblJsonObject = {};
  if (hasAttributes) result[ATTRIBUTES_KEY] = { ...element.attributes };
  if (element.children.length === 0) {
    result[TEXT_KEY] = element.text.trim();
    return result;
  }
  const groups = new Map<string, Array<string | UblJsonObject>>();
  for (const child of element.children) {
    const group = groups.get(child.name) ?? [];
    group.push(elementToJson(child));
    groups.set(child.name, group);
  }
  for (const [name, values] of groups) result[name] = values.length === 1 ? (values[0] as string | UblJsonObject) : values;
  return result;
}

/** JSON transposition (already parsed, any shape) → element tree; throws `UblParseError('invalid_json')`. */
export function jsonToTree(json: unknown): XmlElement {
  if (!isPlainObject(json)) throw invalid('', 'the document must be a JSON object with the root element as its only key, e.g. {"Invoice": {…}}');
  const keys = Object.keys(json);
  if (keys.length !== 1) {
    throw invalid('', `the document must have exactly one key, the root element (e.g. "Invoice"); found ${keys.length === 0 ? 'none' : keys.map((key) => `"${key}"`).join(', ')}`);
  }
  const rootName = keys[0] as string;
  const namespace = documentTypeOfRoot(rootName) ? rootNamespace(rootName) : '';
  return valueToElement(rootName, json[rootName], rootName, namespace, false, 1);
}

/** Deeper than any real UBL document (the schema's deepest paths are ~15 levels); the XML reader has the same limit. */
export const MAX_JSON_DEPTH = 200;

/**
 * XML's Name rule without the colon (an NCName: the transposition uses local names), so a key can
 * never close a tag or open another one in the XML served back.
 */
const NCNAME_START = 'A-Z_a-z\\u00C0-\\u00D6\\u00D8-\\u00F6\\u00F8-\\u02FF\\u0370-\\u037D\\u037F-\\u1FFF\\u200C-\\u200D\\u2070-\\u218F\\u2C00-\\u2FEF\\u3001-\\uD7FF\\uF900-\\uFDCF\\uFDF0-\\uFFFD\\u{10000}-\\u{EFFFF}';
// Combining marks (U+0300–036F) are allowed after the first character by the XML Name rule itself.
// eslint-disable-next-line no-misleading-character-class
const NCNAME = new RegExp(`^[${NCNAME_START}][${NCNAME_START}\\-.0-9\\u00B7\\u0300-\\u036F\\u203F-\\u2040]*$`, 'u');

export const isXmlNcName = (name: string): boolean => NCNAME.test(name);

function checkedText(value: string | number | boolean, path: string): string {
  const text = String(value);
  const bad = forbiddenCharacter(text);
  if (bad !== null) throw invalid(path, `the character ${bad} cannot appear in XML`);
  return text;
}

function valueToElement(name: string, value: unknown, path: string, namespace: string, inExtension: boolean, depth: number): XmlElement {
  if (depth > MAX_JSON_DEPTH) throw invalid(path.slice(0, 200) + '…', `the document is nested more than ${MAX_JSON_DEPTH} levels deep`);
  if (!/^[A-Za-z_][\w.-]*$/.test(name)) throw invalid(path, `"${name.slice(0, 100)}" is not a valid element name`);
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
    return { name, namespace, attributes: {}, children: [], text: checkedText(value, path) };
  }
  if (!isPlainObject(value)) {
    throw invalid(path, value === null ? 'null is not allowed; omit the element instead' : 'expected a string or an object');
  }
  const element: XmlElement = { name, namespace, attributes: {}, children: [], text: '' };
  for (const [key, child] of Object.entries(value)) {
    if (key === ATTRIBUTES_KEY) {
      element.attributes = readAttributes(child, `${path}.${ATTRIBUTES_KEY}`);
    } else if (key === TEXT_KEY) {
      if (typeof child !== 'string' && typeof child !== 'number' && typeof child !== 'boolean') {
        throw invalid(`${path}.${TEXT_KEY}`, 'expected a string');
      }
      element.text = checkedText(child, `${path}.${TEXT_KEY}`);
    } else {
      const items = Array.isArray(child) ? child : [child];
      items.forEach((item, index) => {
        const itemPath = Array.isArray(child) ? `${path}.${key}[${index}]` : `${path}.${key}`;
        if (Array.isArray(item)) throw invalid(itemPath, 'nested arrays are not allowed');
        const childInExtension = inExtension || key === 'UBLExtensions';
        element.children.push(valueToElement(key, item, itemPath, childNamespace(key, item, childInExtension), childInExtension, depth + 1));
      });
    }
  }
  if (element.children.length > 0 && element.text.trim() !== '') {
    throw invalid(path, `an element with child elements cannot also have "${TEXT_KEY}"`);
  }
  return element;
}

function childNamespace(name: string, value: unknown, inExtension: boolean): string {
  if (inExtension && ['UBLExtensions', 'UBLExtension', 'ExtensionContent', 'ExtensionURI'].includes(name)) return EXT_NAMESPACE;
  const hasChildElements =
    isPlainObject(value) && Object.keys(value).some((key) => key !== ATTRIBUTES_KEY && key !== TEXT_KEY);
  return hasChildElements ? CAC_NAMESPACE : CBC_NAMESPACE;
}

function readAttributes(value: unknown, path: string): Record<string, string> {
  if (!isPlainObject(value)) throw invalid(path, 'expected an object of attribute names to string values');
  const attributes: Record<string, string> = {};
  for (const [name, attribute] of Object.entries(value)) {
    if (!isXmlNcName(name) || name === 'xmlns') {
      throw invalid(path, `"${name.slice(0, 100)}" is not a valid attribute name (XML names start with a letter or "_" and hold letters, digits, ".", "-" and "_")`);
    }
    if (typeof attribute !== 'string' && typeof attribute !== 'number' && typeof attribute !== 'boolean') {
      throw invalid(`${path}.${name}`, 'attribute values must be strings');
    }
    attributes[name] = checkedText(attribute, `${path}.${name}`);
  }
  return attributes;
}

/** JSON transposition → normalized document. */
export function parseUblJson(json: unknown): UblDocument {
  return normalizeUblTree(jsonToTree(json));
}

/** JSON transposition → UBL XML text with the standard namespaces. */
export function jsonToUbl(json: unknown): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n${serializeXmlTree(jsonToTree(json))}\n`;
}

const PREFIX_BY_NAMESPACE = new Map([
  [CAC_NAMESPACE, 'cac'],
  [CBC_NAMESPACE, 'cbc'],
  [EXT_NAMESPACE, 'ext'],
]);

/** Writes a tree as XML: the root in its default namespace, UBL components with cac/cbc/ext. */
export function serializeXmlTree(root: XmlElement): string {
  const declarations = root.namespace
    ? ` xmlns="${escapeXml(root.namespace)}" xmlns:cac="${CAC_NAMESPACE}" xmlns:cbc="${CBC_NAMESPACE}" xmlns:ext="${EXT_NAMESPACE}"`
    : '';
  const out: string[] = [];
  writeElement(root, out, '', declarations, true);
  return out.join('');
}

function writeElement(element: XmlElement, out: string[], indent: string, declarations: string, isRoot: boolean): void {
  const prefix = isRoot ? undefined : PREFIX_BY_NAMESPACE.get(element.namespace);
  const tag = prefix ? `${prefix}:${element.name}` : element.name;
  const attributes = Object.entries(element.attributes)
    .map(([name, value]) => ` ${escapeXmlName(name)}="${escapeXml(value)}"`)
    .join('');
  if (element.children.length === 0) {
    out.push(`${indent}<${tag}${declarations}${attributes}>${escapeXml(element.text)}</${tag}>`);
    return;
  }
  out.push(`${indent}<${tag}${declarations}${attributes}>\n`);
  for (const child of element.children) {
    writeElement(child, out, `${indent}  `, '', false);
    out.push('\n');
  }
  out.push(`${indent}</${tag}>`);
}

/** Names are checked when read; a tree built elsewhere still cannot break out of the tag. */
function escapeXmlName(name: string): string {
  if (!isXmlNcName(name)) throw new UblParseError('invalid_json', `"${name.slice(0, 100)}" is not a valid XML name.`);
  return name;
}

export function escapeXml(text: string): string {
  return text.replace(/[&<>"]/g, (char) => (char === '&' ? '&amp;' : char === '<' ? '&lt;' : char === '>' ? '&gt;' : '&quot;'));
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function invalid(path: string, message: string): UblParseError {
  return new UblParseError('invalid_json', `Invalid JSON transposition${path ? ` at ${path}` : ''}: ${message}.`);
}
