/**
 * KSeF's acceptance checks that its schemas do not express, as far as a file shows them before it is
 * sent. Ours, not an official artefact: they follow CIRFMF/ksef-docs `faktury/weryfikacja-faktury.md`
 * in its version of 09.04.2026 (the snapshot 02baf4d0 of that repository holds the older 22.09.2025
 * text without the XML rules), which lists: well-formed XML 1.0 in UTF-8 without a BOM; a prolog, if
 * any, naming no encoding but UTF-8; no processing instructions; none of the discouraged Unicode
 * characters of XML 1.0 §2.2; `P_1` not later than the day KSeF takes the file; the NIP checksum of
 * Podmiot1/2/3 and PodmiotUpowazniony and of Podmiot3's internal id (production only); at most
 * 1 000 000 bytes without attachments and 3 000 000 with; attachments only in batch sessions, once
 * enabled in e-Urząd Skarbowy. And `srodowiska.md` (16.03.2026): FA (2) only on TEST since 2026-02-01.
 * Duplicates, rights and encryption need KSeF itself and are not pre-checked.
 */
import { childElement, childElements, findElement, parseXmlTree, type XmlElement } from '../ubl/xml-tree';
import { FA2_PRODUCTION_END_DAY, ksefFormatOf, type KsefFormat, type ServiceEnvironment } from './formats';
import { isNipChecksumValid } from './nip';

export const MAX_BYTES_WITHOUT_ATTACHMENTS = 1_000_000;
export const MAX_BYTES_WITH_ATTACHMENTS = 3_000_000;

export type KsefCheckCode =
  | 'bom'
  | 'notUtf8'
  | 'encoding'
  | 'processingInstruction'
  | 'discouragedCharacter'
  | 'tooLarge'
  | 'tooLargeWithAttachments'
  | 'issueDateFuture'
  | 'nipChecksum'
  | 'internalIdChecksum'
  | 'fa2Refused'
  | 'fa2TestOnly'
  | 'attachments';

export interface KsefFinding {
  code: KsefCheckCode;
  /** KSeF would refuse the file (in the environment asked about); otherwise a warning. */
  refuses: boolean;
  /** English, for logs and callers without a UI. */
  message: string;
  /** The sentence's parameters (the key is `ksef.<code>`). */
  params: Record<string, string | number>;
  location: string;
  line?: number;
}

export interface KsefFacts {
  format: KsefFormat;
  /** Podmiot1's NIP (FA formats). */
  sellerNip?: string;
  /** The issue date as written (YYYY-MM-DD): `P_1`, FA_RR's `P_4B`, PEF's `cbc:IssueDate`. */
  issueDay?: string;
  hasAttachments: boolean;
}

export interface KsefCheckOptions {
  /** Where the file goes; absent: no environment chosen (the Validate tool). */
  environment?: ServiceEnvironment;
  /** Today in Poland (YYYY-MM-DD): see `warsawDay`. */
  today: string;
  /** The file is being sent to KSeF (a UBL root is then a PEF document). */
  toKsef?: boolean;
}

/** The calendar day in Poland at `now` (KSeF compares `P_1` with its own day). */
export const warsawDay = (now: Date): string => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Warsaw', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);

const text = (element: XmlElement | undefined): string | undefined => {
  const value = element?.text.trim();
  return value ? value : undefined;
};

/** What the checks need from the document; undefined when it is not a KSeF document. */
export function ksefFactsOf(root: XmlElement, toKsef = false): KsefFacts | undefined {
  const format = ksefFormatOf(root.namespace, root.name, text(childElement(root, 'CustomizationID')) ?? '', toKsef);
  if (!format) return undefined;
  if (format === 'FA_PEF (3)' || format === 'FA_KOR_PEF (3)') {
    const issueDay = text(childElement(root, 'IssueDate'));
    const hasAttachments = childElements(root, 'AdditionalDocumentReference').some((reference) => findElement(reference, 'Attachment/EmbeddedDocumentBinaryObject'));
    return { format, ...(issueDay ? { issueDay } : {}), hasAttachments };
  }
  const sellerNip = text(findElement(root, 'Podmiot1/DaneIdentyfikacyjne/NIP'));
  const issueDay = format === 'FA_RR (1)' ? text(findElement(root, 'FakturaRR/P_4B')) : text(findElement(root, 'Fa/P_1'));
  return { format, ...(sellerNip ? { sellerNip } : {}), ...(issueDay ? { issueDay } : {}), hasAttachments: childElement(root, 'Zalacznik') !== undefined };
}

