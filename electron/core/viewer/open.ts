/**
 * Opens any file the viewer is given: unwraps a signed `.p7m`, lists a ZIP's entries, splits a
 * multi-document CSV, recognises UBL 2.1 (five types), FatturaPA 1.2 and KSeF FA(2)/FA(3) and
 * builds what the viewer shows for each document. Never throws for bad content: a document that
 * cannot be laid out carries a `problem` and its source; only a file past the limits is refused.
 */
import { AppError, because, reason, VIEWER_MAX_FILE_BYTES, type Environment, type StylesheetId, type ViewedDocument, type ViewerResult } from '../../../shared/contract';
import { findColumn, groupCsvDocuments, parseCsv } from '../../../shared/csv';
import { normalizeUblTree, parseXmlTree, type XmlElement } from '../../../shared/ubl';
import { prettySource } from '../documents/source-view';
import { MAX_XML_DEPTH, nestsDeeperThan } from '../documents/xml-depth';
import { fatturaPaAttachments, fatturaPaLayout, fatturaPaSummary, fatturaPaVersion, isFatturaPa } from './fatturapa';
import { isSemplificata, semplificataLayout, semplificataSummary, semplificataVersion } from './semplificata';
import { isKsef, ksefLayout, ksefSummary, ksefVersion } from './ksef';
import { ksefVerificationCode } from './ksef-qr';
import { ksefRrLayout, ksefRrSummary } from './ksef-rr';
import { ksefFormatOf } from '../../../shared/ksef';

import { looksLikeP7m, openP7m } from './p7m';
import { decodeDocumentText } from './text';
import { ublAttachments, ublSummary } from './ubl-summary';
import { readZipEntries, type ZipLimits } from './zip-reader';

/** A UBL invoice that says it is Polish (efaktura.gov.pl CustomizationID or `urn:pl:extended` parts) is KSeF's FA_PEF (3)/FA_KOR_PEF (3). */
const pefFormatOf = (root: XmlElement): string | undefined => {
  const customizationId = root.children.find((child) => child.name === 'CustomizationID')?.text.trim() ?? '';
  const polishParts = root.children.some((child) => child.namespace.startsWith('urn:pl:extended:'));
  return ksefFormatOf(root.namespace, root.name, customizationId, polishParts);
};

export const ZIP_LIMITS: ZipLimits = { entries: 500, uncompressedBytes: 100 * 1024 * 1024, entryBytes: VIEWER_MAX_FILE_BYTES, ratio: 200 };
/** A CSV's documents, the length of its header (all column names), and the text of all its documents together. */
export const CSV_LIMITS = { documents: 1000, headerCharacters: 16 * 1024, outputCharacters: 48 * 1024 * 1024 };
/** Characters of source kept for the source view; the full file stays in the core for rendering. */
export const SOURCE_KEEP_CHARACTERS = 2_000_000;

export type OpenedFile = Omit<ViewerResult, 'id'> & { texts: string[] };

/** `environment`: which KSeF system a KSeF invoice's verification code points to (the active profile's). */
export function openFile(fileName: string, bytes: Uint8Array, destinationId?: string, environment: Environment = 'sandbox'): OpenedFile {
  if (bytes.length === 0) throw new AppError('validation', `${fileName} is empty: there is nothing to show.`, { details: because(reason('viewer.emptyFile', { name: fileName })) });
  if (bytes.length > VIEWER_MAX_FILE_BYTES) {
    throw new AppError('too_large', `${fileName} is ${(bytes.length / 1024 / 1024).toFixed(1)} MB; the viewer opens files up to ${VIEWER_MAX_FILE_BYTES / 1024 / 1024} MB.`, {
      details: because(reason('viewer.tooLarge', { name: fileName, size: `${(bytes.length / 1024 / 1024).toFixed(1)} MB`, limit: `${VIEWER_MAX_FILE_BYTES / 1024 / 1024} MB` })),
    });
  }
  const result: OpenedFile = { fileName, size: bytes.length, containers: [], documents: [], skipped: [], texts: [] };
  let name = fileName;
  let content = bytes;
  if (looksLikeP7m(bytes, fileName)) {
    const opened = openP7m(bytes, fileName);
    if (!opened.ok) throw new AppError('validation', opened.error, { details: because(opened.why) });
    result.containers.push('p7m');
    result.signature = opened.signature;
    content = opened.content;
    name = fileName.replace(/\.p7m$/i, '');
  }
  if (isZip(content)) {
    result.containers.push('zip');
    readZip(name, content, result, destinationId, environment);
  } else {
    addFile(name, content, result, destinationId, environment);
  }
  return result;
}

