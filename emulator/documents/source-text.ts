/** Turning stored source bytes back into text, trees and normalized documents. */
import { jsonToTree, jsonToUbl, normalizeUblTree, parseXmlTree, UblParseError, type UblDocument, type XmlElement } from '../../shared/ubl';
import type { SourceMediaType } from './store';

/** XML bytes → text, honouring a byte-order mark or the encoding of the XML declaration. */
export function decodeXmlBytes(bytes: Buffer): string {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return decode('utf-8', bytes.subarray(3));
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return decode('utf-16le', bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return decode('utf-16be', bytes.subarray(2));
  const head = bytes.subarray(0, 200).toString('latin1');
  const declared = /^<\?xml[^>]*\bencoding\s*=\s*["']([A-Za-z0-9._-]+)["']/.exec(head)?.[1];
  return decode(declared ?? 'utf-8', bytes);
}

function decode(label: string, bytes: Uint8Array): string {
  let decoder: InstanceType<typeof TextDecoder>;
  try {
    decoder = new TextDecoder(label, { fatal: true });
  } catch {
    throw new UblParseError('malformed_xml', `The XML declares the encoding "${label}", which is not supported.`);
  }
  try {
    return decoder.decode(bytes);
  } catch {
    throw new UblParseError('malformed_xml', `The XML is not valid ${label.toUpperCase()} text.`);
  }
}

/** JSON bytes → parsed value; throws `UblParseError('invalid_json')` with the parser's message. */
export function parseJsonBytes(bytes: Buffer): unknown {
  try {
    return JSON.parse(bytes.toString('utf8'));
  } catch (error) {
    throw new UblParseError('invalid_json', `The body is not valid JSON: ${(error as Error).message}`);
  }
}

export function sourceTree(bytes: Buffer, mediaType: SourceMediaType): XmlElement {
  return mediaType === 'application/json' ? jsonToTree(parseJsonBytes(bytes)) : parseXmlTree(decodeXmlBytes(bytes));
}

export function sourceDocument(bytes: Buffer, mediaType: SourceMediaType): UblDocument {
  return normalizeUblTree(sourceTree(bytes, mediaType));
}

/** The source as XML text (a JSON transposition is written out as UBL XML). */
export function sourceAsXml(bytes: Buffer, mediaType: SourceMediaType): Buffer {
  return mediaType === 'application/json' ? Buffer.from(jsonToUbl(parseJsonBytes(bytes)), 'utf8') : bytes;
}
