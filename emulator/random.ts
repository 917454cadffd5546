import type { SeededRandom } from './context';

/** 32-bit FNV-1a: turns a seed and a label into an independent stream seed. */
function hashLabel(seed: number, label: string): number {
  let hash = 0x811c9dc5;
  for (const char of `${seed}:${label}`) {
    hash ^= char.codePointAt(0) ?? 0;
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** mulberry32: small, fast and good enough for generated demo data (not for secrets). */
function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A deterministic random source. `fork(label)` depends only on the seed and the label, never on
 * how much of the parent stream was consumed, so areas do not disturb each other's data.
 */
export function createSeededRandom(seed: number): SeededRandom {
  const next = mulberry32(seed);
  const random: SeededRandom = {
    next,
    int(min, maxInclusive) {
      if (!Number.isInteger(min) || !Number.isInteger(maxInclusive) || maxInclusive < min) {
        throw new RangeError(`random.int needs integers with min <= max, got ${min}..${maxInclusive}`);
      }
      return min + Math.floor(next() * (maxInclusive - min + 1));
    },
    pick(items) {
      if (items.length === 0) throw new RangeError('random.pick needs at least one item');
      return items[Math.floor(next() * items.length)] as (typeof items)[number];
    },
    fork(label) {
      return createSeededRandom(hashLabel(seed, label));
    },
  };
  return random;
}
