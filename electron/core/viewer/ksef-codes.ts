/**
 * What a KSeF code means, from the vendored schema's own documentation (xsd:documentation of each
 * xsd:enumeration), so the layout shows "2 – Nie" for JST, never a bare number. Read once per schema.
 */
import { readFileSync } from 'node:fs';
import { parseXmlTree, type XmlElement } from '../../../shared/ubl';
import { artefactPath } from '../../../standards/engine/paths';

export type CodeMeanings = Map<string, Map<string, string>>;

const documentation = (element: XmlElement): string | undefined =>
  element.children.find((child) => child.name === 'annotation')?.children.find((child) => child.name === 'documentation')?.text.replace(/\s+/g, ' ').trim() || undefined;

function enumerationsOf(simpleType: XmlElement | undefined): Map<string, string> | undefined {
  const restriction = simpleType?.children.find((child) => child.name === 'restriction');
  const values = new Map<string, string>();
  for (const enumeration of restriction?.children.filter((child) => child.name === 'enumeration') ?? []) {
    const meaning = documentation(enumeration);
    if (enumeration.attributes.value !== undefined && meaning) values.set(enumeration.attributes.value, meaning);
  }
  return values.size > 0 ? values : undefined;
}

function walk(element: XmlElement, visit: (element: XmlElement) => void): void {
  visit(element);
  for (const child of element.children) walk(child, visit);
}

function read(xsd: string): CodeMeanings {
  const root = parseXmlTree(readFileSync(artefactPath(xsd), 'utf8'));
  const named = new Map<string, Map<string, string>>();
  walk(root, (element) => {
    if (element.name !== 'simpleType' || !element.attributes.name) return;
    const values = enumerationsOf(element);
    if (values) named.set(element.attributes.name, values);
  });
  const meanings: CodeMeanings = new Map();
  walk(root, (element) => {
    const name = element.attributes.name;
    if (element.name !== 'element' || !name || meanings.has(name)) return;
    const inline = enumerationsOf(element.children.find((child) => child.name === 'simpleType'));
    const typed = element.attributes.type ? named.get(element.attributes.type.replace(/^\w+:/, '')) : undefined;
    const values = inline ?? typed;
    if (values) meanings.set(name, values);
  });
  return meanings;
}

const cache = new Map<string, CodeMeanings>();

/** The meanings of one vendored KSeF schema (under standards/artefacts); empty if it cannot be read. */
export function codeMeanings(xsd: string): CodeMeanings {
  let meanings = cache.get(xsd);
  if (!meanings) {
    try {
      meanings = read(xsd);
    } catch {
      meanings = new Map();
    }
    cache.set(xsd, meanings);
  }
  return meanings;
}

export const FA3_SCHEMA = 'ksef/xsd/schemat_FA(3)_v1-0E.xsd';
export const FA_RR_SCHEMA = 'ksef/xsd/schemat_FA_RR(1)_v1-1E.xsd';

/** `describe` for fieldsAt: the code's meaning by its element's name. */
export const describeBy = (meanings: CodeMeanings) => (elementName: string, value: string): string | undefined => meanings.get(elementName)?.get(value);
