import { AppError, errorCodes, type Envelope, type ErrorCode } from '../../../shared/contract/errors';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const isErrorCode = (value: unknown): value is ErrorCode => typeof value === 'string' && (errorCodes as readonly string[]).includes(value);

/**
 * Checks the shape of what the core answered. The core is trusted, but a broken shell script or a
 * version mismatch must surface as a clear `bad_response`, not as `undefined` deep inside a page.
 */
export function parseEnvelope(raw: unknown, channel: string): Envelope<unknown> {
  if (isRecord(raw) && raw.ok === true) return { ok: true, value: raw.value };
  if (isRecord(raw) && raw.ok === false && isRecord(raw.error)) {
    const { code, message, status, details } = raw.error;
    if (isErrorCode(code) && typeof message === 'string') {
      return {
        ok: false,
        error: { code, message, status: typeof status === 'number' ? status : undefined, details },
      };
    }
  }
  throw new AppError('bad_response', `The app core answered "${channel}" with something unreadable.`, { details: raw });
}

/** Whatever a failed bridge call threw, as an AppError (a rejected `invoke` means the core is unreachable). */
export function toAppError(error: unknown, channel: string): AppError {
  if (error instanceof AppError) return error;
  const reason = error instanceof Error ? error.message : String(error);
  return new AppError('internal', `The app core did not answer "${channel}": ${reason}`, { cause: error });
}
