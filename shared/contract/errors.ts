import { z } from 'zod';

/** Stable error codes that cross the bridge; the UI words them, never the raw server text alone. */
export const errorCodes = [
  'bad_request', // the IPC payload failed its schema, or the channel is unknown
  'unauthorized', // no session, expired or rejected token
  'forbidden',
  'not_found',
  'conflict',
  'validation', // the server refused the content (422, field errors)
  'too_large',
  'unavailable', // 503 or the service is down for maintenance
  'timeout',
  'network', // unreachable, connection reset, DNS
  'bad_response', // the server answered something we cannot read (malformed JSON...)
  'certificate', // mTLS: wrong passphrase, key mismatch, expired, handshake rejected
  'file', // local file system: unreadable, not writable, disk full
  'cancelled',
  'internal',
] as const;

export type ErrorCode = (typeof errorCodes)[number];

export const appErrorSchema = z.object({
  code: z.enum(errorCodes),
  message: z.string(),
  status: z.number().int().optional(),
  details: z.unknown().optional(),
});

export type AppErrorShape = z.infer<typeof appErrorSchema>;

/** What every bridge call returns: exceptions never cross the bridge as such. */
export type Envelope<T> = { ok: true; value: T } | { ok: false; error: AppErrorShape };

export class AppError extends Error implements AppErrorShape {
  readonly code: ErrorCode;
  readonly status?: number;
  readonly details?: unknown;

  constructor(code: ErrorCode, message: string, options: { status?: number; details?: unknown; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    if (options.status !== undefined) this.status = options.status;
    if (options.details !== undefined) this.details = options.details;
  }

  toJSON(): AppErrorShape {
    const out: AppErrorShape = { code: this.code, message: this.message };
    if (this.status !== undefined) out.status = this.status;
    if (this.details !== undefined) out.details = this.details;
    return out;
  }

  static from(shape: AppErrorShape): AppError {
    return new AppError(shape.code, shape.message, { status: shape.status, details: shape.details });
  }
}

export const isAppError = (e: unknown): e is AppError => e instanceof AppError;