function isZip(bytes: Uint8Array): boolean {
  return bytes[0] === 0x50 && bytes[1] === 0x4b && (bytes[2] === 0x03 || bytes[2] === 0x05);
}

function readZip(zipName: string, bytes: Uint8Array, result: OpenedFile, destinationId?: string, environment: Environment = 'sandbox'): void {
  const { entries: read, skipped } = readZipEntries(zipName, bytes, ZIP_LIMITS);
  result.skipped.push(...skipped);
  const entries = Object.fromEntries(read.map((entry) => [entry.path, entry.bytes]));
  const names = Object.keys(entries).sort((a, b) => a.localeCompare(b));
  if (names.length === 0 && skipped.length === 0) throw new AppError('validation', `${zipName} contains no files.`, { details: because(reason('viewer.zipEmpty', { name: zipName })) });
  for (const path of names) {
    const entryName = path.split('/').pop() ?? path;
    let entry = entries[path] ?? new Uint8Array();
    let shownName = entryName;
    if (entry.length === 0) {
      result.skipped.push({ name: entryName, reason: 'The file is empty.' });
      continue;
    }
    if (/\.p7m$/i.test(entryName)) {
      const opened = openP7m(entry, entryName);
      if (!opened.ok) {
        result.skipped.push({ name: entryName, reason: opened.error });
        continue;
      }
      entry = opened.content;
      shownName = entryName.replace(/\.p7m$/i, '');
    }
    if (isZip(entry)) {
      result.skipped.push({ name: entryName, reason: 'A ZIP inside the ZIP is not opened.' });
      continue;
    }
    addFile(shownName, entry, result, destinationId, environment);
  }
}

function addFile(name: string, bytes: Uint8Array, result: OpenedFile, destinationId?: string, environment: Environment = 'sandbox'): void {
  const decoded = decodeDocumentText(bytes, name);
  if (!decoded.ok) {
    push(result, bareDocument(name, '', bytes.length, 'application/octet-stream', decoded.error), '');
    return;
  }
  const text = decoded.text;
  const first = text.trimStart()[0];
  if (first === '<') return push(result, readXml(name, text, bytes, destinationId, environment), text);
  if (first === '{' || first === '[') return push(result, readJson(name, text, bytes.length), text);
  if (/\.csv$/i.test(name) || looksLikeCsv(text)) return readCsv(name, text, bytes.length, result);
  push(result, bareDocument(name, text, bytes.length, 'text/plain', `${name} is not XML, JSON or CSV, so it cannot be shown as a document.`), text);
}

function push(result: OpenedFile, document: ViewedDocument, text: string): void {
  result.documents.push(document);
  result.texts.push(text);
}

function looksLikeCsv(text: string): boolean {
  const firstLine = text.split(/\r?\n/, 1)[0] ?? '';
  return /[,;]/.test(firstLine) && !firstLine.includes('<');
}

function keptSource(text: string, pretty: string) {
  const truncated = pretty.length > SOURCE_KEEP_CHARACTERS;
  return { text: text.length > SOURCE_KEEP_CHARACTERS ? text.slice(0, SOURCE_KEEP_CHARACTERS) : text, pretty: truncated ? pretty.slice(0, SOURCE_KEEP_CHARACTERS) : pretty, truncated };
}

function bareDocument(name: string, text: string, size: number, contentType: string, problem?: string): ViewedDocument {
  const document: ViewedDocument = {
    name,
    family: 'xml',
    formatLabel: contentType === 'text/plain' || contentType === 'application/octet-stream' ? '?' : 'XML',
    summary: {},
    stylesheets: [],
    attachments: [],
    source: { size, contentType, ...keptSource(text, text) },
  };
  if (problem) document.problem = problem;
  return document;
}

