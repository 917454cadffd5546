/**
 * Bytes read (and hashed) when files are added, kept for their send within a memory budget: a
 * file that is sent soon after it is added is then read and hashed once, not twice, and what is
 * sent is exactly what was hashed. Files beyond the budget (a big drop) are read again at send
 * time and checked against their hash. Each file's bytes are held once, and handed over (not
 * copied) to the send.
 */
export interface IntakeBytes {
  /** Keeps `bytes` for `localId` if the budget allows; says whether it did. */
  keep(localId: string, bytes: Buffer): boolean;
  /** The kept bytes, handed over: they are no longer counted or kept here. */
  take(localId: string): Buffer | undefined;
  /** Forgets an entry's bytes (cancelled, removed). */
  drop(localId: string): void;
  readonly heldBytes: number;
}

export function createIntakeBytes(budgetBytes: number): IntakeBytes {
  const kept = new Map<string, Buffer>();
  let held = 0;
  return {
    keep(localId, bytes) {
      if (held + bytes.byteLength > budgetBytes || kept.has(localId)) return false;
      kept.set(localId, bytes);
      held += bytes.byteLength;
      return true;
    },
    take(localId) {
      const bytes = kept.get(localId);
      if (bytes === undefined) return undefined;
      kept.delete(localId);
      held -= bytes.byteLength;
      return bytes;
    },
    drop(localId) {
      const bytes = kept.get(localId);
      if (bytes === undefined) return;
      kept.delete(localId);
      held -= bytes.byteLength;
    },
    get heldBytes() {
      return held;
    },
  };
}
