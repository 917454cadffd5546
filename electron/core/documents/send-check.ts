/**
 * What `documents.send` checks before anything goes to the service: the file is well-formed XML
 * or JSON, and its root is the chosen document type (a credit note sent as an invoice is caught here).
 */
import { AppError, because, reason, type SendableDocumentType } from '../../../shared/contract';
import { detectDocumentType, isUblParseError, jsonToTree, parseXmlTree, ROOT_BY_TYPE, type UblDocumentType, type XmlElement } from '../../../shared/ubl';
import { documentTypeWords } from './paths';
import { decodeText, firstSignificantChar, type SourceFormat } from './source-view';

/** 50 MiB: far above any real UBL document, low enough to keep memory in check. */
export const MAX_SEND_BYTES = 50 * 1024 * 1024;

export function checkDocumentForSending(name: string, bytes: Uint8Array, type: SendableDocumentType): SourceFormat {
  const first = firstSignificantChar(bytes);
  if (first === undefined) throw new AppError('validation', `"${name}" is empty.`, { details: because(reason('documents.sendEmpty', { name })) });
  const format: SourceFormat = first === '{' ? 'json' : first === '<' ? 'xml' : failNotUbl(name);
  const root = format === 'xml' ? readXmlRoot(name, bytes) : readJsonRoot(name, bytes);
  let actual: UblDocumentType;
  try {
    actual = detectDocumentType(root);
  } catch (error) {
    throw new AppError('validation', `"${name}" cannot be sent as ${article(type)} ${documentTypeWords[type]}: ${error instanceof Error ? error.message : String(error)}`, {
      details: because(reason('documents.sendUnknownRoot', { name, root: root.name })),
    });
  }
  if (actual !== type) {
    throw new AppError(
      'validation',
      `"${name}" is a ${documentTypeWords[actual]} (root element ${root.name}), not ${article(type)} ${documentTypeWords[type]}. Choose the matching document type, or another file.`,
      { details: because(reason('documents.sendWrongType', { name, actualRoot: root.name, expectedRoot: ROOT_BY_TYPE[type] }), { expectedRoot: ROOT_BY_TYPE[type], actualRoot: root.name }) },
    );
  }
  return format;
}

const article = (type: SendableDocumentType): string => (type === 'invoice' ? 'an' : 'a');

function failNotUbl(name: string): never {
  throw new AppError('validation', `"${name}" is neither XML nor JSON: a UBL document starts with "<" (XML) or "{" (its JSON transposition).`, {
    details: because(reason('documents.sendNotUbl', { name })),
  });
}

function readXmlRoot(name: string, bytes: Uint8Array): XmlElement {
  try {
    return parseXmlTree(decodeText(bytes));
  } catch (error) {
    throw new AppError('validation', `"${name}" is not well-formed XML. ${isUblParseError(error) ? error.message : String(error)}`, {
      details:
        isUblParseError(error) && error.line !== undefined
          ? because(reason('documents.sendBadXmlAt', { name, line: error.line, column: error.column ?? 1 }), { line: error.line, column: error.column })
          : because(reason('documents.sendBadXml', { name })),
    });
  }
}

/** Line and column from the parser's `position N`, when it gives one. */
function jsonPlace(text: string, error: unknown): { line: number; column: number } | undefined {
  const position = /position (\d+)/.exec(error instanceof Error ? error.message : '')?.[1];
  if (position === undefined) return undefined;
  const before = text.slice(0, Number(position)).split('\n');
  return { line: before.length, column: (before[before.length - 1]?.length ?? 0) + 1 };
}

/** ` (line L, column C)` from the parser's `position N`, or nothing when it gives none. */
function whereJsonBroke(text: string, error: unknown): string {
  const message = error instanceof Error ? error.message : '';
  const position = /position (\d+)/.exec(message)?.[1];
  if (position === undefined) return text.trim() === '' ? ' (the file is empty)' : /end of JSON/i.test(message) ? ' (it ends too early)' : '';
  const before = text.slice(0, Number(position)).split('\n');
  return ` (line ${before.length}, column ${(before[before.length - 1]?.length ?? 0) + 1})`;
}

function readJsonRoot(name: string, bytes: Uint8Array): XmlElement {
  let json: unknown;
  const text = decodeText(bytes);
  try {
    json = JSON.parse(text);
  } catch (error) {
    // The engine's message quotes the file's text: say only where it went wrong.
    const at = jsonPlace(text, error);
    throw new AppError('validation', `"${name}" is not valid JSON${whereJsonBroke(text, error)}. Check the file, or export it again.`, {
      details: because(at ? reason('documents.sendBadJsonAt', { name, ...at }) : reason('documents.sendBadJson', { name })),
    });
  }
  try {
    return jsonToTree(json);
  } catch (error) {
    throw new AppError('validation', `"${name}" is not a UBL JSON transposition: ${error instanceof Error ? error.message : String(error)}`, {
      details: because(reason('documents.sendNotTransposition', { name })),
    });
  }
}
