/**
 * The fiscal service's refusals in words a shop manager can act on: 409s by operation, 422 field
 * errors mapped to the contract's input paths (`details.fields`), mTLS refusals as `certificate`
 * errors that say what to do. The server's own words stay in `details.messages`.
 */
import { AppError, because, reason, type ErrorReason } from '../../../shared/contract';
import { IMPORT_HINT } from '../certificates/service';
import type { HttpErrorDetails } from '../http/errors';

export type FiscalOperation =
  | 'read'
  | 'downloadData'
  | 'closeJournal'
  | 'journalReading'
  | 'diagnostics'
  | 'receiptsReport'
  | 'reportPdf'
  | 'issue'
  | 'return'
  | 'void'
  | 'discard'
  | 'setAtecoCodes'
  | 'emergencyReport'
  | 'cashRegister';

const what: Record<FiscalOperation, string> = {
  read: 'the request',
  downloadData: 'the data download',
  closeJournal: 'the journal closure',
  journalReading: 'the journal reading report',
  diagnostics: 'the diagnostics report',
  receiptsReport: 'the receipts report',
  reportPdf: 'the report download',
  issue: 'the receipt',
  return: 'the return',
  void: 'the void',
  discard: 'the discard',
  setAtecoCodes: 'the ATECO codes',
  emergencyReport: 'the emergency report',
  cashRegister: 'the request',
};

const DISCARDED = /discarded/i;

type Worded = [message: string, why: ErrorReason];

/** The friendly message of a 409, by what was attempted (English for the log, a reason for the UI). */
function conflictMessage(operation: FiscalOperation, serverMessage: string | undefined): Worded {
  const server = serverMessage ?? '';
  const saidOr = (fallback: string): Worded => (server ? [server, reason('fiscal.conflictSaid', { said: server })] : [fallback, reason('fiscal.conflict')]);
  if (DISCARDED.test(server) && operation !== 'discard') {
    return ['This PEM is discarded: it can no longer issue receipts, close journals or produce new reports. Its data can still be read.', reason('fiscal.pemDiscarded')];
  }
  switch (operation) {
    case 'downloadData':
      return ['The journal is still open: close it first, then download the data.', reason('fiscal.journalStillOpen')];
    case 'journalReading':
      return ['No journal is open: issue a receipt first, then request the journal reading.', reason('fiscal.noJournalForReading')];
    case 'diagnostics':
      return ['No journal is open: issue a receipt first, then request the diagnostics report.', reason('fiscal.noJournalForDiagnostics')];
    case 'closeJournal':
      return ['No journal is open: there is nothing to close. A journal opens with the first receipt.', reason('fiscal.noJournalToClose')];
    case 'reportPdf':
      return /fail/i.test(server)
        ? ['This report has no PDF: its generation failed. Request the report again.', reason('fiscal.reportFailedNoPdf')]
        : ['The report is not ready yet: it is still being generated. Its PDF can be downloaded once it is processed.', reason('fiscal.reportNotReady')];
    case 'void':
      if (/already been voided/i.test(server)) return ['This receipt has already been voided.', reason('fiscal.alreadyVoided')];
      if (/return/i.test(server)) return ['This receipt has returns: it can no longer be voided.', reason('fiscal.voidHasReturns')];
      return saidOr('This receipt cannot be voided.');
    case 'return':
      if (/voided/i.test(server)) return ['This receipt has been voided: nothing can be returned.', reason('fiscal.receiptVoided')];
      return saidOr('These items cannot be returned.');
    default:
      return saidOr(`The service refused ${what[operation]} because of the current state of the PEM.`);
  }
}

const renames: Record<string, string> = {
  vat_rate_code: 'vatCode',
  simplified_vat_allocation: 'vatCode',
  unit_price: 'unitPrice',
  payment_type: 'type',
  ateco_code: 'atecoCode',
  prepaid_or_voucher: 'prepaidOrVoucher',
  customer_lottery_code: 'customerLotteryCode',
  customer_tax_code: 'customerTaxCode',
  document_number: 'documentNumber',
  partial_amount: 'partialAmount',
  vat_amount: 'vatAmount',
  documents_count: 'documentsCount',
  cash_payment_amount: 'cashPaymentAmount',
  electronic_payment_amount: 'electronicPaymentAmount',
  ateco_codes: 'codes',
};

const receiptsReportRenames: Record<string, string> = {
  '': 'filter',
  type: 'type',
  document_number: 'filter.documentNumber',
  document_number_from: 'filter.from',
  date_from: 'filter.from',
  document_number_to: 'filter.to',
  date_to: 'filter.to',
};

const camel = (segment: string): string => renames[segment] ?? segment.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());

