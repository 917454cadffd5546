import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { isStopping } from './resources';

/** One line of the summary table: a measured value, its budget and whether it was met. */
export const benchCheckSchema = z.object({
  bench: z.string(),
  measure: z.string(),
  /** null: not measured (the bench failed before it got there). */
  value: z.number().nullable(),
  unit: z.string(),
  /** Human-readable budget, e.g. "≤ 1000 ms"; null for an informational value. */
  budget: z.string().nullable(),
  /** null: informational, no budget to meet. */
  ok: z.boolean().nullable(),
  note: z.string().optional(),
});
export type BenchCheck = z.infer<typeof benchCheckSchema>;

/** True when the module at `moduleUrl` is the script node was started with (not imported by run.ts). */
export const isMainModule = (moduleUrl: string): boolean =>
  process.argv[1] !== undefined && path.resolve(process.argv[1]) === path.resolve(fileURLToPath(moduleUrl));

/**
 * A bench run as a script prints its result as one JSON line and exits 1 when a budget is missed,
 * or 1 with the reason on stderr when it could not measure.
 */
export async function runAsScript(bench: () => Promise<{ checks: readonly BenchCheck[] }>): Promise<never> {
  try {
    const result = await bench();
    process.stdout.write(`${JSON.stringify(result)}\n`);
    process.exit(result.checks.some((check) => check.ok === false) ? 1 : 0);
  } catch (error) {
    // Interrupted: the signal handler is closing everything and exits when done.
    if (isStopping()) return new Promise<never>(() => undefined);
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  }
}