function readXml(name: string, text: string, bytes: Uint8Array, destinationId?: string, environment: Environment = 'sandbox'): ViewedDocument {
  const size = bytes.length;
  if (nestsDeeperThan(text, MAX_XML_DEPTH)) {
    throw new AppError('too_large', `${name} nests its elements more than ${MAX_XML_DEPTH} levels deep; e-invoices never do, and it was not opened.`, {
      details: because(reason('viewer.tooDeep', { name, max: MAX_XML_DEPTH })),
    });
  }
  const pretty = size <= 20 * 1024 * 1024 ? prettySource(text, 'xml') : text;
  const base = (): ViewedDocument => ({ ...bareDocument(name, text, size, 'application/xml'), source: { size, contentType: 'application/xml', ...keptSource(text, pretty) } });
  let root: XmlElement;
  try {
    root = parseXmlTree(text);
  } catch (error) {
    return { ...base(), problem: (error as Error).message };
  }
  const document = base();
  if (destinationId) document.destinationId = destinationId;
  if (isFatturaPa(root)) {
    document.family = 'fatturapa';
    document.formatLabel = root.attributes.versione ?? 'FatturaPA';
    const version = fatturaPaVersion(root);
    if ('problem' in version) return { ...document, problem: version.problem };
    document.version = '1.2';
    document.summary = fatturaPaSummary(root);
    document.layout = fatturaPaLayout(root);
    document.attachments = fatturaPaAttachments(root);
    // AdE's sheets: FPR12 gets the ordinary 1.2.3; FPA12 the PA 1.2.2 by default (it names TD28) and the PA 1.2.3 (it names RF20).
    document.stylesheets = (version.version === 'FPA12' ? ['fatturapa-ade', 'fatturapa-ade-1.2.3', 'fatturapa-asso'] : ['fatturapa-ade', 'fatturapa-asso']) satisfies StylesheetId[];
    return document;
  }
  if (isSemplificata(root)) {
    document.family = 'fatturapa';
    document.formatLabel = root.attributes.versione ?? 'FatturaPA';
    const version = semplificataVersion(root);
    if ('problem' in version) return { ...document, problem: version.problem };
    document.version = '1.0';
    document.summary = semplificataSummary(root);
    document.layout = semplificataLayout(root);
    document.attachments = fatturaPaAttachments(root);
    // No verified copy of AdE's semplificata stylesheet exists: the viewer's own layout shows it.
    return document;
  }
  if (isKsef(root)) {
    document.family = 'ksef';
    const version = ksefVersion(root);
    if ('problem' in version) return { ...document, formatLabel: 'KSeF', problem: version.problem };
    document.formatLabel = version.version;
    const farmerInvoice = version.version === 'FA_RR (1)';
    document.summary = farmerInvoice ? ksefRrSummary(root) : ksefSummary(root);
    document.layout = farmerInvoice ? ksefRrLayout(root, destinationId) : ksefLayout(root, destinationId);
    const verification = ksefVerificationCode(root, bytes, environment, destinationId);
    if (verification) document.verification = verification;
    if (version.version === 'FA (2)') document.stylesheets = ['ksef-fa2'];
    return document;
  }
  try {
    const ubl = normalizeUblTree(root);
    document.family = 'ubl';
    document.formatLabel = pefFormatOf(root) ?? ubl.rootName;
    document.version = ubl.ublVersionId ?? '2.1';
    document.ubl = ubl;
    document.summary = ublSummary(ubl);
    document.attachments = ublAttachments(ubl);
    return document;
  } catch (error) {
    return { ...document, formatLabel: root.name, problem: `${(error as Error).message} The viewer shows UBL 2.1, FatturaPA 1.2 and semplificata 1.0, and KSeF FA (2)/FA (3) documents.` };
  }
}

function readJson(name: string, text: string, size: number): ViewedDocument {
  const pretty = prettySource(text, 'json');
  return {
    ...bareDocument(name, text, size, 'application/json', 'JSON documents are shown as source only.'),
    family: 'json',
    formatLabel: 'JSON',
    source: { size, contentType: 'application/json', ...keptSource(text, pretty) },
  };
}

