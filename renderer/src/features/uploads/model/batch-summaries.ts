/**
 * One summary per batch the user sent, although a large batch travels in several `uploads.add`
 * calls (each its own core batch): `uploads.batchSettled` events are added up per user batch.
 */
export interface SettledCounts {
  done: number;
  failed: number;
  rejected: number;
}

export interface BatchSummary extends SettledCounts {
  /** Files refused before they reached the journal (local checks, unreadable). */
  notSent: number;
}

interface Group {
  batchIds: Set<string>;
  settled: Map<string, SettledCounts>;
  notSent: number;
}

export class BatchSummaries {
  private readonly groups: Group[] = [];
  /** Settlements that arrived while a send was still waiting for its answer. */
  private readonly early = new Map<string, SettledCounts>();
  private sending = 0;

  constructor(private readonly onSummary: (summary: BatchSummary) => void) {}

  /** A send starts: settlements of batches not known yet are held until it ends. */
  beginSend(): void {
    this.sending += 1;
  }

  /** A send ended with these core batches (possibly none) and `notSent` files refused before the journal. */
  endSend(batchIds: readonly string[], notSent: number): void {
    this.sending = Math.max(0, this.sending - 1);
    if (batchIds.length > 0) {
      const group: Group = { batchIds: new Set(batchIds), settled: new Map(), notSent };
      for (const id of batchIds) {
        const counts = this.early.get(id);
        if (counts) {
          group.settled.set(id, counts);
          this.early.delete(id);
        }
      }
      this.groups.push(group);
      this.finishIfComplete(group);
    }
    if (this.sending === 0) {
      for (const counts of this.early.values()) this.onSummary({ ...counts, notSent: 0 });
      this.early.clear();
    }
  }

  settled(batchId: string, counts: SettledCounts): void {
    const group = this.groups.find((candidate) => candidate.batchIds.has(batchId));
    if (group) {
      group.settled.set(batchId, counts);
      this.finishIfComplete(group);
    } else if (this.sending > 0) {
      this.early.set(batchId, counts);
    } else {
      // A batch of an earlier run (the app was restarted meanwhile).
      this.onSummary({ ...counts, notSent: 0 });
    }
  }

  private finishIfComplete(group: Group): void {
    if (group.settled.size < group.batchIds.size) return;
    this.groups.splice(this.groups.indexOf(group), 1);
    const total: BatchSummary = { done: 0, failed: 0, rejected: 0, notSent: group.notSent };
    for (const counts of group.settled.values()) {
      total.done += counts.done;
      total.failed += counts.failed;
      total.rejected += counts.rejected;
    }
    this.onSummary(total);
  }
}
