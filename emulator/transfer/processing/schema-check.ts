/**
 * The transfer interface checks each FatturaPA and KSeF document against its official schema while
 * processing (the standards engine, XSD only): an invalid one fails the upload with the schema's
 * message (element, line). Other documents (UBL, JSON, CSV rows, signed envelopes) are not checked here.
 */
import type { StandardsEngine } from '../../../standards/engine';
import { noticeText, ValidationFailure } from '../../../standards/engine';
import type { DocumentPiece } from './extract';

const SCHEMA_NAMESPACES = ['http://ivaservizi.agenziaentrate.gov.it/docs/xsd/fatture/', 'http://crd.gov.pl/wzor/'];

/** An XML document that declares a FatturaPA or KSeF namespace near its start (the rest go through unchecked at once). */
export const needsSchemaCheck = (piece: DocumentPiece): boolean => {
  const head = Buffer.from(piece.bytes.buffer, piece.bytes.byteOffset, Math.min(piece.bytes.byteLength, 8 * 1024)).toString('latin1');
  return /^(?:\xEF\xBB\xBF)?\s*</.test(head) && SCHEMA_NAMESPACES.some((namespace) => head.includes(namespace));
};

export async function schemaErrorsOf(engine: StandardsEngine, piece: DocumentPiece): Promise<string[]> {
  try {
    const result = await engine.validate(piece.bytes, { schemaOnly: true });
    if (result.kind !== 'fatturapa' && result.kind !== 'ksef') return [];
    return result.fatal.map((issue) => `${piece.fileName}: ${issue.message}${issue.notice ? ` ${noticeText(issue.notice)}` : ''} [${issue.artefact.name} ${issue.artefact.version}]`);
  } catch (error) {
    // Not a document the schemas cover (or not one at all): the extraction already judged it readable.
    if (error instanceof ValidationFailure && error.code !== 'engine' && error.code !== 'timeout') return [];
    throw error;
  }
}
