/** HTTP outcomes → the app's stable error codes (DESIGN §3). */
import { AppError, because, reason, type ErrorCode, type ErrorReason } from '../../../shared/contract';
import { extractServerMessages } from './server-messages';

export interface HttpErrorDetails {
  requestId: string;
  host: string;
  method: string;
  /** What the server said, in order; empty when it said nothing readable. */
  messages: string[];
  fieldErrors?: Record<string, string>;
  /** The parsed error body (JSON) or its first characters (text), for callers that read codes in it. */
  body?: unknown;
  /** The error in the user's words (see shared/contract/error-reasons.ts). */
  userMessage?: ErrorReason;
}

interface StatusRule {
  code: ErrorCode;
  fallback: (host: string, status: number) => string;
  /** The fallback in the user's words, when the server said nothing readable. */
  why: (host: string, status: number) => ErrorReason;
}

const rules: Record<number, StatusRule> = {
  400: { code: 'validation', fallback: () => 'The service rejected the request as invalid.', why: () => reason('http.refused') },
  401: { code: 'unauthorized', fallback: () => 'The service did not accept your sign-in. Sign in again.', why: () => reason('http.signInRefused') },
  403: { code: 'forbidden', fallback: () => 'Your account is not allowed to do this.', why: () => reason('http.forbidden') },
  404: { code: 'not_found', fallback: () => 'The service could not find what was asked for.', why: () => reason('http.notFound') },
  409: { code: 'conflict', fallback: () => 'The service refused because of the current state of the resource.', why: () => reason('http.conflict') },
  413: { code: 'too_large', fallback: () => 'The request is too large for the service.', why: () => reason('http.tooLarge') },
  422: { code: 'validation', fallback: () => 'The service refused the content.', why: () => reason('http.refused') },
  429: { code: 'unavailable', fallback: (host) => `${host} is receiving too many requests; try again shortly.`, why: (host) => reason('http.tooManyRequests', { host }) },
  502: { code: 'unavailable', fallback: (host, status) => `${host} is unavailable right now (HTTP ${status}); try again later.`, why: (host, status) => reason('http.unavailable', { host, status }) },
  503: { code: 'unavailable', fallback: (host, status) => `${host} is unavailable right now (HTTP ${status}); try again later.`, why: (host, status) => reason('http.unavailable', { host, status }) },
  504: { code: 'unavailable', fallback: (host, status) => `${host} is unavailable right now (HTTP ${status}); try again later.`, why: (host, status) => reason('http.unavailable', { host, status }) },
};

export function errorForStatus(status: number, body: unknown, meta: { requestId: string; host: string; method: string }): AppError {
  const { messages, fieldErrors } = extractServerMessages(body);
  const rule = rules[status];
  const code: ErrorCode = rule?.code ?? (status >= 500 ? 'internal' : 'bad_response');
  const fallback =
    rule?.fallback(meta.host, status) ??
    (status >= 500
      ? `${meta.host} had an internal error (HTTP ${status}).`
      : `${meta.host} answered with an unexpected status (HTTP ${status}).`);
  let message = fallback;
  let why = rule?.why(meta.host, status) ?? reason(status >= 500 ? 'http.serverError' : 'http.unexpectedStatus', { host: meta.host, status });
  if (messages.length > 0) {
    message = code === 'validation' ? `${fallback} ${messages.slice(0, 5).join('; ')}` : messages[0] ?? fallback;
    // The service's own words, kept as they are; the renderer frames them in the user's language.
    why = reason('http.serviceSaid', { said: (code === 'validation' ? messages.slice(0, 5).join('; ') : messages[0] ?? '').slice(0, 1000) });
  }
  const details: HttpErrorDetails = because(why, { ...meta, messages, ...(fieldErrors ? { fieldErrors } : {}), ...(body !== undefined ? { body } : {}) });
  return new AppError(code, message, { status, details });
}

const networkCodes: Record<string, string> = {
  ECONNREFUSED: 'the connection was refused',
  ECONNRESET: 'the connection was reset',
  ENOTFOUND: 'the host name could not be resolved',
  EAI_AGAIN: 'the host name could not be resolved (DNS is not answering)',
  EHOSTUNREACH: 'the host is unreachable',
  ENETUNREACH: 'the network is unreachable',
  ENETDOWN: 'the network is down',
  ETIMEDOUT: 'the connection timed out',
  EPIPE: 'the connection was closed while sending',
  UND_ERR_SOCKET: 'the connection was closed unexpectedly',
  UND_ERR_CLOSED: 'the connection was closed',
  UND_ERR_DESTROYED: 'the connection was closed',
};

const certificateCodes = new Set([
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'ERR_TLS_CERT_ALTNAME_INVALID',
  'CERT_UNTRUSTED',
]);

/** The error code of an error or of one of its causes (undici wraps socket errors). */
function findCode(error: unknown): { code?: string; message: string } {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current; depth += 1) {
    if (current instanceof AggregateError && current.errors.length > 0) current = current.errors[0];
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (networkCodes[code] || certificateCodes.has(code) || code.startsWith('ERR_SSL') || code.startsWith('ERR_OSSL') || code.startsWith('UND_ERR') || code === 'EPROTO')) {
      return { code, message: (current as Error).message ?? '' };
    }
    current = (current as { cause?: unknown }).cause;
  }
  return { message: error instanceof Error ? error.message : String(error) };
}

/**
 * A failure before a usable response: timeouts, refused or dropped connections, TLS trouble.
 * `aborted` is true when the caller's own signal fired.
 */
export function errorForTransport(error: unknown, meta: { requestId: string; host: string; method: string; timeoutMs: number; aborted: boolean }): AppError {
  const details = { requestId: meta.requestId, host: meta.host, method: meta.method };
  if (meta.aborted) return new AppError('cancelled', 'The request was cancelled.', { details: because(reason('http.cancelled'), details), cause: error });
  const { code, message } = findCode(error);
  if (code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT') {
    return new AppError('timeout', `${meta.host} did not answer within ${formatSeconds(meta.timeoutMs)}.`, {
      details: because(reason('http.noAnswer', { host: meta.host, seconds: Math.max(1, Math.round(meta.timeoutMs / 1000)) }), details),
      cause: error,
    });
  }
  if (code === 'UND_ERR_CONNECT_TIMEOUT') {
    return new AppError('timeout', `Connecting to ${meta.host} took too long.`, { details: because(reason('http.connectTimeout', { host: meta.host }), details), cause: error });
  }
  if (code && (certificateCodes.has(code) || code.startsWith('ERR_SSL') || code.startsWith('ERR_OSSL') || code === 'EPROTO')) {
    return new AppError(
      'certificate',
      `The secure connection to ${meta.host} failed (${code}). If the service uses a private certificate authority, add it to the profile.`,
      { details: because(reason('http.secureConnection', { host: meta.host, code }), { ...details, reason: message }), cause: error },
    );
  }
  const words = (code && networkCodes[code]) ?? 'the connection failed';
  return new AppError('network', `Cannot reach ${meta.host}: ${words}.`, {
    details: because(reason('http.unreachable', { host: meta.host, code: code ?? 'network' }), { ...details, reason: message }),
    cause: error,
  });
}

export function formatSeconds(ms: number): string {
  return ms < 1000 ? `${ms} ms` : `${Math.round(ms / 100) / 10} s`;
}
