/** Why a document could not be read as UBL; the message is meant for the user. */
export type UblParseErrorCode =
  /** Not well-formed XML (position given when the parser knows it). */
  | 'malformed_xml'
  /** Well-formed, but not a UBL 2.x document (e.g. FatturaPA, KSeF, CII). */
  | 'not_ubl'
  /** A UBL document of a type this app does not handle (e.g. ApplicationResponse). */
  | 'unsupported_type'
  /** A JSON transposition that does not have the shape described in `json.ts`. */
  | 'invalid_json';

export class UblParseError extends Error {
  override readonly name = 'UblParseError';

  constructor(
    readonly code: UblParseErrorCode,
    message: string,
    readonly line?: number,
    readonly column?: number,
  ) {
    super(message);
  }
}

export function isUblParseError(error: unknown): error is UblParseError {
  return error instanceof UblParseError;
}
