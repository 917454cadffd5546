/** A document's source as the user sees it: its format, readable text, pretty form and parsed view. */
import { parseUbl, parseUblJson, type UblDocument } from '../../../shared/ubl';
import { prettyXml } from './pretty-xml';

export type SourceFormat = 'xml' | 'json';

/** From the content type, else from the first character that is not white space. */
export function detectSourceFormat(contentType: string, bytes: Uint8Array): SourceFormat {
  const type = contentType.toLowerCase();
  if (type.includes('json')) return 'json';
  if (type.includes('xml')) return 'xml';
  return firstSignificantChar(bytes) === '{' ? 'json' : 'xml';
}

export function firstSignificantChar(bytes: Uint8Array): string | undefined {
  let index = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  while (index < bytes.length && [0x20, 0x09, 0x0a, 0x0d].includes(bytes[index] as number)) index += 1;
  return index < bytes.length ? String.fromCharCode(bytes[index] as number) : undefined;
}

export function decodeText(bytes: Uint8Array): string {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

export function prettySource(text: string, format: SourceFormat): string {
  try {
    if (format === 'json') return `${JSON.stringify(JSON.parse(text), null, 2)}\n`;
    return prettyXml(text);
  } catch {
    return text;
  }
}

export type ParsedSource = { document: UblDocument } | { document: null; parseError: string };

export function parseSource(text: string, format: SourceFormat): ParsedSource {
  try {
    if (format === 'json') {
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch (error) {
        return { document: null, parseError: `The source is not valid JSON: ${(error as Error).message}` };
      }
      return { document: parseUblJson(json) };
    }
    return { document: parseUbl(text) };
  } catch (error) {
    return { document: null, parseError: error instanceof Error ? error.message : String(error) };
  }
}

export const sourceExtension = (format: SourceFormat): string => (format === 'json' ? '.json' : '.xml');