/** A service field path (`items.0.vat_rate_code`, `ateco_codes[1]`) as the contract's input path (`items.0.vatCode`, `codes.1`). */
export function contractPath(operation: FiscalOperation, serverPath: string): string {
  const normalized = serverPath.replace(/\[(\d+)\]/g, '.$1').replace(/^\./, '');
  if (operation === 'receiptsReport') return receiptsReportRenames[normalized] ?? normalized;
  if (normalized === '') return '';
  return normalized.split('.').map(camel).join('.');
}

const cleanMessage = (message: string): string => message.replace(/^Value error, /, '').trim();

function validationError(operation: FiscalOperation, error: AppError, details: HttpErrorDetails): AppError {
  const fields: Record<string, string> = {};
  for (const [path, message] of Object.entries(details.fieldErrors ?? {})) {
    const key = contractPath(operation, path);
    fields[key] = fields[key] ? `${fields[key]} ${cleanMessage(message)}` : cleanMessage(message);
  }
  const listed = Object.entries(fields).map(([path, message]) => (path ? `${path}: ${message}` : message));
  const reasons = listed.length > 0 ? listed : details.messages.map(cleanMessage);
  const message =
    reasons.length > 0
      ? `The service refused ${what[operation]}: ${reasons.slice(0, 4).join('; ')}${reasons.length > 4 ? ` (and ${reasons.length - 4} more)` : ''}`
      : `The service refused ${what[operation]} as invalid.`;
  const why = reasons.length > 0 ? reason('fiscal.refusedFields', { said: reasons.slice(0, 4).join('; ') + (reasons.length > 4 ? ' (…)' : '') }) : reason('fiscal.refused');
  return new AppError('validation', message, { status: error.status, details: because(why, { ...details, fields }), cause: error });
}

/** A 401 on the mTLS listener: the certificate or the sign-in? */
function mtlsUnauthorized(error: AppError, details: HttpErrorDetails): AppError | null {
  const server = details.messages.join(' ');
  if (!/certificate/i.test(server)) return null;
  let message = `The fiscal service refused the cash register certificate. ${IMPORT_HINT}`;
  let why = reason('certificates.refusedByService');
  if (/not issued by the service's CA|not issued by|certificate authority|untrusted/i.test(server)) {
    message = `The fiscal service does not accept this certificate: it was not issued by the service's certificate authority. ${IMPORT_HINT}`;
    why = reason('certificates.notFromServiceCa');
  } else if (/does not belong|not registered|unknown/i.test(server)) {
    message = `The fiscal service does not know this certificate: it belongs to no registered cash register. ${IMPORT_HINT}`;
    why = reason('certificates.unknownToService');
  } else if (/No client certificate/i.test(server)) {
    message = `No cash register certificate reached the fiscal service. ${IMPORT_HINT}`;
    why = reason('certificates.notPresented');
  }
  return new AppError('certificate', message, { status: 401, details: because(why, { ...details, reason: 'refused_by_service' }), cause: error });
}

/** A TLS failure while presenting the client certificate (a handshake the server rejected). */
function mtlsTransport(error: AppError): AppError | null {
  const tlsReason = String((error.details as { reason?: unknown } | undefined)?.reason ?? '');
  const rejected = /alert|certificate required|bad certificate|unknown ca|handshake/i.test(tlsReason);
  // TLS 1.3 servers often reject a client certificate by closing the socket after the handshake.
  const closed = error.code === 'network' && /reset|hang up/i.test(tlsReason);
  if (!rejected && !closed) return null;
  const message = rejected
    ? `The fiscal service rejected the cash register certificate during the secure connection. ${IMPORT_HINT}`
    : `The fiscal service closed the connection when the cash register certificate was presented; it may not accept it. If this happens again: ${IMPORT_HINT}`;
  const why = rejected ? reason('certificates.handshakeRejected') : reason('certificates.connectionClosed');
  return new AppError('certificate', message, { details: because(why, { ...(error.details as object), reason: rejected ? 'handshake_rejected' : 'connection_closed' }), cause: error });
}

export interface MapOptions {
  /** The call went to the mTLS listener with the cash register certificate. */
  mtls?: boolean;
}

/** Rewords an error thrown by the HTTP client for `operation`; anything else passes through. */
export function fiscalError(error: unknown, operation: FiscalOperation, options: MapOptions = {}): unknown {
  if (!(error instanceof AppError)) return error;
  const details = error.details as HttpErrorDetails | undefined;
  if (options.mtls && error.status === undefined && (error.code === 'certificate' || error.code === 'network')) {
    return mtlsTransport(error) ?? error;
  }
  if (!details || !Array.isArray(details.messages)) return error;
  const serverMessage = details.messages[0];
  switch (error.status) {
    case 401:
      return (options.mtls && mtlsUnauthorized(error, details)) || error;
    case 409:
    {
      const [message, why] = conflictMessage(operation, serverMessage);
      return new AppError('conflict', message, { status: 409, details: because(why, details), cause: error });
    }
    case 400:
    case 422:
      return validationError(operation, error, details);
    default:
      return error;
  }
}
