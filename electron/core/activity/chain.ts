/**
 * The activity log's hash chain: each line carries the hash of the line before it and its own
 * hash over (previous hash + its fields in a fixed order). Editing, removing or inserting a line
 * breaks the chain at that line; cutting lines off the end is caught against the head the log
 * keeps elsewhere (the settings store).
 */
import crypto from 'node:crypto';
import { activityActionSchema, type ActivityEntry, type ActivityVerification } from '../../../shared/contract';
import { z } from 'zod';
import type { LogProblem } from './head';

export const GENESIS = '0'.repeat(64);

export interface ChainedEntry extends ActivityEntry {
  prev: string;
  hash: string;
}

export interface ChainHead {
  seq: number;
  hash: string;
}

/** The fields in a fixed order, so the same entry always hashes the same way. */
function canonical(entry: ActivityEntry, prev: string): string {
  return JSON.stringify([entry.seq, entry.at, entry.profile, entry.user, entry.action, entry.target, entry.outcome, entry.detail ?? null, prev]);
}

export function chainEntry(entry: ActivityEntry, prev: string): ChainedEntry {
  const hash = crypto.createHash('sha256').update(canonical(entry, prev)).digest('hex');
  return { ...entry, prev, hash };
}

const lineSchema = z.object({
  seq: z.number().int().min(1),
  at: z.string(),
  profile: z.string(),
  user: z.string().nullable(),
  action: activityActionSchema,
  target: z.string(),
  outcome: z.enum(['ok', 'failed']),
  detail: z.string().optional(),
  prev: z.string().regex(/^[0-9a-f]{64}$/),
  hash: z.string().regex(/^[0-9a-f]{64}$/),
});

export function parseLine(line: string): ChainedEntry | undefined {
  try {
    const parsed = lineSchema.safeParse(JSON.parse(line));
    if (!parsed.success) return undefined;
    const { detail, ...rest } = parsed.data;
    return detail === undefined ? rest : { ...rest, detail };
  } catch {
    return undefined;
  }
}

/** Where a walk of the chain ended: the last entry that belongs to it, and the first line that does not (if any). */
export interface ChainWalk {
  /** The last chained entry's number and hash (0 and GENESIS for an empty log). */
  seq: number;
  hash: string;
  /** The last entry's `prev` (to tell a write cut off before its head was stored). */
  lastPrev?: string;
  problem?: LogProblem;
  /** Lines checked before the problem (all of them without one). */
  checked: number;
}

/**
 * Walks the lines from the first; stops at the first that does not belong to the chain. Breaks on
 * lines up to `acknowledgedUpTo` were acknowledged by the user: the walk takes the chain up again
 * from the line after them.
 */
export function walkChain(lines: readonly string[], acknowledgedUpTo = 0): ChainWalk {
  let prev = GENESIS;
  let seq = 0;
  let lastPrev: string | undefined;
  for (let index = 0; index < lines.length; index += 1) {
    const line = index + 1;
    const entry = parseLine(lines[index] as string);
    const acknowledged = line <= acknowledgedUpTo;
    let problem: LogProblem | undefined;
    if (!entry) {
      problem = { line, kind: 'unreadable', message: `Line ${line} is not a readable log entry: it was altered or damaged.` };
    } else if (entry.prev !== prev || entry.seq !== seq + 1) {
      problem = { line, seq: entry.seq, kind: 'removed_or_inserted', message: `Line ${line} (entry ${entry.seq}) does not follow entry ${seq}: entries were removed, inserted or reordered before it.` };
    } else {
      const { prev: _prev, hash, ...fields } = entry;
      if (chainEntry(fields, prev).hash !== hash) problem = { line, seq: entry.seq, kind: 'edited', message: `Line ${line} (entry ${entry.seq}) was edited after it was written.` };
    }
    if (problem && !acknowledged) return { seq, hash: prev, ...(lastPrev ? { lastPrev } : {}), problem, checked: index };
    if (!entry) continue;
    lastPrev = entry.prev;
    prev = entry.hash;
    seq = entry.seq;
  }
  return { seq, hash: prev, ...(lastPrev ? { lastPrev } : {}), checked: lines.length };
}

/** The chain of a whole log read, against the head stored when it was last written (tests, tools). */
export function verifyLines(lines: readonly string[], head: ChainHead | undefined, now: Date): ActivityVerification {
  const verifiedAt = now.toISOString();
  const walk = walkChain(lines);
  if (walk.problem) return { intact: false, checked: walk.checked, verifiedAt, problem: walk.problem };
  const cut = head ? truncation(head, walk, lines.length) : undefined;
  if (cut) return { intact: false, checked: lines.length, verifiedAt, problem: cut };
  return { intact: true, checked: lines.length, verifiedAt };
}

/** Entries cut off the end: the head says more were written than the chain holds, or another last one. */
export function truncation(head: ChainHead, walk: ChainWalk, lineCount: number): LogProblem | undefined {
  if (head.seq > walk.seq || (head.seq === walk.seq && head.hash !== walk.hash)) {
    return { line: lineCount + 1, seq: walk.seq + 1, kind: 'truncated', message: `The log ends at entry ${walk.seq}, but ${head.seq} were written: entries were removed from its end.` };
  }
  return undefined;
}
