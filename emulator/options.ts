import { resolve } from 'node:path';
import { z } from 'zod';
import type { EmulatorOptions } from './context';
import { FaultSpecError, noFaults, parseFaults } from './faults';

export const defaultOptions: EmulatorOptions = {
  host: '127.0.0.1',
  port: 8701,
  dataDir: null,
  seed: 1,
  documents: 60,
  tokenTtlSeconds: 86_400,
  processingDelayMs: 1_000,
  faults: noFaults,
  environment: 'sandbox',
};

const integerText = (flag: string, min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, `--${flag} must be a whole number`)
    .transform(Number)
    .pipe(z.number().int().min(min, `--${flag} must be at least ${min}`).max(max, `--${flag} must be at most ${max}`));

/** The flags as text, as node:util parseArgs hands them over. */
export const cliFlagsSchema = z
  .object({
    port: integerText('port', 0, 65_531).optional(),
    host: z.string().trim().min(1, '--host must not be empty').optional(),
    'data-dir': z.string().trim().min(1, '--data-dir must not be empty').optional(),
    seed: integerText('seed', 0, 4_294_967_295).optional(),
    documents: integerText('documents', 0, 1_000_000).optional(),
    'token-ttl': integerText('token-ttl', 1, 10 * 365 * 86_400).optional(),
    'processing-delay': integerText('processing-delay', 0, 3_600_000).optional(),
    faults: z.string().optional(),
    environment: z.enum(['sandbox', 'production'], { error: '--environment must be sandbox or production' }).optional(),
  })
  .strict();
export type CliFlags = z.input<typeof cliFlagsSchema>;

export class OptionsError extends Error {
  override name = 'OptionsError';
}

/** Turns parsed CLI flags into EmulatorOptions; throws OptionsError with a message for the user. */
export function optionsFromFlags(flags: Record<string, unknown>): EmulatorOptions {
  const parsed = cliFlagsSchema.safeParse(flags);
  if (!parsed.success) {
    throw new OptionsError(parsed.error.issues.map((issue) => issue.message).join('; '));
  }
  const f = parsed.data;
  let faults = noFaults;
  if (f.faults !== undefined) {
    try {
      faults = parseFaults(f.faults);
    } catch (error) {
      if (error instanceof FaultSpecError) throw new OptionsError(error.message);
      throw error;
    }
  }
  return {
    host: f.host ?? defaultOptions.host,
    port: f.port ?? defaultOptions.port,
    // absolute, so the paths in the startup line work from any working directory
    dataDir: f['data-dir'] === undefined ? null : resolve(f['data-dir']),
    seed: f.seed ?? defaultOptions.seed,
    documents: f.documents ?? defaultOptions.documents,
    tokenTtlSeconds: f['token-ttl'] ?? defaultOptions.tokenTtlSeconds,
    processingDelayMs: f['processing-delay'] ?? defaultOptions.processingDelayMs,
    faults,
    environment: f.environment ?? defaultOptions.environment,
  };
}

/** Fills what a caller (tests, the CLI) left out. */
export function resolveOptions(partial: Partial<EmulatorOptions>): EmulatorOptions {
  const options = { ...defaultOptions, ...partial, faults: { ...noFaults, ...partial.faults } };
  if (!Number.isInteger(options.port) || options.port < 0 || options.port > 65_531) {
    throw new OptionsError(`port must be 0 or a port number up to 65531 (five consecutive ports are used); got ${options.port}.`);
  }
  if (!Number.isInteger(options.tokenTtlSeconds) || options.tokenTtlSeconds < 1) {
    throw new OptionsError(`tokenTtlSeconds must be a whole number of seconds >= 1; got ${options.tokenTtlSeconds}.`);
  }
  return options;
}
