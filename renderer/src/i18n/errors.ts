import type { TFunction } from 'i18next';
import { reasonOf } from '../../../shared/contract/error-reasons';
import { AppError, type ErrorCode } from '../../../shared/contract/errors';

export type ErrorContext = 'login';

export interface ErrorText {
  /** A friendly sentence for the error code (never the raw server text alone). */
  summary: string;
  /** What the service or the core said, when it adds something. */
  detail?: string;
}

/**
 * Words an error for the user. When the core says why (a reason key with its parameters), that
 * sentence, in the UI language, is the whole message: it leads with what to do. Otherwise the
 * friendly message for the code, plus what the service said.
 */
export function describeError(t: TFunction, error: unknown, context?: ErrorContext): ErrorText {
  const appError = error instanceof AppError ? error : new AppError('internal', error instanceof Error ? error.message : String(error));
  const reason = reasonOf(appError.details);
  if (reason) return { summary: t(`errors.reasons.${reason.key}`, reason.params) };
  const code: ErrorCode = appError.code;
  const summary =
    context === 'login' && (code === 'unauthorized' || code === 'forbidden')
      ? t(`errors.login.${code}`)
      : t(`errors.codes.${code}`);
  const detail = appError.message.trim();
  return detail && detail !== summary ? { summary, detail } : { summary };
}
