/**
 * UBL 2.1 reading for the whole app (emulator, core, renderer): XML or its JSON transposition →
 * one normalized `UblDocument`. No Node imports: this runs in the browser too.
 */
import { normalizeUblTree } from './normalize';
import type { UblDocument } from './types';
import { parseXmlTree } from './xml-tree';

export type * from './types';
export { UblParseError, isUblParseError, type UblParseErrorCode } from './errors';
export { parseXmlTree, childElement, childElements, findElement, findElements, textAt, type XmlElement } from './xml-tree';
export { detectDocumentType, documentTypeOfRoot, rootNamespace, ROOT_BY_TYPE } from './document-types';
export { normalizeUblTree, decodeAttachment, base64DecodedSize } from './normalize';
export {
  ublToJson,
  jsonToUbl,
  parseUblJson,
  jsonToTree,
  treeToJson,
  serializeXmlTree,
  escapeXml,
  ATTRIBUTES_KEY,
  TEXT_KEY,
  type UblJson,
  type UblJsonObject,
  type UblJsonValue,
} from './json';

/**
 * Parses UBL XML text. Throws `UblParseError` with code `malformed_xml` (with line/column when
 * known), `not_ubl` or `unsupported_type`.
 */
export function parseUbl(xml: string): UblDocument {
  return normalizeUblTree(parseXmlTree(xml));
}
