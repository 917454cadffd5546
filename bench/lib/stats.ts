/** Small statistics over samples (milliseconds, usually). */

/** The value below which `share` (0..1) of the samples fall, nearest-rank; NaN for no samples. */
export function percentile(samples: readonly number[], share: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(share * sorted.length) - 1));
  return sorted[rank] as number;
}

export const median = (samples: readonly number[]): number => percentile(samples, 0.5);

export const maximum = (samples: readonly number[]): number => (samples.length === 0 ? Number.NaN : Math.max(...samples));

export const minimum = (samples: readonly number[]): number => (samples.length === 0 ? Number.NaN : Math.min(...samples));

/** The share (0..1) of samples strictly above `limit`. */
export const shareAbove = (samples: readonly number[], limit: number): number =>
  samples.length === 0 ? Number.NaN : samples.filter((sample) => sample > limit).length / samples.length;

/** Rounds to `digits` decimals (for JSON and tables: measurement noise dwarfs more digits). */
export const round = (value: number, digits = 1): number => {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
};