const lineAt = (source: string, index: number): number => {
  let line = 1;
  for (let at = source.indexOf('\n'); at !== -1 && at < index; at = source.indexOf('\n', at + 1)) line += 1;
  return line;
};

/** Comments and CDATA blanked (same length), so markup found after is real markup. */
const blankCommentsAndCdata = (source: string): string => source.replace(/<!--[\s\S]*?-->|<!\[CDATA\[[\s\S]*?\]\]>/g, (part) => ' '.repeat(part.length));

const isDiscouraged = (code: number): boolean =>
  (code >= 0x7f && code <= 0x84) || (code >= 0x86 && code <= 0x9f) || (code >= 0xfdd0 && code <= 0xfdef) || (code >= 0x1fffe && (code & 0xfffe) === 0xfffe);

const hex = (code: number): string => `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;

function textChecks(bytes: Uint8Array, source: string, findings: KsefFinding[]): void {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    findings.push({ code: 'bom', refuses: true, message: 'The file starts with a UTF-8 byte order mark (EF BB BF); KSeF refuses it. Save it as UTF-8 without BOM.', params: {}, location: '/', line: 1 });
  }
  const body = source.charCodeAt(0) === 0xfeff ? source.slice(1) : source;
  const encoding = /^<\?xml\s[^>]*?encoding\s*=\s*["']([^"']+)["']/.exec(body)?.[1];
  if (encoding && encoding.toLowerCase() !== 'utf-8') {
    findings.push({ code: 'encoding', refuses: true, message: `The XML declaration names the encoding ${encoding}; KSeF takes only UTF-8.`, params: { encoding }, location: '/', line: 1 });
  }
  const markup = blankCommentsAndCdata(body);
  for (const match of markup.matchAll(/<\?([^\s?]+)/g)) {
    if (match.index === 0 && match[1] === 'xml') continue;
    findings.push({ code: 'processingInstruction', refuses: true, message: `The file holds the processing instruction <?${match[1]}…?>; KSeF refuses files with processing instructions.`, params: { target: match[1]! }, location: '/', line: lineAt(body, match.index) });
    break;
  }
  let index = 0;
  for (const character of body) {
    const code = character.codePointAt(0)!;
    if (isDiscouraged(code)) {
      findings.push({ code: 'discouragedCharacter', refuses: true, message: `The file holds the character ${hex(code)}, which XML 1.0 discourages; KSeF refuses it.`, params: { character: hex(code) }, location: '/', line: lineAt(body, index) });
      break;
    }
    index += character.length;
  }
}

function factChecks(bytes: Uint8Array, facts: KsefFacts, options: KsefCheckOptions, findings: KsefFinding[], root: XmlElement): void {
  const production = options.environment === 'production';
  if (facts.format === 'FA (2)') {
    findings.push(
      production
        ? { code: 'fa2Refused', refuses: true, message: `This is an FA (2) invoice: since ${FA2_PRODUCTION_END_DAY} KSeF's production system takes only FA (3) (and FA_PEF (3)/FA_KOR_PEF (3)). Issue it as FA (3).`, params: { format: facts.format, sinceDay: FA2_PRODUCTION_END_DAY }, location: '/Faktura/Naglowek/KodFormularza' }
        : { code: 'fa2TestOnly', refuses: false, message: `This is an FA (2) invoice: since ${FA2_PRODUCTION_END_DAY} only KSeF's TEST system takes it; production and demo take only FA (3).`, params: { format: facts.format, sinceDay: FA2_PRODUCTION_END_DAY }, location: '/Faktura/Naglowek/KodFormularza' },
    );
  }
  const limit = facts.hasAttachments ? MAX_BYTES_WITH_ATTACHMENTS : MAX_BYTES_WITHOUT_ATTACHMENTS;
  if (bytes.byteLength > limit) {
    const code = facts.hasAttachments ? 'tooLargeWithAttachments' : 'tooLarge';
    findings.push({ code, refuses: true, message: `The file is ${bytes.byteLength} bytes; KSeF takes invoices of at most ${limit} bytes${facts.hasAttachments ? ' with attachments' : ' without attachments'}.`, params: { size: bytes.byteLength, limit }, location: '/' });
  }
  if (facts.hasAttachments) {
    findings.push({ code: 'attachments', refuses: false, message: 'The invoice has attachments: KSeF takes them only in batch sessions, and only once sending invoices with attachments was enabled in e-Urząd Skarbowy.', params: {}, location: '/' });
  }
  if (facts.issueDay && /^\d{4}-\d{2}-\d{2}$/.test(facts.issueDay) && facts.issueDay > options.today) {
    findings.push({ code: 'issueDateFuture', refuses: true, message: `The issue date ${facts.issueDay} is later than today (${options.today}); KSeF refuses an invoice dated after the day it receives it.`, params: { issueDay: facts.issueDay, todayDay: options.today }, location: facts.format === 'FA_RR (1)' ? '/Faktura/FakturaRR/P_4B' : facts.format.startsWith('FA_') ? '/IssueDate' : '/Faktura/Fa/P_1' });
  }
  if (facts.format === 'FA_PEF (3)' || facts.format === 'FA_KOR_PEF (3)') return;
  const parties = ['Podmiot1', 'Podmiot2', 'Podmiot3', 'PodmiotUpowazniony'];
  for (const party of parties) {
    for (const [position, element] of childElements(root, party).entries()) {
      const where = `/Faktura/${party}${party === 'Podmiot3' ? `[${position + 1}]` : ''}/DaneIdentyfikacyjne`;
      const nip = text(findElement(element, 'DaneIdentyfikacyjne/NIP'));
      if (nip && /^\d{10}$/.test(nip) && !isNipChecksumValid(nip)) {
        findings.push({ code: 'nipChecksum', refuses: production, message: `The NIP ${nip} of ${party} fails the NIP checksum; KSeF's production system refuses it.`, params: { nip, party }, location: `${where}/NIP` });
      }
      const internal = text(findElement(element, 'DaneIdentyfikacyjne/IDWew'));
      const internalNip = internal?.slice(0, 10);
      if (party === 'Podmiot3' && internalNip && /^\d{10}$/.test(internalNip) && !isNipChecksumValid(internalNip)) {
        findings.push({ code: 'internalIdChecksum', refuses: production, message: `The internal identifier ${internal} of ${party} starts with a NIP that fails the checksum; KSeF's production system refuses it.`, params: { id: internal!, party }, location: `${where}/IDWew` });
      }
    }
  }
}

/**
 * The pre-checks of one file. `facts` is undefined (and nothing is found) when the file is not a
 * KSeF document or is not XML the checks can read (the schema check then says why).
 */
export function checkForKsef(bytes: Uint8Array, options: KsefCheckOptions): { facts?: KsefFacts; findings: KsefFinding[] } {
  let source: string;
  let utf8 = true;
  try {
    source = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    utf8 = false;
    source = new TextDecoder('utf-8').decode(bytes);
  }
  let root: XmlElement;
  try {
    root = parseXmlTree(source);
  } catch {
    return { findings: [] };
  }
  const facts = ksefFactsOf(root, options.toKsef ?? false);
  if (!facts) return { findings: [] };
  const findings: KsefFinding[] = [];
  if (!utf8) findings.push({ code: 'notUtf8', refuses: true, message: 'The file is not valid UTF-8; KSeF takes only UTF-8.', params: {}, location: '/' });
  textChecks(bytes, source, findings);
  factChecks(bytes, facts, options, findings, root);
  return { facts, findings };
}
