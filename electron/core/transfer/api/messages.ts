/**
 * The transfer interface's error table in words an office worker can act on. Each message says
 * what happened to the file and what to do next; the server's own text is added where it helps.
 */
import { reason, type ErrorCode, type ErrorReason, type UploadCountry } from '../../../../shared/contract';
import type { HttpErrorDetails } from '../../http/errors';

export interface EntryError {
  code: ErrorCode;
  message: string;
  fieldErrors?: Record<string, string>;
  /** `message` in the UI's words (the English stays for logs and the journal). */
  reason?: ErrorReason;
}

export const countryNames: Record<UploadCountry, string> = { IT: 'Italy (IT)', PL: 'Poland (PL)' };

/** The spec's field keys of a 400 (`country`, `fileName`, `content`, `e2eId`) as people call them. */
const fieldLabels: Record<string, string> = {
  country: 'Country',
  fileName: 'File name',
  file_name: 'File name',
  content: 'File content',
  e2eId: 'End-to-end ID',
  e2e_id: 'End-to-end ID',
};

const MEBIBYTE = 1024 * 1024;

/** "4.10 MB" (binary megabytes, as the spec's "about 3.75 MiB"). */
export function formatMegabytes(bytes: number): string {
  return `${(bytes / MEBIBYTE).toFixed(2)} MB`;
}

export function tooLargeMessage(fileName: string, size: number): string {
  return `${fileName} is too large for an upload (${formatMegabytes(size)}, limit about 3.75 MB): split it or send it over SFTP.`;
}

export const messages = {
  signInAgain: 'Your sign-in has expired. Sign in again: the file stays queued and is sent as soon as you are back.',
  waitingForSignIn: 'Waiting for you to sign in; the file is sent as soon as you are back.',
  closedBeforeSend: 'The app was closed before this file was sent; it is sent on the next start.',
  forbidden: (country: UploadCountry) =>
    `Your account has no access to uploads for ${countryNames[country]}. Contact support to get upload access, or send the file over SFTP.`,
  notConfigured: (country: UploadCountry) =>
    `Transfer to ${countryNames[country]} is not set up for your account yet. Contact support to have it configured, then retry.`,
  unavailable:
    'The service could not confirm it received the file. The app is checking, by End-to-end ID, whether it arrived, and sends it again only if it did not.',
  transport:
    'The connection broke while the file was being sent. The app is checking, by End-to-end ID, whether it arrived, and sends it again only if it did not.',
  crashed:
    'The app stopped while this file was being sent. It is checking, by End-to-end ID, whether the file arrived, and sends it again only if it did not.',
  pendingDoNotResend:
    'The service has not confirmed this file yet. Do not send it again: the first sending may still finish. If it stays like this for long, contact support.',
  pendingForLong:
    'The service has not started processing this file yet. Do not send it again; if it stays like this for long, contact support.',
} as const;

const warningReasons = new Map<string, ErrorReason>([
  [messages.signInAgain, reason('uploads.warnSignInAgain')],
  [messages.waitingForSignIn, reason('uploads.warnWaitingForSignIn')],
  [messages.closedBeforeSend, reason('uploads.warnClosedBeforeSend')],
  [messages.unavailable, reason('uploads.warnUnconfirmed')],
  [messages.transport, reason('uploads.warnConnectionBroke')],
  [messages.crashed, reason('uploads.warnCrashed')],
  [messages.pendingDoNotResend, reason('uploads.warnPendingDoNotResend')],
  [messages.pendingForLong, reason('uploads.warnPendingForLong')],
]);

/**
 * A warning the journal keeps (in English) in the UI's words: the fixed warnings above, recognised
 * when an entry is shown, so entries journaled before reasons are worded too. Others (they name
 * files or the service's words) stay as they are.
 */
export function warningReasonOf(warning: string | undefined): ErrorReason | undefined {
  return warning === undefined ? undefined : warningReasons.get(warning);
}

function fieldSentences(fieldErrors: Record<string, string>): string {
  return Object.entries(fieldErrors)
    .map(([field, message]) => `${fieldLabels[field] ?? field}: ${message}`)
    .join(' ');
}

function serverMessage(details: Partial<HttpErrorDetails> | undefined): string | undefined {
  return details?.messages?.[0];
}

function bodyCode(details: Partial<HttpErrorDetails> | undefined): unknown {
  const body = details?.body;
  return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>).code : undefined;
}

/** A refused `POST /upload` (400, 403, 409, 413 and other 4xx) → what the person sees on the entry. */
export function describeRejection(
  status: number | undefined,
  details: Partial<HttpErrorDetails> | undefined,
  file: { fileName: string; size: number; country: UploadCountry },
): EntryError {
  switch (status) {
    case 400: {
      const fieldErrors = details?.fieldErrors;
      if (fieldErrors && Object.keys(fieldErrors).length > 0) {
        return { code: 'validation', message: `The service refused the file. ${fieldSentences(fieldErrors)}`, fieldErrors };
      }
      const said = serverMessage(details);
      return { code: 'validation', message: `The service refused the request${said ? `: ${said}` : '.'}`, reason: said ? reason('uploads.serviceRefusedSaid', { said }) : reason('uploads.serviceRefused') };
    }
    case 403:
      return { code: 'forbidden', message: messages.forbidden(file.country), reason: reason('uploads.serviceForbidden', { country: file.country }) };
    case 409: {
      if (bodyCode(details) === 'transfer_not_configured') return { code: 'conflict', message: messages.notConfigured(file.country), reason: reason('uploads.serviceNotConfigured', { country: file.country }) };
      const said = serverMessage(details);
      return {
        code: 'conflict',
        message: `The service refused the file: ${said ?? 'the request conflicts with the account set-up'}. Contact support.`,
        reason: said ? reason('uploads.serviceConflictSaid', { said }) : reason('uploads.serviceConflict'),
      };
    }
    case 413:
      return { code: 'too_large', message: tooLargeMessage(file.fileName, file.size), reason: reason('uploads.tooLarge', { name: file.fileName, size: formatMegabytes(file.size), limit: '3.75 MB' }) };
    default: {
      const said = serverMessage(details);
      const code = status ?? '?';
      return {
        code: 'bad_response',
        message: `The service refused the file (HTTP ${code})${said ? `: ${said}` : '.'}`,
        reason: said ? reason('uploads.serviceRefusedStatusSaid', { status: code, said }) : reason('uploads.serviceRefusedStatus', { status: code }),
      };
    }
  }
}