function readCsv(name: string, text: string, size: number, result: OpenedFile): void {
  const parsed = parseCsv(text, name);
  if (!parsed.ok) {
    push(result, { ...bareDocument(name, text, size, 'text/csv', parsed.error), family: 'csv', formatLabel: 'CSV' }, text);
    return;
  }
  refuseCsvHeader(name, parsed.table.header);
  const grouped = groupCsvDocuments(parsed.table, name);
  if (!grouped.ok) {
    push(result, { ...bareDocument(name, text, size, 'text/csv', grouped.error), family: 'csv', formatLabel: 'CSV' }, text);
    return;
  }
  const { header, delimiter } = parsed.table;
  refuseCsvDocuments(name, grouped.groups.length);
  const spend = csvOutputBudget(name);
  if (grouped.groups.length > 1 && !result.containers.includes('csv')) result.containers.push('csv');
  const number = findColumn(header, ['document_number', 'invoice_number', 'document_id', 'numero_documento', 'numero_fattura', 'numer_faktury']);
  const date = findColumn(header, ['document_date', 'issue_date', 'date', 'data', 'data_documento', 'data_wystawienia']);
  const seller = findColumn(header, ['seller_name', 'supplier_name', 'seller', 'cedente', 'sprzedawca']);
  const buyer = findColumn(header, ['buyer_name', 'customer_name', 'buyer', 'cessionario', 'nabywca']);
  const total = findColumn(header, ['total', 'total_amount', 'amount', 'importo_totale', 'kwota_brutto']);
  for (const group of grouped.groups) {
    const first = group.rows[0] ?? [];
    const groupText = [header, ...group.rows].map((row) => row.map((field) => (/[",;\n]/.test(field) ? `"${field.replace(/"/g, '""')}"` : field)).join(delimiter)).join('\n');
    spend(groupText.length);
    const document: ViewedDocument = {
      ...bareDocument(group.key ? `${name} · ${group.key}` : name, groupText, grouped.groups.length === 1 ? size : groupText.length, 'text/csv'),
      family: 'csv',
      formatLabel: 'CSV',
      csv: { header, rows: group.rows },
      summary: {
        ...(group.key ? { number: group.key } : number >= 0 && first[number] ? { number: first[number] } : {}),
        ...(date >= 0 && first[date] ? { date: first[date] } : {}),
        ...(seller >= 0 && first[seller] ? { seller: { name: first[seller] } } : {}),
        ...(buyer >= 0 && first[buyer] ? { buyer: { name: first[buyer] } } : {}),
        ...(total >= 0 && first[total] ? { total: { text: first[total] } } : {}),
      },
    };
    push(result, document, groupText);
  }
}

/** Checked before the rows are grouped into documents: a huge header would be copied into each one. */
function refuseCsvHeader(name: string, header: string[]): void {
  const headerCharacters = header.reduce((sum, column) => sum + column.length, 0);
  if (headerCharacters > CSV_LIMITS.headerCharacters) {
    throw new AppError('too_large', `${name} has column names ${Math.round(headerCharacters / 1024)} KB long; the viewer reads CSV headers up to ${CSV_LIMITS.headerCharacters / 1024} KB.`, {
      details: because(reason('viewer.csvHeaderTooLong', { name, limit: `${CSV_LIMITS.headerCharacters / 1024} KB` })),
    });
  }
}

function refuseCsvDocuments(name: string, documents: number): void {
  if (documents > CSV_LIMITS.documents) {
    throw new AppError('too_large', `${name} holds ${documents} documents; the viewer opens CSV files of up to ${CSV_LIMITS.documents}.`, {
      details: because(reason('viewer.csvTooManyDocuments', { name, max: CSV_LIMITS.documents })),
    });
  }
}

/** Counts the text of a CSV's documents as they are built, and refuses the file past `limit` characters. */
export function csvOutputBudget(name: string, limit: number = CSV_LIMITS.outputCharacters): (characters: number) => void {
  let spent = 0;
  return (characters) => {
    spent += characters;
    if (spent <= limit) return;
    const shown = `${Math.round((limit / 1024 / 1024) * 10) / 10} MB`;
    throw new AppError('too_large', `${name} makes more than ${shown} of documents; the viewer opens less.`, { details: because(reason('viewer.csvTooBig', { name, limit: shown })) });
  };
}
