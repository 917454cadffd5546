/**
 * XSD validation with libxml2 (libxml2-wasm) against the vendored schemas. The schemas' absolute
 * imports (the W3C xmldsig schema, the crd.gov.pl base types) are mapped to the local copies the
 * way the vendored OASIS catalogs say, so nothing is fetched and no schema is edited.
 */
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { XmlDocument, XmlValidateError, XsdValidator, xmlRegisterInputProvider, type ErrorDetail } from 'libxml2-wasm';
import { fsInputProviders } from 'libxml2-wasm/lib/nodejs.mjs';
import { artefactPath } from './paths';
import type { ArtefactRef, ValidationIssue } from './types';

/** The rewrites of fatturapa/catalog.xml and ksef/catalog.xml. */
const catalogRewrites = (): [string, string][] => [
  ['http://www.w3.org/TR/2002/REC-xmldsig-core-20020212/xmldsig-core-schema.xsd', pathToFileURL(artefactPath('fatturapa/xsd/xmldsig-core-schema.xsd')).href],
  ['http://crd.gov.pl/xml/schematy/dziedzinowe/mf/2022/01/05/eD/DefinicjeTypy/', pathToFileURL(artefactPath('ksef/xsd/bazowe/')).href],
];

let providerRegistered = false;
const registerOfflineProvider = (): void => {
  if (providerRegistered) return;
  const rewrites = catalogRewrites();
  const local = (url: string): string => {
    for (const [from, to] of rewrites) if (url.startsWith(from)) return to + url.slice(from.length);
    return url;
  };
  xmlRegisterInputProvider({
    // Only local files: a URL the catalogs do not map is refused instead of fetched.
    match: (url) => fsInputProviders.match(local(url)),
    open: (url) => fsInputProviders.open(local(url)),
    read: fsInputProviders.read,
    close: fsInputProviders.close,
  });
  providerRegistered = true;
};

const validators = new Map<string, XsdValidator>();

const validatorFor = (xsd: string): XsdValidator => {
  let validator = validators.get(xsd);
  if (!validator) {
    registerOfflineProvider();
    const path = artefactPath(xsd);
    const schemaDoc = XmlDocument.fromBuffer(readFileSync(path), { url: pathToFileURL(path).href });
    try {
      validator = XsdValidator.fromDoc(schemaDoc);
    } finally {
      schemaDoc.dispose();
    }
    validators.set(xsd, validator);
  }
  return validator;
};

const UBL_PREFIXES: Record<string, string> = {
  'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2': 'cac',
  'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2': 'cbc',
  'urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2': 'ext',
};

/** libxml2 writes `{namespace}Name`: shown as `cac:Name` for UBL, as the bare name otherwise. */
export const plainSchemaMessage = (message: string): string =>
  message
    .replace(/\{([^}]*)\}([\w.-]+)/g, (_, namespace: string, name: string) => (UBL_PREFIXES[namespace] ? `${UBL_PREFIXES[namespace]}:${name}` : name))
    .replace(/\s+/g, ' ')
    .trim();

const toIssue = (detail: ErrorDetail, artefact: ArtefactRef): ValidationIssue => ({
  ruleId: 'XSD',
  flag: 'fatal',
  message: `${plainSchemaMessage(detail.message)}${detail.line ? ` (line ${detail.line})` : ''}`,
  location: detail.xpath ?? '/',
  ...(detail.line ? { line: detail.line } : {}),
  artefact,
});

/** Loads (and keeps) the schema's compiled form: the first validation against it pays this. */
export const warmSchema = (xsd: string): void => void validatorFor(xsd);

export const validateSchema = (doc: XmlDocument, xsd: string, artefact: ArtefactRef): ValidationIssue[] => {
  try {
    validatorFor(xsd).validate(doc);
    return [];
  } catch (error) {
    if (error instanceof XmlValidateError) return error.details.map((detail) => toIssue(detail, artefact));
    throw error;
  }
};
