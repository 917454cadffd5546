/**
 * The queue of one large validation's work units (the Schematron patterns of its layers, in order),
 * shared by the engine's worker threads through shared memory, without a message per unit.
 *
 * Two-ended: the last worker takes units from the back, the others from the front. With two workers
 * this starts each on "its" layer, as the small-document split does (the first on the CEN layer, the
 * second on the Peppol layer), and whoever finishes first goes on with the other's remaining patterns
 * from the far end. No unit is taken twice; no cost estimate is needed.
 *
 * The state is one 32-bit word (front in the low 16 bits, back in the high 16), changed only by
 * compare-and-swap. The back starts unknown (0xFFFF): the first worker that knows the unit count
 * (each worker derives it from the document's rule set) sets it.
 */
const UNKNOWN = 0xffff;
const pack = (front: number, back: number): number => (front | (back << 16)) | 0;
const frontOf = (state: number): number => state & 0xffff;
const backOf = (state: number): number => (state >>> 16) & 0xffff;

export type UnitQueueMemory = SharedArrayBuffer;

export const createUnitQueueMemory = (): UnitQueueMemory => {
  const memory = new SharedArrayBuffer(4);
  Atomics.store(new Int32Array(memory), 0, pack(0, UNKNOWN));
  return memory;
};

export interface UnitQueue {
  /** The next unit's index, or undefined when every unit is taken. */
  take(): number | undefined;
}

export const unitQueue = (memory: UnitQueueMemory, units: number, end: 'front' | 'back'): UnitQueue => {
  if (units >= UNKNOWN) throw new Error(`A validation has at most ${UNKNOWN - 1} units.`);
  const word = new Int32Array(memory);
  // Sets the back once; a concurrent worker that set it first derived the same count from the same document.
  Atomics.compareExchange(word, 0, pack(0, UNKNOWN), pack(0, units));
  return {
    take() {
      for (;;) {
        const state = Atomics.load(word, 0);
        const front = frontOf(state);
        const back = backOf(state) === UNKNOWN ? units : backOf(state);
        if (front >= back) return undefined;
        const next = end === 'front' ? pack(front + 1, back) : pack(front, back - 1);
        if (Atomics.compareExchange(word, 0, state, next) === state) return end === 'front' ? front : back - 1;
      }
    },
  };
};
