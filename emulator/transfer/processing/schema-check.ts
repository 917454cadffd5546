/**
 * The transfer interface checks each FatturaPA and KSeF document against its official schema while
 * processing (the standards engine, XSD only): an invalid one fails the upload with the schema's
 * message (element, line). A document for Poland also goes through KSeF's own acceptance checks
 * (shared/ksef/prechecks.ts) for the environment the emulator plays: with `--environment production`
 * an FA (2) invoice or a NIP failing its checksum is refused, as KSeF's production system does.
 * Other documents (UBL to Italy, JSON, CSV rows, signed envelopes) are not checked here.
 */
import type { StandardsEngine } from '../../../standards/engine';
import { KSEF_DESTINATION, noticeText, ValidationFailure } from '../../../standards/engine';
import { checkForKsef, PEF_MARK, warsawDay, type ServiceEnvironment } from '../../../shared/ksef';
import type { DocumentPiece } from './extract';

const SCHEMA_NAMESPACES = ['http://ivaservizi.agenziaentrate.gov.it/docs/xsd/fatture/', 'http://crd.gov.pl/wzor/'];

const isXmlText = (head: string): boolean => /^(?:\xEF\xBB\xBF)?\s*</.test(head);

/**
 * KSeF's PEF (3) and PEF_KOR (3) are UBL invoices and credit notes that say they are Polish: the
 * efaktura.gov.pl CustomizationID or the `urn:pl:extended` components. A plain UBL invoice to PL is
 * not checked here (KSeF learns the form from the session; the transfer interface has no such field).
 */
const PEF_SIGNS = [PEF_MARK, 'urn:pl:extended:'];

/** An XML document that declares a FatturaPA or KSeF namespace near its start (for Poland also a Polish UBL: PEF). */
const headOf = (piece: DocumentPiece): string => Buffer.from(piece.bytes.buffer, piece.bytes.byteOffset, Math.min(piece.bytes.byteLength, 8 * 1024)).toString('latin1');

export const needsSchemaCheck = (piece: DocumentPiece, country: 'IT' | 'PL' = 'IT'): boolean => {
  const head = headOf(piece);
  const signs = country === 'PL' ? [...SCHEMA_NAMESPACES, ...PEF_SIGNS] : SCHEMA_NAMESPACES;
  return isXmlText(head) && signs.some((sign) => head.includes(sign));
};

export interface SchemaCheckContext {
  country: 'IT' | 'PL';
  environment: ServiceEnvironment;
  now: Date;
}

export async function schemaErrorsOf(engine: StandardsEngine, piece: DocumentPiece, context: SchemaCheckContext = { country: 'IT', environment: 'sandbox', now: new Date() }): Promise<string[]> {
  // A FatturaPA sent to PL by mistake is still checked against its own schema.
  const toKsef = context.country === 'PL' && !headOf(piece).includes(SCHEMA_NAMESPACES[0]!);
  try {
    const result = await engine.validate(piece.bytes, { schemaOnly: true, ...(toKsef ? { ruleSet: KSEF_DESTINATION } : {}) });
    if (result.kind !== 'fatturapa' && result.kind !== 'ksef') return [];
    const schema = result.fatal
      .filter((issue) => issue.ruleId === 'XSD')
      .map((issue) => `${piece.fileName}: ${issue.message}${issue.notice ? ` ${noticeText(issue.notice)}` : ''} [${issue.artefact.name} ${issue.artefact.version}]`);
    if (!toKsef) return schema;
    const refusals = checkForKsef(piece.bytes, { environment: context.environment, today: warsawDay(context.now), toKsef })
      .findings.filter((finding) => finding.refuses)
      .map((finding) => `${piece.fileName}: ${finding.message} [KSeF acceptance check]`);
    return [...schema, ...refusals];
  } catch (error) {
    // Not a document the schemas cover (or not one at all): the extraction already judged it readable.
    if (error instanceof ValidationFailure && error.code !== 'engine' && error.code !== 'timeout') return [];
    throw error;
  }
}
