import type { TFunction } from 'i18next';
import { reasonOf, type ErrorReason } from '../../../shared/contract/error-reasons';
import { AppError, type ErrorCode } from '../../../shared/contract/errors';

export type ErrorContext = 'login';

export interface ErrorText {
  /** A friendly sentence for the error code (never the raw server text alone). */
  summary: string;
  /** What the service or the core said, when it adds something. */
  detail?: string;
}

/** One reason the core gave, in the UI language. */
export function wordReason(t: TFunction, reason: ErrorReason): string {
  const word = t as unknown as (key: string, options: Record<string, unknown>) => string;
  return word(`errors.reasons.${reason.key}`, reason.params);
}

/**
 * A status the core reports (not an error): its reason in the UI language, or its English text when
 * it has none (an old journal's entry, a status from before reasons).
 */
export function wordStatus(t: TFunction, status: { message?: string; reason?: ErrorReason }): string | undefined {
  return status.reason ? wordReason(t, status.reason) : status.message;
}

/**
 * Words an error for the user. When the core says why (a reason key with its parameters), that
 * sentence, in the UI language, is the whole message: it leads with what to do. When the service said
 * why in its own words, they follow the friendly message for the code, framed as the service's.
 * An error without a reason (one raised in the renderer) keeps its message as the detail.
 */
export function describeError(t: TFunction, error: unknown, context?: ErrorContext): ErrorText {
  const appError = error instanceof AppError ? error : new AppError('internal', error instanceof Error ? error.message : String(error));
  const code: ErrorCode = appError.code;
  const reason = reasonOf(appError.details);
  const serviceWords = reason?.key === 'http.serviceSaid' ? wordReason(t, reason) : undefined;
  if (context === 'login' && (code === 'unauthorized' || code === 'forbidden')) {
    const summary = t(`errors.login.${code}`);
    // Without a reason (an error raised outside the core) its message is all there is to add.
    const detail = serviceWords ?? (reason ? undefined : appError.message.trim());
    return detail && detail !== summary ? { summary, detail } : { summary };
  }
  if (reason && !serviceWords) return { summary: wordReason(t, reason) };
  const summary = t(`errors.codes.${code}`);
  if (serviceWords) return { summary, detail: serviceWords };
  if (reason) return { summary };
  const detail = appError.message.trim();
  return detail && detail !== summary ? { summary, detail } : { summary };
}
