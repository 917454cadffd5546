import type { Faults, SeededRandom } from '../context';
import type { UploadOutcome } from './model';

/**
 * The 503 of `POST /upload` ("the service could not confirm it stored the file"), with
 * probability `upload503`. Its variants, picked with the seeded random unless forced by
 * `--faults` extras:
 * - `upload503mode=stored|not_stored|mixed` (default mixed): whether the upload was in fact kept.
 * - `upload503stored=proceed|fail|stuck|mixed` (default mixed = proceed or fail): what a kept
 *   upload then does: processes normally, ends `failed` (resend allowed), or stays `pending`.
 */
export type Upload503Decision = { stored: false } | { stored: true; outcome: UploadOutcome };

const modes = ['stored', 'not_stored', 'mixed'] as const;
const storedOutcomes = ['proceed', 'fail', 'stuck', 'mixed'] as const;

export interface Upload503Plan {
  probability: number;
  mode: (typeof modes)[number];
  storedOutcome: (typeof storedOutcomes)[number];
}

export function readUpload503Plan(faults: Faults): Upload503Plan {
  return {
    probability: faults.upload503,
    mode: pickOption('upload503mode', faults.extra.upload503mode, modes),
    storedOutcome: pickOption('upload503stored', faults.extra.upload503stored, storedOutcomes),
  };
}

/** Null when the request is answered normally. */
export function decideUpload503(plan: Upload503Plan, random: SeededRandom): Upload503Decision | null {
  if (plan.probability <= 0 || random.next() >= plan.probability) return null;
  const stored = plan.mode === 'mixed' ? random.next() < 0.5 : plan.mode === 'stored';
  if (!stored) return { stored: false };
  const outcome = plan.storedOutcome === 'mixed' ? random.pick(['proceed', 'fail'] as const) : plan.storedOutcome;
  return { stored: true, outcome: outcome === 'proceed' ? 'normal' : outcome };
}

function pickOption<T extends string>(name: string, value: string | undefined, allowed: readonly T[]): T {
  if (value === undefined) return 'mixed' as T;
  const match = allowed.find((option) => option === value);
  if (!match) throw new Error(`--faults: ${name} must be one of ${allowed.join(', ')}; got "${value}".`);
  return match;
}
